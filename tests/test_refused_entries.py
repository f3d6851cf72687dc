"""Each entry RULES.md says cannot happen is refused, with a message saying where and why."""

import pytest

from canasta_score.core import (
    CLASSIC,
    DANISH,
    FLEMISH,
    SIX_PLAYER,
    TWO_PLAYER,
    CardCounts,
    Game,
    RoundRefused,
    Side,
    SideEntry,
    WentOut,
    validate_round,
)

NAMES = ["We", "They"]
OUT = SideEntry(melded=400, canastas={"natural": 1}, went_out=WentOut.NORMAL)


def messages(entries, rules=CLASSIC):
    return [str(p) for p in validate_round(entries, rules, round_number=3, side_names=NAMES)]


def test_a_sound_round_has_no_problems():
    assert messages([OUT, SideEntry(hand=85, red_threes=1)]) == []


def test_negative_points_are_refused():
    assert messages([SideEntry(melded=-50), SideEntry(hand=-5)]) == [
        'round 3, side "We": melded points cannot be negative, got -50; enter 0 or more',
        'round 3, side "They": hand points cannot be negative, got -5; enter 0 or more',
    ]


def test_points_must_be_multiples_of_five():
    assert messages([SideEntry(melded=303), SideEntry()]) == [
        'round 3, side "We": melded points must be a multiple of 5, got 303 '
        "(did you mean 300 or 305?)"
    ]


def test_negative_card_counts_are_refused():
    assert messages([SideEntry(hand=CardCounts(aces=-1)), SideEntry()]) == [
        'round 3, side "We": hand aces cannot be negative, got -1'
    ]


def test_two_sides_cannot_both_go_out():
    assert messages([OUT, OUT]) == [
        "round 3: 2 sides went out; only one side can go out in a round"
    ]


def test_going_out_needs_the_canastas_the_preset_asks_for():
    one = SideEntry(melded=400, canastas={"natural": 1}, went_out=WentOut.NORMAL)
    assert messages([one, SideEntry()], TWO_PLAYER) == [
        'round 3, side "We": going out needs 2 canastas, 1 entered'
    ]
    assert messages([SideEntry(melded=50, went_out=WentOut.CONCEALED), SideEntry()]) == [
        'round 3, side "We": going out needs 1 canasta, 0 entered'
    ]


def test_canastas_need_melded_points():
    assert messages([SideEntry(canastas={"mixed": 1}), SideEntry()]) == [
        'round 3, side "We": 1 canasta entered but no melded points; '
        "enter the melded points, canastas included"
    ]


@pytest.mark.parametrize(
    ("canastas", "melded", "rules", "least"),
    [
        ({"natural": 1}, 30, CLASSIC, 35),
        ({"mixed": 1}, 45, CLASSIC, 50),
        ({"natural": 1, "mixed": 1}, 80, CLASSIC, 85),
        ({"natural_aces": 1}, 135, FLEMISH, 140),
        ({"mixed_aces": 1}, 135, FLEMISH, 140),
        ({"wild": 1}, 135, FLEMISH, 140),
    ],
)
def test_melded_points_too_low_for_the_canastas_claimed(canastas, melded, rules, least):
    assert messages([SideEntry(melded=melded, canastas=canastas), SideEntry()], rules) == [
        f'round 3, side "We": {melded} melded points are too few for the canastas entered: '
        f"they hold at least {least}"
    ]


def test_just_enough_melded_points_for_the_canastas_is_fine():
    assert messages([SideEntry(melded=35, canastas={"natural": 1}), SideEntry()]) == []


def test_more_red_threes_than_the_packs_hold():
    assert messages([SideEntry(red_threes=3), SideEntry(red_threes=2)]) == [
        "round 3: 5 red threes entered; the packs hold 4"
    ]
    assert messages([SideEntry(red_threes=5), SideEntry()]) == [
        "round 3: 5 red threes entered; the packs hold 4"
    ]
    assert messages([SideEntry(red_threes=4), SideEntry(red_threes=2)], SIX_PLAYER) == []
    assert messages([SideEntry(red_threes=4), SideEntry(red_threes=3)], SIX_PLAYER) == [
        "round 3: 7 red threes entered; the packs hold 6"
    ]


