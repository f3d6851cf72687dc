"""Modern American Canasta and Samba (RULES_FAMILIES.md): every rule value pinned, the score
formula part by part, openings, winner, the switches of other sources, and games worked by hand."""

import json
import os
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from canasta_score.core import (
    ALL_PRESETS,
    AMERICAN,
    PRESETS,
    SAMBA,
    CanastaKind,
    CardCounts,
    CardValues,
    Game,
    MeldedWithoutCanasta,
    Side,
    SideEntry,
    ThreesSign,
    UnfinishedMeld,
    WentOut,
    apply_overrides,
    game_document,
    opening_minimum,
    read_game,
    rule_overrides,
    rules_as_json,
    score_report,
    score_side,
    validate_round,
)
from canasta_score.core.rules import canasta_minimum_points

K = CanastaKind
U = UnfinishedMeld
OUT = WentOut.NORMAL
WE_THEY = [
    {"name": "We", "players": ["Anna", "Ben"]},
    {"name": "They", "players": ["Cleo", "Dan"]},
]


def game_file(rules, rounds, sides=WE_THEY, **more):
    return {"format": "canasta-score/1", "rules": rules, "sides": sides, "rounds": rounds, **more}


def report(document):
    game, problems = read_game(document)
    assert problems == [], [str(p) for p in problems]
    return score_report(game)


def custom(rules, overrides):
    changed, problems = apply_overrides(rules, overrides)
    assert problems == []
    return changed


# --- the presets ------------------------------------------------------------------------------


def test_the_two_presets_are_known_beside_the_six_of_rules_md():
    assert list(ALL_PRESETS) == [*PRESETS, "american", "samba"]
    assert ALL_PRESETS["american"] is AMERICAN and ALL_PRESETS["samba"] is SAMBA
    assert AMERICAN.is_preset and SAMBA.is_preset
    assert (AMERICAN.base, SAMBA.base) == ("american", "samba")


def test_names_descriptions_and_sources():
    assert (AMERICAN.name, SAMBA.name) == ("Modern American", "Samba")
    assert rules_as_json(AMERICAN)["description"] == (
        "Two packs; aces, sevens and wild canastas; two canastas to go out; to 8500."
    )
    assert rules_as_json(SAMBA)["description"] == (
        "Three packs and suit sequences (sambas); two canastas to go out; to 10000."
    )
    assert AMERICAN.source == "canastaleague.org; Pagat; canasta.com"
    assert SAMBA.source == "Pagat; Bicycle; HowStuffWorks; Úrval (1952)"


def test_american_rule_values():
    assert AMERICAN.packs == 2
    assert AMERICAN.card_values == CardValues()
    assert dict(AMERICAN.canasta_bonuses) == {
        K.NATURAL: 500,
        K.MIXED: 300,
        K.NATURAL_ACES: 2500,
        K.NATURAL_SEVENS: 2500,
        K.WILD_TWOS: 3000,
        K.WILD_JOKERS: 2500,
        K.WILD: 2000,
    }
    assert AMERICAN.canasta_kinds == (
        K.NATURAL,
        K.MIXED,
        K.NATURAL_ACES,
        K.NATURAL_SEVENS,
        K.WILD_TWOS,
        K.WILD_JOKERS,
        K.WILD,
    )
    assert AMERICAN.red_threes == (0, 100, 300, 500, 1000)
    assert AMERICAN.red_threes_minus is None
    assert AMERICAN.black_threes == (0, 100, 300, 500, 1000)
    assert AMERICAN.threes_sign == ThreesSign.NO_CANASTA_MINUS_ONE_ZERO == "0-canastas-minus-1-zero"
    assert AMERICAN.melded_without_canasta == MeldedWithoutCanasta.MINUS
    assert (AMERICAN.going_out, AMERICAN.going_out_concealed) == (100, None)
    assert (AMERICAN.canastas_to_go_out, AMERICAN.dealer_bonus) == (2, None)
    assert dict(AMERICAN.incomplete_penalty) == {
        U.ACES: 2500,
        U.SEVENS: 2500,
        U.WILD: 2000,
        U.WILD_JOKERS: 2000,
    }
    assert AMERICAN.held_penalty == 1500
    assert dict(AMERICAN.special_hands) == {
        "straight": 3000,
        "pairs": 2500,
        "pairs_wild": 2000,
        "garbage": 3000,
    }
    assert (AMERICAN.target, AMERICAN.three_side_target) == (8500, None)
    assert AMERICAN.opening_below_zero == 125
    assert AMERICAN.opening_tiers == ((0, 125), (3000, 155), (5000, 180))
    assert AMERICAN.wild_cards_in_meld == "two-natural-three-wild"


