"""A side's round as a small picture: what it gained stacked above the line, what it lost below.

Drawn with plain containers (no chart), each part labelled beside the bar with its name and
points, and every side on the same scale, so the sides compare at a glance.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import flet as ft

from canasta_score.statistics.charts import BarPart, RoundBars
from canasta_score.ui.state.labels import N_

#: Each part's name (translated where shown) and colour; red threes are red above and below.
PART_LOOKS: dict[str, tuple[str, str]] = {
    "melded": (N_("Melded"), ft.Colors.GREEN_600),
    "canasta_bonus": (N_("Canasta bonus"), ft.Colors.AMBER_700),
    "red_threes": (N_("Red threes"), ft.Colors.RED_400),
    "going_out": (N_("Going out"), ft.Colors.BLUE_500),
    "dealer_bonus": (N_("Dealer bonus"), ft.Colors.PURPLE_300),
    "hand": (N_("In hand"), ft.Colors.BROWN_400),
    "penalty": (N_("Penalty"), ft.Colors.DEEP_ORANGE_700),
}
#: The height the tallest side's bar (above and below the line together) is drawn at.
BAR_HEIGHT = 120
#: A part worth a few points is still seen.
THINNEST = 3
BAR_WIDTH = 28
#: The height of a part's label, and of the line.
LABEL_ROW = 22
LINE = 2


def scale(bars: Sequence[RoundBars]) -> float:
    """Pixels per point, the same for every side: the biggest bar is BAR_HEIGHT tall.

    >>> above = (BarPart("melded", 300),)
    >>> scale([RoundBars("We", above, ()), RoundBars("They", (), (BarPart("hand", 100),))])
    0.4
    """
    span = max(
        (sum(p.points for p in bar.above) + sum(p.points for p in bar.below) for bar in bars),
        default=0,
    )
    return BAR_HEIGHT / span if span else 0.0


def segment_height(points: int, per_point: float) -> float:
    return max(THINNEST, points * per_point)


def round_picture(
    bar: RoundBars,
    per_point: float,
    *,
    words: Callable[[str], str],
    number: Callable[[int], str],
) -> ft.Control:
    """One side's bar beside the labels of its parts, the line at the same height in both."""

    def segments(parts: tuple[BarPart, ...]) -> list[ft.Control]:
        return [
            ft.Container(
                width=BAR_WIDTH,
                height=segment_height(part.points, per_point),
                bgcolor=PART_LOOKS[part.part][1],
            )
            for part in parts
        ]

    def labels(parts: tuple[BarPart, ...], sign: str) -> list[ft.Control]:
        return [
            ft.Row(
                [
                    ft.Container(
                        width=10, height=10, bgcolor=PART_LOOKS[part.part][1], border_radius=2
                    ),
                    ft.Text(
                        words(PART_LOOKS[part.part][0]),
                        size=14,
                        expand=True,
                        max_lines=1,
                        overflow=ft.TextOverflow.ELLIPSIS,
                    ),
                    ft.Text(f"{sign}{number(part.points)}", size=14, weight=ft.FontWeight.BOLD),
                ],
                spacing=6,
                height=LABEL_ROW,
            )
            for part in parts
        ]

    def region(above: bool) -> float:
        parts = bar.above if above else bar.below
        drawn = sum(segment_height(p.points, per_point) for p in parts)
        return max(drawn, len(parts) * LABEL_ROW)

    top, bottom = region(True), region(False)
    # Above the line the first part sits on the line: both columns are drawn from the line out.
    drawn = ft.Column(
        [
            ft.Column(
                segments(tuple(reversed(bar.above))),
                spacing=0,
                height=top,
                alignment=ft.MainAxisAlignment.END,
            ),
            ft.Container(width=BAR_WIDTH + 12, height=LINE, bgcolor=ft.Colors.ON_SURFACE),
            ft.Column(segments(bar.below), spacing=0, height=bottom),
        ],
        spacing=0,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )
    told = ft.Column(
        [
            ft.Column(
                labels(tuple(reversed(bar.above)), "+"),
                spacing=0,
                height=top,
                alignment=ft.MainAxisAlignment.END,
            ),
            ft.Container(height=LINE, bgcolor=ft.Colors.OUTLINE_VARIANT),
            ft.Column(labels(bar.below, "-"), spacing=0, height=bottom),
        ],
        spacing=0,
        expand=True,
    )
    total = bar.total
    return ft.Column(
        [
            ft.Text(
                f"{bar.side}: {'+' if total > 0 else ''}{number(total)}",
                size=16,
                weight=ft.FontWeight.BOLD,
                max_lines=1,
                overflow=ft.TextOverflow.ELLIPSIS,
            ),
            ft.Row([drawn, told], spacing=8, vertical_alignment=ft.CrossAxisAlignment.START),
        ],
        spacing=6,
        tight=True,
    )
