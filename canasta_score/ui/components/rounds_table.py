"""The score sheet's rounds, as a paper pad has them: a row per round with each side's score
and running total under the sides' names, the round's number first and its edit button last."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import flet as ft

from canasta_score.core import Game
from canasta_score.i18n import Translator
from canasta_score.ui.components.basics import (
    LETTER_ADVANCE,
    TAP,
    FitNumber,
    Tagged,
    TapIcon,
    fitted_words,
    text_width,
)
from canasta_score.ui.components.entry import spoken
from canasta_score.ui.components.names import (
    headings_centred,
    headings_in_rows,
    headings_shown,
    name_lines,
)
from canasta_score.ui.state.points import format_points, signed
from canasta_score.ui.state.sheet import SheetRow, sheet_rows


class RoundsTable:
    """The rounds of `game` in a table `width` wide, at the device's text `scale`; a row's tap
    opens the round (`open_round`), its button edits it (`edit_round`; none in a won game)."""

    def __init__(
        self,
        game: Game,
        tr: Translator,
        *,
        width: float,
        scale: float,
        open_round: Callable[[int], None],
        edit_round: Callable[[int], None] | None,
    ) -> None:
        self.game, self.tr, self.scale = game, tr, scale
        self.open_round, self.edit_round = open_round, edit_round
        sides = len(game.sides)
        self.round_label = tr._("Round")
        # The headings at one size: each side's name whole over its column (at large text
        # smaller, down to 14 px on the screen, or on two lines of whole words: "Mor og Far"
        # over one of three columns), and "Round" at that size. The round's number takes a
        # tap's width, or its heading's where that is wider ("Kierros"); the edit button a
        # tap's width. The sides' columns share the rest.
        first: float = TAP
        for _wider_first in range(2):
            cell_width = (width - first - TAP - 4 * (sides + 1)) / sides
            heading_size, heading_lines = headings_shown(game.side_names, cell_width, scale, 12)
            first = max(TAP, text_width(self.round_label, heading_size, scale, LETTER_ADVANCE) + 6)
        self.first, self.cell_width = first, cell_width
        # The names' line: from the first column's start; the last may take the edit buttons'
        # column, empty in the headings' row.
        self.names_width = width - first - 4
        self.heading_size, self.heading_lines = heading_size, heading_lines
        self.rows = sheet_rows(game)
        # Every round's numbers at one size, the size at which the widest fits.
        self.numbers = [
            text
            for row in self.rows
            for text in [
                *(signed(score, tr) for score in row.scores),
                *(format_points(total, tr) for total in row.totals),
            ]
        ]

    def names_placed(self) -> tuple[list[tuple[float, float]], int] | None:
        """Where the names are drawn where one would be cut over its column (`headings_centred`),
        and in how many rows."""
        return headings_centred(
            self.game.side_names,
            self.heading_size,
            self.scale,
            self.heading_lines,
            self.cell_width,
            4,
            self.names_width,
        )

    def head(self) -> ft.Control:
        round_heading = ft.Text(
            self.round_label,
            # Measured by the wider letters' estimate: a capital and "u" run wide.
            size=min(self.heading_size, fitted_words(self.round_label, 12, self.first, self.scale)),
            width=self.first,
            text_align=ft.TextAlign.CENTER,
        )
        placed = self.names_placed()
        if placed is not None:  # "Nachbarskin…" cut beside room
            spans, rows = placed
            names = headings_in_rows(
                self.game.side_names,
                spans,
                rows,
                self.names_width,
                size=self.heading_size,
                scale=self.scale,
            )
            return ft.Row(
                [round_heading, ft.Container(names, expand=True)],
                spacing=4,
            )
        return ft.Row(
            [
                round_heading,
                *[
                    ft.Container(
                        content=ft.Text(
                            name,
                            size=self.heading_size,
                            max_lines=name_lines(name, self.heading_lines),
                            overflow=ft.TextOverflow.ELLIPSIS,
                            text_align=ft.TextAlign.CENTER,
                        ),
                        expand=True,
                        alignment=ft.Alignment.CENTER,
                    )
                    for name in self.game.side_names
                ],
                ft.Container(width=TAP),
            ],
            spacing=4,
        )

    def row(self, row: SheetRow) -> ft.Control:
        """A round's row: the whole row opens the round in detail, as tapping a line of the
        pad would."""
        cells: list[ft.Control] = [self.number(row.number)]
        for side, (score, total) in enumerate(zip(row.scores, row.totals, strict=True)):
            cells.append(self.side_cell(row.number, side, score, total))
        cells.append(
            TapIcon(
                f"round-{row.number}-edit",
                ft.Icons.EDIT,
                self.tr._("Edit round {n}").format(n=row.number),
                partial(self.edit_round, row.number),
            )
            if self.edit_round is not None
            else ft.Container(width=TAP)
        )
        return Tagged(
            f"round-{row.number}",
            ft.Container(
                content=ft.Row(cells, spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER),
                on_click=lambda _e, n=row.number: self.open_round(n),
                ink=True,
                border_radius=8,
            ),
            self.tr._("Round {n} in detail").format(n=row.number),
        )

    def number(self, number: int) -> ft.Control:
        # The round's number is in the row's name ("Round 1 in detail"): not read twice.
        return ft.Semantics(
            exclude_semantics=True,
            content=ft.Container(
                content=ft.Container(
                    content=ft.Text(
                        str(number), size=18, weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY
                    ),
                    width=TAP,
                    height=TAP,
                    alignment=ft.Alignment.CENTER,
                    border_radius=TAP // 2,
                    bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
                ),
                width=self.first,
                alignment=ft.Alignment.CENTER,
            ),
        )

    def side_cell(self, number: int, side: int, score: int, total: int) -> ft.Control:
        # Heard as the side's name, then what each number is: "They, Round score, -185,
        # Total after, -185" (the columns' meaning is seen, not heard).
        tr = self.tr
        shown_score, shown_total = signed(score, tr), format_points(total, tr)
        return ft.Semantics(
            label=self.game.side_names[side],
            expand=True,
            content=ft.Column(
                [
                    self.figure(
                        f"round-{number}-side-{side}-score",
                        shown_score,
                        14,
                        spoken(tr._("Round score"), shown_score),
                        weight=None,
                        color=ft.Colors.ERROR if score < 0 else ft.Colors.ON_SURFACE_VARIANT,
                    ),
                    self.figure(
                        f"round-{number}-side-{side}-total",
                        shown_total,
                        20,
                        spoken(tr._("Total after"), shown_total),
                    ),
                ],
                spacing=0,
                expand=True,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            ),
        )

    def figure(
        self, identifier: str, text: str, size: float, said: str, **style: Any
    ) -> ft.Control:
        """A number of the table, at the one size at which the widest of them fits, heard as
        `said` (what the number is, and the number)."""
        return Tagged(
            identifier,
            FitNumber(
                text, size=size, width=self.cell_width, scale=self.scale, row=self.numbers, **style
            ),
            said,
            alone=True,
        )