def test_samba_rule_values():
    assert SAMBA.packs == 3
    assert SAMBA.card_values == CardValues()
    assert dict(SAMBA.canasta_bonuses) == {K.SAMBA: 1500, K.NATURAL: 500, K.MIXED: 300}
    assert SAMBA.red_threes == (0, 100, 200, 300, 400, 500, 1000)
    assert SAMBA.red_threes_minus == (0, 100, 200, 300, 400, 500, 600)
    assert SAMBA.black_threes is None
    assert SAMBA.threes_sign == ThreesSign.BELOW_TWO_CANASTAS_MINUS == "below-2-canastas-minus"
    assert SAMBA.melded_without_canasta == MeldedWithoutCanasta.PLUS
    assert (SAMBA.going_out, SAMBA.going_out_concealed) == (200, None)
    assert (SAMBA.canastas_to_go_out, SAMBA.dealer_bonus) == (2, None)
    assert dict(SAMBA.incomplete_penalty) == {} and SAMBA.held_penalty is None
    assert dict(SAMBA.special_hands) == {}
    assert (SAMBA.target, SAMBA.three_side_target) == (10000, None)
    assert SAMBA.opening_below_zero == 15
    assert SAMBA.opening_tiers == ((0, 50), (1500, 90), (3000, 120), (7000, 150))
    assert SAMBA.card_points_in_packs == 1770
    assert SAMBA.red_threes_in_packs == 6


@pytest.mark.parametrize("rules", PRESETS.values(), ids=lambda r: r.id)
def test_the_six_presets_take_the_new_values_that_keep_rules_md(rules):
    assert rules.red_threes_minus is None and rules.black_threes is None
    assert rules.threes_sign == ThreesSign.NO_MELD_MINUS == "no-meld-minus"
    assert rules.melded_without_canasta == MeldedWithoutCanasta.PLUS
    assert dict(rules.incomplete_penalty) == {} and rules.held_penalty is None
    assert dict(rules.special_hands) == {}
    assert isinstance(rules.going_out_concealed, int)
    assert rules.meld_by_meld


def test_the_rules_json_carries_every_new_value():
    values = rules_as_json(AMERICAN)
    assert values["black_threes"] == [0, 100, 300, 500, 1000]
    assert values["red_threes_minus"] is None
    assert values["threes_sign"] == "0-canastas-minus-1-zero"
    assert values["melded_without_canasta"] == "minus"
    assert values["going_out_concealed"] is None
    assert values["incomplete_penalty"] == {
        "aces": 2500,
        "sevens": 2500,
        "wild": 2000,
        "wild_jokers": 2000,
    }
    assert values["held_penalty"] == 1500
    assert values["special_hands"]["garbage"] == 3000
    assert rules_as_json(SAMBA)["red_threes_minus"] == [0, 100, 200, 300, 400, 500, 600]


@pytest.mark.parametrize(
    ("kind", "points"),
    [
        (K.NATURAL, 35),
        (K.MIXED, 50),
        (K.NATURAL_ACES, 140),
        (K.NATURAL_SEVENS, 35),
        (K.WILD_TWOS, 140),
        (K.WILD_JOKERS, 260),
        (K.WILD, 170),
    ],
)
def test_the_fewest_card_points_of_each_american_canasta(kind, points):
    assert canasta_minimum_points(kind, AMERICAN) == points


def test_a_samba_holds_at_least_50_and_a_flemish_wild_canasta_140():
    assert canasta_minimum_points(K.SAMBA, SAMBA) == 50
    assert canasta_minimum_points(K.WILD, ALL_PRESETS["flemish"]) == 140


# --- the score ----------------------------------------------------------------------------------


