"""A side's table meld by meld in the game file and the `score` command, and the warning of
RULES.md ("Entries that are possible but likely miscounted") in every way of entering it."""

import json
import os

import pytest

#: RULES.md, "Melds", worked example (seed 004's round), as GAME_FORMAT.md writes it.
from examples import (
    WE_AND_THEY,
    WORKED_EXAMPLE_MELDS,
    game_file,
)
from storage_support.builders import run_cli

from canasta_score.core import (
    CLASSIC,
    FINNISH,
    PRESETS,
    CardCounts,
    Game,
    Meld,
    Rank,
    Side,
    SideEntry,
    WarningCode,
    game_document,
    read_game,
    rules_as_json,
)

MELD_ROUND = [
    {"melded": WORKED_EXAMPLE_MELDS, "hand": 70, "red_threes": 2, "went_out": "normal"},
    {"melded": 0, "hand": 85, "red_threes": 1},
]


def score(document, language="en"):
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG")}
    return run_cli("score", "-", stdin=json.dumps(document), env=env, language=language)


# --- the game file ------------------------------------------------------------------------


def test_the_worked_example_meld_by_meld_scores_1450_as_game_format_md_says():
    game, problems = read_game(game_file([MELD_ROUND]))
    assert problems == []
    assert [s.total for s in game.scores[0]] == [1450, -185]
    assert game.scores[0][0].melded == 420 and game.scores[0][0].canasta_bonus == 800


def test_melds_are_written_back_as_they_were_entered():
    game, _ = read_game(game_file([MELD_ROUND]))
    written = game_document(game)["rounds"][0][0]
    assert written["melded"] == WORKED_EXAMPLE_MELDS
    assert "canastas" not in written  # the melds give them; nothing was entered beside them
    again, problems = read_game(game_document(game))
    assert problems == [] and again == game


def test_canastas_given_beside_the_melds_are_kept_and_must_agree():
    agreeing = [dict(MELD_ROUND[0], canastas={"natural": 1, "mixed": 1}), MELD_ROUND[1]]
    game, problems = read_game(game_file([agreeing]))
    assert problems == [] and game_document(game)["rounds"][0][0]["canastas"] == {
        "natural": 1,
        "mixed": 1,
    }
    wrong = [dict(MELD_ROUND[0], canastas={"natural": 1}), MELD_ROUND[1]]
    _, problems = read_game(game_file([wrong]))
    assert [str(p) for p in problems] == [
        'round 1, side "We": mixed canastas: 0 entered, but the melds make 1'
    ]


@pytest.mark.parametrize(
    ("melds", "line"),
    [
        ([{"rank": "B", "natural": 3}], 'melded[0] has no rank "B"; the ranks are "A", "K"'),
        ([{"rank": "K", "natural": 1.5}], 'melded[0] must be a meld like {"rank": "Q", '),
        ([3], "melded[0] must be a meld like"),
        ([{"rank": "K", "natural": 7}, {"rank": "Q", "queens": 3}], 'got "queens": 3'),
    ],
)
def test_a_meld_that_cannot_be_read_is_refused_naming_its_place(melds, line):
    _, problems = read_game(game_file([[{"melded": melds}, {}]]))
    assert len(problems) == 1
    assert str(problems[0]).startswith('round 1, side "We": ')
    assert line in str(problems[0])
    assert problems[0].field == "melded"


def test_melds_are_not_a_way_to_count_cards_in_hand():
    _, problems = read_game(game_file([[{"hand": [{"rank": "K", "natural": 3}]}, {}]]))
    assert [str(p.code) for p in problems] == ["cards_invalid"]


def test_an_empty_list_of_melds_is_nothing_melded():
    game, problems = read_game(game_file([[{"melded": [], "hand": 50, "red_threes": 1}, {}]]))
    assert problems == [] and game.scores[0][0].total == -150


def test_a_rule_set_names_its_meld_rule_and_a_file_can_change_it():
    assert {r.id: rules_as_json(r)["wild_cards_in_meld"] for r in PRESETS.values()} == {
        "classic": "two-natural-three-wild",
        "two-player": "two-natural-three-wild",
        "six-player": "two-natural-three-wild",
        "flemish": "two-natural-three-wild",
        "finnish": "more-natural-than-wild",
        "danish": "more-natural-than-wild",
    }
    four_wild = [{"rank": "Q", "natural": 5, "twos": 2, "jokers": 2}, {"rank": "K", "natural": 7}]
    rounds = [[{"melded": four_wild, "went_out": "normal"}, {}]]
    assert read_game(game_file(rounds))[1] != []
    german = game_file(rounds, rule_overrides={"wild_cards_in_meld": "more-natural-than-wild"})
    game, problems = read_game(german)
    assert problems == [] and game.scores[0][0].melded == 5 * 10 + 40 + 100 + 70
    assert game_document(game)["rule_overrides"] == {"wild_cards_in_meld": "more-natural-than-wild"}


