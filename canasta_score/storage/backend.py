"""The one seam between storage and the kind of database: a SQLite file or a PostgreSQL server.

Everything the rest of storage does is the same on both (the same tables, migrations and
queries); what differs lives in a `Backend`: how the database is looked at before it is
opened (a file can be damaged and moved aside; a server is only reached), how an engine is
made, how a write transaction begins, how one server at a time migrates or writes a backup,
and what to say when the database cannot be used.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from canasta_score.storage import paths
from canasta_score.storage.errors import StorageError
from canasta_score.storage.notices import Notice, NoticeCode

if TYPE_CHECKING:
    from sqlalchemy import Connection, Engine
    from sqlalchemy.exc import DBAPIError


@dataclass(frozen=True)
class Prepared:
    """What looking at the database before opening it found."""

    #: The file that could not be used, moved aside (a fresh one is started in its place):
    #: `path`, `why` and `aside`, as the notice that tells it takes them.
    moved_aside: dict[str, str | Notice] | None = None
    #: The schema revisions already read, or None when they are read through the engine.
    revisions: tuple[str, ...] | None = None


class Backend:
    """A kind of database, at one place (a file or a server's URL)."""

    #: The database as told to a person (a path, or a URL without its password).
    where: str
    #: The file (None for a server).
    path: Path | None = None
    #: Where automatic backups are written by default (None: nowhere unless named).
    default_backups: Path | None = None
    #: Whether several processes share the database as a table (see `storage.listening`).
    shared = False
    #: The ids its id columns can hold; any other number names nothing (and would overflow
    #: the query). SQLite's integers have 64 bits.
    ids = range(-(2**63), 2**63)

    def prepare(self) -> Prepared:
        """Look at the database before anything in it changes; raises StorageError."""
        return Prepared()

    def make_engine(self) -> Engine:
        raise NotImplementedError

    def reader(self, engine: Engine) -> Engine:
        """The engine for transactions that only read: one view of the database throughout
        (a SQLite read transaction is one by itself)."""
        return engine

    def writer(self, engine: Engine) -> Engine:
        """The engine for transactions that write (the same one unless the kind needs more)."""
        return engine

    def lock_schema(self, connection: Connection) -> None:
        """Hold off other processes from migrating until the transaction ends."""

    def lock_table(self, connection: Connection, table: str) -> None:
        """Hold off other processes' writes to a whole table (the settings, the rule sets)
        until the transaction ends; a file's write transaction holds the whole file already."""

    @contextmanager
    def backup_turn(self, engine: Engine) -> Iterator[bool]:
        """Whether this process may write the automatic backup now (one at a time)."""
        yield True

    def cannot_use(self, error: BaseException) -> Notice:
        """What to tell a person when the database refuses to open, read or write."""
        raise NotImplementedError

    def out_of_reach(self, error: DBAPIError) -> bool:
        """Whether a database error says the database could not be used just now (a locked
        or full file, a server restarting or not answering), not that the app asked something
        wrong of it: a missing table or column, a syntax error, an integrity error are faults
        of the app, said and logged as such, never "cannot be reached"."""
        from sqlalchemy.exc import InterfaceError, OperationalError

        return isinstance(error, OperationalError | InterfaceError)


def reason_of(error: BaseException) -> str:
    """The driver's or the system's own reason, in one line."""
    reason = getattr(error, "orig", None) or error
    reason = getattr(reason, "strerror", None) or reason
    return (str(reason).strip().splitlines() or [type(reason).__name__])[0]


def backend_for(location: str | Path | None) -> Backend:
    """The backend for `--db` (a file path or a SQLAlchemy URL; None: the default file)."""
    chosen = paths.database_location(location)
    if isinstance(chosen, Path):
        from canasta_score.storage.sqlite_file import SQLiteFile

        return SQLiteFile(chosen)
    if chosen.startswith("sqlite:"):  # a file named as a URL is still a file
        from sqlalchemy.engine import make_url
        from sqlalchemy.exc import ArgumentError

        from canasta_score.storage.sqlite_file import SQLiteFile

        try:
            database = make_url(chosen).database
        except (ArgumentError, ValueError) as error:
            raise StorageError(
                Notice(NoticeCode.URL_NOT_SUPPORTED, {"url": without_password(chosen)})
            ) from error
        if database and database != ":memory:":
            return SQLiteFile(Path(database).expanduser())
    from canasta_score.storage.postgres_server import PostgresServer

    return PostgresServer.from_url(chosen)


def check_location(location: str | Path | None) -> None:
    """Raise StorageError when `--db` (or `CANASTA_SCORE_DB`) names no database this app can
    open: a URL that is malformed, of another kind of database, or whose driver is missing.
    Nothing is reached or opened; a file path is always a place (its file is checked when
    opened), and costs no import.
    """
    if isinstance(paths.database_location(location), str):
        backend_for(location)


def without_password(url: str) -> str:
    """A URL as told to a person, its password hidden, even when it cannot be parsed.

    >>> without_password("postgresql://club:secret@db:port/canasta")
    'postgresql://club:***@db:port/canasta'
    """
    return re.sub(r"^([^:/]+://[^:@/]*:)[^@/]*@", r"\1***@", url)
