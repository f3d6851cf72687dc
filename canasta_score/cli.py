"""The command line: score a game file, show rule sets, and (through storage) list, export, import.

The `score` and `rules` paths import the core alone, so they start as fast as Python does.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from canasta_score.core import PRESETS, read_game, rules_as_json, score_report

EXIT_REFUSED = 2


def _print_json(data: Any, out: TextIO) -> None:
    json.dump(data, out, indent=2, ensure_ascii=False)
    out.write("\n")


def _read_json(path: str) -> tuple[Any, str | None]:
    """The JSON document at `path` (`-` for standard input), or the reason it cannot be read."""
    try:
        if path == "-":
            # Bytes, decoded here: the same rules as a file, whatever the terminal's locale.
            raw = getattr(sys.stdin, "buffer", None)  # None: a text stream put in its place
            text = raw.read().decode("utf-8-sig") if raw else sys.stdin.read().lstrip("\ufeff")
        else:
            with open(path, encoding="utf-8-sig") as file:  # a byte order mark is no problem
                text = file.read()
    except (OSError, UnicodeDecodeError) as error:
        return None, f"cannot read {path}: {getattr(error, 'strerror', None) or error}"
    try:
        return json.loads(text), None
    except json.JSONDecodeError as error:
        return (
            None,
            f"{path} is not valid JSON: {error.msg} at line {error.lineno}, column {error.colno}",
        )
    except RecursionError:
        return None, f"{path} is not a game file: its JSON is nested too deeply"
    except ValueError as error:  # e.g. a number of more digits than Python converts
        return None, f"{path} is not a game file: {str(error).split(';')[0]}"


def refuse(lines: Sequence[object]) -> int:
    for line in lines:
        print(line, file=sys.stderr)
    return EXIT_REFUSED


def score(args: argparse.Namespace) -> int:
    document, error = _read_json(args.file)
    if error:
        return refuse([error])
    game, problems = read_game(document)
    if game is None:
        return refuse(problems)
    _print_json(score_report(game), sys.stdout)
    return 0


def rules(args: argparse.Namespace) -> int:
    if args.preset is None:
        _print_json([rules_as_json(r) for r in PRESETS.values()], sys.stdout)
        return 0
    if args.preset not in PRESETS:
        return refuse([f'unknown rules "{args.preset}"; the presets are {", ".join(PRESETS)}'])
    _print_json(rules_as_json(PRESETS[args.preset]), sys.stdout)
    return 0


def _storage_command(name: str) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        from canasta_score.storage import commands  # imported here: score and rules stay light

        result: int = getattr(commands, name)(args)
        return result

    return run


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="python -m canasta_score", description=__doc__)
    commands = top.add_subparsers(dest="command", required=True)

    command = commands.add_parser("score", help="score a game file (JSON out)")
    command.add_argument("file", help="game file, or - for standard input")
    command.set_defaults(run=score)

    command = commands.add_parser("rules", help="print a preset's values (JSON)")
    command.add_argument("preset", nargs="?", help=f"one of {', '.join(PRESETS)}; all if left out")
    command.set_defaults(run=rules)

    def with_db(command: argparse.ArgumentParser) -> argparse.ArgumentParser:
        command.add_argument("--db", metavar="PATH", help="database file (default: the app's)")
        return command

    command = with_db(commands.add_parser("games", help="list stored games, newest first"))
    command.add_argument("--json", action="store_true", help="print JSON")
    command.set_defaults(run=_storage_command("games"))

    command = with_db(commands.add_parser("export", help="write a game file or a backup"))
    which = command.add_mutually_exclusive_group(required=True)
    which.add_argument("game_id", nargs="?", type=int, help="the game to export")
    which.add_argument("--all", action="store_true", help="every game, as a backup document")
    command.add_argument(
        "-o", "--output", metavar="FILE", help="write here, not to standard output"
    )
    command.set_defaults(run=_storage_command("export"))

    command = with_db(commands.add_parser("import", help="add the games of a game file or backup"))
    command.add_argument("file", help="game file or backup, or - for standard input")
    command.set_defaults(run=_storage_command("import_games"))

    command = with_db(commands.add_parser("csv", help="a game's score sheet as CSV"))
    command.add_argument("game_id", type=int, help="the game")
    command.add_argument(
        "-o", "--output", metavar="FILE", help="write here, not to standard output"
    )
    command.set_defaults(run=_storage_command("csv_sheet"))
    return top


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        result: int = args.run(args)
    except BrokenPipeError:  # the reader (e.g. `head`) stopped early: nothing left to say
        sys.stderr.close()
        return 0
    return result
