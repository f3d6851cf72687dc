"""Benchmark: the score command as a whole process next to a bare interpreter, and in-process scoring.

    .venv/bin/python benchmarks/score_command.py [--runs N] [--before CHECKOUT]

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


def wall_times(command: list[str], runs: int, cwd: Path | None = None) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(
            command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=cwd
        )
        times.append(time.perf_counter() - start)
    return times


def taking_turns(
    commands: dict[str, tuple[list[str], Path | None]], runs: int
) -> dict[str, list[float]]:
    """Each command's wall times (run in its folder), the runs taking turns: a machine whose
    load changes during the measurement changes all alike (the ratio is what counts on a
    shared machine)."""
    for command, cwd in commands.values():
        wall_times(command, 3, cwd)  # warm the file cache
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, (command, cwd) in commands.items():
            times[name].extend(wall_times(command, 1, cwd))
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument(
        "--before", type=Path, help="an earlier checkout, its command timed in the same turns"
    )
    args = parser.parse_args()

    # An installed package has its bytecode compiled; this machine sets PYTHONDONTWRITEBYTECODE.
    package = Path(__file__).resolve().parent.parent / "canasta_score"
    checkouts = [package] + ([args.before.resolve() / "canasta_score"] if args.before else [])
    for folder in checkouts:
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(folder)], check=True)
    game = forty_round_game()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        path.write_text(json.dumps(game_document(game)))
        score = [sys.executable, "-m", "canasta_score", "score", str(path)]
        commands = {
            "bare": ([sys.executable, "-c", "pass"], None),
            "score": (score, package.parent),
        }
        if args.before:  # `-m` finds the package in the folder it runs in first
            commands["before"] = (score, args.before.resolve())
        times = taking_turns(commands, args.runs)
    bare = statistics.median(times["bare"])
    print(f"{'python -c pass':36s} median {bare * 1000:7.1f} ms  (baseline)")
    for name in ("before", "score"):
        if name in times:
            scored = statistics.median(times[name])
            what = "score, 40-round game file" + (" (before)" if name == "before" else "")
            print(f"{what:36s} median {scored * 1000:7.1f} ms  ratio {scored / bare:.2f}x")

    entries = game.rounds
    rounds = 100_000
    start = time.perf_counter()
    big = Game(CLASSIC, game.sides, rounds=tuple(entries[i % 40] for i in range(rounds)))
    totals = big.totals  # scores every round and adds up the running totals
    elapsed = time.perf_counter() - start
    print(f"score {rounds:,} rounds in-process  {elapsed * 1000:7.1f} ms  (totals {totals})")


if __name__ == "__main__":
    main()
