"""An open database: its engine and its transactions, reading or writing (one a change)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

from sqlalchemy import Engine
from sqlalchemy.exc import DBAPIError
from sqlmodel import Session

from canasta_score.storage import browser_disk
from canasta_score.storage.backend import Backend
from canasta_score.storage.errors import DatabaseUnavailable, GameNotFound
from canasta_score.storage.notices import Notice
from canasta_score.storage.tables import GameRow

#: A session's `info` keys: its transaction writes (a game row read in it is locked for it);
#: the ids its database can hold (`Backend.ids`).
WRITES = "canasta_score_writes"
IDS = "canasta_score_ids"


class Upkeep(Protocol):
    """What runs beside an open database (`storage.upkeep`, built by `open_database`): the
    automatic backups, the summaries derived again, the statistics summaries read before."""

    #: Statistics summaries read before, by game id, with the stored text and time they were
    #: read from (`played.played_games_summaries`): a server reads only what changed since.
    played: dict[int, tuple[str, Any, Any]]

    def after_write(self, db: Database, *, finished_now: bool) -> None: ...

    def close(self) -> None: ...


@dataclass(frozen=True)
class Database:
    """An open database (a file or a server), and what happened when it was opened."""

    backend: Backend
    engine: Engine
    #: What the player should be told about opening it (e.g. a damaged file moved aside).
    notice: Notice | None
    #: The newest automatic backup, offered for restoring when the file was bad.
    backup_to_offer: Path | None
    #: Where automatic backups are written (None: none are, e.g. a server with no folder named).
    backups_folder: Path | None
    upkeep: Upkeep = field(repr=False, compare=False)
    _write_lock: threading.RLock = field(default_factory=threading.RLock, repr=False, compare=False)

    @property
    def path(self) -> Path | None:
        """The database file (None for a database server)."""
        return self.backend.path

    @property
    def where(self) -> str:
        """The database as told to a person: its path, or its URL without the password."""
        return self.backend.where

    def close(self) -> None:
        """Finish a backup being written, stop deriving summaries, close every connection."""
        self.upkeep.close()
        self.engine.dispose()

    def __enter__(self) -> Database:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def now() -> datetime:
    return datetime.now(UTC)


def aware(moment: datetime) -> datetime:
    """A stored time in UTC (SQLite keeps no time zone; SQLModel gives UTC back)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


@contextmanager
def reading(db: Database) -> Iterator[Session]:
    """A read-only transaction: one consistent view of the games."""
    try:
        with (
            Session(db.backend.reader(db.engine), expire_on_commit=False) as session,
            session.begin(),
        ):
            session.info[IDS] = db.backend.ids
            yield session
    except DBAPIError as error:
        if error.connection_invalidated or db.backend.out_of_reach(error):
            raise DatabaseUnavailable(db.backend.cannot_use(error)) from error
        raise  # a fault of the app (an integrity error, say): never "cannot be reached"


@contextmanager
def writing(db: Database) -> Iterator[Session]:
    """A transaction that writes: it lands whole when the block ends, or not at all."""
    # Threads of this process queue on a lock (SQLite's busy wait would let a long run of
    # writes, such as summaries derived again, starve a save); other processes wait on the
    # database (SQLite's write lock, a PostgreSQL game row locked by `game_row`).
    try:
        with (
            db._write_lock,
            Session(db.backend.writer(db.engine), expire_on_commit=False) as session,
            session.begin(),
        ):
            session.info[WRITES] = True
            session.info[IDS] = db.backend.ids
            yield session
    except DBAPIError as error:
        if error.connection_invalidated or db.backend.out_of_reach(error):
            raise DatabaseUnavailable(db.backend.cannot_use(error)) from error
        raise  # a fault of the app (an integrity error, say): never "cannot be reached"
    browser_disk.written()  # in a browser tab: the change copied to the browser's storage


def holds_id(session: Session, value: int) -> bool:
    """Whether the session's database can hold `value` as an id (else it names nothing)."""
    # Compared, not `in range(...)`: that walks the whole range for anything not an int (and
    # what cannot be compared with a number raises TypeError at once).
    ids: range = session.info.get(IDS, range(-(2**63), 2**63))
    return bool(ids.start <= value < ids.stop)


def game_row(session: Session, game_id: int, *, deleted_too: bool = False) -> GameRow:
    """The game's row; raises GameNotFound for an unknown (or, unless asked, deleted) game.

    In a transaction that writes, the row stays locked until it ends: a change based on the
    version read here cannot cross another process's change (SQLite locks the whole file).
    """
    found = None
    if holds_id(session, game_id):
        locked = True if session.info.get(WRITES) else None
        found = session.get(GameRow, game_id, with_for_update=locked)
    if found is None or (found.deleted_at is not None and not deleted_too):
        raise GameNotFound(game_id, deleted=found is not None)
    return found
