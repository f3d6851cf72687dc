"""Seats nobody named: a name the app made up ("We 2", "Spieler 1") is no player in the figures."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from canasta_score.i18n.made_up_names import unnamed_seat
from canasta_score.statistics.summary import GameFigures


def named_seats(history: Iterable[GameFigures]) -> list[GameFigures]:
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
