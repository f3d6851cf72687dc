"""Every entry RULES_FAMILIES.md refuses, each at its exact bound: the last accepted value
passes, the next is refused with its reason; `python -m canasta_score score` exits 2."""

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from canasta_score.core import (
    AMERICAN,
    CLASSIC,
    DANISH,
    SAMBA,
    CardCounts,
    Meld,
    Rank,
    SideEntry,
    WentOut,
    apply_overrides,
    validate_round,
)

OUT = WentOut.NORMAL
EMPTY = SideEntry()


def said(rules, *entries, players=(2, 2)):
    """The problems of one round, as the command line says them in English."""
    problems = validate_round(
        list(entries), rules, round_number=1, side_names=["We", "They"], side_players=players
    )
    return [str(p) for p in problems]


@pytest.mark.parametrize(
    ("entry", "line"),
    [
        (SideEntry(black_threes=1), '"Classic" lays out no black threes'),
        (SideEntry(incomplete={"aces": 1}), '"Classic" has no penalty for an unfinished meld'),
        (SideEntry(held_aces=1, hand=60), '"Classic" has no penalty for holding three aces'),
        (SideEntry(held_sevens=1, hand=15), '"Classic" has no penalty for holding three aces'),
        (SideEntry(special_hand="pairs"), '"Classic" has no special hand pairs'),
    ],
)
def test_every_new_field_is_refused_under_the_existing_presets(entry, line):
    lines = said(CLASSIC, entry, EMPTY)
    assert lines and lines[0].startswith('round 1, side "We": ' + line), lines


def test_zero_or_none_new_fields_change_nothing_under_the_existing_presets():
    entry = SideEntry(melded=90, black_threes=0, incomplete={"aces": 0}, held_aces=0)
    assert said(CLASSIC, entry, EMPTY) == []


def test_concealed_going_out_and_a_dealer_bonus_are_refused_under_both_families():
    two = {"natural": 2}
    for rules in (AMERICAN, SAMBA):
        concealed = SideEntry(melded=300, canastas=two, went_out=WentOut.CONCEALED)
        assert said(rules, concealed, EMPTY) == [
            f'round 1, side "We": "{rules.name}" has no concealed going out'
        ]
        bonus = SideEntry(melded=300, dealer_bonus=True)
        assert said(rules, bonus, EMPTY) == [
            f'round 1, side "We": "{rules.name}" has no dealer bonus'
        ]


def test_samba_takes_none_of_the_american_fields():
    for entry in (
        SideEntry(black_threes=1),
        SideEntry(incomplete={"sevens": 1}),
        SideEntry(hand=60, held_aces=1),
        SideEntry(special_hand="straight"),
    ):
        assert len(said(SAMBA, entry, EMPTY)) == 1


@pytest.mark.parametrize(
    ("rules", "kind"),
    [
        (AMERICAN, "samba"),
        (AMERICAN, "mixed_aces"),
        (SAMBA, "wild"),
        (SAMBA, "natural_aces"),
        (SAMBA, "natural_sevens"),
        (CLASSIC, "wild_twos"),
    ],
)
def test_a_kind_the_preset_lacks_is_refused(rules, kind):
    lines = said(rules, SideEntry(melded=500, canastas={kind: 1}), EMPTY)
    assert lines[0].startswith(f'round 1, side "We": "{rules.name}" has no {kind} canasta')


def test_a_list_of_melds_is_refused_under_both_families():
    for rules in (AMERICAN, SAMBA):
        assert said(rules, SideEntry(melded=(Meld(Rank.KING, 7),)), EMPTY) == [
            f'round 1, side "We": "{rules.name}" takes melded cards as points or card counts, '
            "not meld by meld"
        ]


def test_counts_must_be_whole_numbers_from_0_and_an_unfinished_meld_at_most_1():
    assert said(AMERICAN, SideEntry(black_threes=-1), EMPTY) == [
        'round 1, side "We": black_threes cannot be negative, got -1'
    ]
    assert said(AMERICAN, SideEntry(held_sevens=-1), EMPTY) == [
        'round 1, side "We": held_sevens cannot be negative, got -1'
    ]
    assert said(AMERICAN, SideEntry(melded=200, incomplete={"aces": 1}), EMPTY) == []
    assert said(AMERICAN, SideEntry(melded=200, incomplete={"aces": 2}), EMPTY) == [
        'round 1, side "We": incomplete.aces must be 0 or 1, got 2: a side has at most one '
        "such meld"
    ]


