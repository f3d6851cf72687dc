"""Properties of the scoring core that hold for every round and game Hypothesis can think of."""

import json
import subprocess
import sys

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from canasta_score.core import (
    PRESETS,
    CardCounts,
    Game,
    Side,
    SideEntry,
    WentOut,
    game_document,
    opening_minimum,
    read_game,
    score_report,
    score_side,
    validate_round,
)

# No clock in the verdict: on a loaded 2-core machine a slow example is not a failure.
settings.register_profile("steady", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("steady")

presets = st.sampled_from(list(PRESETS.values()))
points = st.integers(min_value=0, max_value=240).map(lambda n: n * 5)
card_counts = st.builds(
    CardCounts,
    jokers=st.integers(0, 2),
    twos=st.integers(0, 4),
    aces=st.integers(0, 4),
    high=st.integers(0, 20),
    low=st.integers(0, 12),
    black_threes=st.integers(0, 2),
)


@st.composite
def side_entries(draw, rules, went_out=None):
    kinds = draw(st.dictionaries(st.sampled_from(rules.canasta_kinds), st.integers(0, 2)))
    return SideEntry(
        melded=draw(points),
        hand=draw(points),
        canastas={k.value: n for k, n in kinds.items() if n},
        red_threes=draw(st.integers(0, 2)),
        went_out=went_out,
        dealer_bonus=rules.dealer_bonus is not None and draw(st.booleans()),
        penalty=draw(st.integers(0, 40)) * 5,
    )


@given(rules=presets, data=st.data())
def test_a_side_total_is_the_sum_of_its_breakdown(rules, data):
    entry = data.draw(side_entries(rules, data.draw(st.sampled_from([None, *WentOut]))))
    score = score_side(entry, rules)
    parts = score.as_dict()
    assert score.total == (
        parts["melded"]
        - parts["hand"]
        + parts["canasta_bonus"]
        + parts["red_threes"]
        + parts["going_out"]
        + parts["dealer_bonus"]
        - parts["penalty"]
    )


@given(rules=presets, low=st.integers(-20_000, 20_000), rise=st.integers(0, 20_000))
def test_the_opening_minimum_never_falls_as_the_total_rises(rules, low, rise):
    assert opening_minimum(low, rules) <= opening_minimum(low + rise, rules)


@given(rules=presets, melded=card_counts, hand=card_counts)
def test_card_counts_and_the_same_points_score_alike(rules, melded, hand):
    by_count = SideEntry(melded=melded, hand=hand)
    by_points = SideEntry(
        melded=rules.card_values.points(melded), hand=rules.card_values.points(hand)
    )
    assert score_side(by_count, rules) == score_side(by_points, rules)


@st.composite
def games(draw):
    rules = draw(presets)
    side_count = draw(st.integers(2, 4))
    sides = tuple(Side(f"side {i}", (f"p{i}",)) for i in range(side_count))
    game = Game(rules, sides)
    for _ in range(draw(st.integers(0, 12))):
        entries = [draw(side_entries(rules)) for _ in sides]
        if not validate_round(entries, rules) and not game.finished:
            game = game.add_round(entries)
    return game


@given(game=games(), data=st.data())
def test_reordering_sides_reorders_results_and_never_changes_who_wins(game, data):
    order = data.draw(st.permutations(range(len(game.sides))))
    reordered = Game(
        game.rules,
        tuple(game.sides[i] for i in order),
        tuple(tuple(entries[i] for i in order) for entries in game.rounds),
    )
    assert reordered.totals == tuple(game.totals[i] for i in order)
    assert reordered.opening_minimums == tuple(game.opening_minimums[i] for i in order)
    winner = None if game.winner is None else game.sides[game.winner]
    assert (None if reordered.winner is None else reordered.sides[reordered.winner]) == winner


@given(game=games())
def test_a_game_file_reads_back_into_the_same_game(game):
    document = game_document(game)
    again, problems = read_game(json.loads(json.dumps(document)))
    assert problems == []
    assert again == game
    assert game_document(again) == document


@given(game=games())
def test_scoring_a_game_file_is_deterministic(game):
    document = game_document(game)
    first = score_report(read_game(document)[0])
    assert score_report(read_game(json.loads(json.dumps(document)))[0]) == first


@settings(max_examples=5, deadline=None)
@given(game=games())
def test_the_score_command_prints_the_same_json_every_time(game):
    text = json.dumps(game_document(game))
    runs = [
        subprocess.run(
            [sys.executable, "-m", "canasta_score", "score", "-"],
            input=text,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for _ in range(2)
    ]
    assert runs[0] == runs[1]
    assert json.loads(runs[0])["totals"] == list(game.totals)
