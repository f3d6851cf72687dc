"""The opening minimum table of RULES.md at every tier boundary of every preset."""

import pytest

from canasta_score.core import (
    CLASSIC,
    DANISH,
    FINNISH,
    FLEMISH,
    SIX_PLAYER,
    TWO_PLAYER,
    opening_minimum,
)

BOUNDARIES = (-5, 0, 1495, 1500, 2995, 3000, 7495, 7500)

EXPECTED = {
    CLASSIC: (15, 50, 50, 90, 90, 120, 120, 120),
    TWO_PLAYER: (15, 50, 50, 90, 90, 120, 120, 120),
    FLEMISH: (15, 50, 50, 90, 90, 120, 120, 120),
    SIX_PLAYER: (15, 50, 50, 90, 90, 120, 120, 150),
    FINNISH: (0, 50, 50, 90, 90, 120, 120, 120),
    DANISH: (50, 50, 50, 90, 90, 120, 120, 120),
}


@pytest.mark.parametrize("rules", list(EXPECTED), ids=lambda r: r.id)
def test_opening_minimum_at_each_tier_boundary(rules):
    got = tuple(opening_minimum(total, rules) for total in BOUNDARIES)
    assert got == EXPECTED[rules]


@pytest.mark.parametrize("rules", list(EXPECTED), ids=lambda r: r.id)
def test_a_deeply_negative_total_needs_the_below_zero_minimum(rules):
    assert opening_minimum(-4000, rules) == EXPECTED[rules][0]


def test_six_player_keeps_rising_past_classic_tiers():
    assert opening_minimum(50_000, SIX_PLAYER) == 150
    assert opening_minimum(50_000, CLASSIC) == 120