def test_black_threes_beyond_the_rule_value_are_refused_within_the_packs():
    short = dataclasses.replace(AMERICAN, id="custom", black_threes=(0, 100, 300))
    assert said(short, SideEntry(black_threes=2), EMPTY) == []
    assert said(short, SideEntry(black_threes=3), EMPTY) == [
        'round 1, side "We": "Modern American" scores at most 2 black threes'
    ]


def test_red_threes_beyond_red_threes_minus_are_refused_whatever_the_canastas():
    short = apply_overrides(SAMBA, {"red_threes_minus": [0, 100, 200]})[0]
    entry = SideEntry(melded=300, canastas={"natural": 2}, red_threes=3)
    assert said(short, entry, EMPTY) == [
        'round 1, side "We": "Samba (custom)" scores at most 2 red threes'
    ]


def test_a_special_hand_is_the_sides_only_field_and_a_going_out():
    assert said(AMERICAN, SideEntry(special_hand="pairs"), SideEntry(hand=100)) == []
    lines = said(AMERICAN, SideEntry(special_hand="pairs", red_threes=1, penalty=50), EMPTY)
    assert lines == [
        'round 1, side "We": a side that goes out with a special hand scores the hand alone; '
        "red_threes, penalty entered beside it"
    ]
    out = SideEntry(melded=300, canastas={"natural": 2}, went_out=OUT)
    assert said(AMERICAN, SideEntry(special_hand="straight"), out) == [
        "round 1: 2 sides went out; only one side can go out in a round"
    ]


@pytest.mark.parametrize("rules", [AMERICAN, SAMBA])
def test_going_out_needs_two_canastas(rules):
    assert said(rules, SideEntry(melded=300, canastas={"natural": 2}, went_out=OUT), EMPTY) == []
    assert said(rules, SideEntry(melded=300, canastas={"natural": 1}, went_out=OUT), EMPTY) == [
        'round 1, side "We": going out needs 2 canastas, 1 entered'
    ]


@pytest.mark.parametrize("meld", ["aces", "sevens", "wild", "wild_jokers"])
def test_going_out_with_an_unfinished_meld_is_refused(meld):
    entry = SideEntry(melded=600, canastas={"natural": 2}, incomplete={meld: 1}, went_out=OUT)
    assert said(AMERICAN, entry, EMPTY) == [
        'round 1, side "We": a side cannot go out with an unfinished meld on its table '
        f"(incomplete.{meld} entered)"
    ]


@pytest.mark.parametrize(
    ("canastas", "incomplete", "least"),
    [
        ({"natural": 1}, {}, 35),
        ({"natural_sevens": 1}, {}, 35),
        ({"natural_aces": 1}, {}, 140),
        ({"wild_twos": 1}, {}, 140),
        ({"wild_jokers": 1}, {}, 260),
        ({"wild": 1}, {}, 170),
        ({"mixed": 1}, {"aces": 1}, 50 + 60),
        ({}, {"sevens": 1}, 15),
        ({}, {"wild": 1}, 60),
        ({}, {"wild_jokers": 1}, 200),
    ],
)
def test_melded_points_at_least_the_fewest_card_points_of_canastas_and_unfinished_melds(
    canastas, incomplete, least
):
    enough = SideEntry(melded=least, canastas=canastas, incomplete=incomplete)
    assert said(AMERICAN, enough, EMPTY) == []
    lines = said(AMERICAN, dataclasses.replace(enough, melded=least - 5), EMPTY)
    what = "the canastas and unfinished melds" if incomplete else "the canastas"
    assert lines == [
        f'round 1, side "We": {least - 5} melded points are too few for {what} entered: '
        f"they hold at least {least}"
    ]


def test_a_samba_holds_at_least_50_melded_points():
    assert said(SAMBA, SideEntry(melded=50, canastas={"samba": 1}), EMPTY) == []
    assert said(SAMBA, SideEntry(melded=45, canastas={"samba": 1}), EMPTY)[0].endswith(
        "they hold at least 50"
    )


@pytest.mark.parametrize(
    ("kind", "meld"),
    [
        ("natural_aces", "aces"),
        ("natural_sevens", "sevens"),
        ("wild_twos", "wild"),
        ("wild_jokers", "wild_jokers"),
        ("wild", "wild"),
    ],
)
def test_a_finished_and_an_unfinished_meld_of_the_same_cards_are_refused(kind, meld):
    entry = SideEntry(melded=1000, canastas={kind: 1}, incomplete={meld: 1})
    assert said(AMERICAN, entry, EMPTY) == [
        f'round 1, side "We": {kind} canasta and incomplete.{meld} entered; a side has one meld '
        "of these cards, finished or not"
    ]


