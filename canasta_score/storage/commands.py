"""The storage commands of `python -m canasta_score`: games, export, import, csv."""

from __future__ import annotations

import argparse
import functools
import json
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy.exc import DBAPIError

from canasta_score.cli import EXIT_REFUSED, _read_json, refuse
from canasta_score.storage import paths, repository
from canasta_score.storage.repository import Database, GameSummary
from canasta_score.storage.score_sheet import score_sheet_csv

PAGE = 500


def _reported(command: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """A command that says why, in one line, when SQLite refuses to read or write the file."""

    @functools.wraps(command)
    def run(args: argparse.Namespace) -> int:
        try:
            return command(args)
        except DBAPIError as error:
            return refuse([repository.cannot_use(paths.database_path(args.db), error)])

    return run


def _open(args: argparse.Namespace) -> Database | None:
    """The database named by --db (or the default), or None after saying why it cannot be."""
    try:
        db = repository.open_database(args.db)
    except repository.StorageError as error:
        refuse([error])
        return None
    if db.notice:
        print(db.notice, file=sys.stderr)
    return db


def _all_summaries(db: Database) -> list[GameSummary]:
    found: list[GameSummary] = []
    while True:
        page = repository.list_games(db=db, limit=PAGE, offset=len(found))
        found += page
        if len(page) < PAGE:
            return found


def _summary_json(summary: GameSummary) -> dict[str, Any]:
    return {
        "id": summary.id,
        "sides": [
            {"name": name, "players": players}
            for name, players in zip(summary.side_names, summary.players, strict=True)
        ],
        "totals": summary.totals,
        "rules": summary.rules_base,
        "rules_name": summary.rules_name,
        "rounds": summary.rounds,
        "finished": summary.finished,
        "winner": summary.winner,
        "archived": summary.archived,
        "created": summary.created_at.isoformat(),
        "updated": summary.updated_at.isoformat(),
    }


def _summary_line(summary: GameSummary) -> str:
    sides = "  ".join(
        f"{name} {total}" for name, total in zip(summary.side_names, summary.totals, strict=True)
    )
    if summary.winner is not None:
        status = f"won by {summary.side_names[summary.winner]}"
    else:
        status = "finished" if summary.finished else "in play"
    if summary.archived:
        status += ", archived"
    return (
        f"{summary.id:>5}  {summary.created_at:%Y-%m-%d %H:%M}  {summary.rules_name}, "
        f"{summary.rounds} rounds, {status}:  {sides}"
    )


@_reported
def games(args: argparse.Namespace) -> int:
    db = _open(args)
    if db is None:
        return EXIT_REFUSED
    try:
        summaries = _all_summaries(db)
    finally:
        db.close()
    if args.json:
        _write(json.dumps([_summary_json(s) for s in summaries], indent=2, ensure_ascii=False))
    else:
        _write("\n".join(_summary_line(s) for s in summaries) if summaries else "no games yet")
    return 0


def _write(text: str, output: str | None = None) -> None:
    """Text to standard output, or written whole to a file (a reader never sees half of it)."""
    if not text.endswith("\n"):
        text += "\n"
    if output is None or output == "-":
        sys.stdout.write(text)
        return
    if os.path.exists(output) and not os.path.isfile(output):
        # A device or a pipe (/dev/stdout, /dev/full): written through, never replaced.
        with open(output, "w", encoding="utf-8") as file:
            file.write(text)
        return
    target = Path(os.path.realpath(output))  # a symbolic link stays a link to the new file
    handle, temporary = tempfile.mkstemp(dir=target.parent or ".", prefix=f".{target.name}.")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


@_reported
def export(args: argparse.Namespace) -> int:
    db = _open(args)
    if db is None:
        return EXIT_REFUSED
    try:
        if args.all:
            document = repository.export_all(db=db)
        else:
            document = repository.export_game(db=db, game_id=args.game_id)
    except LookupError as error:
        return refuse([error])
    finally:
        db.close()
    try:
        _write(json.dumps(document, indent=2, ensure_ascii=False), args.output)
    except OSError as error:
        return refuse([f"cannot write {args.output}: {error.strerror or error}"])
    return 0


@_reported
def import_games(args: argparse.Namespace) -> int:
    document, error = _read_json(args.file)
    if error:
        return refuse([error])
    db = _open(args)
    if db is None:
        return EXIT_REFUSED
    try:
        ids = repository.import_document(db=db, document=document)
    except repository.ImportRefused as refused:
        return refuse(refused.problems)
    finally:
        db.close()
    for game_id in ids:
        print(game_id)
    return 0


@_reported
def csv_sheet(args: argparse.Namespace) -> int:
    db = _open(args)
    if db is None:
        return EXIT_REFUSED
    try:
        stored = repository.load_game(db=db, game_id=args.game_id)
    except LookupError as error:
        return refuse([error])
    finally:
        db.close()
    try:
        _write(score_sheet_csv(stored.game), args.output)
    except OSError as error:
        return refuse([f"cannot write {args.output}: {error.strerror or error}"])
    return 0
