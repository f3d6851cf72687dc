"""Benchmark: the score command as a whole process next to a bare interpreter, and in-process scoring.

    .venv/bin/python benchmarks/score_command.py [--runs N]

Prints the figures recorded in docs/FIGURES.md; targets: the command under 3x `python -c pass`,
100,000 rounds scored in-process under 1 s.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from canasta_score.core import CLASSIC, Game, Side, SideEntry, WentOut, game_document


def forty_round_game() -> Game:
    """A game of 40 rounds that stays under the target, with every kind of entry."""
    sides = (Side("We", ("Anna", "Ben")), Side("They", ("Cleo", "Dan")))
    game = Game(CLASSIC, sides)
    for number in range(40):
        out = SideEntry(
            melded=60 + 5 * (number % 3), hand=20, canastas={"mixed": 1}, went_out=WentOut.NORMAL
        )
        other = SideEntry(melded=0, hand=130, red_threes=1)
        game = game.add_round((out, other) if number % 2 else (other, out))
    return game


def wall_times(command: list[str], runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return times


def side_by_side(first: list[str], second: list[str], runs: int) -> tuple[list[float], list[float]]:
    """Each command's wall times, the runs taking turns: a machine whose load changes during
    the measurement changes both alike (the ratio is what counts on a shared machine)."""
    wall_times(first, 3)  # warm the file cache
    wall_times(second, 3)
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(runs):
        times[0].extend(wall_times(first, 1))
        times[1].extend(wall_times(second, 1))
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=30)
    runs = parser.parse_args().runs

    # An installed package has its bytecode compiled; this machine sets PYTHONDONTWRITEBYTECODE.
    package = Path(__file__).resolve().parent.parent / "canasta_score"
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(package)], check=True)
    game = forty_round_game()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        path.write_text(json.dumps(game_document(game)))
        command = [sys.executable, "-m", "canasta_score", "score", str(path)]
        bare_times, scored_times = side_by_side([sys.executable, "-c", "pass"], command, runs)
        bare, scored = statistics.median(bare_times), statistics.median(scored_times)
    print(f"python -c pass                  median {bare * 1000:7.1f} ms  (baseline)")
    print(
        f"score, 40-round game file       median {scored * 1000:7.1f} ms  ratio {scored / bare:.2f}x"
    )

    entries = game.rounds
    rounds = 100_000
    start = time.perf_counter()
    big = Game(CLASSIC, game.sides, rounds=tuple(entries[i % 40] for i in range(rounds)))
    totals = big.totals  # scores every round and adds up the running totals
    elapsed = time.perf_counter() - start
    print(f"score {rounds:,} rounds in-process  {elapsed * 1000:7.1f} ms  (totals {totals})")


if __name__ == "__main__":
    main()
