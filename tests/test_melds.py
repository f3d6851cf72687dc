"""RULES.md, "Melds": every row for each preset, legal and refused on both sides of each limit."""

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from canasta_score.core import (
    CLASSIC,
    DANISH,
    FINNISH,
    FLEMISH,
    PRESETS,
    SIX_PLAYER,
    TWO_PLAYER,
    CardCounts,
    Meld,
    Rank,
    SideEntry,
    WentOut,
    WildCardsInMeld,
    canastas_of,
    melded_points,
    override_rules,
    score_side,
    validate_round,
)
from canasta_score.core.melds import WORKED_EXAMPLE

ALL = [CLASSIC, TWO_PLAYER, SIX_PLAYER, FLEMISH, FINNISH, DANISH]
#: RULES.md: at least 2 natural and at most 3 wild (seeds 004, 000) ...
TWO_THREE = [CLASSIC, TWO_PLAYER, SIX_PLAYER, FLEMISH]
#: ... or more natural than wild (seeds 002, 003).
MORE_NATURAL = [FINNISH, DANISH]
K, Q, A, THREE, WILD = Rank.KING, Rank.QUEEN, Rank.ACE, Rank.BLACK_THREE, Rank.WILD


def refusals(melds, rules, *, went_out=True, other=()):
    """The codes refused for a side with these melds (a side that went out, unless told)."""
    out = WentOut.NORMAL if went_out else None
    canastas = canastas_of(melds, rules) if went_out else {}
    if went_out and sum(canastas.values()) < rules.canastas_to_go_out:
        # going out needs canastas: lend the side natural ones of ranks no test uses
        melds = (*melds, Meld(Rank.FOUR, 7), Meld(Rank.FIVE, 7))
    entries = [SideEntry(melded=tuple(melds), went_out=out), SideEntry(melded=tuple(other))]
    return [str(p.code) for p in validate_round(entries, rules, round_number=1)]


def ok(melds, rules, **more):
    assert refusals(melds, rules, **more) == [], melds


def refused(melds, rules, code, **more):
    assert code in refusals(melds, rules, **more), melds


# --- a meld of at least 3 cards of one rank ------------------------------------------------


@pytest.mark.parametrize("rules", ALL, ids=lambda r: r.id)
def test_a_meld_holds_at_least_three_cards(rules):
    ok([Meld(K, 3)], rules)
    refused([Meld(K, 2)], rules, "meld_too_few_cards")
    ok([Meld(K, 2, twos=1)], rules)  # two natural cards and a two: seed 004 line 33
    refused([Meld(K, 1, twos=1)], rules, "meld_too_few_cards")


@pytest.mark.parametrize("rules", ALL, ids=lambda r: r.id)
def test_a_rank_name_is_one_of_the_game_files_ranks(rules):
    assert [r.value for r in Rank] == [*"AKQJ", "10", *"98765", "4", "3", "wild"]


# --- wild cards in a meld -------------------------------------------------------------------


@pytest.mark.parametrize("rules", TWO_THREE, ids=lambda r: r.id)
def test_at_least_two_natural_and_at_most_three_wild(rules):
    assert rules.wild_cards_in_meld == WildCardsInMeld.TWO_NATURAL_THREE_WILD
    ok([Meld(Q, 2, twos=1)], rules)
    refused([Meld(Q, 1, twos=2)], rules, "meld_too_few_natural")  # seed 004 line 34
    refused([Meld(Q, 1, jokers=1, twos=1)], rules, "meld_too_few_natural")
    ok([Meld(Q, 2, twos=2, jokers=1)], rules)  # three wild: the most
    refused([Meld(Q, 4, twos=2, jokers=2)], rules, "meld_too_many_wild")
    ok([Meld(Q, 8, twos=2, jokers=1)], rules)