# --- warnings: melded points below the opening minimum ------------------------------------


def warnings(entries, rules=CLASSIC, before=()):
    game = Game(rules, (Side("We", ("A",)), Side("They", ("B",))), tuple(before))
    return [str(w) for w in game.preview_round(entries).warnings]


@pytest.mark.parametrize(
    "melded",
    [45, CardCounts(low=9), (Meld(Rank.SEVEN, 3), Meld(Rank.SIX, 6))],
    ids=["points", "card counts", "melds"],
)
def test_melded_points_below_the_opening_minimum_warn_in_every_way_of_entering(melded):
    assert warnings([SideEntry(melded=melded), SideEntry()]) == [
        'round 1, side "We": 45 melded points, below the 50 needed to open; '
        "the first meld alone had to reach it: check the count"
    ]


def test_the_minimum_itself_nothing_melded_and_finnish_below_zero_do_not_warn():
    assert warnings([SideEntry(melded=50), SideEntry()]) == []
    assert warnings([SideEntry(melded=0, hand=20), SideEntry()]) == []
    behind = ((SideEntry(hand=100), SideEntry(melded=100)),)
    assert warnings([SideEntry(melded=10), SideEntry()], FINNISH, behind) == []
    assert warnings([SideEntry(melded=10), SideEntry()], CLASSIC, behind) == [
        'round 2, side "We": 10 melded points, below the 15 needed to open; '
        "the first meld alone had to reach it: check the count"
    ]


def test_the_minimum_is_the_one_for_the_sides_total_before_the_round():
    ahead = ((SideEntry(melded=1500), SideEntry()),)
    [warning] = Game(CLASSIC, (Side("We", ("A",)), Side("They", ("B",))), ahead).warnings_of(
        [SideEntry(melded=85), SideEntry(melded=85)], 2
    )
    assert warning.side == 0 and warning.params == {"melded": 85, "minimum": 90}


def test_a_warning_never_refuses_the_round():
    game = Game(CLASSIC, (Side("We", ("A",)), Side("They", ("B",))))
    entries = [SideEntry(melded=40), SideEntry()]
    preview = game.preview_round(entries)
    assert preview.problems == () and preview.sides[0].round_score == 40
    assert [w.code for w in preview.warnings_of_side(0)] == [
        WarningCode.MELDED_BELOW_OPENING_MINIMUM
    ]
    assert preview.warnings[0].is_warning and preview.warnings[0] not in preview.problems
    assert game.add_round(entries).warnings() == list(preview.warnings)


# --- the score command --------------------------------------------------------------------


def test_score_scores_a_game_entered_meld_by_meld():
    result = score(game_file([MELD_ROUND]))
    assert result.returncode == 0 and result.stderr == ""
    assert json.loads(result.stdout)["rounds"][0]["scores"] == [1450, -185]


def test_score_refuses_a_meld_naming_round_side_and_meld():
    """The issue's example: one queen and two twos (seed 004 line 34), in round 2."""
    bad = [{"rank": "K", "natural": 7}, {"rank": "Q", "natural": 1, "twos": 2}]
    document = game_file([MELD_ROUND, [{"melded": bad, "went_out": "normal"}, {}]])
    result = score(document)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.splitlines() == [
        'round 2, side "We", queens: 1 natural card and 2 wild cards; '
        "a meld needs at least 2 natural cards"
    ]


def test_score_refuses_in_the_users_language():
    bad = [{"rank": "K", "natural": 7}, {"rank": "Q", "natural": 1, "twos": 2}]
    result = score(game_file([[{"melded": bad, "went_out": "normal"}, {}]]), language="de")
    assert result.stderr.splitlines() == [
        "Runde 1, Partei „We“, Damen: 1 natürliche Karte und 2 Ersatzkarten; "
        "ein Satz braucht mindestens 2 natürliche Karten"
    ]


def test_score_prints_warnings_on_standard_error_and_the_same_report():
    low = [{"rank": "5", "natural": 3}]
    warned = game_file([[{"melded": low, "hand": 20}, {"melded": 50}]], sides=WE_AND_THEY)
    plain = game_file([[{"melded": 15, "hand": 20}, {"melded": 50}]], sides=WE_AND_THEY)
    result = score(warned)
    assert result.returncode == 0
    assert json.loads(result.stdout) == json.loads(score(plain).stdout)
    assert result.stderr.splitlines() == [
        'warning: round 1, side "We": 15 melded points, below the 50 needed to open; '
        "the first meld alone had to reach it: check the count"
    ]
