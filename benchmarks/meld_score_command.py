"""Benchmark: `score` on a 40-round game entered wholly meld by meld, next to the same game as sums.

    .venv/bin/python benchmarks/meld_score_command.py [--runs N]

The two game files score to the same totals; the runs alternate between them so that the
machine's other work falls on both alike. Prints the figure recorded with the others; target:
the game meld by meld within 1.2x of the game as sums (whole process, median); the in-process
ratio (reading, checking and scoring the file, best of 200) shows what the melds themselves cost.
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

from canasta_score.core import (
    CLASSIC,
    Game,
    Meld,
    Rank,
    Side,
    SideEntry,
    WentOut,
    apply_overrides,
    game_document,
    read_game,
    score_report,
)
from canasta_score.core.melds import WORKED_EXAMPLE

#: The side that goes out: seed 004's round (420 melded, a natural and a mixed canasta).
OUT_MELDS = WORKED_EXAMPLE
#: The other side: jacks with a joker, fives with a two, sixes; 135, above every minimum.
OTHER_MELDS = (Meld(Rank.JACK, 3, jokers=1), Meld(Rank.FIVE, 3, twos=1), Meld(Rank.SIX, 4))


def forty_rounds(*, melds: bool) -> Game:
    """A 40-round game, every table entered meld by meld or as points and canastas."""
    rules, _ = apply_overrides(CLASSIC, {"target": 1_000_000})  # forty rounds, nobody wins
    game = Game(rules, (Side("We", ("Anna", "Ben")), Side("They", ("Cleo", "Dan"))))
    for number in range(40):
        if melds:
            out = SideEntry(melded=OUT_MELDS, hand=20, went_out=WentOut.NORMAL)
            other = SideEntry(melded=OTHER_MELDS, hand=130, red_threes=1)
        else:
            out = SideEntry(
                melded=420, hand=20, canastas={"natural": 1, "mixed": 1}, went_out=WentOut.NORMAL
            )
            other = SideEntry(melded=135, hand=130, red_threes=1)
        game = game.add_round((out, other) if number % 2 else (other, out))
    return game


def wall_time(command: list[str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    assert not done.stderr, done.stderr  # no warning: both files are scored the same way
    return elapsed


def in_process(document: dict[str, object], repeats: int) -> float:
    """The fewest seconds to read, check and score the document, as the command does (the
    best of many: what the work costs, whatever else the machine is doing)."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        game, problems = read_game(document)
        assert game is not None and not problems
        score_report(game)
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=40)
    runs = parser.parse_args().runs

    package = Path(__file__).resolve().parent.parent / "canasta_score"
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(package)], check=True)
    by_melds, as_sums = forty_rounds(melds=True), forty_rounds(melds=False)
    assert by_melds.totals == as_sums.totals, (by_melds.totals, as_sums.totals)
    documents = {"melds": game_document(by_melds), "sums": game_document(as_sums)}
    times: dict[str, list[float]] = {"melds": [], "sums": []}
    with tempfile.TemporaryDirectory() as folder:
        commands = {}
        for name, document in documents.items():
            path = Path(folder) / f"{name}.json"
            path.write_text(json.dumps(document))
            commands[name] = [sys.executable, "-m", "canasta_score", "score", str(path)]
        for name in commands:  # warm the file cache
            wall_time(commands[name])
        for _ in range(runs):
            for name in ("sums", "melds"):
                times[name].append(wall_time(commands[name]))
    sums, melds = (statistics.median(times[name]) for name in ("sums", "melds"))
    size = {name: len(json.dumps(document)) for name, document in documents.items()}
    print(f"score, 40 rounds as sums          median {sums * 1000:7.1f} ms  ({size['sums']} bytes)")
    print(
        f"score, 40 rounds meld by meld     median {melds * 1000:7.1f} ms  ({size['melds']} bytes)"
        f"  ratio {melds / sums:.2f}x (target 1.2x)"
    )
    inner = {name: in_process(document, 200) for name, document in documents.items()}
    print(
        f"in-process read + check + score (best of 200)   sums {inner['sums'] * 1000:.2f} ms, "
        f"melds {inner['melds'] * 1000:.2f} ms  ratio {inner['melds'] / inner['sums']:.2f}x"
    )


if __name__ == "__main__":
    main()
