"""A club evening under load, on SQLite and on PostgreSQL side by side in one run: 30 tables,
each saving 20 rounds from a process of its own (as a server process would), with three more
phones reading the game after each save. Saves, rounds lost, and the save time (p50 / p95).

    .venv/bin/python benchmarks/club_bench.py [--tables 30] [--rounds 20] [--no-sync]

PostgreSQL is a throwaway server of Debian's PostgreSQL 15 started for the run (as the tests
start theirs, but with its own flushing to disk on, as SQLite's `synchronous=FULL` is), on
127.0.0.1 only, stopped at the end. Nothing here is asserted: it prints the figures for
docs/FIGURES.md.
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

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from storage_support.builders import quiet_round, two_sides  # noqa: E402
from storage_support.postgres import throwaway_server  # noqa: E402

from canasta_score import storage  # noqa: E402

READERS = 3


def table(location: str, rounds: int) -> None:
    """One table's process: a game, then `rounds` saves once told to go, each followed by
    three phones reading the game; prints its save times and what it saved, as JSON."""
    db = storage.open_database(location)
    stored = storage.create_game(db=db, game=two_sides())
    print("ready", flush=True)
    sys.stdin.readline()  # every table starts at once
    times, saved = [], 0
    for number in range(1, rounds + 1):
        began = time.perf_counter()
        stored = storage.add_round(
            db=db,
            game_id=stored.id,
            entries=quiet_round(50 + 5 * (number % 7)),
            expected_version=stored.version,
        )
        times.append(time.perf_counter() - began)
        saved = number
        for _ in range(READERS):
            storage.load_game(db=db, game_id=stored.id)
    db.close()
    print(json.dumps({"game": stored.id, "saved": saved, "times": times}), flush=True)


def evening(location: str, tables: int, rounds: int) -> dict[str, float]:
    """Every table's process started, told to go at once, waited for; the figures."""
    storage.open_database(location).close()  # created and migrated before the tables come
    command = [sys.executable, __file__, "--table", location, "--rounds", str(rounds)]
    processes = [
        subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        for _ in range(tables)
    ]
    for process in processes:
        assert process.stdout is not None and process.stdout.readline() == "ready\n"
    began = time.perf_counter()
    for process in processes:
        assert process.stdin is not None
        process.stdin.write("go\n")
        process.stdin.flush()
    results = [json.loads(process.communicate()[0]) for process in processes]
    wall = time.perf_counter() - began
    times = sorted(t for result in results for t in result["times"])
    with storage.open_database(location) as db:
        lost = sum(
            result["saved"] - len(storage.load_game(db=db, game_id=result["game"]).game.rounds)
            for result in results
        )
    return {
        "saves": len(times),
        "lost": lost,
        "p50": statistics.median(times),
        "p95": times[int(0.95 * (len(times) - 1))],
        "worst": times[-1],
        "wall": wall,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument(
        "--no-sync",
        action="store_true",
        help="PostgreSQL without waiting for its disk (fsync and synchronous_commit off): "
        "what the disk costs; not how a server should run",
    )
    parser.add_argument("--table", metavar="DB", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.table:
        table(args.table, args.rounds)
        return 0
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        rows.append(("SQLite", evening(str(Path(folder) / "club.db"), args.tables, args.rounds)))
    with throwaway_server(durable=not args.no_sync) as server:
        rows.append(("PostgreSQL", evening(server.new_database("club"), args.tables, args.rounds)))
    print(f"{args.tables} tables x {args.rounds} rounds, {READERS} phones reading after each save")
    print("| database | saves | lost | save p50 | save p95 | worst | wall |")
    print("|---|---|---|---|---|---|---|")
    for name, row in rows:
        print(
            f"| {name} | {row['saves']} | {row['lost']} | {row['p50'] * 1000:.0f} ms "
            f"| {row['p95'] * 1000:.0f} ms | {row['worst'] * 1000:.0f} ms | {row['wall']:.1f} s |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