@pytest.mark.parametrize("rules", MORE_NATURAL, ids=lambda r: r.id)
def test_more_natural_than_wild(rules):
    assert rules.wild_cards_in_meld == WildCardsInMeld.MORE_NATURAL_THAN_WILD
    ok([Meld(Q, 2, twos=1)], rules)
    refused([Meld(Q, 2, twos=2)], rules, "meld_not_more_natural_than_wild")
    refused([Meld(Q, 2, twos=2, jokers=1)], rules, "meld_not_more_natural_than_wild")
    ok([Meld(Q, 3, twos=2)], rules)
    ok([Meld(Q, 5, twos=2, jokers=2)], rules)  # four wild cards: more natural ones all the same
    refused([Meld(Q, 4, twos=2, jokers=2)], rules, "meld_not_more_natural_than_wild")


def test_a_custom_copy_picks_the_other_wild_card_rule():
    german, problems = override_rules(CLASSIC, {"wild_cards_in_meld": "more-natural-than-wild"})
    assert problems == [] and german.id == "custom"
    ok([Meld(Q, 5, twos=2, jokers=2)], german)
    refused([Meld(Q, 5, twos=2, jokers=2)], CLASSIC, "meld_too_many_wild")
    _, problems = override_rules(CLASSIC, {"wild_cards_in_meld": "any"})
    assert [str(p.code) for p in problems] == ["override_invalid"]


# --- a meld of only twos and jokers ---------------------------------------------------------


def test_flemish_melds_twos_and_jokers_alone_and_makes_a_wild_canasta_of_seven():
    ok([Meld(WILD, twos=3)], FLEMISH)
    refused([Meld(WILD, twos=2)], FLEMISH, "meld_too_few_cards")
    ok([Meld(WILD, twos=4, jokers=2)], FLEMISH)
    assert Meld(WILD, twos=4, jokers=2).canasta(FLEMISH) is None
    ok([Meld(WILD, twos=4, jokers=3)], FLEMISH)
    assert Meld(WILD, twos=4, jokers=3).canasta(FLEMISH) == "wild"
    refused([Meld(WILD, 1, twos=3)], FLEMISH, "wild_meld_with_natural")


@pytest.mark.parametrize("rules", [r for r in ALL if r is not FLEMISH], ids=lambda r: r.id)
def test_other_presets_have_no_meld_of_only_twos_and_jokers(rules):
    refused([Meld(WILD, twos=3)], rules, "wild_meld_not_in_rules")
    refused([Meld(WILD, twos=4, jokers=3)], rules, "wild_meld_not_in_rules")


# --- canastas by kind -----------------------------------------------------------------------


@pytest.mark.parametrize("rules", ALL, ids=lambda r: r.id)
def test_a_natural_canasta_is_seven_natural_cards_and_stays_one_as_it_grows(rules):
    assert Meld(K, 6).canasta(rules) is None
    assert Meld(K, 7).canasta(rules) == "natural"
    assert canastas_of([Meld(K, 8)], rules) == {"natural": 1}


@pytest.mark.parametrize("rules", ALL, ids=lambda r: r.id)
def test_a_mixed_canasta_has_at_least_four_natural_cards(rules):
    assert Meld(K, 4, twos=2).canasta(rules) is None
    ok([Meld(K, 4, twos=2, jokers=1)], rules)
    assert Meld(K, 4, twos=2, jokers=1).canasta(rules) == "mixed"
    # three natural cards cannot make a mixed canasta under either wild-card rule
    assert refusals([Meld(K, 3, twos=2, jokers=2)], rules) != []


def test_flemish_scores_aces_canastas_apart_and_the_others_as_any_canasta():
    assert Meld(A, 7).canasta(FLEMISH) == "natural_aces"
    assert Meld(A, 5, jokers=2).canasta(FLEMISH) == "mixed_aces"
    assert Meld(A, 6).canasta(FLEMISH) is None
    for rules in (CLASSIC, FINNISH, DANISH):
        assert Meld(A, 7).canasta(rules) == "natural"
        assert Meld(A, 5, jokers=2).canasta(rules) == "mixed"
    aces = SideEntry(melded=(Meld(A, 7),), went_out=WentOut.NORMAL)
    assert score_side(aces, FLEMISH).canasta_bonus == 800
    assert score_side(aces, CLASSIC).canasta_bonus == 500


