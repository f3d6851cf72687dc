"""A game's statistics summary as the text kept in `game.stats`, and read back.

Standard library and the statistics alone: `played_file` reads the summaries from the file,
without SQLAlchemy, for the `stats` command.
"""

from __future__ import annotations

import json
from datetime import date
from typing import Any

from canasta_score.core import Game
from canasta_score.statistics import GameFigures, PlayedGame, SideSummary, summarize

#: The form of the stored summaries; a summary of another form is derived again (2: a
#: special hand counts as the side's going out; 3: a seat named after its side is blank).
FORM = 3


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
    return summary_from_data(loaded(stored), game_id, played_on)


def summary_from_data(data: Any, game_id: int, played_on: date) -> GameFigures | None:
    """A stored summary's JSON data read back; None when it is not one of this form."""
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


def loaded(stored: str) -> Any:
    """The JSON data of a stored summary; None for none or a damaged one."""
    try:
        return json.loads(stored) if stored else None
    except ValueError:
        return None
