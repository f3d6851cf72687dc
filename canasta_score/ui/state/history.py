"""What the history on home is asked for: a search, a rule set, finished or in play, a period."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date, timedelta

from canasta_score.core.problems import N_

#: Periods players pick from, each with the days it goes back (None: every game), in order.
PERIODS: dict[str, int | None] = {"all": None, "week": 7, "month": 30, "year": 365}
PERIOD_LABELS = {
    "all": N_("Any time"),
    "week": N_("Last 7 days"),
    "month": N_("Last 30 days"),
    "year": N_("Last 12 months"),
}
#: Games by state: every one, finished ones, ones in play.
STATES = {"all": N_("All games"), "finished": N_("Finished"), "in_play": N_("In play")}


def period_start(period: str, today: date) -> date | None:
    """The first day a period takes in, today included; None for every game.

    >>> period_start("week", date(2026, 3, 10)), period_start("all", date(2026, 3, 10))
    (datetime.date(2026, 3, 4), None)
    """
    days = PERIODS.get(period)
    return None if days is None else today - timedelta(days=days - 1)


@dataclass(frozen=True)
class HistoryChoices:
    """The search and filters of the history, as the player set them."""

    search: str = ""
    #: A preset id, or None for every rule set.
    rules: str | None = None
    #: A key of STATES.
    state: str = "all"
    #: A key of PERIODS.
    period: str = "all"

    @property
    def finished(self) -> bool | None:
        """True for finished games only, False for games in play only, None for both.

        >>> HistoryChoices(state="in_play").finished, HistoryChoices().finished
        (False, None)
        """
        return {"finished": True, "in_play": False}.get(self.state)

    @property
    def narrowed(self) -> bool:
        """Whether any game may be left out (the empty history then says so differently)."""
        return self != HistoryChoices()

    def with_search(self, text: str) -> HistoryChoices:
        return replace(self, search=text)

    def with_rules(self, rules: str | None) -> HistoryChoices:
        return replace(self, rules=rules or None)

    def with_state(self, state: str) -> HistoryChoices:
        return replace(self, state=state if state in STATES else "all")

    def with_period(self, period: str) -> HistoryChoices:
        return replace(self, period=period if period in PERIODS else "all")
