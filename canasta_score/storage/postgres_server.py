"""A PostgreSQL server as the database (a club server): reached through psycopg 3, migrated
and backed up by one process at a time under advisory locks, times kept in UTC."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, InterfaceError, OperationalError

from canasta_score.storage import paths
from canasta_score.storage.backend import Backend, reason_of, without_password
from canasta_score.storage.errors import StorageError
from canasta_score.storage.notices import Notice, NoticeCode

#: The advisory locks this app takes (any two numbers no other program of the database uses).
MIGRATION_LOCK = 7_305_911_017
BACKUP_LOCK = 7_305_911_018
#: The first half of the (two-number) locks on a whole table's writes; the table's name hashed
#: is the second.
TABLE_LOCKS = 730_591_101
#: How long a connection attempt waits for the server before saying it cannot be reached.
CONNECT_TIMEOUT_SECONDS = 5
DRIVER = "psycopg"
INSTALL = "pip install 'canasta-score[postgres]'"


#: PostgreSQL's error classes (SQLSTATE's first two characters) of a server out of reach.
POSTGRES_CLASSES_OUT_OF_REACH = frozenset({"08", "53"})
#: ... and single codes: shutting down (57P01-02), not yet taking connections (57P03), the
#: database dropped under it (57P05 idle session), a lock not granted (55P03), a statement
#: cancelled by its time out (57014).
POSTGRES_OUT_OF_REACH = frozenset({"57P01", "57P02", "57P03", "57P05", "55P03", "57014"})


class PostgresServer(Backend):
    """The games in a PostgreSQL database, shared by every server process that names it."""

    shared = True
    ids = range(-(2**31), 2**31)  # `integer` columns

    def __init__(self, url: URL) -> None:
        self.url = url
        self.where = url.render_as_string(hide_password=True)
        self.default_backups = paths.operator_backups_folder()

    @classmethod
    def from_url(cls, text_url: str) -> PostgresServer:
        """The server a URL names (`postgresql://` means psycopg 3); raises StorageError for
        a URL of another kind, or when the driver is not installed."""
        try:
            url = make_url(text_url)
        except (ArgumentError, ValueError) as error:  # a port not a number, "[::1" unclosed
            shown = without_password(text_url)
            raise StorageError(Notice(NoticeCode.URL_NOT_SUPPORTED, {"url": shown})) from error
        shown = url.render_as_string(hide_password=True)
        if url.get_backend_name() != "postgresql" or url.get_driver_name() not in (
            "psycopg",
            "psycopg2",  # the default driver's name when none is given
        ):
            raise StorageError(Notice(NoticeCode.URL_NOT_SUPPORTED, {"url": shown}))
        url = url.set(drivername="postgresql+psycopg")
        if importlib.util.find_spec(DRIVER) is None:
            raise StorageError(
                Notice(NoticeCode.DRIVER_MISSING, {"url": shown, "install": INSTALL})
            )
        return cls(url)

    def make_engine(self) -> Engine:
        engine = create_engine(
            self.url,
            # A connection lost (a restarted server) makes its pool start afresh (SQLAlchemy
            # drops every pooled connection on a disconnect; `storage.listening` too, when it
            # hears the server is back): no extra round trip before each transaction.
            pool_size=5,
            max_overflow=10,
            connect_args={
                "options": "-c timezone=UTC",
                "connect_timeout": CONNECT_TIMEOUT_SECONDS,
                "application_name": "canasta-score",
            },
        )
        return engine

    def reader(self, engine: Engine) -> Engine:
        # READ COMMITTED would let each statement of a read see a newer commit (a game's row
        # from one change and its rounds from the next); a read-only snapshot never waits.
        return engine.execution_options(isolation_level="REPEATABLE READ", postgresql_readonly=True)

    def lock_schema(self, connection: Connection) -> None:
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})

    def lock_table(self, connection: Connection, table: str) -> None:
        connection.execute(
            text("SELECT pg_advisory_xact_lock(:key, hashtext(:table))"),
            {"key": TABLE_LOCKS, "table": table},
        )

    @contextmanager
    def backup_turn(self, engine: Engine) -> Iterator[bool]:
        # A session lock, tried: the server holding it writes the backup, the others skip it.
        with engine.connect() as connection:
            held = bool(
                connection.execute(
                    text("SELECT pg_try_advisory_lock(:key)"), {"key": BACKUP_LOCK}
                ).scalar()
            )
            connection.commit()
            try:
                yield held
            finally:
                if held:
                    connection.execute(
                        text("SELECT pg_advisory_unlock(:key)"), {"key": BACKUP_LOCK}
                    )
                    connection.commit()

    def cannot_use(self, error: BaseException) -> Notice:
        return Notice(
            NoticeCode.SERVER_CANNOT_BE_USED, {"url": self.where, "reason": reason_of(error)}
        )

    def out_of_reach(self, error: DBAPIError) -> bool:
        """Out of reach by the server's SQLSTATE: a connection exception (class 08), too few
        resources (53: too many connections, disk full), the server shutting down, restarting
        or not yet taking connections, a lock or a statement timed out; a connection that
        failed before the server said anything (no SQLSTATE)."""
        state = getattr(error.orig, "sqlstate", None)
        if isinstance(state, str):
            return state[:2] in POSTGRES_CLASSES_OUT_OF_REACH or state in POSTGRES_OUT_OF_REACH
        return isinstance(error, OperationalError | InterfaceError)


def psycopg_connection(engine: Engine) -> Any:
    """A plain psycopg connection to the engine's database, in autocommit (for LISTEN)."""
    import psycopg

    url = engine.url.set(drivername="postgresql")
    return psycopg.connect(
        url.render_as_string(hide_password=False),
        autocommit=True,
        connect_timeout=CONNECT_TIMEOUT_SECONDS,
        application_name="canasta-score-listen",
    )
