"""An open database file and its transactions: reading, or writing with BEGIN IMMEDIATE."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine
from sqlmodel import Session

from canasta_score.storage import schema
from canasta_score.storage.errors import GameNotFound
from canasta_score.storage.notices import Notice
from canasta_score.storage.tables import GameRow

if TYPE_CHECKING:  # both build on this module; `open_database` gives the database its own
    from canasta_score.storage.backups import BackupWorker
    from canasta_score.storage.summaries import SummaryRefresh


@dataclass(frozen=True)
class Database:
    """An open database file, and what happened when it was opened (see `open_database`)."""

    path: Path
    engine: Engine
    #: What the player should be told about opening it (e.g. a damaged file moved aside).
    notice: Notice | None
    #: The newest automatic backup, offered for restoring when the file was bad.
    backup_to_offer: Path | None
    _backups: BackupWorker = field(repr=False, compare=False)
    _summaries: SummaryRefresh = field(repr=False, compare=False)
    _write_lock: threading.RLock = field(default_factory=threading.RLock, repr=False, compare=False)
    #: Statistics summaries read before, by game id, with the stored text and time they were
    #: read from
    #: (`played.played_games_summaries`): a server reads only what changed since.
    _played: dict[int, tuple[str, Any, Any]] = field(
        default_factory=dict, repr=False, compare=False
    )

    def close(self) -> None:
        """Finish a backup being written, stop deriving summaries, close every connection."""
        self._summaries.finish()
        self._backups.wait()
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
    """A read-only transaction: one consistent view of the file."""
    with Session(db.engine, expire_on_commit=False) as session, session.begin():
        yield session


@contextmanager
def writing(db: Database) -> Iterator[Session]:
    """A transaction that writes: it lands whole when the block ends, or not at all."""
    # Threads of this process queue on a lock (SQLite's busy wait would let a long run of
    # writes, such as summaries derived again, starve a save); other processes on the busy wait.
    with (
        db._write_lock,
        Session(schema.writer(db.engine), expire_on_commit=False) as session,
        session.begin(),
    ):
        yield session


#: The ids SQLite can hold; any other number names no game (and would overflow the query).
IDS = range(-(2**63), 2**63)


def game_row(session: Session, game_id: int, *, deleted_too: bool = False) -> GameRow:
    """The game's row; raises GameNotFound for an unknown (or, unless asked, deleted) game."""
    row = session.get(GameRow, game_id) if game_id in IDS else None
    if row is None or (row.deleted_at is not None and not deleted_too):
        raise GameNotFound(game_id, deleted=row is not None)
    return row
