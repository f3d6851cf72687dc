"""Statistics over constructed histories whose figures are worked out by hand below."""

import dataclasses
import json
import sys
from datetime import date
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_architecture import imported_modules

from canasta_score.core import (
    CLASSIC,
    DANISH,
    FINNISH,
    FLEMISH,
    SIX_PLAYER,
    TWO_PLAYER,
    CanastaKind,
    Game,
    Side,
    SideEntry,
    WentOut,
    score_side,
)
from canasta_score.statistics import (
    GameFigures,
    NameChange,
    PlayedGame,
    StatsFilter,
    chart_series,
    game_statistics,
    head_to_head,
    opening_bands,
    round_bars,
    statistics_json,
    statistics_table,
    summarize,
)

# Round entries and what each scores under the classic rules.
#: 400 + 4 x 500 + 300 + 100 (one red three) + 100 (went out) = 2900
BIG = SideEntry(
    melded=400, canastas={"natural": 4, "mixed": 1}, red_threes=1, went_out=WentOut.NORMAL
)
#: 400 + 2300 + 200 (concealed) = 2900
BIG_CONCEALED = SideEntry(
    melded=400, canastas={"natural": 4, "mixed": 1}, went_out=WentOut.CONCEALED
)
#: 150 - 30 + 300 + 200 (two red threes) = 620
SMALL = SideEntry(melded=150, hand=30, canastas={"mixed": 1}, red_threes=2)
#: -60 in hand, and the red three counts against a side that has not melded: -160
NOTHING = SideEntry(hand=60, red_threes=1)


def played(game_id, day, sides, rounds, rules=CLASSIC):
    game = Game(rules, tuple(Side(f"Side {i + 1}", tuple(p)) for i, p in enumerate(sides)))
    return PlayedGame(game=_with_rounds(game, rounds), played_on=day, game_id=game_id)


def _with_rounds(game, rounds):
    return Game(game.rules, game.sides, tuple(tuple(r) for r in rounds))


#: 1: Anna & Ben beat Cleo & Dan 5800 to 1240.
#: 2: the same pair in other seats (and spellings) lose 460 to 5800; Dan once concealed.
#: 3: Anne & Cleo against Ben & Dan, 620 each after one round: in play.
#: 4: two-player rules, Anna beats Dan 5800 to -320.
HISTORY = [
    played(1, date(2026, 1, 10), [["Anna", "Ben"], ["Cleo", "Dan"]], [(BIG, SMALL)] * 2),
    played(
        2,
        date(2026, 2, 1),
        [["ben ", "ANNA"], ["Cleo", "Dan"]],
        [(SMALL, BIG), (NOTHING, BIG_CONCEALED)],
    ),
    played(3, date(2026, 3, 1), [["Anne", "Cleo"], ["Ben", "Dan"]], [(SMALL, SMALL)]),
    played(4, date(2026, 3, 5), [["Anna"], ["Dan"]], [(BIG, NOTHING)] * 2, rules=TWO_PLAYER),
]


def test_the_constructed_history_scores_as_worked_out():
    assert [p.game.totals for p in HISTORY] == [(5800, 1240), (460, 5800), (620, 620), (5800, -320)]
    assert [p.game.winner for p in HISTORY] == [0, 1, None, 0]


def test_a_players_figures_add_up_over_finished_games_only():
    anna = game_statistics(HISTORY).player("anna")
    assert anna is not None
    assert (anna.games, anna.wins, anna.in_play) == (3, 2, 0)
    assert anna.points == 5800 + 460 + 5800
    assert anna.average_score == 12060 / 3
    assert (anna.rounds, anna.round_points) == (6, 12060)
    assert anna.average_round == 2010
    assert anna.best_round == 2900
    assert dict(anna.canastas) == {"natural": 4 * 4, "mixed": 2 + 1 + 2}
    assert (anna.went_out, anna.went_out_concealed, anna.red_threes) == (4, 0, 2 + 3 + 2)
    assert anna.win_rate == 2 / 3


def test_games_in_play_are_counted_apart_and_never_as_losses():
    stats = game_statistics(HISTORY)
    dan, anne = stats.player("Dan"), stats.player("Anne")
    assert (dan.games, dan.wins, dan.in_play) == (3, 1, 1)
    assert (dan.went_out, dan.went_out_concealed) == (0 + 2 + 0, 1)
    assert (anne.games, anne.wins, anne.in_play) == (0, 0, 1)
    assert (anne.win_rate, anne.average_score, anne.average_round, anne.best_round) == (
        None,
        None,
        None,
        None,
    )