def test_a_canasta_kind_a_custom_copy_dropped_is_refused_on_its_meld():
    no_mixed, _ = override_rules(CLASSIC, {"canasta_bonuses": {"mixed": None}})
    problems = validate_round(
        [SideEntry(melded=(Meld(K, 6, twos=1),)), SideEntry()], no_mixed, round_number=1
    )
    assert [(str(p.code), p.meld) for p in problems] == [("canasta_kind_not_in_rules", "K")]


# --- black threes ---------------------------------------------------------------------------


@pytest.mark.parametrize("rules", ALL, ids=lambda r: r.id)
def test_black_threes_go_down_three_or_four_without_wild_cards_to_go_out(rules):
    refused([Meld(THREE, 2)], rules, "black_threes_not_three_or_four")
    ok([Meld(THREE, 3)], rules)
    ok([Meld(THREE, 4)], rules)
    refused([Meld(THREE, 5)], rules, "black_threes_not_three_or_four")
    refused([Meld(THREE, 3, twos=1)], rules, "black_threes_with_wild")
    refused([Meld(THREE, 3, jokers=1)], rules, "black_threes_with_wild")
    refused([Meld(THREE, 3)], rules, "black_threes_without_going_out", went_out=False)
    assert Meld(THREE, 4).canasta(rules) is None


def test_black_threes_count_their_card_value_and_danish_ones_nothing():
    assert Meld(THREE, 4).points(CLASSIC) == 20 and Meld(THREE, 4).points(DANISH) == 0


# --- one meld of each rank per side ---------------------------------------------------------


@pytest.mark.parametrize("rules", ALL, ids=lambda r: r.id)
def test_a_side_has_one_meld_of_each_rank(rules):
    refused([Meld(K, 3), Meld(K, 4)], rules, "meld_rank_twice")
    ok([Meld(K, 3), Meld(Q, 4)], rules)
    ok([Meld(K, 4)], rules, other=[Meld(K, 4)])  # the other side may meld kings too


# --- what the packs hold --------------------------------------------------------------------


@pytest.mark.parametrize("rules", ALL, ids=lambda r: r.id)
def test_never_more_of_a_rank_than_the_packs_hold_over_every_side(rules):
    most = 8 * rules.packs // 2
    ok([Meld(K, most - 4)], rules, other=[Meld(K, 4)])
    refused([Meld(K, most - 3)], rules, "too_many_of_rank", other=[Meld(K, 4)])
    ok([Meld(A, most - 4)], rules, other=[Meld(A, 4)])
    refused([Meld(A, most - 3)], rules, "too_many_cards_of_group", other=[Meld(A, 4)])


