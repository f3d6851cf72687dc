"""Words that name a side, chosen by how many players sit on it.

Some languages name a side by its size: Finnish says pelaaja for one player, pari for two and
joukkue for three, where English says "side" for each. Every message that names a side is
marked here once for each size, with the size as its gettext context (msgctxt); a catalog
whose language keeps one word repeats it. `Translator.side` picks the context; where the
size is not known (a game file being read, figures over many games) the message is worded
without a context, so it must be marked `N_` where it is used.
"""

from __future__ import annotations

from collections.abc import Iterable, Sized
from typing import Protocol

from canasta_score.core.problems import N_

#: The context of a message naming a side, by the number of players on the side.
SIDE_OF = {1: "side of 1 player", 2: "side of 2 players", 3: "side of 3 players"}


def Np_(context: str, message: str) -> str:
    """Mark a message in a context for translation (Babel keyword `Np_:1c,2`).

    >>> Np_("side of 2 players", "Add a side")
    'Add a side'
    """
    return message


def Npn_(context: str, singular: str, plural: str) -> str:
    """Mark a singular/plural pair in a context for translation (Babel keyword `Npn_:1c,2,3`);
    the singular stands for the pair."""
    return singular


#: Every message that names a side, each marked in the context of each size of side.
NAMING_A_SIDE = frozenset(
    {
        # the new-game form
        Np_("side of 1 player", "Sides"),
        Np_("side of 2 players", "Sides"),
        Np_("side of 3 players", "Sides"),
        Np_("side of 1 player", "Add a side"),
        Np_("side of 2 players", "Add a side"),
        Np_("side of 3 players", "Add a side"),
        Np_("side of 1 player", "Remove this side"),
        Np_("side of 2 players", "Remove this side"),
        Np_("side of 3 players", "Remove this side"),
        Np_("side of 1 player", "Side {n} name"),
        Np_("side of 2 players", "Side {n} name"),
        Np_("side of 3 players", "Side {n} name"),
        Np_("side of 1 player", "Third side"),
        Np_("side of 2 players", "Third side"),
        Np_("side of 3 players", "Third side"),
        Np_("side of 1 player", "Fourth side"),
        Np_("side of 2 players", "Fourth side"),
        Np_("side of 3 players", "Fourth side"),
        Np_("side of 1 player", "Two sides have the same name; give each side its own."),
        Np_("side of 2 players", "Two sides have the same name; give each side its own."),
        Np_("side of 3 players", "Two sides have the same name; give each side its own."),
        # a game's screens
        Np_("side of 1 player", "A few lines for a chat: sides, totals, the winner"),
        Np_("side of 2 players", "A few lines for a chat: sides, totals, the winner"),
        Np_("side of 3 players", "A few lines for a chat: sides, totals, the winner"),
        Np_("side of 1 player", "Above the line what a side scored, below it what it lost."),
        Np_("side of 2 players", "Above the line what a side scored, below it what it lost."),
        Np_("side of 3 players", "Above the line what a side scored, below it what it lost."),
        Np_(
            "side of 1 player",
            "Shading: the minimum a side needs to open, by its total (right edge). "
            "Dashed: the target.",
        ),
        Np_(
            "side of 2 players",
            "Shading: the minimum a side needs to open, by its total (right edge). "
            "Dashed: the target.",
        ),
        Np_(
            "side of 3 players",
            "Shading: the minimum a side needs to open, by its total (right edge). "
            "Dashed: the target.",
        ),
        Npn_("side of 1 player", "{n} won by another side", "{n} won by another side"),
        Npn_("side of 2 players", "{n} won by another side", "{n} won by another side"),
        Npn_("side of 3 players", "{n} won by another side", "{n} won by another side"),
        # problems of a round (core/problems.py), where the game is known
        Np_("side of 1 player", 'side "{side}"'),
        Np_("side of 2 players", 'side "{side}"'),
        Np_("side of 3 players", 'side "{side}"'),
        Np_("side of 1 player", "only the side that goes out can meld black threes"),
        Np_("side of 2 players", "only the side that goes out can meld black threes"),
        Np_("side of 3 players", "only the side that goes out can meld black threes"),
        Np_("side of 1 player", "{count} melds of one rank; a side has one meld of each rank"),
        Np_("side of 2 players", "{count} melds of one rank; a side has one meld of each rank"),
        Np_("side of 3 players", "{count} melds of one rank; a side has one meld of each rank"),
        Np_("side of 1 player", "side {number}"),
        Np_("side of 2 players", "side {number}"),
        Np_("side of 3 players", "side {number}"),
        Npn_(
            "side of 1 player",
            "{count} side went out; only one side can go out in a round",
            "{count} sides went out; only one side can go out in a round",
        ),
        Npn_(
            "side of 2 players",
            "{count} side went out; only one side can go out in a round",
            "{count} sides went out; only one side can go out in a round",
        ),
        Npn_(
            "side of 3 players",
            "{count} side went out; only one side can go out in a round",
            "{count} sides went out; only one side can go out in a round",
        ),
        Npn_(
            "side of 1 player",
            "{count} side has the dealer bonus; only the dealer's side can earn it",
            "{count} sides have the dealer bonus; only the dealer's side can earn it",
        ),
        Npn_(
            "side of 2 players",
            "{count} side has the dealer bonus; only the dealer's side can earn it",
            "{count} sides have the dealer bonus; only the dealer's side can earn it",
        ),
        Npn_(
            "side of 3 players",
            "{count} side has the dealer bonus; only the dealer's side can earn it",
            "{count} sides have the dealer bonus; only the dealer's side can earn it",
        ),
        Npn_(
            "side of 1 player",
            "a round needs an entry for each of the {sides} side, got {got}",
            "a round needs an entry for each of the {sides} sides, got {got}",
        ),
        Npn_(
            "side of 2 players",
            "a round needs an entry for each of the {sides} side, got {got}",
            "a round needs an entry for each of the {sides} sides, got {got}",
        ),
        Npn_(
            "side of 3 players",
            "a round needs an entry for each of the {sides} side, got {got}",
            "a round needs an entry for each of the {sides} sides, got {got}",
        ),
        # problems of the rule families (core/problems.py)
        Np_(
            "side of 1 player",
            "a side that goes out with a special hand scores the hand alone; {fields} entered beside it",
        ),
        Np_(
            "side of 2 players",
            "a side that goes out with a special hand scores the hand alone; {fields} entered beside it",
        ),
        Np_(
            "side of 3 players",
            "a side that goes out with a special hand scores the hand alone; {fields} entered beside it",
        ),
        Np_(
            "side of 1 player",
            "a side cannot go out with an unfinished meld on its table ({meld} entered)",
        ),
        Np_(
            "side of 2 players",
            "a side cannot go out with an unfinished meld on its table ({meld} entered)",
        ),
        Np_(
            "side of 3 players",
            "a side cannot go out with an unfinished meld on its table ({meld} entered)",
        ),
        Np_(
            "side of 1 player",
            "{kind} canasta and {meld} entered; a side has one meld of these cards, finished or not",
        ),
        Np_(
            "side of 2 players",
            "{kind} canasta and {meld} entered; a side has one meld of these cards, finished or not",
        ),
        Np_(
            "side of 3 players",
            "{kind} canasta and {meld} entered; a side has one meld of these cards, finished or not",
        ),
        Np_(
            "side of 1 player",
            "two unfinished melds of wild cards entered; a side has one, with all four jokers or without",
        ),
        Np_(
            "side of 2 players",
            "two unfinished melds of wild cards entered; a side has one, with all four jokers or without",
        ),
        Np_(
            "side of 3 players",
            "two unfinished melds of wild cards entered; a side has one, with all four jokers or without",
        ),
        Np_(
            "side of 1 player",
            "{meld} must be 0 or 1, got {got}: a side has at most one such meld",
        ),
        Np_(
            "side of 2 players",
            "{meld} must be 0 or 1, got {got}: a side has at most one such meld",
        ),
        Np_(
            "side of 3 players",
            "{meld} must be 0 or 1, got {got}: a side has at most one such meld",
        ),
        Npn_(
            "side of 1 player",
            "{field}: {got} entered, but the side has {players} player",
            "{field}: {got} entered, but the side has {players} players",
        ),
        Npn_(
            "side of 2 players",
            "{field}: {got} entered, but the side has {players} player",
            "{field}: {got} entered, but the side has {players} players",
        ),
        Npn_(
            "side of 3 players",
            "{field}: {got} entered, but the side has {players} player",
            "{field}: {got} entered, but the side has {players} players",
        ),
    }
)


#: The messages above that are also worded for sides of different sizes (without a context);
#: the problems' own are marked in core/problems.py.
OF_ANY_SIZE = (
    N_("Sides"),
    N_("Two sides have the same name; give each side its own."),
    N_("A few lines for a chat: sides, totals, the winner"),
    N_("Above the line what a side scored, below it what it lost."),
    N_("Shading: the minimum a side needs to open, by its total (right edge). Dashed: the target."),
)


class Seated(Protocol):
    """A side as far as its size goes (a core `Side`, the new-game form's side)."""

    @property
    def players(self) -> Sized: ...


def side_size(sides: Iterable[Seated]) -> int | None:
    """The number of players on each side, or None where the sides differ in size.

    >>> from canasta_score.core import Side
    >>> side_size([Side("We", ("A", "B")), Side("They", ("C", "D"))])
    2
    >>> side_size([Side("We", ("A",)), Side("They", ("C", "D"))]) is None
    True
    """
    sizes = {len(side.players) for side in sides}
    return sizes.pop() if len(sizes) == 1 else None
