"""A whole game: running totals, opening minimums, dealer, winner, and edits that recompute."""

import dataclasses

import pytest

from canasta_score.core import (
    CLASSIC,
    SIX_PLAYER,
    Game,
    RoundRefused,
    Side,
    SideEntry,
    WentOut,
    apply_overrides,
    rules_title,
    winner_of,
)

WE_THEY = (Side("We", ("Anna", "Ben")), Side("They", ("Cleo", "Dan")))
EXAMPLE = (
    SideEntry(
        melded=420, hand=70, canastas={"natural": 1, "mixed": 1}, red_threes=2, went_out="normal"
    ),
    SideEntry(hand=85, red_threes=1),
)
# 1000 melded + 4 natural + 2 mixed canastas + 4 red threes = 4400
BIG = SideEntry(melded=1000, canastas={"natural": 4, "mixed": 2}, red_threes=4)


def example_round():
    we, they = EXAMPLE
    return (SideEntry(**{**we.__dict__, "went_out": WentOut.NORMAL}), they)


def test_the_worked_example_round_gives_1450_and_minus_185_with_their_minimums():
    game = Game(CLASSIC, WE_THEY).add_round(example_round())
    assert game.totals == (1450, -185)
    assert game.opening_minimums == (50, 15)
    assert game.winner is None and not game.finished


def test_running_totals_add_up_round_by_round():
    game = Game(CLASSIC, WE_THEY).add_round(example_round()).add_round(example_round())
    assert game.running_totals == ((1450, -185), (2900, -370))
    assert game.opening_minimums == (90, 15)
    assert game.opening_minimums_before(1) == (50, 50)
    assert game.opening_minimums_before(2) == (50, 15)


def test_the_side_with_the_highest_total_wins_once_one_reaches_the_target():
    game = Game(CLASSIC, WE_THEY).add_round((BIG, SideEntry())).add_round((SideEntry(), BIG))
    assert game.totals == (4400, 4400)
    game = game.add_round((SideEntry(melded=300), SideEntry(melded=700)))
    assert game.totals == (4700, 5100)
    assert game.winner == 1 and game.finished


def test_when_both_pass_the_target_the_higher_total_wins_not_the_first_to_reach_it():
    assert winner_of([5200, 5600], 5000) == 1


def test_a_shared_top_total_past_the_target_means_play_goes_on():
    game = Game(CLASSIC, WE_THEY).add_round((BIG, SideEntry())).add_round((SideEntry(), BIG))
    canasta = SideEntry(melded=300, canastas={"natural": 1})
    game = game.add_round((canasta, canasta))
    assert game.totals == (5200, 5200)
    assert game.winner is None and not game.finished
    game = game.add_round((SideEntry(melded=50), SideEntry()))
    assert game.winner == 0


def test_a_shared_total_below_the_leader_does_not_stop_a_win():
    assert winner_of([5000, 4000, 4000], 5000) == 0


def test_replacing_an_earlier_round_recomputes_everything_after_it():
    game = Game(CLASSIC, WE_THEY).add_round(example_round()).add_round(example_round())
    edited = game.replace_round(1, (SideEntry(melded=50), SideEntry(melded=50)))
    assert edited.running_totals == ((50, 50), (1500, -135))
    assert edited.opening_minimums == (90, 15)
    assert game.totals == (2900, -370)  # the original is untouched


def test_removing_a_round_moves_the_later_ones_up():
    game = Game(CLASSIC, WE_THEY).add_round((BIG, SideEntry())).add_round(example_round())
    assert game.remove_round(1).running_totals == ((1450, -185),)


def test_editing_an_earlier_round_can_unfinish_a_game():
    game = Game(CLASSIC, WE_THEY).add_round((BIG, SideEntry())).add_round((BIG, SideEntry()))
    assert game.finished
    edited = game.replace_round(2, (SideEntry(melded=50), SideEntry()))
    assert not edited.finished
    assert edited.add_round((SideEntry(), SideEntry())).rounds[-1] == (SideEntry(), SideEntry())


def test_an_edit_that_would_end_the_game_before_later_rounds_is_refused():
    game = Game(CLASSIC, WE_THEY)
    for _ in range(3):
        game = game.add_round((SideEntry(melded=1000), SideEntry()))
    with pytest.raises(RoundRefused) as refused:
        game.replace_round(1, (BIG, SideEntry()))
    assert "the game would be over after round 2, but round 3 was played after it" in str(
        refused.value
    ), "one round: not 'rounds 3 to 3'"
    to_3000 = dataclasses.replace(game, rules=dataclasses.replace(CLASSIC, target=3000))
    with pytest.raises(RoundRefused, match="after round 1, but rounds 2 to 3 were played"):
        to_3000.replace_round(1, (BIG, SideEntry()))