@pytest.mark.parametrize("rules", ALL, ids=lambda r: r.id)
def test_never_more_twos_or_jokers_than_the_packs_hold(rules):
    twos, jokers = 8 * rules.packs // 2, 4 * rules.packs // 2
    ranks = [Q, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN, Rank.SIX]

    def melds(count, wild):
        return [Meld(rank, 3, **{wild: 1}) for rank in ranks[:count]]

    ok(melds(twos // 2, "twos"), rules, other=melds(twos // 2, "twos"))
    too_many = "too_many_cards_of_group"
    refused(melds(twos // 2 + 1, "twos"), rules, too_many, other=melds(twos // 2, "twos"))
    ok(melds(jokers // 2, "jokers"), rules, other=melds(jokers // 2, "jokers"))
    refused(melds(jokers // 2 + 1, "jokers"), rules, too_many, other=melds(jokers // 2, "jokers"))


def test_melded_jokers_count_with_jokers_counted_in_a_hand():
    entries = [
        SideEntry(melded=(Meld(Q, 3, jokers=1), Meld(K, 3, jokers=1))),
        SideEntry(hand=CardCounts(jokers=3)),
    ]
    problems = validate_round(entries, CLASSIC, round_number=1)
    assert [(str(p.code), p.params["count"]) for p in problems] == [("too_many_cards_of_group", 5)]


# --- the worked example and the canastas entered beside the melds ---------------------------


def test_the_worked_example_meld_by_meld_scores_as_its_sums():
    """RULES.md, "Melds", worked example (seed 004's round): 420 melded, 1450 in all."""
    assert melded_points(WORKED_EXAMPLE, CLASSIC) == 420
    assert canastas_of(WORKED_EXAMPLE, CLASSIC) == {"natural": 1, "mixed": 1}
    by_melds = SideEntry(melded=WORKED_EXAMPLE, hand=70, red_threes=2, went_out=WentOut.NORMAL)
    as_sums = dataclasses.replace(by_melds, melded=420, canastas={"natural": 1, "mixed": 1})
    assert score_side(by_melds, CLASSIC) == score_side(as_sums, CLASSIC)
    assert score_side(by_melds, CLASSIC).total == 1450


def test_canastas_entered_beside_melds_must_agree_with_them():
    def problems(canastas):
        entry = SideEntry(melded=WORKED_EXAMPLE, canastas=canastas, went_out=WentOut.NORMAL)
        return validate_round([entry, SideEntry()], CLASSIC, round_number=1)

    assert problems({"natural": 1, "mixed": 1}) == []
    [wrong] = problems({"natural": 2, "mixed": 1})
    assert str(wrong) == "round 1, side 1: natural canastas: 2 entered, but the melds make 1"


def test_a_problem_names_the_round_the_side_and_the_meld():
    """The issue's own example: one queen and two twos (seed 004 line 34)."""
    entry = SideEntry(melded=(Meld(K, 7), Meld(Q, 1, twos=2)), went_out=WentOut.NORMAL)
    [problem] = validate_round(
        [entry, SideEntry()], CLASSIC, round_number=2, side_names=["We", "They"]
    )
    assert (problem.side, problem.field, problem.meld) == (0, "melded", "Q")
    assert str(problem) == (
        'round 2, side "We", queens: 1 natural card and 2 wild cards; '
        "a meld needs at least 2 natural cards"
    )


def test_negative_counts_are_refused_on_their_meld():
    problems = validate_round(
        [SideEntry(melded=(Meld(K, 3, twos=-1),)), SideEntry()], CLASSIC, round_number=1
    )
    assert [str(p) for p in problems] == ["round 1, side 1, kings: twos cannot be negative, got -1"]


# --- properties -----------------------------------------------------------------------------

CARD_VALUE = {
    "A": "aces", **dict.fromkeys(["K", "Q", "J", "10", "9", "8"], "high"),
    **dict.fromkeys(["7", "6", "5", "4"], "low"), "3": "black_threes",
}  # fmt: skip

melds = st.builds(
    Meld,
    st.sampled_from(list(Rank)),
    st.integers(0, 12),
    st.integers(0, 5),
    st.integers(0, 4),
)


@given(rules=st.sampled_from(list(PRESETS.values())), side=st.lists(melds, max_size=10))
def test_derived_points_are_the_sum_of_the_card_values(rules, side):
    values = rules.card_values
    expected = sum(
        (getattr(values, CARD_VALUE[m.rank]) * m.natural if m.rank != WILD else 0)
        + values.twos * m.twos
        + values.jokers * m.jokers
        for m in side
    )
    assert melded_points(side, rules) == expected


@given(
    rules=st.sampled_from(list(PRESETS.values())),
    side=st.lists(melds, max_size=10, unique_by=lambda m: m.rank),
)
def test_a_sides_canastas_are_its_melds_of_seven_or_more(rules, side):
    entry = SideEntry(melded=tuple(side), went_out=WentOut.NORMAL)
    legal = not [p for p in validate_round([entry, SideEntry()], rules) if p.meld is not None]
    canastas = canastas_of(side, rules)
    if legal:
        assert sum(canastas.values()) == sum(1 for m in side if m.cards >= 7)
        assert set(canastas) <= set(rules.canasta_kinds)
    # the bonus is that of the canastas the melds make, whatever else was entered
    assert score_side(entry, rules).canasta_bonus == sum(
        rules.canasta_bonuses.get(kind, 0) * count for kind, count in canastas.items()
    )