def test_names_match_ignoring_case_and_spaces_and_show_as_the_newest_game_spelled_them():
    stats = game_statistics(HISTORY)
    # Most finished games first, then most wins, most in play, and the name.
    assert [f.name for f in stats.players] == ["Anna", "Dan", "Ben", "Cleo", "Anne"]
    ben = stats.player("BEN")
    assert (ben.games, ben.wins, ben.in_play) == (2, 1, 1)
    newest_shouts = [*HISTORY[:2], played(9, date(2026, 4, 1), [["ANNA"], ["Dan"]], [])]
    assert game_statistics(newest_shouts).players[0].name == "ANNA"


def test_a_name_is_one_player_however_its_letters_were_typed():
    # "Å" typed as one letter or as "A" and a ring above, and a full-width "Ｂ" (issue 14).
    games = [
        played(1, date(2026, 1, 10), [["\u00c5sa"], ["Bo"]], [(BIG, SMALL)] * 2),
        played(2, date(2026, 1, 11), [["a\u030asa"], ["\uff22o"]], [(BIG, SMALL)] * 2),
    ]
    stats = game_statistics(games)
    assert [(f.games, f.wins) for f in stats.players] == [(2, 2), (2, 0)]


def test_a_partnership_is_the_same_players_whatever_their_seats():
    stats = game_statistics(HISTORY)
    assert [f.players for f in stats.partnerships] == [
        ("Anna", "Ben"),
        ("Cleo", "Dan"),
        ("Anne", "Cleo"),
        ("Ben", "Dan"),
    ]
    pair = stats.partnership("Ben", "Anna")
    assert (pair.games, pair.wins, pair.in_play, pair.points) == (2, 1, 0, 5800 + 460)
    assert pair.average_score == 3130
    assert stats.partnership("Anne", "Cleo").in_play == 1


def test_a_rename_applies_to_the_whole_history():
    stats = game_statistics(HISTORY, changes=[NameChange("Anne", "Anna")])
    anna = stats.player("Anna")
    assert (anna.games, anna.wins, anna.in_play) == (3, 2, 1)
    assert stats.player("Anne") is None
    assert stats.partnership("Anna", "Cleo").in_play == 1


def test_a_rename_that_only_fixes_the_case_sets_the_shown_spelling():
    stats = game_statistics(HISTORY, changes=[NameChange("anna", "ANNA")])
    assert stats.player("anna").name == "ANNA"


MERGE_HISTORY = [
    played(1, date(2026, 1, 1), [["Jan"], ["Kim"]], [(BIG, SMALL)] * 2),
    played(2, date(2026, 1, 2), [["Jan B."], ["Kim"]], [(SMALL, BIG)] * 2),
    played(3, date(2026, 1, 3), [["J."], ["Kim"]], [(BIG, SMALL)] * 2),
]


def test_merging_two_names_adds_their_games_together():
    stats = game_statistics(MERGE_HISTORY, changes=[NameChange("Jan", "Jan B.")])
    assert [(f.name, f.games, f.wins) for f in stats.players] == [
        ("Kim", 3, 1),
        ("Jan B.", 2, 1),
        ("J.", 1, 1),
    ]


def test_renames_chain_in_order_and_undo_by_leaving_them_out():
    chained = [NameChange("J.", "Jan"), NameChange("Jan", "Jan B.")]
    stats = game_statistics(MERGE_HISTORY, changes=chained)
    assert [(f.name, f.games, f.wins) for f in stats.players] == [("Jan B.", 3, 2), ("Kim", 3, 1)]
    undone = game_statistics(MERGE_HISTORY, changes=chained[1:])
    assert [(f.name, f.games) for f in undone.players] == [("Kim", 3), ("Jan B.", 2), ("J.", 1)]
    # Applied the other way round, "J." becomes "Jan" after the merge: two people remain.
    reversed_ = game_statistics(MERGE_HISTORY, changes=chained[::-1])
    assert [(f.name, f.games) for f in reversed_.players] == [("Kim", 3), ("Jan B.", 2), ("Jan", 1)]


def test_a_merge_that_puts_one_person_on_both_sides_counts_the_game_once_for_the_first():
    history = [played(1, date(2026, 1, 1), [["Jan"], ["Jan B."]], [(SMALL, BIG)] * 2)]
    stats = game_statistics(history, changes=[NameChange("Jan", "Jan B.")])
    assert [(f.name, f.games, f.wins, f.points) for f in stats.players] == [("Jan B.", 1, 0, 1240)]


