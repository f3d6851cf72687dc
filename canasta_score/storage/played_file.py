"""The played games and name changes read straight from the file with sqlite3, for the
`stats` command: without SQLAlchemy it starts in a tenth of the time, which is most of the
command's time.

Only reads, and only a file as this version writes it: anything else (no file yet, another
schema, a summary not yet derived, a file that is not sound) gives None, and the command
opens the database the usual way (`open_database`), which upgrades, derives or explains.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from canasta_score.statistics import ALL_GAMES, GameFigures, NameChange, StatsFilter
from canasta_score.storage.file_check import read_only
from canasta_score.storage.played_text import summary_from_data
from canasta_score.storage.revision import SCHEMA_REVISION


def read_played_games(
    path: Path, where: StatsFilter = ALL_GAMES
) -> tuple[list[GameFigures], list[NameChange]] | None:
    """What `played_games_summaries` and `name_changes` give, read in one transaction; None
    when the file needs more than reading."""
    if not path.is_file():
        return None
    connection = read_only(path)
    if connection is None:
        return None
    try:
        revisions = [
            row[0] for row in connection.execute("SELECT version_num FROM alembic_version")
        ]
        if revisions != [SCHEMA_REVISION]:
            return None
        rows = connection.execute(*played_query(where)).fetchall()
        changes = [
            NameChange(old, new)
            for old, new in connection.execute("SELECT old, new FROM name_change ORDER BY id")
        ]
    except sqlite3.Error:
        return None
    finally:
        connection.close()
    try:
        datas = json.loads(f"[{','.join(stored or 'null' for _, _, stored in rows)}]")
    except ValueError:
        return None
    summaries = []
    for (game_id, created_at, _), data in zip(rows, datas, strict=True):
        summary = summary_from_data(data, game_id, date.fromisoformat(created_at[:10]))
        if summary is None:  # not derived yet: the usual way derives and keeps it
            return None
        if where.admits(summary):
            summaries.append(summary)
    return summaries, changes


def stored_time(day: date) -> str:
    """A day's first moment as SQLite keeps times (SQLAlchemy's form, in UTC).

    >>> stored_time(date(2026, 3, 1))
    '2026-03-01 00:00:00.000000'
    """
    return f"{day.isoformat()} 00:00:00.000000"


def played_query(where: StatsFilter) -> tuple[str, dict[str, Any]]:
    """The games `where` admits, as `played.played_query` selects them.

    SQLite keeps a time as text in one form (`2026-03-01 20:15:00.000000`, UTC), which sorts
    as the times do: a day's first moment is written in that form and compared with it.
    """
    conditions = ["deleted_at IS NULL"]
    values: dict[str, Any] = {}
    if where.rules_id is not None:
        conditions.append("preset = :rules")
        values["rules"] = where.rules_id
    if where.since is not None:
        conditions.append("created_at >= :since")
        values["since"] = stored_time(where.since)
    if where.until is not None:
        conditions.append("created_at < :until")
        values["until"] = stored_time(where.until + timedelta(days=1))
    return (
        f"SELECT id, created_at, stats FROM game WHERE {' AND '.join(conditions)} "
        "ORDER BY created_at, id",
        values,
    )
