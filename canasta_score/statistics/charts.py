"""What the game chart and the round picture draw, derived from a game by the core's rules."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import cast

from canasta_score.core import (
    FAMILY_PRESETS,
    Game,
    RuleSet,
    SideEntry,
    canastas_of_side,
    opening_minimum,
)


@dataclass(frozen=True)
class OpeningBand:
    """Totals from `start` up to (not including) `end` open with `minimum`; None is unbounded."""

    start: int | None
    end: int | None
    minimum: int


def opening_bands(rules: RuleSet) -> tuple[OpeningBand, ...]:
    """The bands of running totals that share an opening minimum, lowest first.

    >>> from canasta_score.core import CLASSIC, DANISH
    >>> [(b.start, b.minimum) for b in opening_bands(CLASSIC)]
    [(None, 15), (0, 50), (1500, 90), (3000, 120)]
    >>> [(b.start, b.minimum) for b in opening_bands(DANISH)]  # 50 below zero too: one band
    [(None, 50), (1500, 90), (3000, 120)]
    """
    starts = sorted({total_from for total_from, _ in rules.opening_tiers})
    # Asking the core at each edge keeps the bands true to how it reads the table.
    edges: list[tuple[int | None, int]] = [
        (None, opening_minimum(starts[0] - 1, rules) if starts else rules.opening_below_zero)
    ]
    for start in starts:
        minimum = opening_minimum(start, rules)
        if minimum != edges[-1][1]:
            edges.append((start, minimum))
    ends = [start for start, _ in edges[1:]] + [None]
    return tuple(
        OpeningBand(start, end, minimum) for (start, minimum), end in zip(edges, ends, strict=True)
    )


@dataclass(frozen=True)
class SideSeries:
    """One side's line on the game chart: its total before the first round and after each."""

    name: str
    totals: tuple[int, ...]


@dataclass(frozen=True)
class ChartSeries:
    """Everything the game chart draws: a line per side, the target, the opening bands."""

    sides: tuple[SideSeries, ...]
    target: int
    bands: tuple[OpeningBand, ...]

    @property
    def edges(self) -> tuple[int, ...]:
        """Totals where the opening minimum changes, e.g. `(0, 1500, 3000)` for classic."""
        return tuple(band.start for band in self.bands if band.start is not None)


def chart_series(game: Game) -> ChartSeries:
    """Running totals by round per side (starting at 0), the target and the opening bands.

    >>> from canasta_score.core import SIX_PLAYER, Side
    >>> chart_series(Game(SIX_PLAYER, (Side("A", ()), Side("B", ()), Side("C", ())))).edges
    (0, 1500, 3000, 7500)
    """
    return ChartSeries(
        sides=tuple(
            SideSeries(side.name, (0, *(totals[index] for totals in game.running_totals)))
            for index, side in enumerate(game.sides)
        ),
        target=game.target,
        bands=opening_bands(game.rules),
    )


@dataclass(frozen=True)
class BarPart:
    """One part of a side's round score: `points` is its size, never negative."""

    part: str
    points: int
    #: What the part is of, where a part is split or named: the canasta kind of a canasta
    #: bonus, the name of a special hand; "" for the part as a whole.
    of: str = ""


@dataclass(frozen=True)
class RoundBars:
    """A side's round score as a bar: what it gained above the line, what it lost below."""

    side: str
    above: tuple[BarPart, ...]
    below: tuple[BarPart, ...]

    @property
    def total(self) -> int:
        return sum(p.points for p in self.above) - sum(p.points for p in self.below)


#: The parts of a `SideScore` (as its `as_dict` names them), in the order bars stack them.
PARTS = (
    "special_hand",
    "melded",
    "canasta_bonus",
    "red_threes",
    "black_threes",
    "going_out",
    "dealer_bonus",
    "hand",
    "incomplete",
    "held",
    "penalty",
)
#: Parts the core subtracts from the total.
SUBTRACTED = frozenset({"hand", "incomplete", "held", "penalty"})


def round_bars(game: Game, round_number: int) -> tuple[RoundBars, ...]:
    """Each side's round (counted from 1) part by part; parts worth nothing are left out.

    A part goes below the line when it takes points away: the hand, unfinished melds, held
    aces and sevens, a penalty, threes counted minus, and the melded points of a side that
    counts them minus without a canasta (Modern American). The rule families' canasta bonus
    comes kind by kind (`BarPart.of`), a special hand by its name.

    >>> from canasta_score.core import CLASSIC, Side, SideEntry
    >>> game = Game(CLASSIC, (Side("We", ()), Side("They", ())), ((SideEntry(melded=90), SideEntry(hand=20, red_threes=1)),))
    >>> [(p.part, p.points) for p in round_bars(game, 1)[1].below]
    [('red_threes', 100), ('hand', 20)]
    >>> from canasta_score.core import AMERICAN
    >>> hand = SideEntry(special_hand="pairs")
    >>> out = SideEntry(melded=520, canastas={"natural": 1, "natural_sevens": 1}, black_threes=1)
    >>> american = Game(AMERICAN, (Side("We", ()), Side("They", ())), ((hand, out),))
    >>> [(p.part, p.points, p.of) for p in round_bars(american, 1)[0].above]
    [('special_hand', 2500, 'pairs')]
    >>> [(p.part, p.points, p.of) for p in round_bars(american, 1)[1].above]  # doctest: +NORMALIZE_WHITESPACE
    [('melded', 520, ''), ('canasta_bonus', 500, 'natural'),
     ('canasta_bonus', 2500, 'natural_sevens'), ('black_threes', 100, '')]
    """
    if not 1 <= round_number <= len(game.rounds):
        raise ValueError(f"there is no round {round_number}; the game has {len(game.rounds)}")
    bars = []
    rules = game.rules
    # The rule families' canastas are worth 300 to 3000 each: their bonus is split by kind.
    by_kind = rules.base in FAMILY_PRESETS
    entries = game.rounds[round_number - 1]
    for side, score, entry in zip(game.sides, game.scores[round_number - 1], entries, strict=True):
        parts = score.as_dict(every_part=True)
        signed: list[tuple[BarPart, int]] = []
        for p in PARTS:
            value = -parts[p] if p in SUBTRACTED else parts[p]
            if p == "canasta_bonus" and by_kind and value:
                signed += _canasta_parts(entry, rules)
            elif p == "special_hand" and value:
                signed.append((BarPart(p, abs(value), entry.special_hand or ""), value))
            else:
                signed.append((BarPart(p, abs(value)), value))
        bars.append(
            RoundBars(
                side=side.name,
                above=tuple(part for part, value in signed if value > 0),
                below=tuple(part for part, value in signed if value < 0),
            )
        )
    return tuple(bars)


def _canasta_parts(entry: SideEntry, rules: RuleSet) -> list[tuple[BarPart, int]]:
    """A side's canasta bonus kind by kind, in the rules' order of kinds."""
    bonuses = cast("Mapping[str, int]", rules.canasta_bonuses)  # str enum keys: names find them
    canastas = canastas_of_side(entry, rules)
    parts = []
    for kind in rules.canasta_kinds:
        points = bonuses[kind] * canastas.get(kind, 0)
        if points:
            parts.append((BarPart("canasta_bonus", points, kind.value), points))
    return parts
