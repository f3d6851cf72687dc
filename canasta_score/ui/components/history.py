"""The whole history on home: a search, filters, and the games a page at a time.

Pages are asked for one at a time ("more games" at the end of the list), never the whole
history at once; a new search or filter starts again at the newest game.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING

import flet as ft

from canasta_score.core import PRESETS
from canasta_score.ui.components import TAP, Tagged, Wide, dropdown_width
from canasta_score.ui.state.history import PERIOD_LABELS, STATES, HistoryChoices, period_start
from canasta_score.ui.store import GameListEntry, HistoryCursor, HistoryQuery

if TYPE_CHECKING:
    from canasta_score.ui.host import Host

#: Games a page holds.
PAGE = 30
#: The choice of a dropdown that means "no filter".
EVERY = "all"


def history_query(choices: HistoryChoices, today: datetime) -> HistoryQuery:
    return HistoryQuery(
        search=choices.search,
        rules=choices.rules,
        finished=choices.finished,
        since=period_start(choices.period, today.date()),
    )


class HistoryList:
    """The history's controls; `tile` draws one game of it."""

    def __init__(self, app: Host, tile: Callable[[GameListEntry], ft.Control]) -> None:
        self.app = app
        self.tile = tile
        self.choices = HistoryChoices()
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
        self.search = ft.TextField(
            label=tr._("Search by player or side"),
            prefix_icon=ft.Icons.SEARCH,
            on_change=lambda e: self.choose(self.choices.with_search(e.control.value or "")),
            dense=True,
        )
        rule_sets = [ft.DropdownOption(key=EVERY, text=tr._("All rule sets"))] + [
            ft.DropdownOption(key=preset_id, text=tr._(rules.name))
            for preset_id, rules in PRESETS.items()
        ]
        self.filters = ft.Row(
            [
                self.dropdown(
                    "history-rules",
                    tr._("Rule set"),
                    rule_sets,
                    lambda key: self.choices.with_rules(None if key == EVERY else key),
                ),
                self.dropdown(
                    "history-state",
                    tr._("Games"),
                    [ft.DropdownOption(key=k, text=tr._(label)) for k, label in STATES.items()],
                    self.choices.with_state,
                ),
                self.dropdown(
                    "history-period",
                    tr._("Started"),
                    [
                        ft.DropdownOption(key=k, text=tr._(label))
                        for k, label in PERIOD_LABELS.items()
                    ],
                    self.choices.with_period,
                ),
            ],
            wrap=True,
            spacing=8,
            run_spacing=8,
        )

    def dropdown(
        self,
        identifier: str,
        label: str,
        options: list[ft.DropdownOption],
        chosen: Callable[[str], HistoryChoices],
    ) -> ft.Control:
        return Tagged(
            identifier,
            ft.Dropdown(
                label=label,
                value=EVERY,
                options=options,
                on_select=lambda e: self.choose(chosen(e.control.value or EVERY)),
                # Each choice whole ("Viimeiset 12 kuukautta"), on a line of its own if need be.
                width=dropdown_width(
                    [str(o.text) for o in options], self.app.body_width(), self.app.text_scale
                ),
                dense=True,
            ),
        )

    def controls(self) -> list[ft.Control]:
        """The search, the filters and the first page of games."""
        self.load_page()
        return [
            Tagged("history-search", self.search),
            self.filters,
            self.games,
            self.empty,
            self.more,
        ]

    def choose(self, choices: HistoryChoices) -> None:
        """A new search or filter: the list starts again at the newest game it admits."""
        if choices == self.choices:
            return
        self.choices = choices
        self.cursor = None
        self.shown = 0
        self.games.controls = []
        self.load_more()

    def load_more(self) -> None:
        """Add the next page of games to the list, and show it."""
        self.load_page()
        self.app.update()

    def load_page(self) -> None:
        query = history_query(self.choices, datetime.now(UTC))
        page = self.app.store.history_page(query, after=self.cursor, limit=PAGE)
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
