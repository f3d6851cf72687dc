"""The names the app makes up for a side or a player nobody named, in every language and side
size, now and before: a seat nobody named is no player (statistics), and each phone shows such
a name in its own language (`canasta_score.ui.state.names`)."""

from __future__ import annotations

from functools import cache

from canasta_score.i18n import LANGUAGES, Translator, translator
from canasta_score.i18n.sides import SIDE_OF

#: The most sides a game has, and the most players on a side (the new-game form's).
MOST_SIDES = 4
MOST_PLAYERS = 3


def default_side_name(index: int, tr: Translator, players: int = 2) -> str:
    """The name a side gets until the players give it one, in the word for its size: a single
    player is `Player 1`, `Player 2` (a lone opponent is no German "Ihr"), a partnership
    `We`, `They`, then `Third side`.

    >>> de = translator("de")
    >>> default_side_name(0, de, 1), default_side_name(1, de, 1), default_side_name(1, de, 2)
    ('Spieler 1', 'Spieler 2', 'Ihr')
    >>> default_side_name(2, translator("fi"), 2), default_side_name(2, translator("fi"), 3)
    ('Kolmas pari', 'Kolmas joukkue')
    """
    if players == 1:
        return tr._("Player {n}").format(n=index + 1)
    if index < 2:
        return [tr._("We"), tr._("They")][index]
    return tr.side(["Third side", "Fourth side"][index - 2], players)


def _worded_before(index: int, tr: Translator, players: int) -> str:
    """The name the form made up before single players were `Player n` (games stored then)."""
    if index < 2:
        return [tr._("We"), tr._("They")][index]
    return tr.side(["Third side", "Fourth side"][index - 2], players)


@cache
def made_up_names(index: int) -> frozenset[str]:
    """Every name the form may have given side `index`, in any language and side size, now
    or before.

    >>> {"Wir", "Spieler 1", "We", "Me"} <= made_up_names(0), "Wir" in made_up_names(1)
    (True, False)
    """
    return frozenset(
        name
        for code in LANGUAGES
        for players in SIDE_OF
        for name in (
            default_side_name(index, translator(code), players),
            _worded_before(index, translator(code), players),
        )
    )


def is_default_name(name: str) -> bool:
    """Whether a player name is one the app made up for a blank field (`We 2`, `They`), in
    any language a phone at the table may have used.

    >>> is_default_name("We 2"), is_default_name("They"), is_default_name("Anna")
    (True, True, False)
    >>> is_default_name("Spieler 2"), is_default_name("Kolmas pelaaja")
    (True, True)
    """
    sides = {side for index in range(MOST_SIDES) for side in made_up_names(index)}
    made_up = {f"{side} {n}" for side in sides for n in range(1, MOST_PLAYERS + 1)}
    return name in made_up or name in sides


@cache
def unnamed_seat(index: int, player: str) -> bool:
    """Whether a player's name on side `index` is one the app made up for a blank field (the
    side's made-up name, alone or numbered), in any language: a seat nobody named. A made-up
    name counts only in its place, as `shown_names` reads it.

    >>> unnamed_seat(0, "We 2"), unnamed_seat(1, "Ihr 1"), unnamed_seat(1, "Spieler 2")
    (True, True, True)
    >>> unnamed_seat(0, "They 1"), unnamed_seat(0, "Anna"), unnamed_seat(0, "We 12")
    (False, False, False)
    """
    if index >= MOST_SIDES:
        return False
    names = made_up_names(index)
    side, _space, number = player.rpartition(" ")
    numbered = side in names and number.isdigit() and 1 <= int(number) <= MOST_PLAYERS
    return player in names or numbered
