"""The games players entered: keyword-only functions over the tables, every score from the core.

Every function that changes something runs in one transaction (BEGIN IMMEDIATE): it either
lands whole or not at all. Round changes name the game version they were based on, so a screen
showing an old copy of the game (another tab) is refused with `StaleGame` instead of
overwriting what was entered elsewhere.
"""

from __future__ import annotations

import json
import logging
import shutil
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, case, delete, text, update
from sqlalchemy.exc import DBAPIError
from sqlmodel import Session, col, select

from canasta_score import __version__
from canasta_score.core import (
    FORMAT,
    Game,
    Problem,
    RoundRefused,
    Side,
    SideEntry,
    game_document,
    read_game,
    seat_order,
)
from canasta_score.storage import backups, paths, schema
from canasta_score.storage.facts import entries_json, game_from_facts, rules_json
from canasta_score.storage.tables import (
    SCHEMA_REVISION,
    ChangeRow,
    DraftRow,
    GameRow,
    PlayerRow,
    RoundRow,
    SeatRow,
    SettingRow,
    SideRow,
)

BACKUP_FORMAT = "canasta-score-backup/1"


class StaleGame(Exception):
    """A change based on an old version of a game, which has been changed elsewhere since."""

    def __init__(self, game_id: int, expected_version: int, current_version: int) -> None:
        super().__init__(
            f"game {game_id} was changed somewhere else (another tab or window) after this "
            f"screen loaded it (version {expected_version}, now {current_version}); "
            "nothing was saved: reload the game and enter the change again"
        )
        self.game_id = game_id
        self.expected_version = expected_version
        self.current_version = current_version


class StorageError(Exception):
    """The database cannot be used as it is (e.g. written by a newer version of the app)."""


class GameNotFound(LookupError):
    """No stored game has this id (or it was deleted)."""

    def __init__(self, game_id: int, deleted: bool = False) -> None:
        reason = "it was deleted" if deleted else "there is no such game"
        super().__init__(f"game {game_id} cannot be found: {reason}")
        self.game_id = game_id

    def __str__(self) -> str:  # LookupError would quote the message like a dictionary key
        return str(self.args[0])


