"""Games as players keep them: create, load, delete and restore, archive; names and history."""

from __future__ import annotations

import json
import uuid
from collections.abc import Sequence
from datetime import datetime, timedelta

from sqlalchemy import ColumnElement, delete
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from canasta_score.core import (
    Game,
    RoundRefused,
    SideEntry,
    game_document,
    own_rules_name,
    player_key,
    read_game,
)
from canasta_score.storage.database import (
    Database,
    aware,
    game_row,
    now,
    reading,
    writing,
)
from canasta_score.storage.facts import entries_json, read_facts, rules_json
from canasta_score.storage.records import Change, StoredGame
from canasta_score.storage.summaries import summary_columns
from canasta_score.storage.tables import (
    ChangeRow,
    GameRow,
    PlayerRow,
    RoundRow,
    SavedEntryRow,
    SeatRow,
    SideRow,
)


def stored(row: GameRow, game: Game, session: Session | None = None) -> StoredGame:
    """The game as handed out; read in `session`, with the round entries saved in it."""
    assert row.id is not None
    entries: frozenset[str] = frozenset()
    if session is not None:
        found = session.exec(select(SavedEntryRow.entry).where(SavedEntryRow.game_id == row.id))
        entries = frozenset(found.all())
    return StoredGame(
        id=row.id,
        game=game,
        version=row.version,
        created_at=aware(row.created_at),
        updated_at=aware(row.updated_at),
        archived=row.archived,
        saved_entries=entries,
    )


def record(
    session: Session,
    row: GameRow,
    what: str,
    round_number: int | None = None,
    before: Sequence[SideEntry] | None = None,
    after: Sequence[SideEntry] | None = None,
) -> None:
    """Record a change to a game (see `Change`), in the transaction that makes it."""
    assert row.id is not None
    session.add(
        ChangeRow(
            game_id=row.id,
            at=now(),
            what=what,
            round_number=round_number,
            before=None if before is None else entries_json(before),
            after=None if after is None else entries_json(after),
            version=row.version,
        )
    )


def _checked_game(game: Game) -> Game:
    """The game as read back from its own game file: every fact checked as an import would be."""
    checked, problems = read_game(game_document(game))
    if checked is None:
        raise RoundRefused(problems)
    return checked


def _player(session: Session, name: str, played_at: datetime) -> PlayerRow:
    key = player_key(name)
    with session.no_autoflush:
        player = session.exec(select(PlayerRow).where(PlayerRow.key == key)).first()
    if player is None:
        try:
            with session.begin_nested():
                player = PlayerRow(name=name, key=key, last_played_at=played_at)
                session.add(player)
                session.flush()
        except IntegrityError:  # another server process added the player meanwhile
            player = session.exec(select(PlayerRow).where(PlayerRow.key == key)).one()
    if aware(player.last_played_at) < played_at:
        player.last_played_at = played_at
    return player


def create_game(*, db: Database, game: Game) -> StoredGame:
    """Store a new game (usually without rounds yet); raises RoundRefused if it is impossible."""
    checked = _checked_game(game)
    with writing(db) as session:
        played_at = now()
        totals = checked.totals
        row = GameRow(
            uid=uuid.uuid4().hex,
            preset=checked.rules.base,
            rule_overrides=rules_json(checked.rules),
            first_dealer=checked.first_dealer,
            created_at=played_at,
            updated_at=played_at,
            own_rules_name=own_rules_name(checked.rules),
            **summary_columns(checked),
        )
        session.add(row)
        session.flush()
        assert row.id is not None
        for position, side in enumerate(checked.sides):
            session.add(
                SideRow(game_id=row.id, position=position, name=side.name, total=totals[position])
            )
            for seat, name in enumerate(side.players):
                player = _player(session, name, played_at)
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
        for number, entries in enumerate(checked.rounds, start=1):
            session.add(
                RoundRow(
                    game_id=row.id, number=number, entries=entries_json(entries), saved_at=played_at
                )
            )
        record(session, row, "game created")
    db.upkeep.after_write(db, finished_now=checked.finished)
    return stored(row, checked)


def load_game(*, db: Database, game_id: int) -> StoredGame:
    """A stored game with its rounds; raises GameNotFound (a LookupError) if there is none."""
    with reading(db) as session:
        row = game_row(session, game_id)
        return stored(row, read_facts(session, row), session)


def delete_game(*, db: Database, game_id: int) -> None:
    """Delete a game; `restore_game` brings it back until `purge_deleted` (when the app closes)."""
    with writing(db) as session:
        row = game_row(session, game_id)
        row.deleted_at = now()
        session.add(row)
        record(session, row, "game deleted")


def restore_game(*, db: Database, game_id: int) -> None:
    """Bring back a deleted game (before the app closed)."""
    with writing(db) as session:
        row = game_row(session, game_id, deleted_too=True)
        if row.deleted_at is not None:
            row.deleted_at = None
            session.add(row)
            record(session, row, "game restored")


def purge_deleted(*, db: Database, older_than: timedelta | None = None) -> int:
    """Remove the deleted games for good (only those deleted longer than `older_than` ago, if
    given); returns how many. Called when the app closes."""
    deleted: ColumnElement[bool] = col(GameRow.deleted_at).is_not(None)
    if older_than is not None:
        deleted = deleted & (col(GameRow.deleted_at) < now() - older_than)
    with writing(db) as session:
        result = session.execute(delete(GameRow).where(deleted))
        return int(result.rowcount)  # type: ignore[attr-defined]


def archive_game(*, db: Database, game_id: int, archived: bool = True) -> None:
    """Move a game to the archive (or back out of it)."""
    with writing(db) as session:
        row = game_row(session, game_id)
        if row.archived != archived:
            row.archived = archived
            session.add(row)
            record(session, row, "game archived" if archived else "game unarchived")


def known_players(*, db: Database) -> list[str]:
    """Names from earlier games, the most recently played first."""
    with reading(db) as session:
        return list(
            session.exec(
                select(PlayerRow.name).order_by(
                    col(PlayerRow.last_played_at).desc(), col(PlayerRow.id)
                )
            ).all()
        )


def changes(*, db: Database, game_id: int) -> list[Change]:
    """Everything that was done to a game, oldest first (also for a deleted, unpurged game)."""
    with reading(db) as session:
        game_row(session, game_id, deleted_too=True)
        rows = session.exec(
            select(ChangeRow).where(ChangeRow.game_id == game_id).order_by(col(ChangeRow.id))
        ).all()
    return [
        Change(
            id=row.id or 0,
            game_id=game_id,
            at=aware(row.at),
            what=row.what,
            round_number=row.round_number,
            before=None if row.before is None else json.loads(row.before),
            after=None if row.after is None else json.loads(row.after),
            version=row.version,
        )
        for row in rows
    ]
