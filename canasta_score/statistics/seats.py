"""Seats nobody named: a name the app made up ("We 2", "Spieler 1") is no player in the figures."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from canasta_score.statistics.summary import GameFigures

#: Whether a player's name on side `index` is one the app made up (`i18n.made_up_names`; the
#: statistics know no catalog, so the caller hands it in).
Unnamed = Callable[[int, str], bool]


def named_seats(history: Iterable[GameFigures], unnamed_seat: Unnamed) -> list[GameFigures]:
    """The games with every seat nobody named left blank: "We 2" or "Spieler 1" of one game is
    not "We 2" of another, so a name the app made up counts as no player (a blank name names
    nobody in the figures). A side keeps its place, and its named players their figures."""
    kept = []
    for game in history:
        if not any(
            unnamed_seat(index, player)
            for index, side in enumerate(game.sides)
            for player in side.players
        ):
            kept.append(game)
            continue
        sides = tuple(
            replace(
                side,
                players=tuple("" if unnamed_seat(index, p) else p for p in side.players),
            )
            for index, side in enumerate(game.sides)
        )
        kept.append(replace(game, sides=sides))
    return kept
