"""The whole history and the statistics on 10,000 stored games: server-side times, printed.

    .venv/bin/python benchmarks/history_bench.py [--db PATH] [--games 10000] [--runs N]

- the history: its first page and every further page to the end (keyset paging), also
  searched by a player's name and filtered by rule set and by games in play (target < 50 ms);
- home built with its first page of history (storage read + the screen's controls);
- the statistics screen's first figures: storage read, statistics, the screen's controls
  (target < 300 ms);
- `python -m canasta_score stats --json` as a whole process, against `python -c pass`
  (target < 1 s).

The database is built like `storage_bench.py`'s (12 rounds a game, 40 players), and reused
when `--db` names one that has games.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from storage_bench import open_or_build

from canasta_score import storage
from canasta_score.storage import HistoryQuery


def ms(work: Callable[[], object]) -> tuple[float, object]:
    began = time.perf_counter()
    result = work()
    return (time.perf_counter() - began) * 1000, result


def pages(db: storage.Database, query: HistoryQuery, limit: int) -> tuple[list[float], int]:
    """Every page of the history in turn: the time of each, and how many games in all."""
    times, after, games = [], None, 0
    while True:
        spent, page = ms(
            lambda at=after: storage.history_page(db=db, query=query, after=at, limit=limit)
        )
        times.append(spent)
        games += len(page.games)  # type: ignore[attr-defined]
        after = page.next  # type: ignore[attr-defined]
        if after is None:
            return times, games


def process_ms(args: list[str], runs: int) -> tuple[float, float]:
    """Median wall time and median CPU time (user + system) of a whole process, in ms."""
    times, cpu = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        began = time.perf_counter()
        subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
        times.append((time.perf_counter() - began) * 1000)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        used = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        cpu.append(used * 1000)
    return statistics.median(times), statistics.median(cpu)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--db", help="database to build or reuse (default: a temporary one)")
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    folder = tempfile.TemporaryDirectory()
    path = Path(args.db) if args.db else Path(folder.name) / "bench.db"
    db = open_or_build(path, args.games)
    db.upkeep.summaries.wait()  # the database's own threads, waited for here only
    db.upkeep.backups.wait()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; {path}")
    storage.played_games_summaries(db=db)  # summaries derived, if an upgrade left any out

    print("\nthe history, page by page (ms)")
    print(f"{'query':<34} {'pages':>5} {'games':>6} {'first':>7} {'median':>7} {'worst':>7}")
    for name, query in (
        ("every game", HistoryQuery()),
        ('search "player 07"', HistoryQuery(search="player 07")),
        ("rule set danish", HistoryQuery(rules="danish")),
        ("in play only", HistoryQuery(finished=False)),
        ('search "nobody" (none found)', HistoryQuery(search="nobody")),
    ):
        best: list[float] | None = None
        for _ in range(3):
            times, games = pages(db, query, 30)
            best = times if best is None else [min(a, b) for a, b in zip(best, times, strict=True)]
        assert best is not None
        print(
            f"{name:<34} {len(best):>5} {games:>6} {best[0]:>7.2f} "
            f"{statistics.median(best):>7.2f} {max(best):>7.2f}"
        )

    from test_ui_screens import PageStandIn  # the tests' stand-in for the browser page

    from canasta_score.ui.shell import App
    from canasta_score.ui.store import GameStore
    from canasta_score.ui.views.home import HomeScreen
    from canasta_score.ui.views.statistics import StatisticsScreen

    db.close()
    store = GameStore(str(path))
    store.db.upkeep.summaries.wait()
    app = App(PageStandIn(), store)  # type: ignore[arg-type]
    home = [ms(lambda: HomeScreen(app, "/").build())[0] for _ in range(args.runs)]
    print(f"\nhome with its first page, built: median {statistics.median(home):.1f} ms")
    screens = [ms(lambda: StatisticsScreen(app, "/stats").build())[0] for _ in range(args.runs)]
    print(
        f"statistics screen's first figures (read, figures, controls): "
        f"median {statistics.median(screens):.0f} ms, worst {max(screens):.0f} ms"
    )
    cpu = time.process_time()
    StatisticsScreen(app, "/stats").build()
    print(f"  CPU time of one: {(time.process_time() - cpu) * 1000:.0f} ms")
    fresh = App(PageStandIn(), GameStore(str(path)))  # type: ignore[arg-type]
    cpu = time.process_time()
    first = ms(lambda: StatisticsScreen(fresh, "/stats").build())[0]
    cpu = (time.process_time() - cpu) * 1000
    print(
        f"  the first time in a new server process (summaries not yet read): {first:.0f} ms "
        f"(CPU {cpu:.0f} ms)"
    )
    fresh.store.db.close()
    store.db.close()

    python = sys.executable
    bare, bare_cpu = process_ms([python, "-c", "pass"], args.runs)
    command, command_cpu = process_ms(
        [python, "-m", "canasta_score", "stats", "--db", str(path), "--json"], args.runs
    )
    print(f"\n`python -c pass`: {bare:.0f} ms (CPU {bare_cpu:.0f} ms)")
    print(f"`stats --json`, whole process: {command:.0f} ms (CPU {command_cpu:.0f} ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
