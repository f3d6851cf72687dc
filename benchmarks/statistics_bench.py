"""Figures for 10,000 games of 12 rounds: how long statistics take (printed, never asserted)."""

import os
import random
import time
from datetime import date, timedelta

from canasta_score.core import CLASSIC, FLEMISH, TWO_PLAYER, Game, Side, SideEntry, WentOut
from canasta_score.statistics import (
    NameChange,
    PlayedGame,
    StatsFilter,
    chart_series,
    game_statistics,
    head_to_head,
    statistics_json,
    summarize,
)

NAMES = ["Anna", "Ben", "Cleo", "Dan", "Eve", "Finn", "Greta", "Hugo", "Ida", "Jan", "Kim", "Lea"]


def entry(rng, went_out):
    return SideEntry(
        melded=rng.randrange(0, 600, 5),
        hand=0 if went_out else rng.randrange(0, 200, 5),
        canastas={"natural": rng.randint(0, 2), "mixed": rng.randint(0, 2)},
        red_threes=rng.randint(0, 2),
        went_out=(WentOut.CONCEALED if rng.random() < 0.1 else WentOut.NORMAL)
        if went_out
        else None,
    )


def history(count=10_000, rounds=12, seed=1):
    rng = random.Random(seed)
    games = []
    for game_id in range(1, count + 1):
        rules = rng.choice([CLASSIC, CLASSIC, FLEMISH, TWO_PLAYER])
        people = rng.sample(NAMES, 4)
        sides = (Side("We", tuple(people[:2])), Side("They", tuple(people[2:])))
        played_rounds = []
        for _ in range(rounds):
            out = rng.randrange(2)
            played_rounds.append(tuple(entry(rng, side == out) for side in range(2)))
        game = Game(rules, sides, tuple(played_rounds))
        day = date(2020, 1, 1) + timedelta(days=game_id // 5)
        games.append(PlayedGame(game, day, game_id))
    return games


def best_of(runs, work):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = work()
        times.append(time.perf_counter() - start)
    return min(times) * 1000, result


def main():
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    cold = history()
    ms, stats = best_of(1, lambda: game_statistics(cold))
    finished = sum(f.games for f in stats.partnerships) // 2
    print(f"{len(cold)} games x 12 rounds, {finished} finished")
    print(f"game_statistics on fresh games (scoring each by the core): {ms:.0f} ms")
    ms, _ = best_of(3, lambda: game_statistics(cold))
    print(f"game_statistics on the same games again (core scores cached on each Game): {ms:.0f} ms")
    fresh = history()
    ms, summaries = best_of(1, lambda: [summarize(p) for p in fresh])
    print(f"summarize 10,000 fresh games (the part storage may cache): {ms:.0f} ms")
    ms, _ = best_of(5, lambda: game_statistics(summaries))
    print(f"game_statistics over 10,000 summaries: {ms:.0f} ms")
    changes = [NameChange("Anna", "Anne"), NameChange("Jan", "Jan B."), NameChange("anne", "Anna")]
    ms, _ = best_of(5, lambda: game_statistics(summaries, changes=changes))
    print(f"  with 3 name changes: {ms:.0f} ms")
    only = StatsFilter(rules_id="classic", since=date(2022, 1, 1))
    ms, _ = best_of(5, lambda: game_statistics(summaries, where=only))
    print(f"  filtered to classic since 2022: {ms:.0f} ms")
    ms, _ = best_of(5, lambda: statistics_json(game_statistics(summaries)))
    print(f"  and as JSON: {ms:.0f} ms")
    ms, _ = best_of(5, lambda: head_to_head(summaries, ["Anna", "Ben"], ["Cleo", "Dan"]))
    print(f"head_to_head over 10,000 summaries: {ms:.0f} ms")
    long_game = history(count=1, rounds=30, seed=2)[0].game
    ms, _ = best_of(1, lambda: chart_series(long_game))
    print(f"chart_series of a fresh 30-round game: {ms:.2f} ms")


if __name__ == "__main__":
    main()