def test_a_tie_above_the_target_is_no_win_and_play_goes_on():
    tie = played(1, date(2026, 1, 1), [["Anna", "Ben"], ["Cleo", "Dan"]], [(BIG, BIG)] * 2)
    assert tie.game.totals == (5800, 5800)
    stats = game_statistics([tie])
    assert {(f.name, f.games, f.wins, f.in_play) for f in stats.players} == {
        (name, 0, 0, 1) for name in ("Anna", "Ben", "Cleo", "Dan")
    }


def test_a_game_without_rounds_is_in_play():
    stats = game_statistics([played(1, date(2026, 1, 1), [["Anna"], ["Ben"]], [])])
    assert [(f.games, f.in_play, f.best_round) for f in stats.players] == [(0, 1, None)] * 2


def test_the_filter_takes_a_rule_set_and_days_both_included():
    only_two_player = game_statistics(HISTORY, where=StatsFilter(rules_id="two-player"))
    assert [(f.name, f.games, f.wins) for f in only_two_player.players] == [
        ("Anna", 1, 1),
        ("Dan", 1, 0),
    ]
    assert only_two_player.partnerships == ()
    since = game_statistics(HISTORY, where=StatsFilter(since=date(2026, 2, 1)))
    assert (since.player("Anna").games, since.player("Dan").in_play) == (2, 1)
    until = game_statistics(HISTORY, where=StatsFilter(until=date(2026, 2, 1)))
    assert until.player("Anne") is None
    assert until.partnership("Anna", "Ben").games == 2
    one_day = StatsFilter(since=date(2026, 2, 1), until=date(2026, 2, 1))
    assert [f.wins for f in game_statistics(HISTORY, where=one_day).partnerships] == [1, 0]
    assert game_statistics(HISTORY, where=StatsFilter(rules_id="danish")).players == ()


def test_head_to_head_counts_games_on_opposite_sides():
    duel = head_to_head(HISTORY, "anna", "Dan")
    assert (duel.games, duel.first_wins, duel.second_wins, duel.in_play) == (3, 2, 1, 0)
    assert (duel.first, duel.second) == (("Anna",), ("Dan",))  # as the history shows them
    stranger = head_to_head(HISTORY, " zoe  ", "Dan")
    assert (stranger.first, stranger.games) == (("zoe",), 0)
    renamed = head_to_head(HISTORY, "Anna", "Dan", changes=[NameChange("Anne", "Anna")])
    assert (renamed.games, renamed.in_play) == (3, 1)
    pairs = head_to_head(HISTORY, ["Ben", "Anna"], ["Dan", "Cleo"])
    assert (pairs.games, pairs.first_wins, pairs.second_wins) == (2, 1, 1)
    assert pairs.first == ("Anna", "Ben")
    partners = head_to_head(HISTORY, "Anna", "Ben")
    assert (partners.games, partners.in_play) == (0, 0)
    two_player_only = head_to_head(HISTORY, "Anna", "Dan", where=StatsFilter(rules_id="classic"))
    assert (two_player_only.games, two_player_only.first_wins) == (2, 1)


def test_head_to_head_in_a_three_side_game_may_be_won_by_neither():
    three = played(
        1,
        date(2026, 1, 1),
        [["A", "B"], ["C", "D"], ["E", "F"]],
        [(SMALL, SMALL, BIG)] * 3,
        rules=SIX_PLAYER,
    )
    assert three.game.winner == 2  # 8700 against a target of 7500 for three sides
    duel = head_to_head([three], ["A", "B"], "C")
    assert (duel.games, duel.first_wins, duel.second_wins, duel.other_wins) == (1, 0, 0, 1)


def test_head_to_head_refuses_parties_that_share_a_player():
    with pytest.raises(ValueError, match="share a player"):
        head_to_head(HISTORY, ["Anna", "Ben"], ["ANNA"])
    with pytest.raises(ValueError, match="needs a name"):
        head_to_head(HISTORY, " ", "Ben")


def test_summaries_give_the_same_figures_as_the_games_they_summarize():
    summaries = [summarize(p) for p in HISTORY]
    assert all(isinstance(s, GameFigures) for s in summaries)
    assert game_statistics(summaries) == game_statistics(HISTORY)


