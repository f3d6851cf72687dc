"""Side names nobody typed: given in the language of the phone that shows them.

A side left unnamed on the new-game form is stored under the name the form made up, in the
language of the phone that started the game ("Wir", "Zij", "Pelaaja 2"). Each phone shows such
a name in its own language and in the word for the side's size; a name a player typed is shown
as it was typed. The game file keeps the stored name (docs/GAME_FORMAT.md is unchanged).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING

from canasta_score.i18n import Translator, translator  # noqa: F401 (the examples use it)
from canasta_score.i18n.made_up_names import (
    MOST_PLAYERS,
    MOST_SIDES,
    default_side_name,
    is_default_name,
    made_up_names,
    unnamed_seat,
)

if TYPE_CHECKING:
    from canasta_score.core import Game

__all__ = [
    "MOST_PLAYERS",
    "MOST_SIDES",
    "default_side_name",
    "is_default_name",
    "made_up_names",
    "shown_game",
    "shown_names",
    "unnamed_seat",
]


def shown_names(
    side_names: Sequence[str], players: Sequence[Sequence[str]], tr: Translator
) -> tuple[list[str], list[list[str]]]:
    """Side names and players as this phone shows them: each made-up name in its language and
    in the word for its side's size (a player named after the side follows it).

    >>> shown_names(["Wir", "Ihr"], [["Wir"], ["Ihr"]], translator("de"))
    (['Spieler 1', 'Spieler 2'], [['Spieler 1'], ['Spieler 2']])
    >>> shown_names(["Wij", "Anna"], [["Wij 1", "Ben"], ["Anna"]], translator("nb"))
    (['Vi', 'Anna'], [['Vi 1', 'Ben'], ['Anna']])

    A made-up name counts only in its place: "Zij" (They) as the first side was typed.

    >>> shown_names(["Zij", "Wij"], [["A", "B"], ["C", "D"]], translator("en"))[0]
    ['Zij', 'Wij']
    """
    names: list[str] = []
    seated: list[list[str]] = []
    for index, (name, side_players) in enumerate(zip(side_names, players, strict=False)):
        if index >= MOST_SIDES or name not in made_up_names(index):
            names.append(name)
            seated.append(list(side_players))
            continue
        shown = default_side_name(index, tr, len(side_players) or 2)
        names.append(shown)
        seated.append([_player(player, name, shown) for player in side_players])
    return names, seated


def _player(player: str, stored: str, shown: str) -> str:
    if player == stored:
        return shown
    if player.startswith(f"{stored} ") and player[len(stored) + 1 :].isdigit():
        return f"{shown} {player[len(stored) + 1 :]}"
    return player


def shown_game(game: Game, tr: Translator) -> Game:
    """The game with its made-up side and player names as this phone shows them (`shown_names`);
    its rounds, rules and scores as they are.

    >>> from canasta_score.core import CLASSIC, Game, Side
    >>> game = Game(CLASSIC, (Side("Wir", ("Wir",)), Side("Ihr", ("Ihr",))))
    >>> [side.name for side in shown_game(game, translator("de")).sides]
    ['Spieler 1', 'Spieler 2']
    >>> [side.players for side in shown_game(game, translator("en")).sides]
    [('Player 1',), ('Player 2',)]
    """
    names, players = shown_names(
        [side.name for side in game.sides], [side.players for side in game.sides], tr
    )
    if names == [side.name for side in game.sides] and players == [
        list(side.players) for side in game.sides
    ]:
        return game
    sides = tuple(
        dataclasses.replace(side, name=name, players=tuple(seated))
        for side, name, seated in zip(game.sides, names, players, strict=True)
    )
    return dataclasses.replace(game, sides=sides)
