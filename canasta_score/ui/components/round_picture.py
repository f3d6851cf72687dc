"""A side's round as a small picture: what it gained stacked above the line, what it lost below.

Drawn with plain containers (no chart), each part labelled beside the bar with its name and
points, and every side on the same scale, so the sides compare at a glance.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

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


class MeldPart(NamedTuple):
    """One meld of a side's table, drawn as its own part of the melded points."""

    label: str  # worded: "Kings 7"
    points: int
    canasta: bool


#: Melds are drawn in two greens taking turns, a canasta in a dark green (its label bold).
MELD_COLOURS = (ft.Colors.GREEN_600, ft.Colors.GREEN_300)
CANASTA_MELD_COLOUR = ft.Colors.GREEN_900


class _Drawn(NamedTuple):
    label: str
    points: int
    colour: str
    bold: bool


def _drawn(
    parts: tuple[BarPart, ...], melds: Sequence[MeldPart], words: Callable[[str], str]
) -> list[_Drawn]:
    """The parts as drawn: the melded points meld by meld where the round was entered so."""
    drawn: list[_Drawn] = []
    for part in parts:
        name, colour = PART_LOOKS[part.part]
        if part.part == "melded" and melds and sum(m.points for m in melds) == part.points:
            drawn += [
                _Drawn(
                    meld.label,
                    meld.points,
                    CANASTA_MELD_COLOUR if meld.canasta else MELD_COLOURS[i % 2],
                    meld.canasta,
                )
                for i, meld in enumerate(melds)
                if meld.points
            ]
        else:
            drawn.append(_Drawn(words(name), part.points, colour, False))
    return drawn


def segment_height(points: int, per_point: float) -> float:
    return max(THINNEST, points * per_point)


def round_picture(
    bar: RoundBars,
    per_point: float,
    *,
    words: Callable[[str], str],
    number: Callable[[int], str],
    melds: Sequence[MeldPart] = (),
) -> ft.Control:
    """One side's bar beside the labels of its parts, the line at the same height in both;
    `melds`, where the side's table was entered meld by meld, split its melded points."""

    def segments(parts: list[_Drawn]) -> list[ft.Control]:
        return [
            ft.Container(
                width=BAR_WIDTH,
                height=segment_height(part.points, per_point),
                bgcolor=part.colour,
            )
            for part in parts
        ]

    def labels(parts: list[_Drawn], sign: str) -> list[ft.Control]:
        return [
            ft.Row(
                [
                    ft.Container(width=10, height=10, bgcolor=part.colour, border_radius=2),
                    ft.Text(
                        part.label,
                        size=14,
                        expand=True,
                        max_lines=1,
                        overflow=ft.TextOverflow.ELLIPSIS,
                        weight=ft.FontWeight.BOLD if part.bold else None,
                    ),
                    ft.Text(f"{sign}{number(part.points)}", size=14, weight=ft.FontWeight.BOLD),
                ],
                spacing=6,
                height=LABEL_ROW,
            )
            for part in parts
        ]

    above = _drawn(tuple(reversed(bar.above)), tuple(reversed(melds)), words)
    below = _drawn(bar.below, (), words)

    def region(parts: list[_Drawn]) -> float:
        drawn = sum(segment_height(p.points, per_point) for p in parts)
        return max(drawn, len(parts) * LABEL_ROW)

    top, bottom = region(above), region(below)
    # Above the line the first part sits on the line: both columns are drawn from the line out.
    drawn = ft.Column(
        [
            ft.Column(
                segments(above),
                spacing=0,
                height=top,
                alignment=ft.MainAxisAlignment.END,
            ),
            ft.Container(width=BAR_WIDTH + 12, height=LINE, bgcolor=ft.Colors.ON_SURFACE),
            ft.Column(segments(below), spacing=0, height=bottom),
        ],
        spacing=0,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )
    told = ft.Column(
        [
            ft.Column(
                labels(above, "+"),
                spacing=0,
                height=top,
                alignment=ft.MainAxisAlignment.END,
            ),
            ft.Container(height=LINE, bgcolor=ft.Colors.OUTLINE_VARIANT),
            ft.Column(labels(below, "-"), spacing=0, height=bottom),
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
