"""A side's round as a small picture: what it gained stacked above the line, what it lost below.

Drawn with plain containers (no chart), each part labelled beside the bar with its name and
points, and every side on the same scale, so the sides compare at a glance.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import NamedTuple

import flet as ft

from canasta_score.core import CanastaKind
from canasta_score.statistics.charts import BarPart, RoundBars
from canasta_score.ui.components.basics import (
    LETTER_ADVANCE,
    fitted_words,
    text_width,
    wrapped_lines,
)
from canasta_score.ui.state.labels import CANASTA_LABELS, N_, SPECIAL_HAND, special_hand_label

#: Each part's name (translated where shown) and colour; red threes are red above and below.
PART_LOOKS: dict[str, tuple[str, str]] = {
    "melded": (N_("Melded"), ft.Colors.GREEN_600),
    "canasta_bonus": (N_("Canasta bonus"), ft.Colors.AMBER_700),
    "red_threes": (N_("Red threes"), ft.Colors.RED_400),
    "going_out": (N_("Going out"), ft.Colors.BLUE_500),
    "dealer_bonus": (N_("Dealer bonus"), ft.Colors.PURPLE_300),
    "hand": (N_("In hand"), ft.Colors.BROWN_400),
    "penalty": (N_("Penalty"), ft.Colors.DEEP_ORANGE_700),
    # the rule families (RULES_FAMILIES.md)
    "black_threes": (N_("Black threes"), ft.Colors.BLUE_GREY_800),
    "incomplete": (N_("Unfinished melds"), ft.Colors.RED_900),
    "held": (N_("Aces or sevens held"), ft.Colors.BROWN_700),
    "special_hand": (N_("Special hand"), ft.Colors.TEAL_600),
}
#: The colour of each kind's bonus, where a rule family's canasta bonus is split by kind.
CANASTA_COLOURS: dict[str, str] = {
    CanastaKind.NATURAL: ft.Colors.AMBER_700,
    CanastaKind.MIXED: ft.Colors.AMBER_300,
    CanastaKind.NATURAL_ACES: ft.Colors.ORANGE_800,
    CanastaKind.NATURAL_SEVENS: ft.Colors.ORANGE_400,
    CanastaKind.WILD_TWOS: ft.Colors.DEEP_PURPLE_400,
    CanastaKind.WILD_JOKERS: ft.Colors.PURPLE_700,
    CanastaKind.WILD: ft.Colors.PURPLE_300,
    CanastaKind.SAMBA: ft.Colors.YELLOW_700,
}


def part_look(part: BarPart, words: Callable[[str], str]) -> tuple[str, str]:
    """A part's name as shown, and its colour: a kind's bonus by the kind, a special hand as
    such and by its name.

    >>> part_look(BarPart("special_hand", 2500, "pairs"), str)[0]
    'Special hand: Seven pairs'
    >>> part_look(BarPart("canasta_bonus", 2500, "natural_sevens"), str)[0]
    'Natural sevens canastas'
    """
    name, colour = PART_LOOKS[part.part]
    if part.part == "canasta_bonus" and part.of:
        kind = CanastaKind(part.of)
        return words(CANASTA_LABELS[kind]), CANASTA_COLOURS.get(kind, colour)
    if part.part == "special_hand" and part.of:
        hand = special_hand_label(part.of, words)
        return words(SPECIAL_HAND).format(hand=hand), colour
    return words(name), colour


#: The height the tallest side's bar (above and below the line together) is drawn at.
BAR_HEIGHT = 120
#: A part worth a few points is still seen.
THINNEST = 3
BAR_WIDTH = 28
#: The least height of a part's label, and the height of the line.
LABEL_ROW = 22
LINE = 2
#: A part's name and points: font size, a line of it in em, the colour square and the gaps.
LABEL_SIZE = 14
LINE_HEIGHT = 1.45
SQUARE = 10
GAP = 6


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
        name, colour = part_look(part, words)
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
            drawn.append(_Drawn(name, part.points, colour, False))
    return drawn


def segment_height(points: int, per_point: float) -> float:
    return max(THINNEST, points * per_point)


def lines_taken(text: str, size: float, room: float, scale: float) -> int:
    """How many lines `text` takes in `room`, broken between words (and after a compound's
    hyphen) only.

    >>> lines_taken("Punaiset kolmoset", 14, 200, 1.0), lines_taken("Punaiset kolmoset", 14, 200, 2.0)
    (1, 2)
    """
    return wrapped_lines(text, size, room, scale, LETTER_ADVANCE)


def label_height(lines: int, size: float, scale: float) -> float:
    """A part's label row: its lines of text at the device's text `scale`, at least LABEL_ROW.

    >>> label_height(1, 14, 1.0), label_height(1, 14, 2.0), label_height(2, 14, 2.0)
    (23, 43, 84)
    """
    return max(LABEL_ROW, math.ceil(lines * size * scale * LINE_HEIGHT) + 2)


def name_room(points: str, scale: float, width: float) -> float:
    """How wide a part's name may be in a picture `width` wide, beside the bar and `points`."""
    square = min(SQUARE * scale, 2 * SQUARE)
    return width - (BAR_WIDTH + 12) - 8 - square - 2 * GAP - text_width(points, LABEL_SIZE, scale)


