"""Storage figures on a database of 10,000 games of 12 rounds, each next to bare sqlite3.

    .venv/bin/python benchmarks/storage_bench.py [--games 10000] [--db PATH]

Times: saving one round (median and p95), listing the newest 50 games, loading one game with
its totals, a player's record over all games, and a backup of all games. The baseline does the
same reads and writes with the standard library's sqlite3 and no scoring, so the ratio is the
price of SQLModel, the core's checks and the derived numbers.
Targets (issue 3): round save under 10 ms median, game list under 50 ms, record under 300 ms.
"""

from __future__ import annotations

import argparse
import json
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from canasta_score import storage
from canasta_score.core import SideEntry

PLAYERS = [f"Player {n:02d}" for n in range(40)]
ROUNDS = 12
TARGETS_MS = {"round save (median)": 10, "list newest 50": 50, "player record": 300}


def game_document(chance: random.Random, created: datetime) -> dict:
    names = chance.sample(PLAYERS, 4)
    rounds = []
    for _ in range(ROUNDS):
        ours, theirs = chance.choice([50, 90, 120, 200]), chance.choice([0, 35, 85])
        rounds.append([{"melded": ours, "hand": 5}, {"melded": theirs, "hand": 60}])
    return {
        "format": "canasta-score/1",
        "rules": chance.choice(["classic", "classic", "finnish", "danish"]),
        "sides": [
            {"name": "We", "players": names[:2]},
            {"name": "They", "players": names[2:]},
        ],
        "rounds": rounds,
        "created": created.isoformat(),
        "updated": created.isoformat(),
    }


def build(db: storage.Database, games: int) -> float:
    chance = random.Random(2026)
    start = datetime(2020, 1, 1, tzinfo=UTC)
    began = time.perf_counter()
    batch = 500
    for first in range(0, games, batch):
        documents = [
            game_document(chance, start + timedelta(hours=n))
            for n in range(first, min(first + batch, games))
        ]
        storage.import_document(
            db=db, document={"format": storage.BACKUP_FORMAT, "games": documents}
        )
    return time.perf_counter() - began


def open_or_build(path: Path, games: int) -> storage.Database:
    """The database at `path`, `games` games built into it first unless it has games."""
    db = storage.open_database(path)
    if not storage.list_games(db=db, limit=1):
        print(f"building {games} games of {ROUNDS} rounds ...", flush=True)
        print(f"  built in {build(db, games):.1f} s (import, 500 games a transaction)")
    return db


def timed(operation: Callable[[], object], times: int) -> list[float]:
    spent = []
    for _ in range(times):
        began = time.perf_counter()
        operation()
        spent.append((time.perf_counter() - began) * 1000)
    return spent


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1]


# --- the same operations with bare sqlite3 --------------------------------------------------


def bare_connection(path: Path) -> sqlite3.Connection:
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute("PRAGMA synchronous = FULL")
    connection.execute("PRAGMA foreign_keys = ON")
    return connection


def bare_round_save(connection: sqlite3.Connection, game_id: int) -> None:
    """One round save as plain SQL: the same rows written, no checks and no scoring."""
    now = datetime.now(UTC).isoformat(" ")
    entries = json.dumps([{"melded": 50, "hand": 0}, {"melded": 0, "hand": 50}])
    connection.execute("BEGIN IMMEDIATE")
    version, count = connection.execute(
        "SELECT version, round_count FROM game WHERE id = ?", (game_id,)
    ).fetchone()
    connection.execute(
        "INSERT INTO round (game_id, number, entries, saved_at) VALUES (?, ?, ?, ?)",
        (game_id, count + 1, entries, now),
    )
    connection.execute(
        "UPDATE game SET version = ?, round_count = ?, updated_at = ? WHERE id = ?",
        (version + 1, count + 1, now, game_id),
    )
    connection.execute(
        "UPDATE side SET total = total + 50 WHERE game_id = ? AND position = 0", (game_id,)
    )
    connection.execute(
        "UPDATE side SET total = total - 50 WHERE game_id = ? AND position = 1", (game_id,)
    )
    connection.execute("DELETE FROM draft WHERE game_id = ?", (game_id,))
    connection.execute(
        "INSERT INTO change (game_id, at, what, round_number, after, version) "
        "VALUES (?, ?, 'round added', ?, ?, ?)",
        (game_id, now, count + 1, entries, version + 1),
    )
    connection.execute("COMMIT")


def bare_list(connection: sqlite3.Connection) -> list:
    games = connection.execute(
        "SELECT id, totals, rules_name, round_count, finished, winner FROM game "
        "WHERE deleted_at IS NULL ORDER BY created_at DESC, id DESC LIMIT 50"
    ).fetchall()
    ids = ",".join(str(g[0]) for g in games)
    sides = connection.execute(
        f"SELECT game_id, name FROM side WHERE game_id IN ({ids}) ORDER BY game_id, position"
    ).fetchall()
    seats = connection.execute(
        f"SELECT game_id, side_position, name FROM seat WHERE game_id IN ({ids}) "
        "ORDER BY game_id, side_position, position"
    ).fetchall()
    return [games, sides, seats]


