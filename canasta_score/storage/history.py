"""The whole history, a page at a time: newest first, searched by name, filtered.

Pages follow each other by key (the last game's creation time and id), not by offset, so
the 200th page costs what the first does, and a game added meanwhile never shifts a page.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from sqlalchemy import String, and_, bindparam, cast, or_, select, union
from sqlmodel import col

from canasta_score.statistics import NameChange, apply_changes, name_key
from canasta_score.storage.database import Database, reading
from canasta_score.storage.records import GameListEntry
from canasta_score.storage.summaries import game_summaries
from canasta_score.storage.tables import GameRow, PlayerRow, SeatRow, SideRow

#: Games on a page unless asked otherwise.
PAGE = 50


@dataclass(frozen=True)
class HistoryQuery:
    """Which games the history shows; the default shows every one."""

    #: Part of a player's or a side's name, case and surrounding spaces aside ("" for all).
    search: str = ""
    #: A preset id: games played with it or with a custom rule set copied from it.
    rules: str | None = None
    #: True: finished games only; False: games in play only; None: both.
    finished: bool | None = None
    #: Days the game was started (UTC), both ends included.
    since: date | None = None
    until: date | None = None


@dataclass(frozen=True)
class HistoryCursor:
    """Where a page ended: the next page starts after this game."""

    #: The game's creation time as stored: compared as the text it is, since games imported
    #: and games created write the same moment in two forms.
    created_at: str
    game_id: int


@dataclass(frozen=True)
class HistoryPage:
    games: list[GameListEntry]
    #: Where the next page starts; None when this page is the last.
    next: HistoryCursor | None


def history_page(
    *,
    db: Database,
    query: HistoryQuery = HistoryQuery(),
    after: HistoryCursor | None = None,
    limit: int = PAGE,
    changes: tuple[NameChange, ...] = (),
) -> HistoryPage:
    """A page of the stored games `query` admits, newest first, after `after` (deleted games
    left out). A search finds a player under any name the `changes` (renames and merges) give
    them."""
    game = GameRow
    created = cast(col(game.created_at), String)
    statement = select(game, created.label("created_text")).where(col(game.deleted_at).is_(None))
    if query.rules is not None:
        statement = statement.where(col(game.preset) == query.rules)
    if query.finished is not None:
        statement = statement.where(col(game.finished).is_(query.finished))
    if query.since is not None:
        statement = statement.where(created >= _text(query.since.isoformat()))
    if query.until is not None:
        statement = statement.where(created < _text((query.until + timedelta(days=1)).isoformat()))
    if after is not None:
        at = _text(after.created_at)
        statement = statement.where(
            or_(created < at, and_(created == at, col(game.id) < after.game_id))
        )
    statement = statement.order_by(col(game.created_at).desc(), col(game.id).desc()).limit(
        limit + 1
    )
    with reading(db) as session:
        search = name_key(query.search)
        if search:
            players, sides = _names_found(session, search, changes)
            if not players and not sides:
                return HistoryPage([], None)
            statement = statement.where(
                col(game.id).in_(
                    union(
                        select(col(SeatRow.game_id)).where(col(SeatRow.player_id).in_(players)),
                        select(col(SideRow.game_id)).where(col(SideRow.name).in_(sides)),
                    )
                )
            )
        found = list(session.execute(statement).all())
        rows = [row for row, _ in found[:limit]]
        games = game_summaries(session, rows)
    cursor = None
    if len(found) > limit:
        last, last_created = found[limit - 1]
        assert last.id is not None
        cursor = HistoryCursor(last_created, last.id)
    return HistoryPage(games, cursor)


def _text(value: str) -> Any:
    """A value compared as text with the stored times: a day (`2026-03-01`) sorts before
    every moment of it, whatever form the moment was written in."""
    return bindparam(None, value, type_=String)


def _names_found(
    session: Any, search: str, changes: tuple[NameChange, ...]
) -> tuple[list[int], list[str]]:
    """The players (ids) and side names that hold `search`: matched in Python, so case is
    folded in every alphabet (SQLite's LIKE folds ASCII only); the tables of names are small
    next to the games."""
    names = apply_changes(changes)
    players = [
        player_id
        for player_id, name in session.execute(select(col(PlayerRow.id), col(PlayerRow.name)))
        if search in name_key(name) or search in names.person(name)
    ]
    sides = [
        name
        for (name,) in session.execute(select(col(SideRow.name)).distinct())
        if search in name_key(name)
    ]
    return players, sides
