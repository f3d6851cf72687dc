"""The `stats` command: who wins, per player and per partnership, over the stored games.

A file as this version writes it is only read, with sqlite3 (`storage.played_file`): no
SQLAlchemy to import, so 10,000 games take well under a second. Anything else (no database
yet, an older one, summaries not yet derived) is opened the usual way.
"""

from __future__ import annotations

import argparse
import sys
from datetime import date

from canasta_score.cli.reading import EXIT_REFUSED, print_json, words
from canasta_score.i18n.made_up_names import unnamed_seat
from canasta_score.statistics import (
    GameFigures,
    NameChange,
    StatsFilter,
    game_statistics,
    statistics_json,
    statistics_table,
)
from canasta_score.statistics.seats import named_seats
from canasta_score.storage import database_path, read_played_games


def day(text: str) -> date:
    """A day as `--since` takes it.

    >>> day("2026-03-01")
    datetime.date(2026, 3, 1)
    """
    try:
        return date.fromisoformat(text)
    except ValueError:
        said = words()._("{text} is not a date; write it as YYYY-MM-DD, e.g. 2026-03-01")
        raise argparse.ArgumentTypeError(said.format(text=repr(text))) from None


def stats(args: argparse.Namespace) -> int:
    """Figures over the finished games (games in play counted apart), after the name changes."""
    where = StatsFilter(rules_id=args.rules, since=args.since)
    path = database_path(args.db)  # a database server is read the usual way
    read = None if path is None else read_played_games(path, where)
    if read is None:
        read = _opened(args, where)
        if read is None:
            return EXIT_REFUSED
    games, changes = read
    # A seat nobody named ("We 2", "Spieler 1") is no player, as on the statistics screen.
    figures = game_statistics(named_seats(games, unnamed_seat), changes=changes, where=where)
    if args.json:
        print_json(statistics_json(figures), sys.stdout)
    else:
        sys.stdout.write(statistics_table(figures) + "\n")
    return 0


def _opened(
    args: argparse.Namespace, where: StatsFilter
) -> tuple[list[GameFigures], list[NameChange]] | None:
    """The games and name changes through `open_database` (which creates, upgrades, derives
    the summaries or says why it cannot); None after saying why."""
    from canasta_score import storage
    from canasta_score.cli.storage_commands import opened, reported

    found: list[tuple[list[GameFigures], list[NameChange]]] = []

    @reported
    def read(args: argparse.Namespace) -> int:
        db = opened(args)
        if db is None:
            return EXIT_REFUSED
        try:
            games = storage.played_games_summaries(db=db, where=where)
            changes = [stored.change for stored in storage.name_changes(db=db)]
        finally:
            db.close()
        found.append((games, changes))
        return 0

    read(args)
    return found[0] if found else None
