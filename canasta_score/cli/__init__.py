"""The command line: score a game file, show rule sets, list, export, import stored games, and
the statistics over them.

`score` and `rules` (cli/scoring.py) import the core alone, so they start as fast as Python
does; the storage commands (cli/storage_commands.py) are imported only when one is run, and
the parser (cli/parsing.py) only for a call other than a plain `score FILE`.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse


def main(argv: Sequence[str] | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else list(argv)
    try:
        if len(arguments) == 2 and arguments[0] == "score" and _a_file(arguments[1]):
            # The everyday call, read without argparse and the parser of every command (a
            # fifth of its time); anything else, help included, goes through the parser.
            from canasta_score.cli.scoring import score_file

            return score_file(arguments[1])
        from canasta_score.cli.parsing import parser

        args: argparse.Namespace = parser().parse_args(arguments)
        result: int = args.run(args)
    except BrokenPipeError:  # the reader (e.g. `head`) stopped early: nothing left to say
        sys.stderr.close()
        return 0
    return result


def _a_file(argument: str) -> bool:
    """Whether an argument names a file (or standard input), not an option."""
    return argument == "-" or not argument.startswith("-")