def test_both_unfinished_wild_melds_are_refused():
    entry = SideEntry(melded=500, incomplete={"wild": 1, "wild_jokers": 1})
    assert said(AMERICAN, entry, EMPTY) == [
        'round 1, side "We": two unfinished melds of wild cards entered; a side has one, '
        "with all four jokers or without"
    ]


def test_held_cards_at_most_the_sides_players_and_hand_points_at_least_60_and_15_each():
    assert said(AMERICAN, SideEntry(hand=75, held_aces=1, held_sevens=1), EMPTY) == []
    assert said(AMERICAN, SideEntry(hand=70, held_aces=1, held_sevens=1), EMPTY) == [
        'round 1, side "We": 70 hand points are too few for the held cards entered: three aces '
        "or sevens in each of those hands are worth at least 75"
    ]
    assert said(AMERICAN, SideEntry(hand=120, held_aces=2), EMPTY) == []
    assert said(AMERICAN, SideEntry(hand=180, held_aces=3), EMPTY) == [
        'round 1, side "We": held_aces: 3 entered, but the side has 2 players'
    ]
    assert said(AMERICAN, SideEntry(hand=15, held_sevens=1), EMPTY, players=(1, 1)) == []
    assert said(AMERICAN, SideEntry(hand=30, held_sevens=2), EMPTY, players=(1, 1)) == [
        'round 1, side "We": held_sevens: 2 entered, but the side has 1 player'
    ]


def test_at_most_4_black_threes_laid_out_and_none_melded():
    assert said(AMERICAN, SideEntry(black_threes=2), SideEntry(black_threes=2)) == []
    assert said(AMERICAN, SideEntry(black_threes=3), SideEntry(black_threes=2)) == [
        "round 1: 5 black threes laid out; the packs hold 4"
    ]
    assert said(AMERICAN, SideEntry(melded=CardCounts(high=5, black_threes=0)), EMPTY) == []
    assert said(AMERICAN, SideEntry(melded=CardCounts(high=5, black_threes=1)), EMPTY) == [
        'round 1, side "We": "Modern American" melds no threes: enter the black threes laid out '
        "as black threes, not in melded cards"
    ]


def test_threes_in_hands_at_most_8_less_those_laid_out():
    laid = SideEntry(red_threes=2, black_threes=1)
    assert said(AMERICAN, laid, SideEntry(hand=CardCounts(black_threes=5))) == []
    assert said(AMERICAN, laid, SideEntry(hand=CardCounts(black_threes=6))) == [
        "round 1: 6 threes counted in hands; with 3 laid out, the packs hold 5 more"
    ]


def test_melded_and_hand_points_at_most_1200_less_5_per_three_laid_out():
    we = SideEntry(melded=1000, canastas={"natural": 1}, red_threes=2, black_threes=2)
    assert said(AMERICAN, we, SideEntry(hand=180)) == []
    assert said(AMERICAN, we, SideEntry(hand=185)) == [
        "round 1: 1185 melded and hand points entered in all; all the cards in the packs are "
        "worth 1180"
    ]
    assert (
        said(AMERICAN, SideEntry(melded=1000, canastas={"natural": 1}), SideEntry(hand=200)) == []
    )


def test_samba_card_points_at_most_1770_and_red_threes_at_most_6():
    we = SideEntry(melded=1500, canastas={"natural": 1}, red_threes=3)
    assert said(SAMBA, we, SideEntry(hand=270, red_threes=3)) == []
    assert said(SAMBA, we, SideEntry(hand=275, red_threes=4)) == [
        "round 1: 7 red threes entered; the packs hold 6",
    ]
    assert said(SAMBA, we, SideEntry(hand=275)) == [
        "round 1: 1775 melded and hand points entered in all; all the cards in the packs are "
        "worth 1770"
    ]


def test_at_most_12_sambas_in_a_round():
    seven = SideEntry(melded=350, canastas={"samba": 7})
    assert said(SAMBA, seven, SideEntry(melded=250, canastas={"samba": 5})) == []
    assert said(SAMBA, seven, SideEntry(melded=300, canastas={"samba": 6})) == [
        "round 1: 13 sambas entered in all; the packs make at most 12"
    ]