def signed_parts(bar: RoundBars) -> list[tuple[BarPart, str]]:
    return [(part, "+") for part in bar.above] + [(part, "-") for part in bar.below]


def names_size(
    bars: Sequence[RoundBars],
    *,
    words: Callable[[str], str],
    number: Callable[[int], str],
    scale: float = 1.0,
    width: float = 312,
) -> float:
    """One font size for the parts' names in every picture: LABEL_SIZE, or less where a
    name's longest word would not fit on its line (large text: Finnish "Canastabonus")."""
    return min(
        (
            fitted_words(
                part_look(part, words)[0],
                LABEL_SIZE,
                name_room(f"{sign}{number(part.points)}", scale, width),
                scale,
            )
            for bar in bars
            for part, sign in signed_parts(bar)
        ),
        default=LABEL_SIZE,
    )


def round_picture(
    bar: RoundBars,
    per_point: float,
    *,
    words: Callable[[str], str],
    number: Callable[[int], str],
    melds: Sequence[MeldPart] = (),
    scale: float = 1.0,
    width: float = 312,
    size: float = LABEL_SIZE,
) -> ft.Control:
    """One side's bar beside the labels of its parts, the line at the same height in both.

    `melds`, where the side's table was entered meld by meld, split its melded points.
    `scale` is the device's text scale, `width` the picture's and `size` the names' font
    (`names_size`): a label row grows with the text, its name breaking between words where
    it would not fit on one line beside the points.
    """
    square = min(SQUARE * scale, 2 * SQUARE)

    def label(part: _Drawn, sign: str) -> tuple[str, int, float]:
        """A part's points, the lines its name takes and the row's height."""
        points = f"{sign}{number(part.points)}"
        lines = lines_taken(part.label, size, name_room(points, scale, width), scale)
        height = max(label_height(lines, size, scale), label_height(1, LABEL_SIZE, scale))
        return points, lines, height

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
        rows: list[ft.Control] = []
        for part in parts:
            points, lines, height = label(part, sign)
            rows.append(
                ft.Row(
                    [
                        ft.Container(
                            width=square,
                            height=square,
                            bgcolor=part.colour,
                            border_radius=2,
                        ),
                        ft.Text(
                            part.label,
                            size=size,
                            expand=True,
                            max_lines=lines,
                            overflow=ft.TextOverflow.ELLIPSIS,
                            weight=ft.FontWeight.BOLD if part.bold else None,
                        ),
                        ft.Text(
                            points,
                            size=LABEL_SIZE,
                            weight=ft.FontWeight.BOLD,
                            no_wrap=True,
                            max_lines=1,
                        ),
                    ],
                    spacing=GAP,
                    height=height,
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                )
            )
        return rows

    above = _drawn(tuple(reversed(bar.above)), tuple(reversed(melds)), words)
    below = _drawn(bar.below, (), words)

    def region(parts: list[_Drawn], sign: str) -> float:
        drawn = sum(segment_height(p.points, per_point) for p in parts)
        return max(drawn, sum(label(p, sign)[2] for p in parts))

    top, bottom = region(above, "+"), region(below, "-")
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
                # The side's points on a line of their own where the name leaves no room
                # (large text: "Friedrich-Wilhelm: +1...." was cut).
                max_lines=2,
                overflow=ft.TextOverflow.ELLIPSIS,
            ),
            ft.Row([drawn, told], spacing=8, vertical_alignment=ft.CrossAxisAlignment.START),
        ],
        spacing=6,
        tight=True,
    )
