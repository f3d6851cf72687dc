"""The card over the score sheet's rounds: a column per side with its name, players, total,
a bar of the way to the target and the minimum it needs to open next; under them, what the
game is played to, or that it is tied past it."""

from __future__ import annotations

import math

import flet as ft

from canasta_score.core import Game
from canasta_score.i18n import Translator
from canasta_score.ui.components.basics import (
    LETTER_ADVANCE,
    LINE_HEIGHT,
    FitNumber,
    Tagged,
    fitted,
    fitted_words,
    number_large,
    wrapped_lines,
)
from canasta_score.ui.components.names import (
    HEADING_LEAST_SEEN,
    PLAYERS_LEAST,
    TWO_LINES_BELOW,
    headings_centred,
    headings_in_rows,
    heard_whole,
    name_fitted,
    name_fitted_words,
    name_lines,
    name_width,
    names_held,
    names_shown,
    words_cut,
)
from canasta_score.ui.state.points import format_points
from canasta_score.ui.state.sheet import opening_text, sheet_columns, tied_text

#: The least size of a side's name over its column (a name too long even at it is cut; at
#: twice the text, still as large as normal body text); its players' is `PLAYERS_LEAST`.
#: On the screen never under NAME_LEAST_SEEN pixels: four sides at the normal text size
#: were all 10 px, read at arm's length, for one long name ("Bedsteforældre"), now cut.
NAME_LEAST, NAME_LEAST_SEEN = 10, 12
#: The most lines a side's players take under its name (four sides at 2x: "Jan / Willem, /
#: Anne / Marie"); a longer list is cut.
PLAYERS_MOST = 4


