"""A finished game's result as a few lines of text, worded for a chat in the player's language."""

from __future__ import annotations

from datetime import date
from typing import Protocol

from canasta_score.core import Game, rules_title


class Wording(Protocol):
    """What the share text needs of a Translator (canasta_score.i18n.Translator has it)."""

    def _(self, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, count: int) -> str: ...

    def number(self, value: int | float) -> str: ...

    def date(self, day: date) -> str: ...


def share_text(game: Game, tr: Wording, day: date) -> str:
    """The game in a few lines: what was played and when, each side's total, who won.

    >>> from canasta_score.core import CLASSIC, Side, SideEntry
    >>> from canasta_score.i18n import translator
    >>> game = Game(CLASSIC, (Side("We", ("Anna", "Ben")), Side("They", ("Cleo", "Dan"))))
    >>> game = game.add_round([SideEntry(melded=120), SideEntry(melded=90, hand=20)])
    >>> print(share_text(game, translator("en"), date(2026, 11, 30)))
    Canasta: Classic, Nov 30, 2026
    We (Anna, Ben): 120
    They (Cleo, Dan): 70
    In play after 1 round.
    """
    lines = [
        tr._("Canasta: {rules}, {date}").format(
            rules=rules_title(game.rules, tr._), date=tr.date(day)
        ),
    ]
    for side, total in zip(game.sides, game.totals, strict=True):
        if side.players:
            lines.append(
                tr._("{side} ({players}): {total}").format(
                    side=side.name, players=", ".join(side.players), total=tr.number(total)
                )
            )
        else:
            lines.append(tr._("{side}: {total}").format(side=side.name, total=tr.number(total)))
    rounds = len(game.rounds)
    if game.winner is not None:
        lines.append(
            tr.ngettext(
                "{side} won after {n} round.", "{side} won after {n} rounds.", rounds
            ).format(side=game.sides[game.winner].name, n=rounds)
        )
    else:
        lines.append(
            tr.ngettext("In play after {n} round.", "In play after {n} rounds.", rounds).format(
                n=rounds
            )
        )
    return "\n".join(lines)
