"""Round scores part by part: the worked example of seed 004 and each rule of RULES.md."""

import pytest

from canasta_score.core import (
    CLASSIC,
    DANISH,
    FINNISH,
    FLEMISH,
    SIX_PLAYER,
    CardCounts,
    SideEntry,
    WentOut,
    score_round,
    score_side,
)

WORKED_EXAMPLE = SideEntry(
    melded=420,
    hand=70,
    canastas={"natural": 1, "mixed": 1},
    red_threes=2,
    went_out=WentOut.NORMAL,
)


def test_the_worked_example_of_seed_004_scores_1450():
    # seed 004: 420 + 500 + 300 + 200 + 100 - 70 = 1450
    score = score_side(WORKED_EXAMPLE, CLASSIC)
    assert score.as_dict() == {
        "melded": 420,
        "hand": 70,
        "canasta_bonus": 800,
        "red_threes": 200,
        "going_out": 100,
        "dealer_bonus": 0,
        "penalty": 0,
        "total": 1450,
    }


def test_a_side_that_has_not_melded_loses_its_red_threes_and_its_hand():
    they = SideEntry(melded=0, hand=85, red_threes=1)
    assert score_side(they, CLASSIC).total == -185


def test_four_red_threes_are_worth_800_not_400():
    assert score_side(SideEntry(melded=50, red_threes=4), CLASSIC).red_threes == 800


def test_four_red_threes_without_a_meld_cost_800():
    assert score_side(SideEntry(red_threes=4), CLASSIC).total == -800


def test_concealed_going_out_replaces_the_normal_bonus():
    entry = SideEntry(melded=400, canastas={"natural": 1}, went_out=WentOut.CONCEALED)
    assert score_side(entry, CLASSIC).going_out == 200
    assert score_side(entry, FINNISH).going_out == 300


def test_danish_canastas_red_threes_and_dealer_bonus():
    entry = SideEntry(
        melded=420, canastas={"natural": 1, "mixed": 1}, red_threes=2, dealer_bonus=True
    )
    score = score_side(entry, DANISH)
    assert (score.canasta_bonus, score.red_threes, score.dealer_bonus) == (1200, 400, 100)
    assert score.total == 420 + 1200 + 400 + 100


def test_flemish_aces_and_wild_canastas():
    entry = SideEntry(melded=600, canastas={"natural_aces": 1, "mixed_aces": 1, "wild": 1})
    assert score_side(entry, FLEMISH).canasta_bonus == 800 + 500 + 1000


def test_six_player_red_threes_up_to_six():
    assert [SIX_PLAYER.red_three_score(n) for n in (4, 5, 6)] == [400, 1000, 1200]


def test_a_penalty_is_subtracted():
    assert score_side(SideEntry(melded=100, penalty=200), FINNISH).total == -100


def test_card_counts_are_turned_into_points_by_the_rules_card_values():
    melded = CardCounts(jokers=1, twos=1, aces=3, high=10, low=6, black_threes=0)
    hand = CardCounts(black_threes=2, low=1)
    entry = SideEntry(melded=melded, hand=hand)
    assert score_side(entry, CLASSIC).melded == 50 + 20 + 60 + 100 + 30
    assert score_side(entry, CLASSIC).hand == 15
    assert score_side(entry, DANISH).hand == 5


@pytest.mark.parametrize("rules", [CLASSIC, DANISH], ids=lambda r: r.id)
def test_score_round_scores_every_side_in_order(rules):
    scores = score_round([WORKED_EXAMPLE, SideEntry(hand=85, red_threes=1)], rules)
    assert [s.total for s in scores] == [
        score_side(WORKED_EXAMPLE, rules).total,
        score_side(SideEntry(hand=85, red_threes=1), rules).total,
    ]