class TotalsCard:
    """The sides' totals of `game` on a card `width` wide, at the device's text `scale`: each
    part at one size in every column, so that no side looks bigger, and the totals level."""

    def __init__(self, game: Game, tr: Translator, *, width: float, scale: float) -> None:
        self.game, self.tr, self.scale = game, tr, scale
        self.columns = sheet_columns(game)
        four = len(game.sides) >= 4
        # The box's padding, then the row's spacing between the sides' columns.
        self.column_width = (width - 24 - 10 * (len(game.sides) - 1)) / len(game.sides)
        # The names each whole on its line, smaller where one would be cut (large text:
        # "Großelte…"); one cut even so shrinks on to the least a table's heading is seen at
        # (four sides on 360 px read "Børne…" at 20 px where "Børnene" fits at 14).
        self.name_size, self.names_lines = names_shown(
            [column.name for column in self.columns],
            self.column_width,
            scale,
            least=max(NAME_LEAST, NAME_LEAST_SEEN / scale),
            smallest=HEADING_LEAST_SEEN / scale,
        )
        # Where one would be cut over its column alone ("Nach…" at 2x on 360 px, whole in the
        # table under it), the names in a row of their own, taking room beside their columns.
        self.inner = width - 24
        self.names_placed = headings_centred(
            [column.name for column in self.columns],
            self.name_size,
            scale,
            self.names_lines,
            self.column_width,
            10,
            self.inner,
        )
        # The players under them, smaller where a word would break ("Maximilia/n"), never
        # larger than the names over them; none for a single player, who is the side's name.
        # A player's name is held whole where it fits ("Jan Willem, / Anne Marie").
        room = self.column_width
        self.players = [
            ""
            if list(column.players) == [column.name]
            else names_held(column.players, PLAYERS_LEAST, room, scale)
            for column in self.columns
        ]
        self.players_size = min(
            self.name_size,
            *(
                max(name_fitted_words(text, 12, room, scale), PLAYERS_LEAST)
                for text in self.players
            ),
        )
        # A word too long even at the least size is cut with an ellipsis ("Nachb…,"), where
        # Flutter broke it ("Nachbars / kinder," read as two players), whole on a long press.
        self.players_shown = [
            words_cut(text, self.players_size, room, scale) for text in self.players
        ]
        # The lines of the side whose players take most, held under every name (four sides
        # at 2x read "Jan / Willem, …" in two lines, "Anne Marie" lost); a longer list is cut.
        self.players_lines = min(
            max(
                wrapped_lines(text, self.players_size, self.column_width, scale, measure=name_width)
                for text in self.players_shown
            ),
            PLAYERS_MOST,
        )
        # The totals side by side at one size: a lower total never looks bigger.
        self.totals = [format_points(total, tr) for total in game.totals]
        self.total_size = 28 if four else 34
        # The minimum to open: its box's room, largest size and padding (four narrow columns
        # on a phone: little padding, so "needs 50" keeps to a line).
        self.opening_room = self.column_width - (4 if four else 16)
        self.opening_largest = 13 if four else 15
        self.opening_padding = 2 if four else 8
        # Where one side's minimum would wrap ("åbning / 120"), every side's has its number
        # on a line of its own ("åbning / 90"): the chips read alike, one height.
        self.openings = [self.opening_words(column.opening) for column in self.columns]
        self.opening_apart = any(
            wrapped_lines(said, size, self.opening_room, scale, LETTER_ADVANCE) > 1
            for said, size in self.openings
        )
        if self.opening_apart:
            self.openings = [
                (said, self.lines_apart(said, size, column.opening))
                for (said, size), column in zip(self.openings, self.columns, strict=True)
            ]

    def build(self) -> ft.Control:
        return ft.Container(
            content=ft.Column(
                [
                    *self.names_apart(),
                    ft.Row(
                        [self.column(index) for index in range(len(self.columns))],
                        vertical_alignment=ft.CrossAxisAlignment.START,
                    ),
                    self.target_line(),
                ],
                spacing=6,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            padding=12,
            border_radius=16,
            bgcolor=ft.Colors.SURFACE_CONTAINER,
        )

    def names_apart(self) -> list[ft.Control]:
        """The names in a row of their own, where they are placed apart from their columns."""
        if self.names_placed is None:
            return []
        spans, rows = self.names_placed
        names = [column.name for column in self.columns]
        return [
            headings_in_rows(
                names, spans, rows, self.inner, size=self.name_size, scale=self.scale, bold=True
            )
        ]

    def column(self, index: int) -> ft.Control:
        column, scale = self.columns[index], self.scale
        name = ft.Container(
            ft.Text(
                column.name,
                size=self.name_size,
                weight=ft.FontWeight.BOLD,
                text_align=ft.TextAlign.CENTER,
                max_lines=name_lines(column.name, self.names_lines),
                overflow=ft.TextOverflow.ELLIPSIS,
            ),
            # Two lines held over every column: the totals stay level.
            height=self.lines_high(2, self.name_size) if self.names_lines == 2 else None,
            alignment=ft.Alignment.TOP_CENTER,
        )
        return ft.Column(
            [
                *([name] if self.names_placed is None else []),
                ft.Container(
                    heard_whole(
                        ft.Text(
                            self.players_shown[index],
                            size=self.players_size,
                            color=ft.Colors.ON_SURFACE_VARIANT,
                            text_align=ft.TextAlign.CENTER,
                            max_lines=self.players_lines,
                            overflow=ft.TextOverflow.ELLIPSIS,
                        ),
                        self.players[index],
                    ),
                    # The lines of the side whose players take most held under every name
                    # ("Ida, / Oskar" beside "Mor, Far" at large text): the totals stay level.
                    height=(
                        self.lines_high(self.players_lines, self.players_size)
                        if self.players_lines > 1
                        else None
                    ),
                    alignment=ft.Alignment.TOP_CENTER,
                ),
                Tagged(
                    f"side-{index}-total",
                    FitNumber(
                        self.totals[index],
                        size=self.total_size,
                        width=self.column_width,
                        scale=scale,
                        row=self.totals,
                        color=ft.Colors.PRIMARY if self.game.winner == index else None,
                    ),
                ),
                # A picture of the total above it: a screen reader heard a bare "28" of it,
                # the total being said already.
                ft.Semantics(
                    content=ft.ProgressBar(value=column.progress, bar_height=6, border_radius=3),
                    exclude_semantics=True,
                ),
                # A won game has no next round, so no minimum to open it.
                *(
                    []
                    if self.game.finished
                    else [Tagged(f"side-{index}-opening", self.opening(index))]
                ),
            ],
            spacing=4,
            expand=True,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        )

    def lines_high(self, lines: int, size: float) -> int:
        return math.ceil(lines * LINE_HEIGHT * size * self.scale)

    def opening_words(self, minimum: int) -> tuple[str, float]:
        """The words for a `minimum` to open next round, and their size: smaller where a
        word would break (large text, long words)."""
        said = opening_text(minimum, self.tr)
        return said, fitted_words(said, self.opening_largest, self.opening_room, self.scale)

    def lines_apart(self, said: str, size: float, minimum: int) -> float:
        """The size of a minimum's words where its number has a line of its own: the words
        before it and after it a line each ("mind. / 50 / zum Auslegen", not "zum /
        Auslegen" a pixel short), where that keeps them nearly as large (`TWO_LINES_BELOW`)."""
        before, _number, after = said.partition(self.tr.number(minimum))
        lines = [line.strip() for line in (before, after) if line.strip()]
        whole = min(
            (name_fitted(line, size, self.opening_room, self.scale) for line in lines),
            default=size,
        )
        return whole if whole * TWO_LINES_BELOW >= size else size

    def opening(self, index: int) -> ft.Control:
        """The minimum side `index` needs to open next round, highlighted where it changed."""
        column, tr = self.columns[index], self.tr
        said, size = self.openings[index]
        minimum = tr.number(column.opening)
        changed = column.opening_changed
        return ft.Container(
            content=number_large(
                said,
                minimum,
                size,
                # The minimum itself at its full size where it fits.
                fitted(minimum, self.opening_largest, self.opening_room, self.scale),
                self.opening_apart,
                weight=ft.FontWeight.BOLD if changed else None,
                color=ft.Colors.ON_TERTIARY_CONTAINER if changed else None,
                text_align=ft.TextAlign.CENTER,
            ),
            padding=ft.Padding.symmetric(horizontal=self.opening_padding, vertical=2),
            border_radius=10,
            bgcolor=ft.Colors.TERTIARY_CONTAINER if changed else None,
        )

    def target_line(self) -> ft.Control:
        """What the game is played to; past it with the top total shared, that nobody has won."""
        game, tr = self.game, self.tr
        if game.tied is None:
            return ft.Text(
                tr._("Playing to {target}").format(target=format_points(game.target, tr)),
                size=13,
                color=ft.Colors.ON_SURFACE_VARIANT,
                text_align=ft.TextAlign.CENTER,
            )
        return Tagged(
            "tied",
            ft.Container(
                content=ft.Text(
                    tied_text(game, tr),
                    size=15,
                    weight=ft.FontWeight.BOLD,
                    color=ft.Colors.ON_TERTIARY_CONTAINER,
                    text_align=ft.TextAlign.CENTER,
                ),
                padding=ft.Padding.symmetric(horizontal=10, vertical=6),
                border_radius=10,
                bgcolor=ft.Colors.TERTIARY_CONTAINER,
            ),
        )
