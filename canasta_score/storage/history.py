"""The whole history, a page at a time: newest first, searched by name, filtered.

Pages follow each other by key (the last game's creation time and id), not by offset, so
the 200th page costs what the first does, and a game added meanwhile never shifts a page.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from sqlalchemy import and_, or_, select, union
from sqlmodel import col

from canasta_score.core import player_key
from canasta_score.statistics import NameChange, apply_changes
from canasta_score.storage.database import Database, aware, reading
from canasta_score.storage.played import start_of
from canasta_score.storage.records import EVERY_GAME, HistoryCursor, HistoryPage, HistoryQuery
from canasta_score.storage.summaries import game_summaries
from canasta_score.storage.tables import GameRow, PlayerRow, SeatRow, SideRow

#: Games on a page unless asked otherwise.
PAGE = 50


def history_page(
    *,
    db: Database,
    query: HistoryQuery = EVERY_GAME,
    after: HistoryCursor | None = None,
    limit: int = PAGE,
    changes: tuple[NameChange, ...] = (),
) -> HistoryPage:
    """A page of the stored games `query` admits, newest first, after `after` (deleted games
    left out). A search finds a player under any name the `changes` (renames and merges) give
    them."""
    game = GameRow
    created = col(game.created_at)
    statement = select(game).where(col(game.deleted_at).is_(None))
    if query.rules is not None:
        statement = statement.where(col(game.preset) == query.rules)
    if query.finished is not None:
        statement = statement.where(col(game.finished).is_(query.finished))
    if query.since is not None:
        statement = statement.where(created >= start_of(query.since))
    if query.until is not None:
        statement = statement.where(created < start_of(query.until + timedelta(days=1)))
    if after is not None:
        at = after.created_at
        statement = statement.where(
            or_(created < at, and_(created == at, col(game.id) < after.game_id))
        )
    statement = statement.order_by(col(game.created_at).desc(), col(game.id).desc()).limit(
        limit + 1
    )
    with reading(db) as session:
        search = player_key(query.search)
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
        found = list(session.execute(statement).scalars())
        games = game_summaries(session, found[:limit])
    cursor = None
    if len(found) > limit:
        last = found[limit - 1]
        assert last.id is not None
        cursor = HistoryCursor(aware(last.created_at), last.id)
    return HistoryPage(games, cursor)


def _names_found(
    session: Any, search: str, changes: tuple[NameChange, ...]
) -> tuple[list[int], list[str]]:
    """The players (ids) and side names that hold `search` (a `player_key`): players by their
    stored key or the key of the person a name change made them; side names folded here, as
    the table of side names is small next to the games."""
    names = apply_changes(changes)
    renamed = [entered for entered, person in names.current.items() if search in person]
    key = col(PlayerRow.key)
    players = list(
        session.execute(
            select(col(PlayerRow.id)).where(
                or_(key.contains(search, autoescape=True), key.in_(renamed))
            )
        ).scalars()
    )
    sides = [
        name
        for (name,) in session.execute(select(col(SideRow.name)).distinct())
        if search in player_key(name)
    ]
    return players, sides
