"""Opening the SQLite file: checking it is sound and ours, connection settings, migrations."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event

from canasta_score.storage.notices import Notice, NoticeCode

MIGRATIONS = Path(__file__).with_name("migrations")
SQLITE_HEADER = b"SQLite format 3\x00"
#: Execution option naming a connection that writes: its transactions start with BEGIN IMMEDIATE.
WRITES = "canasta_score_writes"
#: How long a write waits for another one (another tab, the backup) before giving up.
BUSY_TIMEOUT_SECONDS = 10


@dataclass(frozen=True)
class FileState:
    """What a look at the database file found, before anything in it is changed."""

    #: Why the file cannot be used as our database (None when it can).
    unreadable: Notice | None = None
    #: Schema revisions the file says it has (empty for a new or empty file).
    revisions: tuple[str, ...] = ()
    #: Why a sound file cannot be opened now (locked by another program, folder not
    #: writable, I/O error): no reason to move it aside, only to say so.
    unopenable: str | None = None


def inspect_file(path: Path) -> FileState:
    """Look at a database file with plain sqlite3, only reading, to decide how to open it."""
    if not path.exists() or path.stat().st_size == 0:
        return FileState()
    try:
        with path.open("rb") as file:
            header = file.read(len(SQLITE_HEADER))
    except OSError as error:
        reason = str(error.strerror or error)
        return FileState(unreadable=Notice(NoticeCode.FILE_CANNOT_BE_READ, {"reason": reason}))
    if header != SQLITE_HEADER:
        return FileState(unreadable=Notice(NoticeCode.NOT_SQLITE))
    try:
        connection = sqlite3.connect(path)
        try:
            check = [row[0] for row in connection.execute("PRAGMA quick_check")]
            if check != ["ok"]:
                lines = [x for row in check for x in row.splitlines() if not x.startswith("*")]
                first = {"reason": lines[0][:120]}
                damage = (
                    Notice(NoticeCode.DAMAGED_AND_MORE, {**first, "more": len(lines) - 1})
                    if len(lines) > 1
                    else Notice(NoticeCode.DAMAGED, first)
                )
                return FileState(unreadable=damage)
            tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
            if "alembic_version" not in tables:
                ours = {"game", "round", "side"}
                if tables and not ours & tables:
                    return FileState(unreadable=Notice(NoticeCode.OTHER_PROGRAM))
                return FileState()
            revisions = tuple(
                row[0] for row in connection.execute("SELECT version_num FROM alembic_version")
            )
            return FileState(revisions=revisions)
        finally:
            connection.close()
    except sqlite3.OperationalError as error:  # busy, cannot open, read-only, I/O: not damage
        return FileState(unopenable=str(error))
    except sqlite3.DatabaseError as error:
        return FileState(unreadable=Notice(NoticeCode.DAMAGED, {"reason": str(error)}))


def make_engine(path: Path) -> Engine:
    """An engine on the file: WAL, foreign keys on, full sync, explicit transactions."""
    engine = create_engine(
        f"sqlite:///{path}",
        connect_args={"timeout": BUSY_TIMEOUT_SECONDS, "check_same_thread": False},
    )

    @event.listens_for(engine, "connect")
    def _settings(dbapi_connection: Any, _record: Any) -> None:
        # Let SQLAlchemy's begin event, not the driver, decide when a transaction starts.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute("PRAGMA foreign_keys = ON")
        # FULL: a confirmed save survives even a power cut, not only a killed process.
        cursor.execute("PRAGMA synchronous = FULL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(connection: Any) -> None:
        # A write takes the lock before it reads, so what it read cannot change under it.
        writes = connection.get_execution_options().get(WRITES)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if writes else "BEGIN")

    return engine


def writer(engine: Engine) -> Engine:
    """The same engine, for transactions that write."""
    return engine.execution_options(**{WRITES: True})


def _alembic_config() -> Any:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def known_revisions() -> tuple[list[str], str]:
    """Every schema revision this version of the app knows, and the newest one."""
    from alembic.script import ScriptDirectory

    script = ScriptDirectory.from_config(_alembic_config())
    head = script.get_current_head()
    assert head is not None
    return [s.revision for s in script.walk_revisions()], head


def upgrade(engine: Engine, target: str = "head") -> None:
    """Run the missing migrations in one transaction: all of them land, or none."""
    from alembic import command

    config = _alembic_config()
    with writer(engine).connect() as connection, connection.begin():
        config.attributes["connection"] = connection
        command.upgrade(config, target)