def test_the_american_worked_examples_score_4020_and_minus_3645():
    we = SideEntry(
        melded=520,
        canastas={"natural": 1, "natural_sevens": 1},
        red_threes=2,
        black_threes=1,
        went_out=OUT,
    )
    they = SideEntry(
        melded=150,
        hand=95,
        canastas={"mixed": 1},
        red_threes=1,
        incomplete={"aces": 1},
        held_aces=1,
    )
    assert score_side(we, AMERICAN).as_dict() == {
        "melded": 520,
        "hand": 0,
        "canasta_bonus": 3000,
        "red_threes": 300,
        "going_out": 100,
        "dealer_bonus": 0,
        "penalty": 0,
        "black_threes": 100,
        "total": 4020,
    }
    score = score_side(they, AMERICAN)
    assert (score.red_threes, score.incomplete, score.held, score.total) == (0, 2500, 1500, -3645)


def test_the_samba_worked_examples_score_3040_and_415():
    we = SideEntry(melded=640, canastas={"samba": 1, "natural": 1}, red_threes=2, went_out=OUT)
    they = SideEntry(melded=300, hand=85, canastas={"mixed": 1}, red_threes=1)
    assert score_side(we, SAMBA).total == 640 + 1500 + 500 + 200 + 200 == 3040
    assert score_side(they, SAMBA).red_threes == -100
    assert score_side(they, SAMBA).total == 300 - 85 + 300 - 100 == 415


@pytest.mark.parametrize(
    ("canastas", "factor"), [({}, -1), ({"natural": 1}, 0), ({"natural": 2}, 1), ({"mixed": 3}, 1)]
)
def test_american_threes_count_minus_with_no_canasta_nothing_with_one_plus_with_two(
    canastas, factor
):
    entry = SideEntry(melded=300, canastas=canastas, red_threes=3, black_threes=2)
    score = score_side(entry, AMERICAN)
    assert (score.red_threes, score.black_threes) == (factor * 500, factor * 300)


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_american_threes_by_count_each_colour_apart(count):
    values = {1: 100, 2: 300, 3: 500, 4: 1000}
    entry = SideEntry(melded=200, canastas={"natural": 2}, red_threes=count, black_threes=count)
    score = score_side(entry, AMERICAN)
    assert (score.red_threes, score.black_threes) == (values[count], values[count])


def test_four_red_and_four_black_threes_are_1000_and_1000():
    entry = SideEntry(melded=200, canastas={"natural": 2}, red_threes=4, black_threes=4)
    assert score_side(entry, AMERICAN).red_threes + score_side(entry, AMERICAN).black_threes == 2000


@pytest.mark.parametrize(
    ("count", "plus", "minus"),
    [
        (1, 100, -100),
        (2, 200, -200),
        (3, 300, -300),
        (4, 400, -400),
        (5, 500, -500),
        (6, 1000, -600),
    ],
)
def test_samba_red_threes_plus_with_two_canastas_and_100_off_each_below(count, plus, minus):
    two = SideEntry(melded=200, canastas={"natural": 2}, red_threes=count)
    one = SideEntry(melded=200, canastas={"natural": 1}, red_threes=count)
    assert score_side(two, SAMBA).red_threes == plus
    assert score_side(one, SAMBA).red_threes == minus
    assert score_side(SideEntry(red_threes=count), SAMBA).red_threes == minus


def test_samba_switch_red_threes_minus_null_takes_the_bonus_values_off():
    hsw = custom(SAMBA, {"red_threes_minus": None})
    assert hsw.red_threes_minus is None
    assert score_side(SideEntry(red_threes=6), hsw).red_threes == -1000
    assert score_side(SideEntry(red_threes=6), SAMBA).red_threes == -600


def test_american_melded_points_without_a_canasta_count_minus_and_with_one_plus():
    assert score_side(SideEntry(melded=200, hand=40), AMERICAN).total == -240
    assert score_side(SideEntry(melded=200, hand=40), AMERICAN).melded == -200
    with_one = SideEntry(melded=200, canastas={"mixed": 1}, hand=40)
    assert score_side(with_one, AMERICAN).total == 200 + 300 - 40


def test_switch_melded_without_canasta_plus():
    classic_rule = custom(AMERICAN, {"melded_without_canasta": "plus"})
    assert score_side(SideEntry(melded=200, hand=40), classic_rule).total == 160


def test_samba_melded_points_count_plus_without_a_canasta():
    assert score_side(SideEntry(melded=200, hand=40), SAMBA).total == 160


