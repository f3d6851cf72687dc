"""Games and rounds for the storage tests, built through the core."""

from __future__ import annotations

import os
import subprocess
import sys

from canasta_score.core import CLASSIC, Game, RuleSet, Side, SideEntry, WentOut


def two_sides(rules: RuleSet = CLASSIC, names: tuple[str, ...] = ("Anna", "Ben", "Cleo", "Dan")):
    """A game of two teams of two, no rounds yet."""
    return Game(rules=rules, sides=(Side("We", names[:2]), Side("They", names[2:4])))


def quiet_round(points: int = 90) -> list[SideEntry]:
    """A round that moves the totals a little: We +points, They -points (never ends a game)."""
    return [SideEntry(melded=points), SideEntry(hand=points)]


def winning_round() -> list[SideEntry]:
    """A round worth 6900 to We: enough to win a classic game at once."""
    return [
        SideEntry(melded=1000, canastas={"natural": 10}, red_threes=4, went_out=WentOut.NORMAL),
        SideEntry(hand=50),
    ]


def game_file(rounds: int = 2) -> dict:
    """A game file (GAME_FORMAT.md) with a few quiet rounds."""
    return {
        "format": "canasta-score/1",
        "rules": "classic",
        "rule_overrides": {"target": 3000},
        "sides": [
            {"name": "We", "players": ["Anna", "Ben"]},
            {"name": "They", "players": ["Cleo", "Dan"]},
        ],
        "rounds": [[{"melded": 90}, {"hand": 85, "red_threes": 1}] for _ in range(rounds)],
    }


def run_cli(*args, stdin=None, env=None, language="en", cwd=None):
    """`python -m canasta_score ARGS` as a player types it, its output captured; in English
    unless `language` names another (`LANGUAGE` comes before the locale, as for gettext)."""
    return subprocess.run(
        [sys.executable, "-m", "canasta_score", *map(str, args)],
        input=stdin,
        capture_output=True,
        text=True,
        env={**(env or os.environ), "LANGUAGE": language},
        timeout=60,
        cwd=cwd,
    )


def wait_for_backups(db) -> None:
    """Wait until the automatic backup being written on its thread (if any) is on disk."""
    db.upkeep.backups.wait()


def wait_for_summaries(db) -> None:
    """Wait until the summaries being derived again after an update of the app are done."""
    db.upkeep.summaries.wait()


def file_engine(path):
    """An engine on a SQLite file, set up as the app sets up its own."""
    from canasta_score.storage.sqlite_file import SQLiteFile

    return SQLiteFile(path).make_engine()


def database_at(path, revision: str) -> None:
    """A SQLite file with the schema as an earlier version of the app left it."""
    from canasta_score.storage import schema

    engine = file_engine(path)
    with engine.begin() as connection:
        schema.upgrade(connection, revision)
    engine.dispose()


def execute(location, *statements, **values):
    """Plain SQL on the database at `location` (a file or a URL), beside the app, as another
    program (or an older version) would; returns the last statement's rows."""
    from sqlalchemy import text

    from canasta_score.storage.backend import backend_for

    engine = backend_for(location).make_engine()
    try:
        with engine.begin() as connection:
            for statement in statements:
                result = connection.execute(text(statement), values)
            return result.all() if result.returns_rows else []
    finally:
        engine.dispose()