def bare_load(connection: sqlite3.Connection, game_id: int) -> list[int]:
    """A game's rows, and totals summed naively from the stored points (no rules applied)."""
    connection.execute("BEGIN")
    connection.execute("SELECT * FROM game WHERE id = ?", (game_id,)).fetchone()
    connection.execute("SELECT * FROM side WHERE game_id = ?", (game_id,)).fetchall()
    connection.execute("SELECT * FROM seat WHERE game_id = ?", (game_id,)).fetchall()
    rounds = connection.execute(
        "SELECT entries FROM round WHERE game_id = ? ORDER BY number", (game_id,)
    ).fetchall()
    connection.execute("COMMIT")
    totals = [0, 0]
    for (entries,) in rounds:
        for side, entry in enumerate(json.loads(entries)):
            totals[side] += entry.get("melded", 0) - entry.get("hand", 0)
    return totals


def bare_record(connection: sqlite3.Connection, name: str) -> tuple:
    return connection.execute(
        "SELECT count(*), sum(g.finished), sum(g.winner = s.side_position), sum(side.total) "
        "FROM player p JOIN seat s ON s.player_id = p.id JOIN game g ON g.id = s.game_id "
        "JOIN side ON side.game_id = s.game_id AND side.position = s.side_position "
        "WHERE p.name = ? AND g.deleted_at IS NULL",
        (name,),
    ).fetchone()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--db", help="database to build (default: a temporary one)")
    parser.add_argument("--saves", type=int, default=300, help="round saves to time")
    args = parser.parse_args()

    folder = tempfile.TemporaryDirectory()
    path = Path(args.db) if args.db else Path(folder.name) / "bench.db"
    db = open_or_build(path, args.games)
    size = sum(p.stat().st_size for p in path.parent.glob(path.name + "*")) / 1e6
    print(f"database: {path} ({size:.1f} MB)\n")

    # today's automatic backup (and any summaries derived again after an update of the app)
    # are done now, not on their threads while the saves are timed
    db.upkeep.summaries.wait()  # the database's own threads, waited for here only
    storage.backup_now(db=db)
    db.upkeep.backups.wait()
    chance = random.Random(7)
    summaries = {s.id: s for s in storage.list_games(db=db, limit=args.games)}
    ids = [game_id for game_id, summary in summaries.items() if not summary.finished]
    bare = bare_connection(path)
    rows = []

    # each save adds a 13th round to another game, as players do across many evenings
    saving = chance.sample(ids, 2 * args.saves)
    ours_queue = iter(saving[: args.saves])
    bare_queue = iter(saving[args.saves :])

    def save() -> None:
        game_id = next(ours_queue)
        storage.add_round(
            db=db,
            game_id=game_id,
            entries=[SideEntry(melded=50), SideEntry(hand=50)],
            expected_version=summaries[game_id].version,
        )

    ours = timed(save, args.saves)
    theirs = timed(lambda: bare_round_save(bare, next(bare_queue)), args.saves)
    rows.append(("round save (median)", statistics.median(ours), statistics.median(theirs)))
    rows.append(("round save (p95)", p95(ours), p95(theirs)))

    ours = timed(lambda: storage.list_games(db=db, limit=50), 50)
    theirs = timed(lambda: bare_list(bare), 50)
    rows.append(("list newest 50", statistics.median(ours), statistics.median(theirs)))

    loading = chance.sample(ids, 50)
    queue = iter(loading * 2)
    ours = timed(lambda: storage.load_game(db=db, game_id=next(queue)).game.totals, 50)
    theirs = timed(lambda: bare_load(bare, next(queue)), 50)
    rows.append(("load one game + totals", statistics.median(ours), statistics.median(theirs)))

    names = iter(PLAYERS * 2)
    ours = timed(lambda: storage.player_record(db=db, name=next(names)), 20)
    theirs = timed(lambda: bare_record(bare, next(names)), 20)
    rows.append(("player record", statistics.median(ours), statistics.median(theirs)))

    ours = timed(lambda: storage.backup_now(db=db), 2)
    rows.append(("backup of all games", statistics.median(ours), float("nan")))

    print(f"{'operation':<24} {'storage':>10} {'sqlite3':>10} {'ratio':>7}   target")
    for name, mine, baseline in rows:
        target = TARGETS_MS.get(name)
        verdict = (
            "" if target is None else f"< {target} ms " + ("ok" if mine < target else "MISSED")
        )
        ratio = mine / baseline if baseline == baseline else float("nan")
        print(f"{name:<24} {mine:>8.2f}ms {baseline:>8.2f}ms {ratio:>6.1f}x   {verdict}")
    record = storage.player_record(db=db, name=PLAYERS[0])
    print(f"\n({record.name}: {record.games} games, {record.points} points)")
    bare.close()
    db.close()
    return 0 if all(m < TARGETS_MS[n] for n, m, _ in rows if n in TARGETS_MS) else 1


if __name__ == "__main__":
    raise SystemExit(main())
