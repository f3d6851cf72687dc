"""The game chart: each side's running total by round, the target, and the opening bands.

The bands are shaded behind the lines, each labelled on the right with the minimum a side
whose total lies in it needs to open, so "we need 90 next round" reads at a glance.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import flet as ft
import flet_charts as fch

from canasta_score.core import rules_title
from canasta_score.i18n.sides import side_size
from canasta_score.statistics.charts import ChartSeries, chart_series
from canasta_score.ui.components import Tagged, text_width
from canasta_score.ui.news import game_topic
from canasta_score.ui.screen import Screen
from canasta_score.ui.state.names import shown_game
from canasta_score.ui.store import StoredGame
from canasta_score.ui.views.game_screen import GameScreen

if TYPE_CHECKING:
    from canasta_score.ui.host import Host

#: A colour per side, strong enough on a light and on a dark background.
SIDE_COLORS = (
    ft.Colors.BLUE_600,
    ft.Colors.DEEP_ORANGE_600,
    ft.Colors.PURPLE_400,
    ft.Colors.TEAL_600,
)
#: How strongly each band is shaded, from the lowest minimum up (a higher minimum, darker).
BAND_SHADES = (0.05, 0.12, 0.22, 0.32, 0.42)
CHART_HEIGHT = 400
#: Axis values are rounded out to this many points.
STEP = 500
#: The axis labels' font size (before the device's text scale), the most they take on the
#: screen at large text (the plot keeps its room), and a line of them in em.
AXIS_FONT, AXIS_MOST = 13, 22
LINE_HEIGHT = 1.45
#: Room between an axis label and the chart's edge or the plot, in logical pixels.
AXIS_GAP = 8
#: The band labels' room from the plot's right border, where the lines end in a point.
BAND_LABEL_GAP = 6


def y_range(series: ChartSeries) -> tuple[int, int]:
    """The totals the chart shows: every total, zero and the target, rounded out to 500.

    >>> from canasta_score.statistics.charts import SideSeries
    >>> y_range(ChartSeries((SideSeries("We", (0, 1450, 2900)), SideSeries("They", (0, -185, 300))), 5000, ()))
    (-500, 5500)
    """
    values = [value for side in series.sides for value in side.totals]
    low = min([0, *values])
    high = max([series.target, *values])
    bottom = -STEP * math.ceil(-low / STEP) if low < 0 else 0
    top = STEP * (math.floor(high / STEP) + 1)
    return bottom, top


def axis_font(scale: float) -> float:
    """The axis labels' size at the text `scale`: read at arm's length at the normal size (11
    was 10-11 px on the screen), no larger than `AXIS_MOST` on the screen at large text.

    >>> axis_font(1.0), axis_font(1.5), axis_font(2.0)
    (13, 13, 11.0)
    """
    return min(AXIS_FONT, AXIS_MOST / scale)


def axis_room(labels: list[str], scale: float) -> float:
    """The width an axis keeps for its labels: the longest on one line at the text `scale`.

    >>> axis_room(["0", "5 000"], 1.0), axis_room(["0", "5 000"], 2.0)
    (47.0, 74.0)
    """
    longest = max(labels, key=len, default="")
    return text_width(longest, axis_font(scale), scale) + AXIS_GAP


def line_room(scale: float) -> int:
    """The height a line of axis text takes at the text `scale` (a title, the round numbers).

    >>> line_room(1.0), line_room(2.0)
    (23, 36)
    """
    return math.ceil(axis_font(scale) * scale * LINE_HEIGHT) + 4


def visible_bands(series: ChartSeries, bottom: int, top: int) -> list[tuple[int, int, int, int]]:
    """(from, to, minimum, shade index) of each band that shows between bottom and top."""
    found = []
    for index, band in enumerate(series.bands):
        start = bottom if band.start is None else max(band.start, bottom)
        end = top if band.end is None else min(band.end, top)
        if end > start:
            found.append((start, end, band.minimum, index))
    return found


class ChartScreen(GameScreen, Screen):
    def __init__(self, app: Host, route: str, game_id: int) -> None:
        self.app = app
        self.route = route
        self.game_id = game_id
        self.stored: StoredGame = app.table.store.load_game(game_id)

    def build(self) -> ft.View:
        app = self.app
        app.table.news.follow([game_topic(self.game_id)], self.changed_on_another_phone)
        tr = app.tr
        game = shown_game(self.stored.game, self.app.tr)
        series = chart_series(game)
        body: list[ft.Control] = [
            Tagged(
                "game-chart",
                ft.Container(
                    content=self.chart(series),
                    height=CHART_HEIGHT,
                    padding=ft.Padding.only(top=12, right=4, bottom=4),
                    border_radius=12,
                    bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
                ),
                tr._("Running totals by round"),
            ),
            self.legend(series),
        ]
        if not game.finished:
            body.append(self.next_round())
        body.append(
            ft.Text(
                tr.side(
                    "Shading: the minimum a side needs to open, by its total (right edge). "
                    "Dashed: the target.",
                    side_size(game.sides),
                ),
                size=13,
                color=ft.Colors.ON_SURFACE_VARIANT,
            )
        )
        return app.layout.frame(
            self.route,
            tr._("Chart"),
            body,
            subtitle=rules_title(game.rules, tr._),
            back=f"/game/{self.game_id}",
        )

    # --- the chart ----------------------------------------------------------------------

    def chart(self, series: ChartSeries) -> fch.LineChart:
        tr = self.app.tr
        bottom, top = y_range(series)
        rounds = max(1, len(series.sides[0].totals) - 1) if series.sides else 1
        bands = visible_bands(series, bottom, top)
        data: list[fch.LineChartData] = [
            self.band(start, end, BAND_SHADES[min(shade, len(BAND_SHADES) - 1)], rounds)
            for start, end, _minimum, shade in bands
        ]
        data.append(
            fch.LineChartData(
                points=[
                    self.quiet_point(0, series.target),
                    self.quiet_point(rounds, series.target),
                ],
                color=ft.Colors.ON_SURFACE,
                stroke_width=1.5,
                dash_pattern=[6, 4],
            )
        )
        dots = rounds <= 15
        for index, side in enumerate(series.sides):
            color = SIDE_COLORS[index % len(SIDE_COLORS)]
            data.append(
                fch.LineChartData(
                    points=[
                        fch.LineChartDataPoint(
                            x=number,
                            y=total,
                            tooltip=f"{side.name} {tr.number(total)}",
                        )
                        for number, total in enumerate(side.totals)
                    ],
                    color=color,
                    stroke_width=3,
                    rounded_stroke_cap=True,
                    rounded_stroke_join=True,
                    point=fch.ChartCirclePoint(radius=3, color=color, stroke_width=0)
                    if dots
                    else None,
                )
            )
        left = sorted(
            {0, series.target, *(start for start, _e, _m, _s in bands if start != bottom)}
        )
        every = max(1, math.ceil(rounds / 8))
        scale = self.app.layout.text_scale

        def label(
            text: str, color: str = ft.Colors.ON_SURFACE_VARIANT, bold: bool = False
        ) -> ft.Text:
            # One line whatever the text size: the axis keeps room for its longest label.
            return ft.Text(
                text,
                size=axis_font(scale),
                color=color,
                weight=ft.FontWeight.BOLD if bold else None,
                no_wrap=True,
                max_lines=1,
            )

        left_labels = {value: tr.number(value) for value in left}
        band_labels = [
            (STEP / 2 * round((start + end) / STEP), tr.number(minimum))
            for start, end, minimum, _shade in bands
        ]
        round_labels = {number: tr.number(number) for number in range(0, rounds + 1, every)}
        return fch.LineChart(
            data_series=data,
            min_x=0,
            max_x=rounds,
            min_y=bottom,
            max_y=top,
            interactive=True,
            animation=ft.Animation(duration=ft.Duration(milliseconds=0)),
            horizontal_grid_lines=fch.ChartGridLines(
                interval=STEP if top - bottom <= 8000 else 2 * STEP,
                color=ft.Colors.with_opacity(0.10, ft.Colors.ON_SURFACE),
                width=1,
            ),
            vertical_grid_lines=fch.ChartGridLines(
                interval=every, color=ft.Colors.with_opacity(0.06, ft.Colors.ON_SURFACE), width=1
            ),
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
            # Labels show only at multiples of the spacing: 500 for totals, 250 for the bands.
            left_axis=fch.ChartAxis(
                label_size=axis_room(list(left_labels.values()), scale),
                label_spacing=STEP,
                labels=[
                    fch.ChartAxisLabel(
                        value=value,
                        label=label(text, bold=value == series.target),
                    )
                    for value, text in left_labels.items()
                ],
            ),
            right_axis=fch.ChartAxis(
                label_size=axis_room([text for _value, text in band_labels], scale)
                + BAND_LABEL_GAP,
                label_spacing=STEP / 2,
                labels=[
                    fch.ChartAxisLabel(
                        value=value,
                        # Clear of the lines' last points, which lie on the border.
                        label=ft.Container(
                            label(text, ft.Colors.ON_TERTIARY_CONTAINER, bold=True),
                            padding=ft.Padding.only(left=BAND_LABEL_GAP),
                        ),
                    )
                    for value, text in band_labels
                ],
            ),
            bottom_axis=fch.ChartAxis(
                label_size=line_room(scale),
                label_spacing=every,
                title=label(tr._("Round")),
                title_size=line_room(scale),
                labels=[
                    fch.ChartAxisLabel(value=number, label=label(text))
                    for number, text in round_labels.items()
                ],
            ),
            top_axis=fch.ChartAxis(show_labels=False, label_size=0),
            tooltip=fch.LineChartTooltip(
                bgcolor=ft.Colors.INVERSE_SURFACE, fit_inside_horizontally=True
            ),
            expand=True,
        )

    @staticmethod
    def quiet_point(x: int, y: float) -> fch.LineChartDataPoint:
        return fch.LineChartDataPoint(x=x, y=y, show_tooltip=False)

    def band(self, start: float, end: float, shade: float, rounds: int) -> fch.LineChartData:
        """A band as an invisible line along its top, shaded down to its bottom."""
        return fch.LineChartData(
            points=[self.quiet_point(0, end), self.quiet_point(rounds, end)],
            color=ft.Colors.TRANSPARENT,
            stroke_width=0,
            below_line_bgcolor=ft.Colors.with_opacity(shade, ft.Colors.TERTIARY),
            below_line_cutoff_y=start,
        )

    # --- beside the chart ---------------------------------------------------------------

    def legend(self, series: ChartSeries) -> ft.Control:
        tr = self.app.tr
        items: list[ft.Control] = []
        for index, side in enumerate(series.sides):
            color = SIDE_COLORS[index % len(SIDE_COLORS)]
            items.append(
                Tagged(
                    f"chart-legend-{index}",
                    ft.Row(
                        [
                            ft.Container(width=18, height=4, bgcolor=color, border_radius=2),
                            ft.Text(
                                tr._("{side}: {total}").format(
                                    side=side.name, total=tr.number(side.totals[-1])
                                ),
                                size=15,
                                weight=ft.FontWeight.BOLD,
                            ),
                        ],
                        spacing=6,
                        tight=True,
                    ),
                )
            )
        items.append(
            ft.Row(
                [
                    ft.Text("- -", size=15, weight=ft.FontWeight.BOLD),
                    ft.Text(
                        tr._("Target {target}").format(target=tr.number(series.target)),
                        size=15,
                    ),
                ],
                spacing=6,
                tight=True,
            )
        )
        return ft.Row(items, wrap=True, spacing=16, run_spacing=6)

    def next_round(self) -> ft.Control:
        """What each side needs to open next round, said in words under the picture."""
        tr = self.app.tr
        game = shown_game(self.stored.game, self.app.tr)
        parts = [
            tr._("{side} needs {minimum}").format(side=name, minimum=tr.number(minimum))
            for name, minimum in zip(game.side_names, game.opening_minimums, strict=True)
        ]
        return Tagged(
            "chart-next-round",
            ft.Text(
                tr._("Next round: {needs}").format(needs=", ".join(parts)),
                size=15,
            ),
        )
