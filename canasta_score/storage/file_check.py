"""A look at a SQLite file with plain sqlite3, only reading, before anything opens it: whether
it is a sound database of ours and at which schema revision (no SQLAlchemy here: the home
screen's first look (`home_file`) checks a file with it too)."""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from canasta_score.storage.notices import Notice, NoticeCode

SQLITE_HEADER = b"SQLite format 3\x00"


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


def read_only_uri(path: Path) -> str:
    """SQLite's URI of `path` opened only to read: `Path.as_uri()` with `?mode=ro`, written
    without it (Python 3.14's imports urllib.request with http.client and email, a fifth of a
    second of a browser tab's start compiling them, for this one line)."""
    absolute = path.resolve()
    if os.name != "posix":  # drives and network shares, as pathlib writes them
        return f"{absolute.as_uri()}?mode=ro"
    return f"file://{quote(os.fsencode(absolute))}?mode=ro"


def read_only(path: Path) -> sqlite3.Connection | None:
    """A connection that only reads the file, in one transaction (one consistent view, as the
    usual reads have); None where sqlite3 cannot open it so."""
    try:
        connection = sqlite3.connect(read_only_uri(path), uri=True)
    except sqlite3.Error:
        return None
    try:
        connection.execute("BEGIN")
    except sqlite3.Error:
        connection.close()
        return None
    return connection