def test_canasta_kinds_count_as_plain_names_in_the_rules_order():
    enum_keys = SideEntry(melded=100, canastas={CanastaKind.WILD: 1, CanastaKind.NATURAL: 2})
    game = played(1, date(2026, 1, 1), [["A"], ["B"]], [(enum_keys, SMALL)], rules=FLEMISH)
    canastas = summarize(game).sides[0].canastas
    assert canastas == (
        ("natural", 2),
        ("mixed", 0),
        ("natural_aces", 0),
        ("mixed_aces", 0),
        ("wild", 1),
    )
    assert all(type(kind) is str for kind, _ in canastas)


def test_statistics_import_only_the_standard_library_and_the_core():
    package = Path(__file__).parent.parent / "canasta_score" / "statistics"
    outside = {
        f"{path.name}: {module}"
        for path in package.glob("*.py")
        for module in imported_modules(path)
        if module.split(".")[0] not in sys.stdlib_module_names
        and not module.startswith(("canasta_score.core", "canasta_score.statistics"))
        and module
        != "canasta_score.core.lazy"  # its names at first use: the standard library alone
    }
    assert outside == set()


def test_the_json_shape_for_the_command_line():
    data = statistics_json(game_statistics(HISTORY))
    assert json.loads(json.dumps(data)) == data
    assert data["players"][0] == {
        "name": "Anna",
        "games": 3,
        "wins": 2,
        "win_rate": 2 / 3,
        "in_play": 0,
        "average_score": 4020.0,
        "average_round": 2010.0,
        "best_round": 2900,
        "canastas": {"natural": 16, "mixed": 5},
        "went_out": 4,
        "went_out_concealed": 0,
        "red_threes": 7,
    }
    assert data["partnerships"][2]["players"] == ["Anne", "Cleo"]
    assert data["partnerships"][2]["win_rate"] is None
    assert set(data) == {"players", "partnerships"}


def test_the_table_reads_as_rows_of_figures():
    table = statistics_table(game_statistics(HISTORY))
    lines = table.splitlines()
    assert lines[0] == "Players"
    assert lines[1].split() == [
        "Player",
        "Games",
        "Wins",
        "Win",
        "%",
        "In",
        "play",
        "Avg",
        "score",
        "Avg",
        "round",
        "Best",
        "round",
        "Natural",
        "Mixed",
        "Out",
        "Concealed",
        "Red",
        "3s",
    ]
    assert lines[2].split() == [
        "Anna", "3", "2", "67%", "0", "4020", "2010", "2900", "16", "5", "4", "0", "7"
    ]  # fmt: skip
    assert lines[6].split()[:6] == ["Anne", "0", "0", "–", "1", "–"]
    assert "Partnerships" in lines
    assert any(line.split()[:4] == ["Anna", "&", "Ben", "2"] for line in lines)


# Pictures.


def test_the_chart_series_runs_from_zero_with_the_target_and_the_opening_edges():
    series = chart_series(HISTORY[0].game)
    assert [s.totals for s in series.sides] == [(0, 2900, 5800), (0, 620, 1240)]
    assert [s.name for s in series.sides] == ["Side 1", "Side 2"]
    assert (series.target, series.edges) == (5000, (0, 1500, 3000))
    six = chart_series(Game(SIX_PLAYER, (Side("A", ()), Side("B", ()))))
    assert (six.target, six.edges, [s.totals for s in six.sides]) == (
        10000,
        (0, 1500, 3000, 7500),
        [(0,), (0,)],
    )


def test_the_opening_bands_follow_the_rule_set():
    assert [(b.start, b.end, b.minimum) for b in opening_bands(CLASSIC)] == [
        (None, 0, 15),
        (0, 1500, 50),
        (1500, 3000, 90),
        (3000, None, 120),
    ]
    assert [(b.start, b.end, b.minimum) for b in opening_bands(FINNISH)][:2] == [
        (None, 0, 0),
        (0, 1500, 50),
    ]
    no_tiers = dataclasses.replace(FINNISH, opening_tiers=())
    assert [(b.start, b.end, b.minimum) for b in opening_bands(no_tiers)] == [(None, None, 0)]


