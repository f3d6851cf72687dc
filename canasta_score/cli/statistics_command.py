"""The `stats` command: who wins, per player and per partnership, over the stored games."""

from __future__ import annotations

import argparse
import sys
from datetime import date

from canasta_score import storage
from canasta_score.cli.reading import EXIT_REFUSED, print_json
from canasta_score.cli.storage_commands import _open, _reported, _write
from canasta_score.statistics import StatsFilter, game_statistics, statistics_json, statistics_table


def day(text: str) -> date:
    """A day as `--since` takes it.

    >>> day("2026-03-01")
    datetime.date(2026, 3, 1)
    """
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a date; write it as YYYY-MM-DD, e.g. 2026-03-01"
        ) from None


@_reported
def stats(args: argparse.Namespace) -> int:
    """Figures over the finished games (games in play counted apart), after the name changes."""
    db = _open(args)
    if db is None:
        return EXIT_REFUSED
    try:
        where = StatsFilter(rules_id=args.rules, since=args.since)
        games = storage.played_games_summaries(db=db, where=where)
        changes = [stored.change for stored in storage.name_changes(db=db)]
    finally:
        db.close()
    figures = game_statistics(games, changes=changes, where=where)
    if args.json:
        print_json(statistics_json(figures), sys.stdout)
    else:
        _write(statistics_table(figures))
    return 0
