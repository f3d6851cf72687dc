"""The command line's parser: every command and its options, refusals in one line, help in the
user's language. Built only for a call the quick reading of `canasta_score.cli.main` does not
take (argparse and the parser cost a plain `score FILE` a fifth of its time)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from datetime import date
from typing import Any, NoReturn

from canasta_score.cli.reading import words
from canasta_score.cli.scoring import rules, score
from canasta_score.core import ALL_PRESETS
from canasta_score.core.problems import N_


class HelpInLanguage(argparse.HelpFormatter):
    """Help in the user's language: the descriptions and option helps this project writes are
    msgids (marked `N_`), worded only when help is shown, so a command that runs loads no
    catalog; argparse's own words ("usage:", "options:") stay as argparse gives them. A help's
    `{name}`s are filled from `HELP_VALUES` once it is worded."""

    def _format_text(self, text: str) -> str:
        return super()._format_text(words()._(text))

    def _get_help_string(self, action: argparse.Action) -> str:
        return words()._(action.help or "").format(**HELP_VALUES)


#: What a help's `{name}`s stand for (lists that change with the code, not with the language).
HELP_VALUES = {"presets": ", ".join(ALL_PRESETS)}


DESCRIPTION = N_(
    "Score a game file, show rule sets, list, export, import stored games, and who wins them."
)


class OneLineParser(argparse.ArgumentParser):
    """Refuses bad options and values in one line on standard error (exit 2), like every
    other refusal of the command line; its help is in the user's language."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpInLanguage)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        see = words()._("(see {command} --help)").format(command=self.prog)
        self.exit(2, f"{self.prog}: {message} {see}\n")


def _storage_command(name: str) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        from canasta_score.cli import storage_commands  # here: score and rules stay light

        result: int = getattr(storage_commands, name)(args)
        return result

    return run


def _stats(args: argparse.Namespace) -> int:
    from canasta_score.cli.statistics_command import stats

    return stats(args)


def _day(text: str) -> date:
    from canasta_score.cli.statistics_command import day

    return day(text)


def parser() -> argparse.ArgumentParser:
    top: argparse.ArgumentParser = OneLineParser(
        prog="python -m canasta_score", description=DESCRIPTION
    )
    commands = top.add_subparsers(dest="command", required=True)

    command = commands.add_parser("score", help=N_("score a game file (JSON out)"))
    command.add_argument("file", help=N_("game file, or - for standard input"))
    command.set_defaults(run=score)

    command = commands.add_parser("rules", help=N_("print a preset's values (JSON)"))
    command.add_argument("preset", nargs="?", help=N_("one of {presets}; all if left out"))
    command.set_defaults(run=rules)

    def with_db(command: argparse.ArgumentParser) -> argparse.ArgumentParser:
        command.add_argument(
            "--db",
            metavar="PATH|URL",
            help=N_("database file or PostgreSQL URL (default: the app's file)"),
        )
        return command

    command = with_db(commands.add_parser("games", help=N_("list stored games, newest first")))
    command.add_argument("--json", action="store_true", help=N_("print JSON"))
    command.set_defaults(run=_storage_command("games"))

    command = with_db(commands.add_parser("export", help=N_("write a game file or a backup")))
    which = command.add_mutually_exclusive_group(required=True)
    which.add_argument("game_id", nargs="?", type=int, help=N_("the game to export"))
    which.add_argument("--all", action="store_true", help=N_("every game, as a backup document"))
    command.add_argument(
        "-o", "--output", metavar="FILE", help=N_("write here, not to standard output")
    )
    command.set_defaults(run=_storage_command("export"))

    command = with_db(
        commands.add_parser("import", help=N_("add the games of a game file or backup"))
    )
    command.add_argument("file", help=N_("game file or backup, or - for standard input"))
    command.set_defaults(run=_storage_command("import_games"))

    command = with_db(commands.add_parser("csv", help=N_("a game's score sheet as CSV")))
    command.add_argument("game_id", type=int, help=N_("the game"))
    command.add_argument(
        "-o", "--output", metavar="FILE", help=N_("write here, not to standard output")
    )
    command.set_defaults(run=_storage_command("csv_sheet"))

    command = with_db(
        commands.add_parser("stats", help=N_("who wins: figures per player and partnership"))
    )
    command.add_argument("--json", action="store_true", help=N_("print JSON"))
    command.add_argument(
        "--rules", metavar="ID", choices=list(ALL_PRESETS), help=N_("games of one rule set only")
    )
    command.add_argument(
        "--since", metavar="YYYY-MM-DD", type=_day, help=N_("games started on this day or later")
    )
    command.set_defaults(run=_stats)
    return top
