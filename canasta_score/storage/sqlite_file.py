"""A SQLite file as the database: checked before it is opened, moved aside when damaged,
written with BEGIN IMMEDIATE, its connections set by PRAGMAs."""

from __future__ import annotations

import shutil
import sqlite3
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL
from sqlalchemy.exc import DBAPIError

from canasta_score.storage import paths
from canasta_score.storage.backend import Backend, Prepared, reason_of
from canasta_score.storage.errors import StorageError
from canasta_score.storage.file_check import inspect_file
from canasta_score.storage.notices import Notice, NoticeCode

#: Execution option naming a connection that writes: its transactions start with BEGIN IMMEDIATE.
WRITES = "canasta_score_writes"
#: How long a write waits for another one (another tab, the backup) before giving up.
BUSY_TIMEOUT_SECONDS = 10


#: SQLite's result codes of a file that cannot be used just now: SQLITE_BUSY, SQLITE_LOCKED,
#: SQLITE_IOERR, SQLITE_FULL, SQLITE_CANTOPEN, SQLITE_PROTOCOL.
SQLITE_OUT_OF_REACH = frozenset({5, 6, 10, 13, 14, 15})


#: SQLite's result code of a file another connection holds.
SQLITE_BUSY = 5
#: How often turning the file to WAL is tried again while another connection writes it.
WAL_RETRY_SECONDS = 0.05


class SQLiteFile(Backend):
    """The games in one SQLite file on this device."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.where = str(path)
        self.default_backups = paths.backups_folder(path)

    def prepare(self) -> Prepared:
        """Check the file is one SQLite can use as ours; a damaged one is moved aside (never
        deleted) and a fresh database is started in its place."""
        path = self.path
        assert path is not None
        if path.is_dir():  # never moved aside: it may be any folder, named by mistake
            raise StorageError(
                Notice(
                    NoticeCode.DATABASE_IS_FOLDER,
                    {"path": str(path), "example": str(path / paths.DATABASE_NAME)},
                )
            )
        if path.exists() and not path.is_file():  # a device or a pipe: SQLite would hang or
            raise StorageError(  # leave a journal next to it
                Notice(NoticeCode.DATABASE_NOT_A_FILE, {"path": str(path)})
            )
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StorageError(
                Notice(
                    NoticeCode.FOLDER_CANNOT_BE_MADE,
                    {"path": str(path), "reason": str(error.strerror or error)},
                )
            ) from error
        state = inspect_file(path)
        if state.unopenable:
            raise StorageError(self.cannot_use(Exception(state.unopenable)))
        if not state.unreadable:
            return Prepared(revisions=state.revisions)
        try:
            aside = move_aside(path)
        except OSError as error:
            raise StorageError(
                Notice(
                    NoticeCode.DATABASE_CANNOT_BE_MOVED,
                    {
                        "path": str(path),
                        "why": state.unreadable,
                        "reason": str(error.strerror or error),
                    },
                )
            ) from error
        # Opening offers the newest backup: backups are its concern, above this file's.
        moved: dict[str, str | Notice] = {
            "path": str(path),
            "why": state.unreadable,
            "aside": str(aside),
        }
        return Prepared(moved_aside=moved, revisions=())

    def make_engine(self) -> Engine:
        """An engine on the file: WAL, foreign keys on, full sync, explicit transactions."""
        engine = create_engine(
            # Built from the path, not parsed from text: "my%20games.db" and "a?b.db" are
            # the files named, the very ones `prepare` checked.
            URL.create("sqlite", database=str(self.path)),
            connect_args={"timeout": BUSY_TIMEOUT_SECONDS, "check_same_thread": False},
        )

        @event.listens_for(engine, "connect")
        def _settings(dbapi_connection: Any, _record: Any) -> None:
            # Let SQLAlchemy's begin event, not the driver, decide when a transaction starts.
            dbapi_connection.isolation_level = None
            cursor = dbapi_connection.cursor()
            into_wal(cursor)
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

    def writer(self, engine: Engine) -> Engine:
        # BEGIN IMMEDIATE also holds off another process's migration: no lock of its own.
        return engine.execution_options(**{WRITES: True})

    def cannot_use(self, error: BaseException) -> Notice:
        return Notice(
            NoticeCode.DATABASE_CANNOT_BE_USED, {"path": self.where, "reason": reason_of(error)}
        )

    def out_of_reach(self, error: DBAPIError) -> bool:
        """Out of reach by SQLite's own result code (its low byte): the file busy, locked,
        a disk I/O error, the disk full, the file cannot be opened, its locking failed."""
        code = getattr(error.orig, "sqlite_errorcode", None)
        if isinstance(error.orig, sqlite3.Error) and isinstance(code, int):
            return code & 0xFF in SQLITE_OUT_OF_REACH
        return False  # raised by the sqlite3 module itself: a call the app got wrong


def into_wal(cursor: sqlite3.Cursor) -> None:
    """Turn the file to WAL, which it keeps. A new file needs it to itself for that, and SQLite
    answers "locked" at once, without its busy wait (which could deadlock), where another
    connection writes it: four processes opening a new file together. So wait here."""
    deadline = time.monotonic() + BUSY_TIMEOUT_SECONDS
    while True:
        try:
            cursor.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as error:
            if error.sqlite_errorcode & 0xFF != SQLITE_BUSY or time.monotonic() > deadline:
                raise
        time.sleep(WAL_RETRY_SECONDS)


def move_aside(path: Path) -> Path:
    """Rename a file that cannot be used (with its journal), never deleting it."""
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.unreadable-{stamp}")
    number = 1
    while aside.exists():
        number += 1
        aside = path.with_name(f"{path.name}.unreadable-{stamp}-{number}")
    shutil.move(path, aside)
    for companion in ("-wal", "-shm", "-journal"):
        extra = path.with_name(path.name + companion)
        if extra.exists():
            shutil.move(extra, aside.with_name(aside.name + companion))
    return aside