@pytest.mark.parametrize(
    ("we", "they", "cards", "count", "most"),
    [
        ({"canastas": {"natural_aces": 1}, "melded": 140}, {"held_aces": 1, "hand": 60}, "aces", 10, 8),
        ({"canastas": {"natural_sevens": 1}, "melded": 35}, {"incomplete": {"sevens": 1}, "melded": 15}, "sevens", 10, 8),
        ({"canastas": {"wild_twos": 1}, "melded": 140}, {"incomplete": {"wild_jokers": 1}, "melded": 200, "canastas": {"natural": 0}}, "wild cards", 11, 12),
        ({"canastas": {"wild": 1}, "melded": 170}, {"incomplete": {"wild_jokers": 1}, "melded": 200}, "jokers", 5, 4),
        ({"canastas": {"wild_twos": 1}, "melded": 140}, {"canastas": {"wild": 1}, "melded": 170}, "wild cards", 14, 12),
    ],
)  # fmt: skip
def test_american_cards_the_packs_do_not_hold(we, they, cards, count, most):
    lines = said(AMERICAN, SideEntry(**we), SideEntry(**they))
    wanted = (
        f"round 1: {cards}: the canastas, unfinished melds and held hands entered need at least "
        f"{count}; the packs hold {most}"
    )
    assert (wanted in lines) == (count > most), lines


def test_at_the_bound_of_the_packs_american_cards_pass():
    we = SideEntry(melded=140, canastas={"natural_aces": 1})
    assert said(AMERICAN, we, SideEntry(hand=20)) == []
    sevens = SideEntry(melded=35, canastas={"natural_sevens": 1})
    assert said(AMERICAN, sevens, SideEntry(hand=0)) == []


def test_the_existing_presets_keep_their_group_count_of_black_threes():
    hand = SideEntry(hand=CardCounts(black_threes=5))
    assert said(DANISH, hand, EMPTY) == ["round 1: 5 black_threes counted; the packs hold 4"]


def run(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "canasta_score", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env={**os.environ, "LANGUAGE": "en"},
    )


@pytest.mark.parametrize(
    ("rules", "entry", "line"),
    [
        ("american", {"melded": [{"rank": "K", "natural": 7}]}, "not meld by meld"),
        ("american", {"incomplete": {"kings": 1}}, "incomplete must be unfinished melds by kind"),
        ("american", {"special_hand": 5}, "special_hand must be null or the name of a special"),
        ("american", {"held_aces": "1"}, 'held_aces must be a whole number, got "1"'),
        ("samba", {"went_out": "concealed"}, '"Samba" has no concealed going out'),
        ("classic", {"black_threes": 1}, '"Classic" lays out no black threes'),
    ],
)
def test_the_score_command_refuses_with_exit_2(rules, entry, line):
    document = {
        "format": "canasta-score/1",
        "rules": rules,
        "sides": [{"name": "We", "players": ["A", "B"]}, {"name": "They", "players": ["C", "D"]}],
        "rounds": [[entry, {}]],
    }
    result = run("score", "-", stdin=json.dumps(document))
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith('round 1, side "We": '), result.stderr
    assert line in result.stderr


def test_black_threes_melded_meld_by_meld_are_refused_where_they_are_laid_out():
    laid_out = apply_overrides(CLASSIC, {"black_threes": [0, 100, 300, 500, 1000]})[0]
    threes = SideEntry(
        melded=(Meld(Rank.KING, 7), Meld(Rank.BLACK_THREE, 3)),
        canastas={"natural": 1},
        went_out=OUT,
    )
    assert said(CLASSIC, threes, EMPTY) == []
    assert said(laid_out, threes, EMPTY) == [
        'round 1, side "We": "Classic (custom)" melds no threes: enter the black threes laid '
        "out as black threes, not in melded cards"
    ]


def test_an_unfinished_meld_entered_as_0_is_no_meld_whatever_its_name():
    assert said(AMERICAN, SideEntry(melded=100, incomplete={"kings": 0, "aces": 0}), EMPTY) == []


def test_every_field_a_special_hand_names_beside_it_is_worded_in_every_language():
    """A special hand with other fields names them ({fields}); one had no words of its own
    and showed in English in every language."""
    from babel.messages.pofile import read_po

    from canasta_score.core.family_checks import fields_entered

    entry = SideEntry(
        melded=50,
        hand=5,
        canastas={"natural": 1},
        red_threes=1,
        black_threes=1,
        incomplete={"aces": 1},
        held_aces=1,
        held_sevens=1,
        went_out=WentOut.NORMAL,
        dealer_bonus=True,
        penalty=100,
    )
    fields = fields_entered(entry)
    assert len(fields) == 11
    locale = Path(__file__).parent.parent / "canasta_score" / "i18n" / "locale"
    for language in ("nl", "de", "fi", "da", "nb"):
        with open(locale / language / "LC_MESSAGES" / "canasta_score.po", "rb") as file:
            catalog = read_po(file)
        for field in fields:
            message = catalog.get(field)
            assert message is not None and message.string, (language, field)