def test_an_edit_that_would_end_the_game_early_is_said_while_it_is_typed():
    """The refusal came only once Save was tapped, the preview showing a plain score."""
    game = Game(CLASSIC, WE_THEY)
    for _ in range(3):
        game = game.add_round((SideEntry(melded=1000), SideEntry()))
    preview = game.preview_round((BIG, SideEntry()), 1)
    assert [p.code for p in preview.problems] == ["change_ends_game_before_last"]
    assert "but round 3 was played after it" in str(preview.problems[0])
    assert not game.preview_round((SideEntry(melded=1100), SideEntry()), 1).problems
    assert not game.preview_round((BIG, SideEntry()), 3).problems, "the last round may win"


def test_editing_a_round_that_does_not_exist_is_refused():
    with pytest.raises(RoundRefused, match="there is no round 3; the game has 0"):
        Game(CLASSIC, WE_THEY).remove_round(3)


def test_the_deal_passes_clockwise_from_the_first_dealer():
    game = Game(CLASSIC, WE_THEY, first_dealer=1)
    names = [game.sides[side].players[player] for side, player in map(game.dealer_of, range(1, 6))]
    assert names == ["Cleo", "Ben", "Dan", "Anna", "Cleo"]
    assert game.next_dealer == (1, 0)


def test_six_players_in_three_teams_play_to_7500():
    sides = tuple(Side(name, ("a", "b")) for name in ("A", "B", "C"))
    assert Game(SIX_PLAYER, sides).target == 7500
    assert Game(SIX_PLAYER, sides[:2]).target == 10000


def test_a_target_override_holds_whatever_the_number_of_sides():
    rules, problems = apply_overrides(SIX_PLAYER, {"target": 3000})
    assert problems == []
    assert Game(rules, tuple(Side(n, ("a",)) for n in "ABC")).target == 3000
    assert rules.name == SIX_PLAYER.name  # a new target alone keeps the rules' name


def test_overrides_of_other_values_make_a_custom_rule_set():
    rules, problems = apply_overrides(CLASSIC, {"canasta_bonuses": {"wild": 1000}})
    assert problems == []
    assert (rules.id, rules.name, rules.base) == ("custom", "", "classic")
    assert rules_title(rules) == "Classic (custom)", "unnamed: worded where it is shown"
    assert rules.canasta_bonuses["wild"] == 1000


def test_bad_overrides_are_all_reported():
    _, problems = apply_overrides(CLASSIC, {"target": -1, "packs": 5, "colour": "red"})
    assert problems == [
        "rule_overrides.target must be a positive whole number, got -1",
        "rule_overrides.packs must be 2 or 3, got 5",
        'rule_overrides has no value "colour"; it knows ' + ", ".join(
            [
                "target", "three_side_target", "packs", "card_values", "canasta_bonuses",
                "red_threes", "going_out", "going_out_concealed", "canastas_to_go_out",
                "dealer_bonus", "opening_below_zero", "opening_tiers", "wild_cards_in_meld",
                "red_threes_minus", "black_threes", "threes_sign", "melded_without_canasta",
                "incomplete_penalty", "held_penalty", "special_hands",
            ]
        ),
    ]  # fmt: skip


def test_the_preview_of_a_round_scores_the_sides_without_problems_and_lists_the_problems():
    from canasta_score.core import CLASSIC, Side, SideEntry, WentOut

    game = Game(CLASSIC, (Side("We", ("A", "B")), Side("They", ("C", "D"))))
    out = SideEntry(
        melded=420,
        hand=70,
        canastas={"natural": 1, "mixed": 1},
        red_threes=2,
        went_out=WentOut.NORMAL,
    )
    preview = game.preview_round([out, SideEntry(hand=85, red_threes=1)])
    we, they = preview.sides
    assert preview.problems == () and preview.round_number == 1
    assert (we.round_score, we.total, we.opening, we.opening_changed) == (1450, 1450, 50, False)
    assert (they.round_score, they.total, they.opening, they.opening_changed) == (
        -185,
        -185,
        15,
        True,
    )
    assert we.score is not None and we.score.canasta_bonus == 800
    # More red threes than the packs hold: a problem of the round, and no score for that side.
    preview = game.preview_round([SideEntry(melded=100, red_threes=5), SideEntry()])
    assert [side.round_score for side in preview.sides] == [None, 0]
    assert [p.side for p in preview.problems] == [None]
    # An edit of round 1 counts from the totals before it.
    game = game.add_round([out, SideEntry(hand=85, red_threes=1)]).add_round([out, SideEntry()])
    preview = game.preview_round([SideEntry(melded=100), SideEntry(melded=50)], round_number=2)
    assert [side.total for side in preview.sides] == [1550, -135]


def test_a_side_told_what_is_wrong_is_not_also_warned_of_a_likely_miscount():
    """Melded 123 with 155 needed: "a multiple of 5, got 123" and "123 melded points, below
    the 155 needed" both, the second noise on a number that is not one."""
    game = Game(CLASSIC, WE_THEY).add_round((BIG, SideEntry()))  # We need 120, They 50
    bad = game.preview_round((SideEntry(melded=103), SideEntry(melded=40)))
    assert [p.side for p in bad.problems] == [0]
    assert [w.side for w in bad.warnings] == [1], "the other side's warning stays"
    low = game.preview_round((SideEntry(melded=100), SideEntry()))
    assert [w.side for w in low.warnings] == [0]
