"""A process killed in the middle of saving loses nothing that was confirmed, on a SQLite
file and on a PostgreSQL database alike.

A child program adds, edits and undoes rounds in a burst and prints each saved round after its
commit; it is killed with SIGKILL at random moments, many times over the same database. After
every kill the database holds every confirmed round, each game whole: its rounds, summary,
version and change record from the same transactions (and a file passes
`PRAGMA integrity_check`).
"""

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from storage_support.builders import execute

SUPPORT = Path(__file__).parent / "storage_support"
KILLS = 15


def start_writer(path: Path | str) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(SUPPORT), os.getcwd()]))
    return subprocess.Popen(
        [sys.executable, str(SUPPORT / "burst_writer.py"), str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def wait_for_ready(child: subprocess.Popen) -> None:
    line = child.stdout.readline()
    assert line == "ready\n", child.stderr.read()


def check_database(location: Path | str, confirmed: dict[tuple[int, int], int]) -> int:
    """Integrity, every confirmed round with its entries, and each game's rows consistent."""
    if isinstance(location, Path):
        with sqlite3.connect(location) as raw:
            assert raw.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
            assert raw.execute("PRAGMA foreign_key_check").fetchall() == []
    stored = {
        (game_id, number): json.loads(entries)[0]["melded"]
        for game_id, number, entries in execute(
            location, "SELECT game_id, number, entries FROM round"
        )
    }
    games = execute(
        location,
        "SELECT g.id, g.version, g.round_count, count(r.id), coalesce(max(r.number), 0), "
        "(SELECT count(*) FROM change c WHERE c.game_id = g.id) "
        "FROM game g LEFT JOIN round r ON r.game_id = g.id GROUP BY g.id",
    )
    missing = {key: melded for key, melded in confirmed.items() if stored.get(key) != melded}
    assert missing == {}, f"confirmed rounds lost or changed: {sorted(missing)[:5]}"
    for game_id, version, round_count, rows, highest, recorded in games:
        # every change wrote the round rows, the summary, the version and its record together
        assert rows == round_count == highest, game_id
        assert recorded == version, game_id  # "game created" and one record per change
    return len(stored)


def read_until_saved(child: subprocess.Popen, saves: int) -> list[str]:
    """The child's lines until it has confirmed `saves` rounds: the kill waits for work done,
    not for a time that a busy machine may spend on something else."""
    lines: list[str] = []
    while sum(line.startswith("saved ") for line in lines) < saves:
        line = child.stdout.readline()
        assert line, child.stderr.read()
        lines.append(line)
    return lines


def test_rounds_confirmed_before_a_sigkill_are_all_there_after_it(location):
    path = location
    confirmed: dict[tuple[int, int], int] = {}
    chance = random.Random(20261129)
    for kill in range(KILLS):
        child = start_writer(path)
        lines: list[str] = []
        if kill % 4 == 3:
            time.sleep(chance.uniform(0.0, 0.4))  # now and then during start-up or migration
        else:
            wait_for_ready(child)
            lines = read_until_saved(child, chance.randint(5, 25))
            time.sleep(chance.uniform(0.0, 0.02))  # and then somewhere inside a transaction
        child.send_signal(signal.SIGKILL)
        output, _ = child.communicate()
        assert child.returncode == -signal.SIGKILL
        for line in [*lines, *output.splitlines()]:
            if line.startswith("saved "):
                _, game_id, number, melded = line.split()
                confirmed[int(game_id), int(number)] = int(melded)
            elif line.startswith("undoing "):  # announced before the undo: it may have landed
                _, game_id, number = line.split()
                confirmed.pop((int(game_id), int(number)), None)
        check_database(path, confirmed)
    assert len(confirmed) > 100, "the writer hardly saved anything: the test proved little"