def test_round_bars_put_gains_above_the_line_and_losses_below():
    first, second = round_bars(HISTORY[1].game, 2)  # NOTHING against BIG_CONCEALED
    assert [(p.part, p.points) for p in first.above] == []
    assert [(p.part, p.points) for p in first.below] == [("red_threes", 100), ("hand", 60)]
    assert [(p.part, p.points) for p in second.above] == [
        ("melded", 400),
        ("canasta_bonus", 2300),
        ("going_out", 200),
    ]
    assert (first.total, second.total) == (-160, 2900)
    danish = Game(DANISH, (Side("A", ()), Side("B", ())), ((SMALL, SideEntry(dealer_bonus=True)),))
    assert [(p.part, p.points) for p in round_bars(danish, 1)[1].above] == [("dealer_bonus", 100)]
    with pytest.raises(ValueError, match="no round 3"):
        round_bars(HISTORY[1].game, 3)


entries = st.builds(
    SideEntry,
    melded=st.integers(0, 600),
    hand=st.integers(0, 300),
    canastas=st.fixed_dictionaries(
        {}, optional={"natural": st.integers(0, 3), "mixed": st.integers(0, 3)}
    ),
    red_threes=st.integers(0, 4),
    went_out=st.sampled_from([None, WentOut.NORMAL, WentOut.CONCEALED]),
    dealer_bonus=st.booleans(),
    penalty=st.integers(0, 200),
)


@given(entry=entries, rules=st.sampled_from([CLASSIC, DANISH, FINNISH]))
def test_a_round_bar_adds_up_to_the_cores_total(entry, rules):
    game = Game(rules, (Side("A", ()), Side("B", ())), ((entry, SideEntry()),))
    bars = round_bars(game, 1)[0]
    assert bars.total == score_side(entry, rules).total
    assert all(p.points > 0 for p in (*bars.above, *bars.below))


# Properties over random histories.

SPELLINGS = {
    "anna": ["Anna", " anna", "ANNA  "],
    "ben": ["Ben", "ben"],
    "cleo": ["Cleo", "CLEO"],
    "dan": ["Dan"],
    "eve": ["Eve", " eve "],
}


@st.composite
def histories(draw):
    history = []
    for game_id in range(draw(st.integers(0, 12))):
        people = draw(st.permutations(sorted(SPELLINGS)))[:4]
        names = [draw(st.sampled_from(SPELLINGS[p])) for p in people]
        rounds = draw(
            st.lists(st.tuples(*[st.sampled_from([BIG, SMALL, NOTHING])] * 2), max_size=3)
        )
        day = draw(st.dates(date(2026, 1, 1), date(2026, 12, 31)))
        history.append(played(game_id, day, [names[:2], names[2:]], rounds))
    return history


@settings(max_examples=60, deadline=None)
@given(history=histories())
def test_wins_add_up_to_the_finished_games_of_each_side_set(history):
    finished = sum(p.game.finished for p in history)
    stats = game_statistics(history)
    assert sum(f.wins for f in stats.partnerships) == finished
    assert sum(f.games for f in stats.partnerships) == 2 * finished
    assert sum(f.wins for f in stats.players) == 2 * finished
    assert sum(f.in_play for f in stats.players) == 4 * (len(history) - finished)
    for figures in (*stats.players, *stats.partnerships):
        assert 0 <= figures.wins <= figures.games
    duel = head_to_head(history, ["Anna", "Ben"], ["Cleo", "Dan"])
    assert duel.first_wins + duel.second_wins == duel.games


@settings(max_examples=40, deadline=None)
@given(history=histories())
def test_seat_and_side_order_do_not_change_the_figures(history):
    turned = [
        PlayedGame(
            Game(
                p.game.rules,
                tuple(Side(s.name, s.players[::-1]) for s in p.game.sides[::-1]),
                tuple(r[::-1] for r in p.game.rounds),
            ),
            p.played_on,
            p.game_id,
        )
        for p in history
    ]
    assert game_statistics(turned) == game_statistics(history)


@settings(max_examples=40, deadline=None)
@given(history=histories())
def test_the_json_survives_a_round_trip_and_keeps_its_shape(history):
    data = statistics_json(game_statistics(history, changes=[NameChange("Eve", "Anna")]))
    assert json.loads(json.dumps(data)) == data
    keys = {"games", "wins", "win_rate", "in_play", "average_score", "average_round"}
    keys |= {"best_round", "canastas", "went_out", "went_out_concealed", "red_threes"}
    assert all(set(p) == keys | {"name"} for p in data["players"])
    assert all(set(p) == keys | {"players"} for p in data["partnerships"])
    assert not any(p["name"].lower() == "eve" for p in data["players"])
