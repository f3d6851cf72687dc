"""Restoring a big backup: time per game and peak memory, for 2,000 and for 20,000 games.

    .venv/bin/python benchmarks/import_bench.py [--small 2000] [--big 20000]

Each backup (games of 12 rounds, as `storage_bench.py` builds them) is written to a file, then
restored into a new database by a fresh process (`storage.restore_backup`, as the app does when
it offers its newest backup), which reports its time and its peak resident memory (ru_maxrss).
Targets (issue 7): under 1 ms per game, and the big backup's peak within 1.5x the small one's.
The CPU time per game is shown too: on a machine busy with other work, the wall time is not
the import's own.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from storage_bench import game_document  # noqa: E402

CHILD = """
import resource, sys, time
from canasta_score import storage
db = storage.open_database(sys.argv[2])
began, cpu = time.perf_counter(), time.process_time()
ids = storage.restore_backup(db=db, path=sys.argv[1])
spent, cpu = time.perf_counter() - began, time.process_time() - cpu
db.close()
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(len(ids), spent, cpu, peak)
"""


def write_backup(path: Path, games: int) -> None:
    chance = random.Random(2026)
    start = datetime(2020, 1, 1, tzinfo=UTC)
    with path.open("w", encoding="utf-8") as file:  # written as it goes: the bench stays small
        file.write('{"format": "canasta-score-backup/1", "games": [')
        for n in range(games):
            file.write(
                ("," if n else "") + json.dumps(game_document(chance, start + timedelta(hours=n)))
            )
        file.write("]}")


def restore(backup: Path, folder: Path) -> tuple[int, float, float, int]:
    database = folder / f"{backup.stem}.db"
    result = subprocess.run(
        [sys.executable, "-c", CHILD, str(backup), str(database)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    count, spent, cpu, peak_kb = result.stdout.split()
    return int(count), float(spent), float(cpu), int(peak_kb)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--small", type=int, default=2_000)
    parser.add_argument("--big", type=int, default=20_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        peaks = {}
        ok = True
        print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        print(
            f"{'games':>7} {'file':>8} {'time':>8} {'per game':>9} {'CPU/game':>9} {'peak RSS':>9}"
        )
        for games in (args.small, args.big):
            backup = folder / f"backup-{games}.json"
            write_backup(backup, games)
            count, spent, cpu, peak_kb = restore(backup, folder)
            assert count == games, f"restored {count} of {games} games"
            per_game = spent / games * 1000
            peaks[games] = peak_kb
            ok &= per_game < 1
            size = backup.stat().st_size / 1e6
            print(
                f"{games:>7} {size:>6.1f}MB {spent:>7.2f}s {per_game:>7.3f}ms "
                f"{cpu / games * 1000:>7.3f}ms {peak_kb / 1024:>7.1f}MB"
            )
        ratio = peaks[args.big] / peaks[args.small]
        ok &= ratio <= 1.5
        print(f"peak memory, {args.big} games against {args.small}: {ratio:.2f}x (target <= 1.5x)")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