@pytest.mark.parametrize(
    ("meld", "points"), [("aces", 2500), ("sevens", 2500), ("wild", 2000), ("wild_jokers", 2000)]
)
def test_each_unfinished_meld_costs_its_penalty(meld, points):
    entry = SideEntry(melded=400, canastas={"natural": 1}, incomplete={meld: 1})
    score = score_side(entry, AMERICAN)
    assert score.incomplete == points
    assert score.total == 400 + 500 - points


def test_switch_unfinished_wild_meld_with_four_jokers_2500():
    pagat = custom(AMERICAN, {"incomplete_penalty": {"wild_jokers": 2500}})
    assert pagat.incomplete_penalty[U.WILD_JOKERS] == 2500
    assert pagat.incomplete_penalty[U.WILD] == 2000
    entry = SideEntry(melded=400, incomplete={"wild_jokers": 1})
    assert score_side(entry, pagat).incomplete == 2500


def test_each_player_holding_three_aces_or_sevens_costs_1500_and_both_cost_both():
    entry = SideEntry(melded=100, canastas={}, hand=150, held_aces=2, held_sevens=1)
    score = score_side(entry, AMERICAN)
    assert score.held == 4500
    assert score.total == -100 - 150 - 4500


@pytest.mark.parametrize(
    ("hand", "points"),
    [("straight", 3000), ("pairs", 2500), ("pairs_wild", 2000), ("garbage", 3000)],
)
def test_a_special_hand_scores_its_value_and_nothing_else(hand, points):
    score = score_side(SideEntry(special_hand=hand), AMERICAN)
    assert score.total == points
    assert score.as_dict() == {
        "melded": 0,
        "hand": 0,
        "canasta_bonus": 0,
        "red_threes": 0,
        "going_out": 0,
        "dealer_bonus": 0,
        "penalty": 0,
        "special_hand": points,
        "total": points,
    }


def test_switch_garbage_2000_and_a_custom_copy_adds_or_drops_a_hand():
    pagat = custom(AMERICAN, {"special_hands": {"garbage": 2000}})
    assert score_side(SideEntry(special_hand="garbage"), pagat).total == 2000
    more = custom(AMERICAN, {"special_hands": {"dream_hand": 8500, "pairs": None}})
    assert dict(more.special_hands) == {
        "straight": 3000,
        "pairs_wild": 2000,
        "garbage": 3000,
        "dream_hand": 8500,
    }
    assert score_side(SideEntry(special_hand="dream_hand"), more).total == 8500


def test_the_breakdown_of_the_score_command_has_every_part_and_they_add_up():
    document = game_file(
        "american",
        [
            [
                {"special_hand": "pairs"},
                {"melded": 150, "hand": 95, "canastas": {"mixed": 1}, "incomplete": {"aces": 1}},
            ]
        ],
    )
    we, they = report(document)["rounds"][0]["breakdowns"]
    assert we == {
        "melded": 0,
        "hand": 0,
        "canasta_bonus": 0,
        "red_threes": 0,
        "going_out": 0,
        "dealer_bonus": 0,
        "penalty": 0,
        "black_threes": 0,
        "incomplete": 0,
        "held": 0,
        "special_hand": 2500,
        "total": 2500,
    }
    parts = (
        they["melded"]
        - they["hand"]
        + they["canasta_bonus"]
        + they["red_threes"]
        + they["black_threes"]
        + they["going_out"]
        + they["dealer_bonus"]
        - they["incomplete"]
        - they["held"]
        - they["penalty"]
        + they["special_hand"]
    )
    assert parts == they["total"] == 150 - 95 + 300 - 2500


def test_samba_going_out_is_worth_200():
    entry = SideEntry(melded=200, canastas={"natural": 2}, went_out=OUT)
    assert score_side(entry, SAMBA).going_out == 200


# --- openings and winner ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("total", "american", "samba"),
    [
        (-5, 125, 15),
        (0, 125, 50),
        (1495, 125, 50),
        (1500, 125, 90),
        (2995, 125, 90),
        (3000, 155, 120),
        (4995, 155, 120),
        (5000, 180, 120),
        (6995, 180, 120),
        (7000, 180, 150),
        (9995, 180, 150),
    ],
)
def test_opening_tables(total, american, samba):
    assert opening_minimum(total, AMERICAN) == american
    assert opening_minimum(total, SAMBA) == samba


def test_switch_samba_opening_from_7000_is_160():
    other = custom(SAMBA, {"opening_tiers": [[0, 50], [1500, 90], [3000, 120], [7000, 160]]})
    assert [opening_minimum(t, other) for t in (6995, 7000)] == [120, 160]