class ImportRefused(ValueError):
    """A game file or backup that cannot be imported; `problems` lists every reason, one a line."""

    def __init__(self, problems: Sequence[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = list(problems)


class _BackupWorker:
    """Writes automatic backups on a thread of their own, so no save or start waits for one.

    A request made while a backup is being written is not lost: the worker writes once more,
    from a transaction that began after the request (so it holds the round just saved).
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._wanted = False
        self._thread: threading.Thread | None = None

    def request(self, db: Database) -> None:
        with self._lock:
            self._wanted = True
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, args=(db,), name="canasta-score-backup"
                )
                self._thread.start()

    def _run(self, db: Database) -> None:
        while True:
            with self._lock:
                if not self._wanted:
                    self._thread = None
                    return
                self._wanted = False
            try:
                backup_now(db=db)
            except Exception as error:  # the games are safe in the database; retried later
                logging.getLogger(__name__).warning("automatic backup not written: %s", error)

    def wait(self) -> None:
        with self._lock:
            thread = self._thread
        if thread is not None:
            thread.join()


@dataclass(frozen=True)
class Database:
    """An open database file, and what happened when it was opened."""

    path: Path
    engine: Engine
    #: What the player should be told about opening it (e.g. a damaged file moved aside).
    notice: str | None = None
    #: The newest automatic backup, offered for restoring when the file was bad.
    backup_to_offer: Path | None = None
    _backups: _BackupWorker = field(default_factory=_BackupWorker, repr=False, compare=False)
    _write_lock: threading.RLock = field(default_factory=threading.RLock, repr=False, compare=False)
    _summaries: _SummaryRefresh = field(
        default_factory=lambda: _SummaryRefresh(), repr=False, compare=False
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


@dataclass(frozen=True)
class StoredGame:
    """A game as stored: the core's Game, and the version a change to it must name."""

    id: int
    game: Game
    version: int
    created_at: datetime
    updated_at: datetime
    archived: bool


@dataclass(frozen=True)
class GameSummary:
    """A line of the game list: enough to show and pick a game without loading its rounds."""

    id: int
    side_names: list[str]
    players: list[list[str]]
    totals: list[int]
    rules_name: str
    rounds: int
    created_at: datetime
    updated_at: datetime
    finished: bool
    winner: int | None
    archived: bool
    #: Id of the preset the game's rules were copied from.
    rules_base: str
    version: int


@dataclass(frozen=True)
class Change:
    """One change to a game, as recorded when it was made."""

    id: int
    game_id: int
    at: datetime
    #: "game created", "game imported", "round added", "round edited", "round deleted",
    #: "round undone", "game deleted", "game restored", "game archived", "game unarchived".
    what: str
    round_number: int | None
    #: The round's entries (game-file data, one per side) before and after, where a round changed.
    before: list[dict[str, Any]] | None
    after: list[dict[str, Any]] | None
    version: int

    def __str__(self) -> str:
        what = self.what.replace("round", f"round {self.round_number}", 1)
        return f"{self.at:%Y-%m-%d %H:%M:%S} UTC: {what}"


@dataclass(frozen=True)
class PlayerRecord:
    """A player's games over all stored games (deleted ones left out)."""

    name: str
    games: int
    finished: int
    wins: int
    #: The sum of the final totals of the sides the player played on.
    points: int


# --- opening ------------------------------------------------------------------------------


def open_database(path: str | Path | None = None) -> Database:
    """Open (or create) the database, upgrading its schema; a damaged file is moved aside.

    A file that is not a database or is damaged is renamed (never deleted), a fresh database
    is made in its place, and `notice` and `backup_to_offer` say so. A database written by a
    newer version of the app raises StorageError and is left exactly as it was.
    """
    db_path = paths.database_path(path)
    if db_path.is_dir():  # never moved aside: it may be any folder, named by mistake
        raise StorageError(
            f"The game database {db_path} is a folder, not a database file; name a file, "
            f"e.g. {db_path / paths.DATABASE_NAME}. Nothing was changed."
        )
    if db_path.exists() and not db_path.is_file():  # a device or a pipe: SQLite would hang or
        raise StorageError(  # leave a journal next to it
            f"The game database {db_path} is not a file (a device or a pipe?); name a file. "
            "Nothing was changed."
        )
    try:
        db_path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StorageError(
            f"The game database {db_path} cannot be created: its folder cannot be made "
            f"({error.strerror or error})."
        ) from error
    backup_folder = paths.backups_folder(db_path)
    notice = offer = None
    state = schema.inspect_file(db_path)
    if state.unopenable:
        raise StorageError(cannot_use(db_path, Exception(state.unopenable)))
    if state.unreadable:
        try:
            aside = _move_aside(db_path)
        except OSError as error:
            raise StorageError(
                f"The game database {db_path} could not be opened: {state.unreadable}, and it "
                f"cannot be moved aside ({error.strerror or error}). Nothing was changed."
            ) from error
        offer = backups.newest_backup(backup_folder)
        notice = (
            f"The game database {db_path} could not be opened: {state.unreadable}. "
            f"It was moved to {aside} (nothing was deleted) and a new, empty database was "
            "started."
        )
        if offer:
            notice += f" The newest automatic backup, {offer.name}, can be restored."
    elif state.revisions != (SCHEMA_REVISION,):  # Alembic is loaded only when there is work
        known, head = schema.known_revisions()
        unknown = [r for r in state.revisions if r not in known]
        if unknown:
            raise StorageError(
                f"The game database {db_path} was written by a newer version of Canasta Score "
                f"(schema {', '.join(unknown)}; this version knows up to {head}). It was not "
                "changed: update the app to open it."
            )
    engine = schema.make_engine(db_path)
    try:
        if state.revisions != (SCHEMA_REVISION,):
            schema.upgrade(engine)
        with engine.connect():  # a file that cannot be opened is told here, not at first use
            pass
    except (OSError, DBAPIError) as error:
        engine.dispose()
        raise StorageError(cannot_use(db_path, error)) from error
    except Exception:
        engine.dispose()
        raise
    db = Database(path=db_path, engine=engine, notice=notice, backup_to_offer=offer)
    db._summaries.start_if_due(db)
    _backup_if_due(db)
    return db


def cannot_use(path: Path, error: BaseException) -> str:
    """What to tell the player when SQLite or the system refuses to open or write the file."""
    reason = getattr(error, "orig", None) or error
    reason = getattr(reason, "strerror", None) or reason
    return (
        f"The game database {path} cannot be used: {reason}. Check that no other program holds it "
        "and that the file and its folder can be written. Nothing was changed."
    )


def _move_aside(path: Path) -> Path:
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


# --- transactions -------------------------------------------------------------------------


def _now() -> datetime:
    return datetime.now(UTC)


def _aware(moment: datetime) -> datetime:
    """A stored time in UTC (SQLite keeps no time zone; SQLModel gives UTC back)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


@contextmanager
def _reading(db: Database) -> Iterator[Session]:
    with Session(db.engine, expire_on_commit=False) as session, session.begin():
        yield session


@contextmanager
def _writing(db: Database) -> Iterator[Session]:
    # Threads of this process queue on a lock (SQLite's busy wait would let a long run of
    # writes, such as summaries derived again, starve a save); other processes on the busy wait.
    with (
        db._write_lock,
        Session(schema.writer(db.engine), expire_on_commit=False) as session,
        session.begin(),
    ):
        yield session


#: The ids SQLite can hold; any other number names no game (and would overflow the query).
_IDS = range(-(2**63), 2**63)


def _game_row(session: Session, game_id: int, *, deleted_too: bool = False) -> GameRow:
    row = session.get(GameRow, game_id) if game_id in _IDS else None
    if row is None or (row.deleted_at is not None and not deleted_too):
        raise GameNotFound(game_id, deleted=row is not None)
    return row


def _load(session: Session, row: GameRow) -> Game:
    sides = session.exec(
        select(SideRow.position, SideRow.name)
        .where(SideRow.game_id == row.id)
        .order_by(col(SideRow.position))
    ).all()
    seats = session.exec(
        select(SeatRow.side_position, SeatRow.name)
        .where(SeatRow.game_id == row.id)
        .order_by(col(SeatRow.side_position), col(SeatRow.position))
    ).all()
    rounds = session.exec(
        select(RoundRow.entries).where(RoundRow.game_id == row.id).order_by(col(RoundRow.number))
    ).all()
    return game_from_facts(
        preset=row.preset,
        overrides_json=row.rule_overrides,
        first_dealer=row.first_dealer,
        sides=[(name, [n for s, n in seats if s == position]) for position, name in sides],
        rounds=list(rounds),
    )


def _stored(row: GameRow, game: Game) -> StoredGame:
    assert row.id is not None
    return StoredGame(
        id=row.id,
        game=game,
        version=row.version,
        created_at=_aware(row.created_at),
        updated_at=_aware(row.updated_at),
        archived=row.archived,
    )


def _cache(session: Session, row: GameRow, game: Game) -> None:
    """Write what the core derives from the facts into the summary columns."""
    row.rules_name = game.rules.name
    row.round_count = len(game.rounds)
    row.totals = json.dumps(list(game.totals))
    row.finished = game.finished
    row.winner = game.winner
    by_position = dict(enumerate(game.totals))
    session.execute(  # one statement for every side
        update(SideRow)
        .where(col(SideRow.game_id) == row.id)
        .values(total=case(by_position, value=col(SideRow.position), else_=SideRow.total))
    )


def _record(
    session: Session,
    row: GameRow,
    what: str,
    round_number: int | None = None,
    before: Sequence[SideEntry] | None = None,
    after: Sequence[SideEntry] | None = None,
) -> None:
    assert row.id is not None
    session.add(
        ChangeRow(
            game_id=row.id,
            at=_now(),
            what=what,
            round_number=round_number,
            before=None if before is None else entries_json(before),
            after=None if after is None else entries_json(after),
            version=row.version,
        )
    )


# --- games --------------------------------------------------------------------------------


def _checked_game(game: Game) -> Game:
    """The game as read back from its own game file: every fact checked as an import would be."""
    checked, problems = read_game(game_document(game))
    if checked is None:
        raise RoundRefused(problems)
    return checked


def _insert_game(
    session: Session,
    game: Game,
    *,
    what: str,
    players: dict[str, PlayerRow],
    created_at: datetime | None = None,
    updated_at: datetime | None = None,
    archived: bool = False,
) -> GameRow:
    """Insert a checked game's facts and summary; `players` caches player rows by name key."""
    now = _now()
    played_at = updated_at or created_at or now
    totals = game.totals
    row = GameRow(
        preset=game.rules.base,
        rule_overrides=rules_json(game.rules),
        first_dealer=game.first_dealer,
        created_at=created_at or now,
        updated_at=played_at,
        archived=archived,
        rules_name=game.rules.name,
        round_count=len(game.rounds),
        totals=json.dumps(list(totals)),
        finished=game.finished,
        winner=game.winner,
    )
    session.add(row)
    session.flush()
    assert row.id is not None
    for position, side in enumerate(game.sides):
        session.add(
            SideRow(game_id=row.id, position=position, name=side.name, total=totals[position])
        )
        for seat, name in enumerate(side.players):
            player = _player(session, name, played_at, players)
            assert player.id is not None
            session.add(
                SeatRow(
                    game_id=row.id,
                    side_position=position,
                    position=seat,
                    name=name,
                    player_id=player.id,
                )
            )
    for number, entries in enumerate(game.rounds, start=1):
        session.add(
            RoundRow(
                game_id=row.id, number=number, entries=entries_json(entries), saved_at=played_at
            )
        )
    _record(session, row, what)
    return row


def _name_key(name: str) -> str:
    """A name as SQLite's NOCASE compares it: ASCII letters folded, others as they are."""
    return "".join(c.lower() if c.isascii() else c for c in name)


def _player(
    session: Session, name: str, played_at: datetime, players: dict[str, PlayerRow]
) -> PlayerRow:
    key = _name_key(name)
    player = players.get(key)
    if player is None:
        with session.no_autoflush:
            player = session.exec(select(PlayerRow).where(PlayerRow.name == name)).first()
        if player is None:
            player = PlayerRow(name=name, last_played_at=played_at)
            session.add(player)
            session.flush()
        players[key] = player
    if _aware(player.last_played_at) < played_at:
        player.last_played_at = played_at
    return player


def create_game(*, db: Database, game: Game) -> StoredGame:
    """Store a new game (usually without rounds yet); raises RoundRefused if it is impossible."""
    checked = _checked_game(game)
    with _writing(db) as session:
        row = _insert_game(session, checked, what="game created", players={})
    stored = _stored(row, checked)
    _after_write(db, finished_now=checked.finished)
    return stored


def load_game(*, db: Database, game_id: int) -> StoredGame:
    """A stored game with its rounds; raises GameNotFound (a LookupError) if there is none."""
    with _reading(db) as session:
        row = _game_row(session, game_id)
        return _stored(row, _load(session, row))


def _summaries(session: Session, rows: Sequence[GameRow]) -> list[GameSummary]:
    ids = [row.id for row in rows]
    sides: dict[int, list[str]] = {}
    for game_id, name in session.exec(
        select(SideRow.game_id, SideRow.name)
        .where(col(SideRow.game_id).in_(ids))
        .order_by(col(SideRow.game_id), col(SideRow.position))
    ):
        sides.setdefault(game_id, []).append(name)
    players: dict[tuple[int, int], list[str]] = {}
    for game_id, side, name in session.exec(
        select(SeatRow.game_id, SeatRow.side_position, SeatRow.name)
        .where(col(SeatRow.game_id).in_(ids))
        .order_by(col(SeatRow.game_id), col(SeatRow.side_position), col(SeatRow.position))
    ):
        players.setdefault((game_id, side), []).append(name)
    summaries = []
    for row in rows:
        assert row.id is not None
        names = sides.get(row.id, [])
        summaries.append(
            GameSummary(
                id=row.id,
                side_names=names,
                players=[players.get((row.id, side), []) for side in range(len(names))],
                totals=json.loads(row.totals),
                rules_name=row.rules_name,
                rounds=row.round_count,
                created_at=_aware(row.created_at),
                updated_at=_aware(row.updated_at),
                finished=row.finished,
                winner=row.winner,
                archived=row.archived,
                rules_base=row.preset,
                version=row.version,
            )
        )
    return summaries


def list_games(
    *, db: Database, limit: int = 50, offset: int = 0, include_archived: bool = True
) -> list[GameSummary]:
    """Stored games, newest first (deleted ones left out)."""
    query = select(GameRow).where(col(GameRow.deleted_at).is_(None))
    if not include_archived:
        query = query.where(col(GameRow.archived).is_(False))
    query = (
        query.order_by(col(GameRow.created_at).desc(), col(GameRow.id).desc())
        .limit(limit)
        .offset(offset)
    )
    with _reading(db) as session:
        return _summaries(session, session.exec(query).all())


def unfinished_game(*, db: Database) -> GameSummary | None:
    """The game most recently played that is not finished, archived or deleted."""
    query = (
        select(GameRow)
        .where(
            col(GameRow.deleted_at).is_(None),
            col(GameRow.archived).is_(False),
            col(GameRow.finished).is_(False),
        )
        .order_by(col(GameRow.updated_at).desc(), col(GameRow.id).desc())
        .limit(1)
    )
    with _reading(db) as session:
        summaries = _summaries(session, session.exec(query).all())
    return summaries[0] if summaries else None


# --- rounds -------------------------------------------------------------------------------


def _change_rounds(
    db: Database,
    game_id: int,
    expected_version: int,
    change: Callable[[Game], Game],
    write: Callable[[Session, GameRow, Game, Game], None],
) -> StoredGame:
    """Apply a round change in one transaction: check the version, let the core check the
    change (RoundRefused leaves everything as it was), write the facts and the summary."""
    with _writing(db) as session:
        row = _game_row(session, game_id)
        if row.version != expected_version:
            raise StaleGame(game_id, expected_version, row.version)
        before = _load(session, row)
        after = change(before)
        with session.no_autoflush:  # the game row is written once, when the transaction ends
            row.version += 1
            row.updated_at = _now()
            write(session, row, before, after)
            _cache(session, row, after)
            session.add(row)
    _after_write(db, finished_now=after.finished and not before.finished)
    return _stored(row, after)


def add_round(
    *, db: Database, game_id: int, entries: Sequence[SideEntry], expected_version: int
) -> StoredGame:
    """Add the next round; raises RoundRefused (nothing saved) or StaleGame."""

    def write(session: Session, row: GameRow, before: Game, after: Game) -> None:
        number = len(after.rounds)
        new = after.rounds[-1]
        session.add(
            RoundRow(
                game_id=game_id, number=number, entries=entries_json(new), saved_at=row.updated_at
            )
        )
        session.execute(delete(DraftRow).where(col(DraftRow.game_id) == game_id))
        _record(session, row, "round added", number, after=new)

    return _change_rounds(db, game_id, expected_version, lambda g: g.add_round(entries), write)


def replace_round(
    *,
    db: Database,
    game_id: int,
    round_number: int,
    entries: Sequence[SideEntry],
    expected_version: int,
) -> StoredGame:
    """Enter round `round_number` (from 1) anew; the totals after it follow."""

    def write(session: Session, row: GameRow, before: Game, after: Game) -> None:
        new = after.rounds[round_number - 1]
        session.execute(
            update(RoundRow)
            .where(col(RoundRow.game_id) == game_id, col(RoundRow.number) == round_number)
            .values(entries=entries_json(new), saved_at=row.updated_at)
        )
        old = before.rounds[round_number - 1]
        _record(session, row, "round edited", round_number, before=old, after=new)

    return _change_rounds(
        db, game_id, expected_version, lambda g: g.replace_round(round_number, entries), write
    )


def _remove_round(
    db: Database, game_id: int, round_number: int | None, expected_version: int, what: str
) -> StoredGame:
    number = round_number

    def change(game: Game) -> Game:
        nonlocal number
        if number is None:
            if not game.rounds:
                raise RoundRefused([Problem("there is no round to undo: the game has no rounds")])
            number = len(game.rounds)
        return game.remove_round(number)

    def write(session: Session, row: GameRow, before: Game, after: Game) -> None:
        assert number is not None
        session.execute(
            delete(RoundRow).where(col(RoundRow.game_id) == game_id, col(RoundRow.number) == number)
        )
        # Move the later rounds up in two steps, so no two rounds ever share a number.
        later = (col(RoundRow.game_id) == game_id, col(RoundRow.number) > number)
        session.execute(update(RoundRow).where(*later).values(number=-RoundRow.number))
        session.execute(
            update(RoundRow)
            .where(col(RoundRow.game_id) == game_id, col(RoundRow.number) < 0)
            .values(number=-RoundRow.number - 1)
        )
        _record(session, row, what, number, before=before.rounds[number - 1])

    return _change_rounds(db, game_id, expected_version, change, write)


def delete_round(
    *, db: Database, game_id: int, round_number: int, expected_version: int
) -> StoredGame:
    """Remove round `round_number` (from 1); the later rounds move up."""
    return _remove_round(db, game_id, round_number, expected_version, "round deleted")


def undo_last_round(*, db: Database, game_id: int, expected_version: int) -> StoredGame:
    """Remove the last round entered."""
    return _remove_round(db, game_id, None, expected_version, "round undone")


# --- deleting, restoring, archiving -------------------------------------------------------


def delete_game(*, db: Database, game_id: int) -> None:
    """Delete a game; `restore_game` brings it back until `purge_deleted` (when the app closes)."""
    with _writing(db) as session:
        row = _game_row(session, game_id)
        row.deleted_at = _now()
        session.add(row)
        _record(session, row, "game deleted")


def restore_game(*, db: Database, game_id: int) -> None:
    """Bring back a deleted game (before the app closed)."""
    with _writing(db) as session:
        row = _game_row(session, game_id, deleted_too=True)
        if row.deleted_at is not None:
            row.deleted_at = None
            session.add(row)
            _record(session, row, "game restored")


def purge_deleted(*, db: Database) -> int:
    """Remove the deleted games for good; returns how many. Called when the app closes."""
    with _writing(db) as session:
        result = session.execute(delete(GameRow).where(col(GameRow.deleted_at).is_not(None)))
        return int(result.rowcount)  # type: ignore[attr-defined]


def archive_game(*, db: Database, game_id: int, archived: bool = True) -> None:
    """Move a game to the archive (or back out of it)."""
    with _writing(db) as session:
        row = _game_row(session, game_id)
        if row.archived != archived:
            row.archived = archived
            session.add(row)
            _record(session, row, "game archived" if archived else "game unarchived")


# --- players, drafts, settings, changes ---------------------------------------------------


def known_players(*, db: Database) -> list[str]:
    """Names from earlier games, the most recently played first."""
    with _reading(db) as session:
        return list(
            session.exec(
                select(PlayerRow.name).order_by(
                    col(PlayerRow.last_played_at).desc(), col(PlayerRow.id)
                )
            ).all()
        )


def player_record(*, db: Database, name: str) -> PlayerRecord:
    """A player's games, finished games, wins and points over all stored games."""
    query = text(
        "SELECT p.name, count(*), coalesce(sum(g.finished), 0), "
        "coalesce(sum(g.winner IS NOT NULL AND g.winner = s.side_position), 0), "
        "coalesce(sum(side.total), 0) "
        "FROM player p JOIN seat s ON s.player_id = p.id "
        "JOIN game g ON g.id = s.game_id "
        "JOIN side ON side.game_id = s.game_id AND side.position = s.side_position "
        "WHERE p.name = :name AND g.deleted_at IS NULL GROUP BY p.id"
    )
    with _reading(db) as session:
        found = session.execute(query, {"name": name.strip()}).first()
    if found is None:
        return PlayerRecord(name=name.strip(), games=0, finished=0, wins=0, points=0)
    stored_name, games, finished, wins, points = found
    return PlayerRecord(
        name=stored_name, games=games, finished=finished, wins=wins, points=int(points)
    )


def save_draft(*, db: Database, game_id: int, draft: dict[str, Any] | None) -> None:
    """Keep a half-typed round entry (any JSON-able dict) for a game; None clears it."""
    data = None if draft is None else json.dumps(draft, ensure_ascii=False)
    with _writing(db) as session:
        _game_row(session, game_id)
        stored = session.get(DraftRow, game_id)
        if data is None:
            if stored is not None:
                session.delete(stored)
        elif stored is None:
            session.add(DraftRow(game_id=game_id, data=data, saved_at=_now()))
        else:
            stored.data, stored.saved_at = data, _now()
            session.add(stored)


def load_draft(*, db: Database, game_id: int) -> dict[str, Any] | None:
    with _reading(db) as session:
        stored = session.get(DraftRow, game_id) if game_id in _IDS else None
        return None if stored is None else dict(json.loads(stored.data))


def get_setting(*, db: Database, key: str, default: str | None = None) -> str | None:
    with _reading(db) as session:
        stored = session.get(SettingRow, key)
        return default if stored is None else stored.value


def set_setting(*, db: Database, key: str, value: str) -> None:
    with _writing(db) as session:
        stored = session.get(SettingRow, key)
        if stored is None:
            session.add(SettingRow(key=key, value=value))
        else:
            stored.value = value
            session.add(stored)


def changes(*, db: Database, game_id: int) -> list[Change]:
    """Everything that was done to a game, oldest first (also for a deleted, unpurged game)."""
    with _reading(db) as session:
        _game_row(session, game_id, deleted_too=True)
        rows = session.exec(
            select(ChangeRow).where(ChangeRow.game_id == game_id).order_by(col(ChangeRow.id))
        ).all()
    return [
        Change(
            id=row.id or 0,
            game_id=row.game_id,
            at=_aware(row.at),
            what=row.what,
            round_number=row.round_number,
            before=None if row.before is None else json.loads(row.before),
            after=None if row.after is None else json.loads(row.after),
            version=row.version,
        )
        for row in rows
    ]


#: Setting naming the app version whose core derived the summary columns.
SUMMARIES_KEY = "storage.summaries_derived_by"
#: Games whose summaries are derived again in one transaction (a save waits for one batch),
#: and the pause between two batches.
REBUILD_BATCH = 50
REBUILD_PAUSE = 0.02


def rebuild_summaries(*, db: Database, stop: threading.Event | None = None) -> int:
    """Derive every game's summary columns again from its facts; returns how many games.

    Runs in short transactions, so saves go on meanwhile; `stop` ends it between two of
    them (the next start of the app finishes the work).
    """
    with _reading(db) as session:
        ids = [i for i in session.exec(select(GameRow.id).order_by(col(GameRow.id))) if i]
    spent = 0.0
    for first in range(0, len(ids), REBUILD_BATCH):
        # In the background, work a quarter of the time: the player's saves come first.
        if first and stop is not None and stop.wait(REBUILD_PAUSE + 3 * spent):
            return first
        began = time.perf_counter()
        with _writing(db) as session:
            for game_id in ids[first : first + REBUILD_BATCH]:
                row = session.get(GameRow, game_id)
                if row is not None:  # purged meanwhile
                    _cache(session, row, _load(session, row))
                    session.add(row)
        spent = time.perf_counter() - began
    set_setting(db=db, key=SUMMARIES_KEY, value=__version__)
    return len(ids)


class _SummaryRefresh:
    """After an update of the app, derives the summaries again with the new core, in the
    background: a rule fixed in the core never leaves an old total in the game list."""

    def __init__(self) -> None:
        self.stop = threading.Event()
        self.thread: threading.Thread | None = None

    def start_if_due(self, db: Database) -> None:
        if get_setting(db=db, key=SUMMARIES_KEY) == __version__:
            return
        self.thread = threading.Thread(target=self._run, args=(db,), name="canasta-score-summaries")
        self.thread.start()

    def _run(self, db: Database) -> None:
        try:
            rebuild_summaries(db=db, stop=self.stop)
        except Exception as error:  # the facts are untouched; the next start tries again
            logging.getLogger(__name__).warning("summaries not derived again: %s", error)

    def wait(self) -> None:
        if self.thread is not None:
            self.thread.join()

    def finish(self) -> None:
        self.stop.set()
        self.wait()


def wait_for_summaries(*, db: Database) -> None:
    """Wait until the summaries being derived again after an update of the app are done."""
    db._summaries.wait()


# --- export and import --------------------------------------------------------------------


def _stored_facts(
    session: Session, game_ids: Sequence[int] | None
) -> tuple[dict[int, list[tuple[str, list[str]]]], dict[int, list[str]]]:
    """Sides (name, players) and stored rounds by game, for some games or all, in 3 queries."""

    def only(column: Any) -> Any:
        return True if game_ids is None else col(column).in_(game_ids)

    sides: dict[int, list[tuple[str, list[str]]]] = {}
    for game_id, name in session.exec(
        select(SideRow.game_id, SideRow.name)
        .where(only(SideRow.game_id))
        .order_by(col(SideRow.game_id), col(SideRow.position))
    ):
        sides.setdefault(game_id, []).append((name, []))
    for game_id, side, name in session.exec(
        select(SeatRow.game_id, SeatRow.side_position, SeatRow.name)
        .where(only(SeatRow.game_id))
        .order_by(col(SeatRow.game_id), col(SeatRow.side_position), col(SeatRow.position))
    ):
        sides[game_id][side][1].append(name)
    rounds: dict[int, list[str]] = {}
    for game_id, entries in session.exec(
        select(RoundRow.game_id, RoundRow.entries)
        .where(only(RoundRow.game_id))
        .order_by(col(RoundRow.game_id), col(RoundRow.number))
    ):
        rounds.setdefault(game_id, []).append(entries)
    return sides, rounds


def _document(
    row: GameRow, sides: Sequence[tuple[str, Sequence[str]]], rounds: Sequence[str]
) -> dict[str, Any]:
    """The game file of a stored game, straight from the stored facts.

    The same document `core.game_document` gives for the loaded game (a test holds them
    equal, key order included), without scoring anything: a backup of thousands of games
    must not keep the player waiting. The stored overrides and entries are already in game-file
    form (`core.rule_overrides`, `core.gamefile.entry_data`).
    """
    overrides = json.loads(row.rule_overrides or "{}")
    seats = seat_order([Side(name, tuple(players)) for name, players in sides])
    dealer = seats[row.first_dealer] if row.first_dealer < len(seats) else (0, 0)
    document: dict[str, Any] = {"format": FORMAT, "rules": row.preset}
    if overrides:
        document["rule_overrides"] = overrides
    document["sides"] = [{"name": name, "players": list(players)} for name, players in sides]
    document["first_dealer"] = {"side": dealer[0], "player": dealer[1]}
    document["rounds"] = json.loads(f"[{','.join(rounds)}]")  # one parse for all its rounds
    document["created"] = _aware(row.created_at).isoformat()
    document["updated"] = _aware(row.updated_at).isoformat()
    document["archived"] = row.archived
    return document


def export_game(*, db: Database, game_id: int) -> dict[str, Any]:
    """One game as a game file (GAME_FORMAT.md), with when it was created and last changed."""
    with _reading(db) as session:
        row = _game_row(session, game_id)
        sides, rounds = _stored_facts(session, [game_id])
    return _document(row, sides.get(game_id, []), rounds.get(game_id, []))


def export_all(*, db: Database) -> dict[str, Any]:
    """Every game (deleted ones left out), oldest first, as a backup document."""
    with _reading(db) as session:
        rows = session.exec(
            select(GameRow)
            .where(col(GameRow.deleted_at).is_(None))
            .order_by(col(GameRow.created_at), col(GameRow.id))
        ).all()
        sides, rounds = _stored_facts(session, None)
    games = [
        _document(row, sides.get(row.id, []), rounds.get(row.id, [])) for row in rows if row.id
    ]
    return {"format": BACKUP_FORMAT, "games": games}


@dataclass(frozen=True)
class _Incoming:
    game: Game
    created_at: datetime | None
    updated_at: datetime | None
    archived: bool


def _read_extras(document: dict[str, Any], problems: list[str], where: str) -> dict[str, Any]:
    extras: dict[str, Any] = {"created_at": None, "updated_at": None, "archived": False}
    for key, attribute in (("created", "created_at"), ("updated", "updated_at")):
        value = document.get(key)
        if value is None:
            continue
        try:
            if not isinstance(value, str):
                raise ValueError
            extras[attribute] = _aware(datetime.fromisoformat(value))
        except ValueError:
            problems.append(
                f"{where}{key} must be a date and time like 2026-11-29T21:36:32+00:00, "
                f"got {json.dumps(value)[:60]}"
            )
    archived = document.get("archived", False)
    if not isinstance(archived, bool):
        problems.append(f"{where}archived must be true or false, got {json.dumps(archived)[:60]}")
    else:
        extras["archived"] = archived
    return extras


def _read_one(document: Any, where: str, problems: list[str]) -> _Incoming | None:
    try:
        game, game_problems = read_game(document)
    except Exception as error:  # the core should report every problem; never crash an import
        problems.append(f"{where}the game cannot be read ({type(error).__name__}: {error})")
        return None
    problems.extend(f"{where}{problem}" for problem in game_problems)
    if game is None:
        return None
    extras = _read_extras(document, problems, where)
    return _Incoming(game=game, **extras)


def read_document(document: Any) -> tuple[list[_Incoming], list[str]]:
    """The games of a game file or a backup document, and every problem found in it."""
    problems: list[str] = []
    if isinstance(document, dict) and document.get("format") == BACKUP_FORMAT:
        games = document.get("games")
        if not isinstance(games, list):
            return [], [f"a backup's games must be a list of game files, got {_kind(games)}"]
        incoming = [
            _read_one(game, f"game {number}: ", problems)
            for number, game in enumerate(games, start=1)
        ]
        return [i for i in incoming if i is not None], problems
    one = _read_one(document, "", problems)
    return ([one] if one else []), problems


def _kind(value: Any) -> str:
    for kind, shown in ((dict, "an object"), (list, "a list"), (str, "a text")):
        if isinstance(value, kind):
            return shown
    return json.dumps(value)


def import_document(*, db: Database, document: Any) -> list[int]:
    """Add the games of a game file or a backup; returns their new ids, in document order.

    All or nothing: any problem raises ImportRefused listing every problem, and nothing is
    added.
    """
    incoming, problems = read_document(document)
    if problems:
        raise ImportRefused(problems)
    players: dict[str, PlayerRow] = {}
    with _writing(db) as session:
        rows = [
            _insert_game(
                session,
                item.game,
                what="game imported",
                players=players,
                created_at=item.created_at,
                updated_at=item.updated_at,
                archived=item.archived,
            )
            for item in incoming
        ]
    return [row.id for row in rows if row.id is not None]


def restore_backup(*, db: Database, path: str | Path) -> list[int]:
    """Import the games of a backup file (e.g. `Database.backup_to_offer`); all or nothing."""
    try:
        document = json.loads(Path(path).read_text(encoding="utf-8"))
    except RecursionError as error:
        raise ImportRefused([f"the backup {path} cannot be read: nested too deeply"]) from error
    except (OSError, ValueError) as error:  # UnicodeDecodeError and JSONDecodeError are ValueErrors
        raise ImportRefused([f"the backup {path} cannot be read: {error}"]) from error
    return import_document(db=db, document=document)


# --- automatic backups --------------------------------------------------------------------

_backup_lock = threading.Lock()
#: Per database file, when the next daily backup is due (so a save does not list the folder).
_next_backup: dict[Path, datetime] = {}


def backup_now(*, db: Database) -> Path | None:
    """Write an automatic backup of all games now (none when there are no games)."""
    with _backup_lock:
        document = export_all(db=db)
        if not document["games"]:
            return None
        now = datetime.now(UTC)
        written = backups.write_backup(paths.backups_folder(db.path), document, now)
        _next_backup[db.path] = now + backups.EVERY
        return written


def _backup_if_due(db: Database) -> None:
    now = datetime.now(UTC)
    due = _next_backup.get(db.path)
    if due is not None and now < due:
        return
    folder = paths.backups_folder(db.path)
    if backups.backup_due(folder, now):
        db._backups.request(db)  # once written, the next one is due a day later
    else:
        newest = backups.newest_backup(folder)
        taken = backups.taken_at(newest) if newest else None
        _next_backup[db.path] = (taken or now) + backups.EVERY


def _after_write(db: Database, *, finished_now: bool) -> None:
    """A backup after every finished game, and at most daily otherwise, written on the backup
    thread: the save has been committed already and does not wait for it."""
    try:
        if finished_now:
            db._backups.request(db)
        else:
            _backup_if_due(db)
    except OSError as error:  # the next save tries again; the games are safe in the database
        logging.getLogger(__name__).warning("automatic backup not asked for: %s", error)


def wait_for_backups(*, db: Database) -> None:
    """Wait until the automatic backup being written (if any) is on disk."""
    db._backups.wait()


def backups_of(*, db: Database) -> list[Path]:
    """The automatic backups of this database, newest first."""
    return backups.backups_in(paths.backups_folder(db.path))


__all__ = [
    "BACKUP_FORMAT",
    "Change",
    "Database",
    "GameNotFound",
    "GameSummary",
    "ImportRefused",
    "PlayerRecord",
    "StaleGame",
    "StorageError",
    "StoredGame",
    "add_round",
    "archive_game",
    "backup_now",
    "backups_of",
    "changes",
    "create_game",
    "delete_game",
    "delete_round",
    "export_all",
    "export_game",
    "get_setting",
    "import_document",
    "known_players",
    "list_games",
    "load_draft",
    "load_game",
    "open_database",
    "player_record",
    "purge_deleted",
    "rebuild_summaries",
    "replace_round",
    "restore_backup",
    "restore_game",
    "save_draft",
    "set_setting",
    "undo_last_round",
    "unfinished_game",
    "wait_for_backups",
    "wait_for_summaries",
]