def test_negative_red_threes():
    assert messages([SideEntry(red_threes=-1), SideEntry()]) == [
        'round 3, side "We": red threes cannot be negative, got -1'
    ]


def test_more_card_points_than_the_packs_hold():
    assert messages([SideEntry(melded=1000), SideEntry(hand=185)]) == [
        "round 3: 1185 melded and hand points entered in all; "
        "all the cards in the packs are worth 1180"
    ]
    assert messages([SideEntry(melded=1000), SideEntry(hand=180)]) == []


def test_more_cards_of_a_group_than_the_packs_hold():
    assert messages([SideEntry(melded=CardCounts(jokers=3)), SideEntry(hand=CardCounts(jokers=2))])[
        0
    ] == ("round 3: 5 jokers counted; the packs hold 4")


def test_a_canasta_kind_the_preset_does_not_have():
    assert messages([SideEntry(melded=200, canastas={"wild": 1}), SideEntry()]) == [
        'round 3, side "We": "Classic" has no wild canasta; its kinds are natural, mixed'
    ]


def test_a_dealer_bonus_the_preset_does_not_have():
    assert messages([SideEntry(dealer_bonus=True), SideEntry()]) == [
        'round 3, side "We": "Classic" has no dealer bonus'
    ]


def test_only_one_dealer_bonus_in_a_round():
    assert messages([SideEntry(dealer_bonus=True), SideEntry(dealer_bonus=True)], DANISH) == [
        "round 3: 2 sides have the dealer bonus; only the dealer's side can earn it"
    ]


def test_penalties_are_multiples_of_five_from_zero():
    assert messages([SideEntry(penalty=-5), SideEntry(penalty=12)]) == [
        'round 3, side "We": the penalty must be a multiple of 5 from 0, got -5',
        'round 3, side "They": the penalty must be a multiple of 5 from 0, got 12',
    ]


def test_every_problem_of_a_round_is_reported_at_once():
    got = validate_round(
        [
            SideEntry(melded=303, went_out=WentOut.NORMAL, red_threes=3),
            SideEntry(hand=-5, went_out=WentOut.CONCEALED, red_threes=2),
        ],
        CLASSIC,
        round_number=1,
        side_names=NAMES,
    )
    assert [(p.side, p.field) for p in got] == [
        (0, "melded"),
        (0, "went_out"),
        (1, "hand"),
        (1, "went_out"),
        (None, None),
        (None, None),
    ]


def game(rounds=()):
    return Game(CLASSIC, (Side("We", ("A",)), Side("They", ("B",))), tuple(rounds))


def test_a_refused_round_leaves_the_game_as_it_was():
    before = game([(OUT, SideEntry())])
    with pytest.raises(RoundRefused) as refused:
        before.add_round([OUT, OUT])
    assert [str(p) for p in refused.value.problems] == [
        "round 2: 2 sides went out; only one side can go out in a round"
    ]
    assert len(before.rounds) == 1


def test_a_round_added_to_a_finished_game_is_refused():
    big = SideEntry(melded=1000, canastas={"natural": 4, "mixed": 2}, red_threes=4)
    won = game([(big, SideEntry())] * 2)
    assert won.winner == 0
    with pytest.raises(RoundRefused) as refused:
        won.add_round([SideEntry(), SideEntry()])
    assert str(refused.value.problems[0]) == (
        'round 3: the game is over: "We" won after round 2; no round can be added'
    )


def test_a_round_needs_one_entry_per_side():
    with pytest.raises(RoundRefused) as refused:
        game().add_round([SideEntry()])
    assert str(refused.value) == "round 1: a round needs an entry for each of the 2 sides, got 1"