def test_american_is_won_at_8500_and_samba_at_10000_also_with_three_sides():
    sides = (Side("A", ("a",)), Side("B", ("b",)), Side("C", ("c",)))
    assert Game(AMERICAN, sides[:2]).target == 8500
    assert Game(SAMBA, sides).target == 10000
    assert Game(SAMBA, sides[:2]).target == 10000


# --- games worked by hand -----------------------------------------------------------------------

#: An american game to 8500, worked by hand (RULES_FAMILIES.md's rules):
#: round 1 the worked example (4020, -3645);
#: round 2 We 400 + 500 + 3000 + 100 + 100 = 4100; They -200 - 40 - 300 (2 black threes, minus
#: without a canasta) = -540;
#: round 3 They go out with a straight, 3000; We -110 - 1500 (Ben held three sevens) = -1610;
#: round 4 We 600 + 500 + 300 + 300 + 300 + 100 = 2100; They 300 - 25 + 300 + 0 (one canasta: no
#: threes) - 2000 (an unfinished wild meld) = -1425.
#: Totals 8610 and -2610: We win.
AMERICAN_GAME = game_file(
    "american",
    [
        [
            {
                "melded": 520,
                "canastas": {"natural": 1, "natural_sevens": 1},
                "red_threes": 2,
                "black_threes": 1,
                "went_out": "normal",
            },
            {
                "melded": 150,
                "hand": 95,
                "canastas": {"mixed": 1},
                "red_threes": 1,
                "incomplete": {"aces": 1},
                "held_aces": 1,
            },
        ],
        [
            {
                "melded": 400,
                "canastas": {"natural": 1, "wild_twos": 1},
                "red_threes": 1,
                "went_out": "normal",
            },
            {"melded": 200, "hand": 40, "black_threes": 2},
        ],
        [{"hand": 110, "held_sevens": 1}, {"special_hand": "straight"}],
        [
            {
                "melded": 600,
                "canastas": {"natural": 1, "mixed": 1},
                "red_threes": 2,
                "black_threes": 2,
                "went_out": "normal",
            },
            {
                "melded": 300,
                "hand": 25,
                "canastas": {"mixed": 1},
                "red_threes": 1,
                "incomplete": {"wild": 1},
            },
        ],
    ],
)


def test_an_american_game_to_8500_worked_by_hand():
    result = report(AMERICAN_GAME)
    assert [r["scores"] for r in result["rounds"]] == [
        [4020, -3645],
        [4100, -540],
        [-1610, 3000],
        [2100, -1425],
    ]
    assert [r["totals"] for r in result["rounds"]] == [
        [4020, -3645],
        [8120, -4185],
        [6510, -1185],
        [8610, -2610],
    ]
    assert result["opening_minimums"] == [180, 125]
    assert result["winner"] == 0


def test_the_american_openings_round_by_round():
    game, _ = read_game(AMERICAN_GAME)
    assert [game.opening_minimums_before(n) for n in (1, 2, 3, 4)] == [
        (125, 125),
        (155, 125),
        (180, 125),
        (180, 125),
    ]
    assert game.warnings() == []


THREE_SIDES = [
    {"name": "North", "players": ["Anna", "Ben"]},
    {"name": "East", "players": ["Cleo", "Dan"]},
    {"name": "South", "players": ["Eva", "Finn"]},
]

#: A samba game to 10000 with three sides, worked by hand:
#: round 1 North 640 + 1500 + 500 + 200 + 200 = 3040; East 300 - 85 + 300 - 100 = 415; South -120;
#: round 2 North 900 + 3000 + 300 + 300 + 200 = 4700; East 200 - 30 + 500 - 200 (one canasta:
#: red threes 100 off each) = 470; South 100 - 60 = 40;
#: round 3 North 500 + 1500 + 500 + 200 = 2700; East 400 - 50 + 600 + 1000 (all six red threes,
#: two canastas) = 1950; South -100.
#: Totals 10440, 2835, -180: North wins.
SAMBA_GAME = game_file(
    "samba",
    [
        [
            {
                "melded": 640,
                "canastas": {"samba": 1, "natural": 1},
                "red_threes": 2,
                "went_out": "normal",
            },
            {"melded": 300, "hand": 85, "canastas": {"mixed": 1}, "red_threes": 1},
            {"hand": 120},
        ],
        [
            {
                "melded": 900,
                "canastas": {"samba": 2, "mixed": 1},
                "red_threes": 3,
                "went_out": "normal",
            },
            {"melded": 200, "hand": 30, "canastas": {"natural": 1}, "red_threes": 2},
            {"melded": 100, "hand": 60},
        ],
        [
            {"melded": 500, "canastas": {"samba": 1, "natural": 1}, "went_out": "normal"},
            {"melded": 400, "hand": 50, "canastas": {"mixed": 2}, "red_threes": 6},
            {"hand": 100},
        ],
    ],
    sides=THREE_SIDES,
)


