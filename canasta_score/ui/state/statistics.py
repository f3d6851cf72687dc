"""What the statistics screen holds: its filters, the two sides of a head-to-head, and how
many cards it shows before "show all"."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date

from canasta_score.i18n.made_up_names import unnamed_seat
from canasta_score.statistics import (
    Figures,
    HeadToHead,
    NameChange,
    Statistics,
    StatsFilter,
    head_to_head,
)
from canasta_score.statistics.figures import History
from canasta_score.statistics.seats import named_seats
from canasta_score.ui.state.history import PERIODS, period_start

__all__ = ["named_seats", "unnamed_seat"]

#: Cards shown at first (a phone scrolls past 40 players and hundreds of partnerships).
FIRST_CARDS = 8


def party_key(figures: Figures) -> str:
    """How a player or partnership is named in a choice of head-to-head.

    >>> party_key(Figures(("Anna", "Ben")))
    'Anna\\nBen'
    """
    return "\n".join(figures.players)  # a name never holds a line break (core.table_name)


def party_names(key: str) -> tuple[str, ...]:
    return tuple(key.split("\n"))


@dataclass(frozen=True)
class StatsChoices:
    rules: str | None = None
    period: str = "all"
    #: The two sides of the head-to-head (`party_key`), None until picked.
    first: str | None = None
    second: str | None = None
    all_players: bool = False
    all_partnerships: bool = False

    def where(self, today: date) -> StatsFilter:
        """The games the figures count.

        >>> StatsChoices(rules="danish", period="week").where(date(2026, 3, 10))
        StatsFilter(rules_id='danish', since=datetime.date(2026, 3, 4), until=None)
        """
        return StatsFilter(rules_id=self.rules, since=period_start(self.period, today))

    def with_rules(self, rules: str | None) -> StatsChoices:
        return replace(self, rules=rules or None)

    def with_period(self, period: str) -> StatsChoices:
        return replace(self, period=period if period in PERIODS else "all")

    def with_first(self, key: str | None) -> StatsChoices:
        return replace(self, first=key or None)

    def with_second(self, key: str | None) -> StatsChoices:
        return replace(self, second=key or None)


def parties(stats: Statistics) -> list[Figures]:
    """Everyone a head-to-head can be between: the players, then the partnerships."""
    return [*stats.players, *stats.partnerships]


def compared(
    history: History, choices: StatsChoices, changes: Sequence[NameChange], today: date
) -> HeadToHead | None:
    """The head-to-head of the two picked, or None until two that can meet are picked.

    Two who share a player never play apart: no head-to-head then either.
    """
    if choices.first is None or choices.second is None:
        return None
    first, second = party_names(choices.first), party_names(choices.second)
    try:
        return head_to_head(history, first, second, changes=changes, where=choices.where(today))
    except ValueError:  # the same player on both sides
        return None
