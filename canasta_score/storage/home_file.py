"""The home screen's first look at a SQLite file, read with sqlite3 alone: the game in play
and the history's first page, drawn before SQLAlchemy, SQLModel and pydantic are imported. In
a browser tab that import is most of what the app's start does beyond Flet's own start.

Only a file as this version writes it: sound, at the current schema, its summaries derived by
this version; or no file at all, where there is no game yet (a phone's first visit), and the
database is created at its first use. Anything else (an empty file, an older schema, a damaged
file) gives None, and the database is opened the usual way (`open_database`), which creates,
upgrades, moves aside or explains. Read before anything opens the database, the look stays true until something does,
as every change goes through the opened database.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from canasta_score import __version__
from canasta_score.storage.file_check import inspect_file, read_only
from canasta_score.storage.records import GameListEntry, HistoryCursor, HistoryPage
from canasta_score.storage.revision import SCHEMA_REVISION, SUMMARIES_KEY

#: A game row's columns as a game-list line needs them, in this order.
LINE_COLUMNS = (
    "id, totals, rules_name, own_rules_name, round_count, created_at, updated_at, finished, "
    "winner, archived, preset, version"
)


@dataclass(frozen=True)
class FirstLook:
    """What the home screen shows of the games, as `unfinished_game` and `history_page` with
    no search or filter give it."""

    unfinished: GameListEntry | None
    first_page: HistoryPage
    #: How many games the first page holds at most.
    limit: int


def first_look(path: Path, limit: int) -> FirstLook | None:
    """The game in play and the newest `limit` games of the file; None when the file needs
    more than reading."""
    if not path.exists() and not path.is_symlink():  # no game yet, and nothing to tell of it
        return FirstLook(None, HistoryPage([], None), limit)
    state = inspect_file(path)
    if state.unreadable or state.unopenable or state.revisions != (SCHEMA_REVISION,):
        return None
    connection = read_only(path)
    if connection is None:
        return None
    try:
        derived_by = connection.execute(
            "SELECT value FROM setting WHERE key = ?", (SUMMARIES_KEY,)
        ).fetchall()
        if derived_by != [(__version__,)]:  # opening derives them again first
            return None
        unfinished = connection.execute(
            f"SELECT {LINE_COLUMNS} FROM game WHERE deleted_at IS NULL AND NOT archived "
            "AND NOT finished ORDER BY updated_at DESC, id DESC LIMIT 1"
        ).fetchall()
        newest = connection.execute(
            f"SELECT {LINE_COLUMNS} FROM game WHERE deleted_at IS NULL "
            "ORDER BY created_at DESC, id DESC LIMIT ?",
            (limit + 1,),
        ).fetchall()
        lines = game_lines(connection, [*unfinished, *newest[:limit]])
    except (sqlite3.Error, ValueError, TypeError):
        return None
    finally:
        connection.close()
    cursor = None
    if len(newest) > limit:  # the next page starts after the last game shown
        last = lines[len(unfinished) + limit - 1]
        cursor = HistoryCursor(last.created_at, last.id)
    page = HistoryPage(lines[len(unfinished) :], cursor)
    return FirstLook(lines[0] if unfinished else None, page, limit)


def game_lines(connection: sqlite3.Connection, rows: list[Any]) -> list[GameListEntry]:
    """The game-list lines of these game rows, in their order, as `summaries.game_summaries`
    makes them."""
    ids = sorted({row[0] for row in rows})
    marks = ",".join("?" * len(ids))
    sides: dict[int, list[str]] = {}
    for game_id, name in connection.execute(
        f"SELECT game_id, name FROM side WHERE game_id IN ({marks}) ORDER BY game_id, position",
        ids,
    ):
        sides.setdefault(game_id, []).append(name)
    players: dict[tuple[int, int], list[str]] = {}
    for game_id, side, name in connection.execute(
        f"SELECT game_id, side_position, name FROM seat WHERE game_id IN ({marks}) "
        "ORDER BY game_id, side_position, position",
        ids,
    ):
        players.setdefault((game_id, side), []).append(name)
    lines = []
    for row in rows:
        (game_id, totals, rules_name, own_rules_name, rounds, created_at, updated_at) = row[:7]
        finished, winner, archived, preset, version = row[7:]
        names = sides.get(game_id, [])
        lines.append(
            GameListEntry(
                id=game_id,
                side_names=names,
                players=[players.get((game_id, side), []) for side in range(len(names))],
                totals=json.loads(totals),
                rules_name=rules_name,
                own_rules_name=own_rules_name,
                rounds=rounds,
                created_at=stored_moment(created_at),
                updated_at=stored_moment(updated_at),
                finished=bool(finished),
                winner=winner,
                archived=bool(archived),
                rules_base=preset,
                version=version,
            )
        )
    return lines


def stored_moment(text: str) -> datetime:
    """A time as SQLite keeps it (`2026-03-01 20:15:00.000000`, UTC), as the usual reads give it.

    >>> stored_moment("2026-03-01 20:15:00.000000")
    datetime.datetime(2026, 3, 1, 20, 15, tzinfo=datetime.timezone.utc)
    """
    return datetime.fromisoformat(text).replace(tzinfo=UTC)
