"""The storage commands of `python -m canasta_score`: games, export, import, csv."""

from __future__ import annotations

import argparse
import functools
import json
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from canasta_score import storage
from canasta_score.cli.reading import EXIT_REFUSED, read_json, refuse, words
from canasta_score.score_sheet import score_sheet_csv
from canasta_score.storage import Database, GameListEntry, write_atomically

if TYPE_CHECKING:
    from canasta_score.i18n import Translator

PAGE = 500


def reported(command: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """A command that says why, in one line, when the database refuses to read or write."""

    @functools.wraps(command)
    def run(args: argparse.Namespace) -> int:
        try:
            return command(args)
        except storage.StorageError as error:
            return refuse([words().said(error.notice)])

    return run


def opened(args: argparse.Namespace) -> Database | None:
    """The database named by --db (or the default), or None after saying why it cannot be."""
    try:
        db = storage.open_database(args.db)
    except storage.StorageError as error:
        refuse([words().said(error.notice)])
        return None
    if db.notice:
        print(words().said(db.notice), file=sys.stderr)
    return db


def _all_summaries(db: Database) -> list[GameListEntry]:
    found: list[GameListEntry] = []
    while True:
        page = storage.list_games(db=db, limit=PAGE, offset=len(found))
        found += page
        if len(page) < PAGE:
            return found


def _summary_json(summary: GameListEntry) -> dict[str, Any]:
    return {
        "id": summary.id,
        "sides": [
            {"name": name, "players": players}
            for name, players in zip(summary.side_names, summary.players, strict=True)
        ],
        "totals": summary.totals,
        "rules": summary.rules_base,
        "rules_name": summary.rules_title(),
        "rounds": summary.rounds,
        "finished": summary.finished,
        "winner": summary.winner,
        "archived": summary.archived,
        "created": summary.created_at.isoformat(),
        "updated": summary.updated_at.isoformat(),
    }


def _summary_line(summary: GameListEntry) -> str:
    """One game a line, in the user's language; the date stays ISO, a column to sort by."""
    t = words()
    sides = "  ".join(
        f"{name} {t.number(total)}"
        for name, total in zip(summary.side_names, summary.totals, strict=True)
    )
    if summary.winner is not None:
        status = t._("won by {side}").format(side=summary.side_names[summary.winner])
    else:
        status = t._("finished") if summary.finished else t._("in play")
    if summary.archived:
        status = t._("{status}, archived").format(status=status)
    return (
        f"{summary.id:>5}  {summary.created_at:%Y-%m-%d %H:%M}  {summary.rules_title(t._)}, "
        f"{rounds(summary.rounds, t)}, {status}:  {sides}"
    )


def rounds(count: int, t: Translator) -> str:
    """A count of rounds in words, singular for one.

    >>> from canasta_score.i18n import translator
    >>> en, de = translator("en"), translator("de")
    >>> rounds(1, en), rounds(2, en), rounds(0, en), rounds(1000, en)
    ('1 round', '2 rounds', '0 rounds', '1,000 rounds')
    """
    return t.ngettext("{n} round", "{n} rounds", count).format(n=t.number(count))


@reported
def games(args: argparse.Namespace) -> int:
    db = opened(args)
    if db is None:
        return EXIT_REFUSED
    try:
        summaries = _all_summaries(db)
    finally:
        db.close()
    if args.json:
        _write(json.dumps([_summary_json(s) for s in summaries], indent=2, ensure_ascii=False))
    else:
        _write(
            "\n".join(_summary_line(s) for s in summaries)
            if summaries
            else words()._("no games yet")
        )
    return 0


def _write(text: str, output: str | None = None) -> None:
    """Text to standard output, or written whole to a file (a reader never sees half of it)."""
    if not text.endswith("\n"):
        text += "\n"
    if output is None or output == "-":
        sys.stdout.write(text)
        return
    write_atomically(output, text)


@reported
def export(args: argparse.Namespace) -> int:
    db = opened(args)
    if db is None:
        return EXIT_REFUSED
    try:
        if args.all:
            document = storage.export_all(db=db)
        else:
            document = storage.export_game(db=db, game_id=args.game_id)
    except storage.GameNotFound as error:
        return refuse([words().said(error.notice)])
    finally:
        db.close()
    try:
        _write(json.dumps(document, indent=2, ensure_ascii=False), args.output)
    except OSError as error:
        reason = error.strerror or error
        return refuse(
            [words()._("cannot write {path}: {reason}").format(path=args.output, reason=reason)]
        )
    return 0


@reported
def import_games(args: argparse.Namespace) -> int:
    # A backup file is read game by game, so a big one never sits whole in memory; anything
    # else is read whole, and a file that cannot be read is refused before the database is
    # opened (a damaged database is never moved aside over a bad file).
    streamed = args.file != "-" and storage.is_backup_file(args.file)
    document = None
    if not streamed:
        document, error = read_json(args.file)
        if error:
            return refuse([error])
    db = opened(args)
    if db is None:
        return EXIT_REFUSED
    try:
        if streamed:
            ids = storage.restore_backup(db=db, path=args.file)
        else:
            ids = storage.import_document(db=db, document=document, name=args.file)
    except storage.ImportRefused as refused:
        t = words()
        return refuse([t.said(detail) for detail in refused.details])
    finally:
        db.close()
    for game_id in ids:
        print(game_id)
    return 0


@reported
def csv_sheet(args: argparse.Namespace) -> int:
    db = opened(args)
    if db is None:
        return EXIT_REFUSED
    try:
        stored = storage.load_game(db=db, game_id=args.game_id)
    except storage.GameNotFound as error:
        return refuse([words().said(error.notice)])
    finally:
        db.close()
    try:
        _write(score_sheet_csv(stored.game, words()), args.output)
    except OSError as error:
        reason = error.strerror or error
        return refuse(
            [words()._("cannot write {path}: {reason}").format(path=args.output, reason=reason)]
        )
    return 0