def test_a_samba_game_to_10000_with_three_sides_worked_by_hand():
    result = report(SAMBA_GAME)
    assert [r["scores"] for r in result["rounds"]] == [
        [3040, 415, -120],
        [4700, 470, 40],
        [2700, 1950, -100],
    ]
    assert result["totals"] == [10440, 2835, -180]
    assert result["opening_minimums"] == [150, 90, 15]
    assert result["winner"] == 0


def test_the_samba_game_with_the_switches_of_hsw_and_bicycle():
    document = {
        **SAMBA_GAME,
        "rule_overrides": {
            "opening_tiers": [[0, 50], [1500, 90], [3000, 120], [7000, 160]],
            "red_threes_minus": None,
        },
    }
    result = report(document)
    assert result["rounds"][1]["scores"] == [4700, 470, 40]  # two red threes: 200 off either way
    assert result["opening_minimums"] == [160, 90, 15]


def test_the_american_game_with_melded_points_always_plus():
    document = {**AMERICAN_GAME, "rule_overrides": {"melded_without_canasta": "plus"}}
    result = report(document)
    assert result["rounds"][1]["scores"] == [4100, 200 - 40 - 300]


def test_no_round_is_added_after_the_american_game_is_won():
    extra = {**AMERICAN_GAME, "rounds": [*AMERICAN_GAME["rounds"], [{}, {}]]}
    game, problems = read_game(extra)
    assert game is None
    assert [str(p) for p in problems] == [
        'round 5: the game was over after round 4 ("We" won); no round can be added to a '
        "finished game"
    ]


# --- the game file ------------------------------------------------------------------------------


def test_the_new_fields_are_written_only_when_set_and_read_back_unchanged():
    game, _ = read_game(AMERICAN_GAME)
    document = game_document(game)
    assert document["rounds"][0][1] == {
        "melded": 150,
        "hand": 95,
        "canastas": {"mixed": 1},
        "red_threes": 1,
        "incomplete": {"aces": 1},
        "held_aces": 1,
    }
    assert document["rounds"][2] == [
        {"melded": 0, "hand": 110, "held_sevens": 1},
        {"special_hand": "straight"},  # "then the side's only field" (GAME_FORMAT.md)
    ]
    again, problems = read_game(json.loads(json.dumps(document)))
    assert problems == [] and again == game
    assert game_document(again) == document


def test_the_switches_are_exported_as_rule_overrides_and_read_back():
    switches = [
        (SAMBA, {"opening_tiers": [[0, 50], [1500, 90], [3000, 120], [7000, 160]]}),
        (SAMBA, {"red_threes_minus": None}),
        (AMERICAN, {"melded_without_canasta": "plus"}),
        (AMERICAN, {"special_hands": {"garbage": 2000}}),
        (AMERICAN, {"incomplete_penalty": {"wild_jokers": 2500}}),
        (AMERICAN, {"special_hands": {"pairs": None, "dream": 8500}}),
        (AMERICAN, {"black_threes": None, "held_penalty": None, "threes_sign": "no-meld-minus"}),
    ]
    for preset, overrides in switches:
        rules = custom(preset, overrides)
        assert rule_overrides(rules) == overrides
        game = Game(rules, (Side("We", ("A",)), Side("They", ("B",))))
        again, problems = read_game(game_document(game))
        assert problems == [] and again is not None and again.rules == rules


def test_a_custom_copy_of_a_family_is_named_after_it():
    from canasta_score.core import rules_title

    assert rules_title(custom(SAMBA, {"going_out": 300})) == "Samba (custom)"
    assert rules_title(custom(AMERICAN, {"target": 5000})) == "Modern American"


