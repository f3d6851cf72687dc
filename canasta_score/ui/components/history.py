"""The whole history on home: a search, filters, and the games a page at a time.

Pages are asked for one at a time ("more games" at the end of the list), never the whole
history at once; a new search or filter starts again at the newest game.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING

import flet as ft

from canasta_score.ui.components import (
    DROPDOWN_EXTRAS,
    LETTER_ADVANCE,
    TAP,
    NamedButton,
    Tagged,
    TaggedChoice,
    Wide,
    fitted,
    icon_size,
    tap_size,
    text_width,
)
from canasta_score.ui.state.history import PERIOD_LABELS, STATES, HistoryChoices, period_start
from canasta_score.ui.store import HISTORY_PAGE as PAGE
from canasta_score.ui.store import GameListEntry, HistoryCursor, HistoryPage, HistoryQuery

if TYPE_CHECKING:
    from canasta_score.ui.host import Host

#: The choice of a dropdown that means "no filter".
EVERY = "all"


def history_query(choices: HistoryChoices, today: datetime) -> HistoryQuery:
    return HistoryQuery(
        search=choices.search,
        rules=choices.rules,
        finished=choices.finished,
        since=period_start(choices.period, today.date()),
    )


class HistoryView:
    """What a phone asked the history for, kept while its home is drawn again (another
    phone's news, a new text size): the search and filters, and whether they are unfolded."""

    def __init__(self) -> None:
        self.choices = HistoryChoices()
        self.unfolded = False


def first_page(app: Host) -> HistoryPage:
    """The history's first page, as this page's search and filters choose it: read with the
    screen (off the event loop on a server), before the list is drawn."""
    choices = app.nav.kept(HistoryView).choices
    return app.table.store.history_page(history_query(choices, datetime.now(UTC)), limit=PAGE)


class HistoryList:
    """The history's controls; `tile` draws one game of it.

    The filters fold away behind a button beside the search, so the games show on the first
    screen even at large text; the filters in force stay in sight as chips, each a tap away
    from being lifted.
    """

    def __init__(self, app: Host, tile: Callable[[GameListEntry], ft.Control]) -> None:
        self.app = app
        self.tile = tile
        self.kept = app.nav.kept(HistoryView)
        self.cursor: HistoryCursor | None = None
        self.shown = 0
        tr = app.tr
        self.games = ft.Column(spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        self.empty = ft.Text(color=ft.Colors.ON_SURFACE_VARIANT, visible=False)
        self.more = Tagged(
            "history-more",
            Wide(
                ft.OutlinedButton(
                    content=ft.Text(tr._("More games")),
                    icon=ft.Icons.EXPAND_MORE,
                    on_click=lambda: self.load_more(),
                    height=TAP,
                )
            ),
        )
        self.fold = ft.IconButton(
            icon=ft.Icons.FILTER_LIST,
            selected_icon=ft.Icons.FILTER_LIST_OFF,
            selected=self.kept.unfolded,
            on_click=lambda: self.unfold(not self.kept.unfolded),
            icon_size=icon_size(app.layout.text_scale),
            width=tap_size(app.layout.text_scale),
            height=tap_size(app.layout.text_scale),
        )
        # Built at their first unfolding: a first screen without them is a tenth of a
        # second quicker in a browser tab (Flet's dropdown is not loaded).
        self.filters = ft.Column(spacing=8, tight=True, visible=False)
        if self.kept.unfolded:
            self.show_filters()
        self.chips = ft.Row(wrap=True, spacing=8, run_spacing=4)
        self.show_chips()

    def search_field(self) -> ft.TextField:
        """The search, by player or side."""
        hint = self.app.tr._("Search by player or side")
        scale = self.app.layout.text_scale
        # Two lines of the hint, smaller where even two would cut it (words wrap whole, so
        # a little under twice the line).
        room = self.app.layout.body_width() - icon_size(scale) - 2 * 24
        return ft.TextField(
            value=self.choices.search,
            # A hint, not a label: at large text it takes two lines, where a label would
            # spill over the field's border.
            hint_text=hint,
            hint_max_lines=2,
            hint_style=ft.TextStyle(size=math.floor(fitted(hint, 16, 1.7 * room, scale) * 10) / 10),
            prefix_icon=ft.Icon(ft.Icons.SEARCH, size=icon_size(scale)),
            on_change=lambda e: self.choose(self.choices.with_search(e.control.value or "")),
            dense=True,
        )

    # The filters' choices, as the filters or their chips first need them.

    @functools.cached_property
    def rule_sets(self) -> dict[str, str]:
        from canasta_score.core import ALL_PRESETS  # the rule sets, once a filter shows them

        tr = self.app.tr
        return {EVERY: tr._("All rule sets")} | {
            preset_id: tr._(rules.name) for preset_id, rules in ALL_PRESETS.items()
        }

    @functools.cached_property
    def states(self) -> dict[str, str]:
        return {key: self.app.tr._(label) for key, label in STATES.items()}

    @functools.cached_property
    def periods(self) -> dict[str, str]:
        return {key: self.app.tr._(label) for key, label in PERIOD_LABELS.items()}

    @property
    def choices(self) -> HistoryChoices:
        return self.kept.choices

    def dropdown(
        self,
        identifier: str,
        label: str,
        options: dict[str, str],
        value: str,
        chosen: Callable[[str], HistoryChoices],
    ) -> ft.Control:
        room = self.app.layout.body_width()
        scale = self.app.layout.text_scale
        # The whole width, and each choice whole on it ("Viimeiset 12 kuukautta"): smaller
        # where the longest would be cut; in the list, a long one may take two lines.
        longest = max(options.values(), key=len)
        size = 16 * min(
            1.0, (room - DROPDOWN_EXTRAS) / text_width(longest, 16, scale, LETTER_ADVANCE)
        )
        return TaggedChoice(
            identifier,
            ft.Dropdown(
                label=label,
                value=value,
                options=[
                    ft.DropdownOption(
                        key=key,
                        text=text,
                        content=ft.Text(text, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS),
                    )
                    for key, text in options.items()
                ],
                on_select=lambda e: self.choose(chosen(e.control.value or EVERY)),
                width=room,
                text_size=math.floor(size * 10) / 10,
                dense=True,
            ),
        )

    def show_filters(self) -> None:
        if not self.filters.controls:
            tr = self.app.tr
            self.filters.controls = [
                self.dropdown(
                    "history-rules",
                    tr._("Rule set"),
                    self.rule_sets,
                    self.choices.rules or EVERY,
                    lambda key: self.choices.with_rules(None if key == EVERY else key),
                ),
                self.dropdown(
                    "history-state",
                    tr._("Games"),
                    self.states,
                    self.choices.state,
                    lambda key: self.choices.with_state(key),
                ),
                self.dropdown(
                    "history-period",
                    tr._("Started"),
                    self.periods,
                    self.choices.period,
                    lambda key: self.choices.with_period(key),
                ),
            ]
        self.filters.visible = True

    def unfold(self, unfolded: bool) -> None:
        """Shows the filters, or folds them away (those in force stay in sight as chips)."""
        self.kept.unfolded = unfolded
        if unfolded:
            self.show_filters()
        else:
            self.filters.visible = False
        self.fold.selected = unfolded
        self.show_chips()
        self.app.update()

    def in_force(self) -> list[tuple[str, str, HistoryChoices]]:
        """The filters in force: their key, what they say, and the choices without them."""
        choices = self.choices
        found = []
        if choices.rules is not None:
            found.append(
                (
                    "rules",
                    self.rule_sets.get(choices.rules, choices.rules),
                    choices.with_rules(None),
                )
            )
        if choices.state != "all":
            found.append(("state", self.states[choices.state], choices.with_state("all")))
        if choices.period != "all":
            found.append(("period", self.periods[choices.period], choices.with_period("all")))
        return found

    def show_chips(self) -> None:
        # Folded away, the filters in force still say what the list leaves out.
        self.chips.controls = [
            Tagged(
                f"history-filter-{key}",
                ft.Chip(
                    label=ft.Text(text, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS),
                    on_delete=lambda _e, lifted=lifted: self.lift(lifted),
                    delete_icon=ft.Icon(
                        ft.Icons.CLOSE, size=0.75 * icon_size(self.app.layout.text_scale)
                    ),
                    delete_icon_tooltip=self.app.tr._("Remove filter"),
                ),
            )
            for key, text, lifted in ([] if self.kept.unfolded else self.in_force())
        ]
        self.chips.visible = bool(self.chips.controls)

    def lift(self, choices: HistoryChoices) -> None:
        """A filter's chip removed: its dropdown says every game again."""
        keys = {"history-rules": choices.rules or EVERY, "history-state": choices.state}
        keys["history-period"] = choices.period
        for tagged in self.filters.controls:
            if isinstance(tagged, ft.Semantics) and isinstance(tagged.content, ft.Dropdown):
                tagged.content.value = keys[str(tagged.identifier)]
        self.choose(choices)

    def controls(self, heading: ft.Control, first: HistoryPage) -> list[ft.Control]:
        """The `heading` with the filters' button, the search, the filters, and the `first`
        page of games (read before: `first_page`)."""
        self.add_page(first)
        if self.shown == 0 and not self.choices.narrowed:
            # No game yet: nothing to search or filter (and a first screen without Flet's text
            # field is quicker in a browser tab).
            return [heading, self.games, self.empty, self.more]
        heading.expand = True
        return [
            ft.Row(
                [heading, NamedButton("history-filters", self.fold, self.app.tr._("Filters"))],
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            Tagged("history-search", self.search_field()),
            self.chips,
            self.filters,
            self.games,
            self.empty,
            self.more,
        ]

    def choose(self, choices: HistoryChoices) -> None:
        """A new search or filter: the list starts again at the newest game it admits."""
        if choices == self.choices:
            return
        self.kept.choices = choices
        self.show_chips()
        self.cursor = None
        self.shown = 0
        self.games.controls = []
        self.load_more()

    def load_more(self) -> None:
        """Add the next page of games to the list (read off the event loop), and show it."""
        query, after, store = (
            history_query(self.choices, datetime.now(UTC)),
            self.cursor,
            self.app.table.store,
        )
        self.app.actions.attempt(
            lambda: store.history_page(query, after=after, limit=PAGE), self.add_page
        )

    def add_page(self, page: HistoryPage) -> None:
        self.games.controls += [self.tile(summary) for summary in page.games]
        self.shown += len(page.games)
        self.cursor = page.next
        self.more.visible = page.next is not None
        tr = self.app.tr
        self.empty.visible = self.shown == 0
        self.empty.value = (
            tr._("No game matches the search and filters.")
            if self.choices.narrowed
            else tr._("No games yet. Start one and it will be kept here.")
        )
