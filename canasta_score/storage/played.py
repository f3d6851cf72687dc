"""Played games for the statistics: each game's summary kept as JSON beside its facts.

Scoring 10,000 games afresh takes seconds; their summaries, written in the same transaction
as the facts (`summaries.write_summary`), are read in a fraction of that. A summary is a cache:
one missing or written by another form is derived again from the facts when asked for.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from sqlalchemy import Select, select
from sqlmodel import Session, col

from canasta_score.statistics import ALL_GAMES, GameFigures, PlayedGame, StatsFilter, summarize
from canasta_score.storage.database import Database, game_row, reading, writing
from canasta_score.storage.errors import GameNotFound
from canasta_score.storage.facts import read_facts
from canasta_score.storage.played_text import loaded, stats_json, summary_from_data
from canasta_score.storage.tables import GameRow

#: Summaries derived and written in one transaction.
DERIVE_BATCH = 50


def played_games_summaries(*, db: Database, where: StatsFilter = ALL_GAMES) -> list[GameFigures]:
    """The statistics' summary of every stored game `where` admits (deleted ones left out),
    oldest first; a game's day is the day it was created (UTC).

    Summaries not yet derived (after an upgrade of the database) are derived from the facts
    and written back.
    """
    with reading(db) as session:
        rows: Sequence[Any] = session.execute(played_query(where)).all()
    summaries: list[GameFigures | None] = []
    cache = db.upkeep.played
    missing: list[int] = []
    for game_id, created_at, stored in rows:
        cached = cache.get(game_id)
        # The day too: SQLite may give a purged game's id to a new one.
        if cached is not None and cached[0] == stored and cached[1] == created_at:
            summaries.append(cached[2])
        else:
            missing.append(len(summaries))
            summaries.append(None)
    if missing:
        _read(db, rows, missing, summaries)
    found = [summary for summary in summaries if summary is not None]
    return [summary for summary in found if where.admits(summary)]


def _read(
    db: Database, rows: Sequence[Any], missing: list[int], summaries: list[GameFigures | None]
) -> None:
    """Read the summaries not yet in the cache (one JSON document for all: 10,000 small
    ones take twice as long), deriving from the facts those not stored or of another form."""
    texts = [rows[index][2] or "null" for index in missing]
    try:
        datas = json.loads(f"[{','.join(texts)}]")
    except ValueError:  # a damaged one among them: each on its own, that one derived again
        datas = [loaded(text) for text in texts]
    underived = []
    for index, data in zip(missing, datas, strict=True):
        game_id, created_at, stored = rows[index]
        summary = summary_from_data(data, game_id, _day(created_at))
        if summary is None:
            underived.append(index)
        else:
            db.upkeep.played[game_id] = (stored, created_at, summary)
            summaries[index] = summary
    if underived:
        _derive(db, rows, underived, summaries)


def played_query(where: StatsFilter) -> Select[int | None, datetime, str]:
    """The games `where` admits, oldest first: id, creation time and stored summary (the
    `stats` command's read of a file, `played_file.played_query`, is the same in SQL)."""
    query = select(col(GameRow.id), col(GameRow.created_at), col(GameRow.stats)).where(
        col(GameRow.deleted_at).is_(None)
    )
    if where.rules_id is not None:
        query = query.where(col(GameRow.preset) == where.rules_id)
    if where.since is not None:
        query = query.where(col(GameRow.created_at) >= start_of(where.since))
    if where.until is not None:
        query = query.where(col(GameRow.created_at) < start_of(where.until + timedelta(days=1)))
    return query.order_by(col(GameRow.created_at), col(GameRow.id))


def start_of(day: date) -> datetime:
    """The first moment of a day (UTC), compared with the stored times as a time."""
    return datetime.combine(day, time(), tzinfo=UTC)


def _day(created_at: Any) -> date:
    return created_at.date() if hasattr(created_at, "date") else date.fromisoformat(created_at[:10])


def _derive(
    db: Database,
    rows: Sequence[Any],
    missing: list[int],
    summaries: list[GameFigures | None],
) -> None:
    """Derive the missing summaries from the facts, and keep them: a batch a transaction, so
    a save waits for one batch at most (after an upgrade every game's is missing)."""
    for first in range(0, len(missing), DERIVE_BATCH):
        with writing(db) as session:
            for index in missing[first : first + DERIVE_BATCH]:
                game_id, created_at, _stored = rows[index]
                summaries[index] = _derive_one(session, game_id, _day(created_at))


def _derive_one(session: Session, game_id: int, played_on: date) -> GameFigures | None:
    try:  # locked, as for any write of a game's columns
        row = game_row(session, game_id, deleted_too=True)
    except GameNotFound:  # purged meanwhile
        return None
    game = read_facts(session, row)
    row.stats = stats_json(game)
    session.add(row)
    return summarize(PlayedGame(game, played_on, game_id))