@pytest.mark.parametrize(
    ("key", "value", "expected"),
    [
        ("red_threes_minus", [100], "a list of scores by count, starting with 0 for none, or null"),
        ("black_threes", "none", "a list of scores by count, starting with 0 for none, or null"),
        (
            "threes_sign",
            "minus",
            '"no-meld-minus", "0-canastas-minus-1-zero" or "below-2-canastas-minus"',
        ),
        ("melded_without_canasta", True, '"plus" or "minus"'),
        (
            "incomplete_penalty",
            {"kings": 100},
            "points by unfinished meld (aces, sevens, wild, wild_jokers), null to drop one",
        ),
        ("held_penalty", -5, "a whole number of points or null"),
        (
            "special_hands",
            {"Dream Hand": 8500},
            "points by hand name (lower-case letters, digits and _), null to drop a hand",
        ),
        ("going_out_concealed", "no", "a whole number of points or null"),
    ],
)
def test_a_new_override_of_the_wrong_shape_is_refused(key, value, expected):
    _, problems = apply_overrides(AMERICAN, {key: value})
    assert len(problems) == 1
    assert problems[0].startswith(f"rule_overrides.{key} must be {expected}, got ")


def run(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "canasta_score", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env={**os.environ, "LANGUAGE": "en"},
    )


def test_the_score_command_scores_the_game_format_example():
    document = game_file("american", AMERICAN_GAME["rounds"][:1])
    result = run("score", "-", stdin=json.dumps(document))
    assert result.returncode == 0, result.stderr
    scored = json.loads(result.stdout)
    assert scored["rounds"][0]["scores"] == [4020, -3645]
    assert scored["opening_minimums"] == [155, 125]
    assert scored["winner"] is None


def test_the_rules_command_lists_and_prints_both_presets():
    listed = json.loads(run("rules").stdout)
    assert [r["id"] for r in listed][-2:] == ["american", "samba"]
    samba = run("rules", "samba")
    assert samba.returncode == 0
    assert json.loads(samba.stdout) == rules_as_json(SAMBA)


# --- properties ---------------------------------------------------------------------------------

family_rules = st.sampled_from(
    [
        AMERICAN,
        SAMBA,
        custom(AMERICAN, {"melded_without_canasta": "plus", "special_hands": {"garbage": 2000}}),
        custom(SAMBA, {"red_threes_minus": None, "packs": 2}),
    ]
)
counts = st.builds(
    CardCounts,
    jokers=st.integers(0, 2),
    twos=st.integers(0, 3),
    aces=st.integers(0, 4),
    high=st.integers(0, 12),
    low=st.integers(0, 8),
    black_threes=st.integers(0, 3),
)
cards = st.integers(-1, 200).map(lambda n: n * 5) | counts


@st.composite
def family_entries(draw, rules):
    hand = draw(st.sampled_from([None, *rules.special_hands, "unknown"]))
    if hand is not None and draw(st.booleans()):
        return SideEntry(special_hand=hand)
    kinds = draw(st.dictionaries(st.sampled_from(list(K)), st.integers(-1, 2)))
    melds = draw(st.dictionaries(st.sampled_from([*U, "kings"]), st.integers(-1, 2)))
    return SideEntry(
        melded=draw(cards),
        hand=draw(cards),
        canastas={k.value: n for k, n in kinds.items() if n},
        red_threes=draw(st.integers(-1, 7)),
        black_threes=draw(st.integers(-1, 5)),
        incomplete={str(m): n for m, n in melds.items() if n},
        held_aces=draw(st.integers(-1, 3)),
        held_sevens=draw(st.integers(-1, 3)),
        went_out=draw(st.sampled_from([None, *WentOut])),
        special_hand=hand,
        penalty=draw(st.integers(0, 20)) * 5,
    )


