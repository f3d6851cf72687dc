"""Played games for the statistics: each game's summary kept as JSON beside its facts.

Scoring 10,000 games afresh takes seconds; their summaries, written in the same transaction
as the facts (`summaries.write_summary`), are read in a fraction of that. A summary is a cache:
one missing or written by another form is derived again from the facts when asked for.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import date, timedelta
from typing import Any

from sqlalchemy import text
from sqlmodel import Session

from canasta_score.core import Game
from canasta_score.statistics import (
    ALL_GAMES,
    PlayedGame,
    SideSummary,
    StatsFilter,
    summarize,
)
from canasta_score.statistics import GameSummary as GameFigures
from canasta_score.storage.database import Database, reading, writing
from canasta_score.storage.facts import read_facts
from canasta_score.storage.tables import GameRow

#: The form of the stored summaries; a summary of another form is derived again.
FORM = 1


def stats_json(game: Game) -> str:
    """The statistics' summary of a game as stored in `game.stats` (without its id and day,
    which the game's row holds)."""
    summary = summarize(PlayedGame(game, date.min, 0))
    return json.dumps(
        {
            "form": FORM,
            "rules": summary.rules_id,
            "winner": summary.winner,
            "sides": [
                [
                    list(side.players),
                    side.total,
                    side.rounds,
                    side.round_points,
                    side.best_round,
                    dict(side.canastas),
                    side.went_out,
                    side.went_out_concealed,
                    side.red_threes,
                ]
                for side in summary.sides
            ],
        },
        ensure_ascii=False,
        separators=(",", ":"),
    )


def summary_from_json(stored: str, game_id: int, played_on: date) -> GameFigures | None:
    """A stored summary read back; None when there is none or it is of another form.

    >>> from canasta_score.core import CLASSIC, Side, SideEntry
    >>> game = Game(CLASSIC, (Side("We", ("A",)), Side("They", ("B",))), ((SideEntry(melded=90), SideEntry(hand=20)),))
    >>> back = summary_from_json(stats_json(game), 7, date(2026, 1, 1))
    >>> back == summarize(PlayedGame(game, date(2026, 1, 1), 7))
    True
    """
    return _summary(json.loads(stored) if stored else None, game_id, played_on)


def _summary(data: Any, game_id: int, played_on: date) -> GameFigures | None:
    if not isinstance(data, dict) or data.get("form") != FORM:
        return None
    # Positional, field by field as `stats_json` wrote them: 10,000 games are read at once.
    return GameFigures(
        game_id,
        played_on,
        data["rules"],
        data["winner"],
        tuple(
            SideSummary(
                tuple(players),
                total,
                rounds,
                points,
                best,
                tuple(canastas.items()),
                out,
                hidden,
                red,
            )
            for players, total, rounds, points, best, canastas, out, hidden, red in data["sides"]
        ),
    )


def played_games_summaries(*, db: Database, where: StatsFilter = ALL_GAMES) -> list[GameFigures]:
    """The statistics' summary of every stored game `where` admits (deleted ones left out),
    oldest first; a game's day is the day it was created (UTC).

    Summaries not yet derived (after an upgrade of the database) are derived from the facts
    and written back.
    """
    # Days compare as text with the stored times: `2026-03-01` sorts before every moment of
    # that day, whichever of its two forms (created here, or imported) it was written in.
    conditions = ["deleted_at IS NULL"]
    values: dict[str, Any] = {}
    if where.rules_id is not None:
        conditions.append("preset = :rules")
        values["rules"] = where.rules_id
    if where.since is not None:
        conditions.append("created_at >= :since")
        values["since"] = where.since.isoformat()
    if where.until is not None:
        conditions.append("created_at < :until")
        values["until"] = (where.until + timedelta(days=1)).isoformat()
    query = text(
        f"SELECT id, created_at, stats FROM game WHERE {' AND '.join(conditions)} "
        "ORDER BY created_at, id"
    )
    with reading(db) as session:
        rows: Sequence[Any] = session.execute(query, values).all()
    summaries: list[GameFigures | None] = []
    cache = db._played
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
        datas = [_loaded(text) for text in texts]
    underived = []
    for index, data in zip(missing, datas, strict=True):
        game_id, created_at, stored = rows[index]
        summary = _summary(data, game_id, _day(created_at))
        if summary is None:
            underived.append(index)
        else:
            db._played[game_id] = (stored, created_at, summary)
            summaries[index] = summary
    if underived:
        _derive(db, rows, underived, summaries)


def _loaded(stored: str) -> Any:
    try:
        return json.loads(stored)
    except ValueError:
        return None


def _day(created_at: Any) -> date:
    return created_at.date() if hasattr(created_at, "date") else date.fromisoformat(created_at[:10])


def _derive(
    db: Database,
    rows: Sequence[Any],
    missing: list[int],
    summaries: list[GameFigures | None],
) -> None:
    """Derive the missing summaries from the facts, and keep them."""
    with writing(db) as session:
        for index in missing:
            game_id, created_at, _stored = rows[index]
            summaries[index] = _derive_one(session, game_id, _day(created_at))


def _derive_one(session: Session, game_id: int, played_on: date) -> GameFigures | None:
    row = session.get(GameRow, game_id)
    if row is None:  # purged meanwhile
        return None
    game = read_facts(session, row)
    row.stats = stats_json(game)
    session.add(row)
    return summarize(PlayedGame(game, played_on, game_id))
