"""Stored games written out as game files (GAME_FORMAT.md) and backup documents."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from sqlalchemy import ColumnElement, true
from sqlmodel import Session, col, select

from canasta_score.core import FORMAT, Side, seat_order
from canasta_score.storage.database import Database, aware, game_row, reading
from canasta_score.storage.tables import GameRow, RoundRow, SeatRow, SideRow

BACKUP_FORMAT = "canasta-score-backup/1"


def _stored_facts(
    session: Session, game_ids: Sequence[int] | None
) -> tuple[dict[int, list[tuple[str, list[str]]]], dict[int, list[str]]]:
    """Sides (name, players) and stored rounds by game, for some games or all, in 3 queries."""

    def only(column: Any) -> ColumnElement[bool]:
        return true() if game_ids is None else col(column).in_(game_ids)

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
    if row.own_rules_name:
        document["rules_name"] = row.own_rules_name
    document["sides"] = [{"name": name, "players": list(players)} for name, players in sides]
    document["first_dealer"] = {"side": dealer[0], "player": dealer[1]}
    document["rounds"] = json.loads(f"[{','.join(rounds)}]")  # one parse for all its rounds
    document["created"] = aware(row.created_at).isoformat()
    document["updated"] = aware(row.updated_at).isoformat()
    document["archived"] = row.archived
    if row.uid:
        document["uid"] = row.uid
    return document


def export_game(*, db: Database, game_id: int) -> dict[str, Any]:
    """One game as a game file (GAME_FORMAT.md), with when it was created and last changed."""
    with reading(db) as session:
        row = game_row(session, game_id)
        sides, rounds = _stored_facts(session, [game_id])
    return _document(row, sides.get(game_id, []), rounds.get(game_id, []))


def export_all(*, db: Database) -> dict[str, Any]:
    """Every game (deleted ones left out), oldest first, as a backup document."""
    with reading(db) as session:
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