@st.composite
def likely_entries(draw, rules):
    """Entries a table would likely make: most of them can be scored."""
    if rules.special_hands and draw(st.integers(0, 5)) == 0:
        return SideEntry(special_hand=draw(st.sampled_from(sorted(rules.special_hands))))
    kinds = draw(st.dictionaries(st.sampled_from(rules.canasta_kinds), st.integers(0, 1)))
    unfinished = sorted(rules.incomplete_penalty)
    melds = draw(st.dictionaries(st.sampled_from(unfinished), st.just(1))) if unfinished else {}
    held = rules.held_penalty is not None
    went_out = sum(kinds.values()) >= rules.canastas_to_go_out and draw(st.booleans())
    return SideEntry(
        melded=draw(st.integers(60, 110)) * 5,
        hand=0 if went_out else draw(st.integers(24, 40)) * 5,
        canastas={k.value: n for k, n in kinds.items() if n},
        red_threes=draw(st.integers(0, 2)),
        black_threes=draw(st.integers(0, 2)) if rules.black_threes is not None else 0,
        incomplete={} if went_out else {str(m): n for m, n in melds.items() if m != U.WILD_JOKERS},
        held_aces=draw(st.integers(0, 1)) if held and not went_out else 0,
        held_sevens=draw(st.integers(0, 1)) if held and not went_out else 0,
        went_out=OUT if went_out else None,
    )


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=300)
@given(rules=family_rules, data=st.data())
def test_any_round_is_refused_or_scored_and_a_scored_total_is_the_sum_of_its_parts(rules, data):
    pair = st.lists(likely_entries(rules), min_size=2, max_size=2)
    anything = st.lists(family_entries(rules) | likely_entries(rules), min_size=2, max_size=2)
    entries = data.draw(pair | anything)
    problems = validate_round(entries, rules, side_players=[2, 2])
    if problems:
        return
    for entry in entries:
        parts = score_side(entry, rules).as_dict(every_part=True)
        total = parts.pop("total")
        subtracted = {"hand", "incomplete", "held", "penalty"}
        assert total == sum(-v if k in subtracted else v for k, v in parts.items())
        if entry.special_hand is not None:
            assert total == rules.special_hands[entry.special_hand]


@given(rules=family_rules, totals=st.lists(st.integers(-5000, 12000), min_size=2, max_size=2))
def test_the_opening_minimum_never_falls_as_the_total_rises(rules, totals):
    low, high = sorted(totals)
    assert opening_minimum(low, rules) <= opening_minimum(high, rules)


def test_the_opening_warning_follows_each_familys_table():
    game = Game(AMERICAN, (Side("We", ("A", "B")), Side("They", ("C", "D"))))
    game = game.add_round([SideEntry(melded=120), SideEntry(melded=125)])
    assert [str(w) for w in game.warnings()] == [
        'round 1, side "We": 120 melded points, below the 125 needed to open; the first meld '
        "alone had to reach it: check the count"
    ]
    samba = Game(SAMBA, (Side("We", ("A", "B")), Side("They", ("C", "D"))))
    assert samba.add_round([SideEntry(melded=50), SideEntry(melded=45)]).warnings()[0].side == 1


@pytest.mark.parametrize(
    ("document", "totals", "winner"),
    [(AMERICAN_GAME, [8610, -2610], 0), (SAMBA_GAME, [10440, 2835, -180], 0)],
    ids=["american", "samba"],
)
def test_the_games_worked_by_hand_through_the_score_command(document, totals, winner):
    result = run("score", "-", stdin=json.dumps(document))
    assert result.returncode == 0 and result.stderr == "", result.stderr
    scored = json.loads(result.stdout)
    assert (scored["totals"], scored["winner"], scored["finished"]) == (totals, winner, True)


def test_an_impossible_round_in_a_played_game_is_refused_with_exit_2():
    document = json.loads(json.dumps(AMERICAN_GAME))
    document["rounds"][1][1]["incomplete"] = {"wild": 1, "wild_jokers": 1}
    result = run("score", "-", stdin=json.dumps(document))
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.splitlines() == [
        'round 2, side "They": 200 melded points are too few for the canastas and unfinished '
        "melds entered: they hold at least 260",
        'round 2, side "They": two unfinished melds of wild cards entered; a side has one, '
        "with all four jokers or without",
    ]


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=60)
@given(rules=family_rules, data=st.data())
def test_export_import_export_of_a_family_game_is_identical(rules, data):
    game = Game(rules, (Side("We", ("A", "B")), Side("They", ("C", "D"))))
    for _ in range(data.draw(st.integers(1, 5))):
        entries = data.draw(st.lists(likely_entries(rules), min_size=2, max_size=2))
        if not game.finished and not game.check_new_round(entries):
            game = game.add_round(entries)
    document = json.loads(json.dumps(game_document(game)))
    again, problems = read_game(document)
    assert problems == [] and again == game
    assert game_document(again) == document
