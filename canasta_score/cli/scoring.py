"""The `score` and `rules` commands: the core alone, so they start as fast as Python does."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from canasta_score.cli.reading import players_per_side, print_json, read_json, refuse, words
from canasta_score.core import (
    ALL_PRESETS,
    Problem,
    ProblemCode,
    read_game,
    rules_as_json,
    score_report,
)

if TYPE_CHECKING:
    import argparse


def score(args: argparse.Namespace) -> int:
    """The `score` command as the parser reads it."""
    return score_file(args.file)


def score_file(path: str) -> int:
    """Score a game file: each round, the running totals, the next minimums, the winner.

    What is likely miscounted (a warning) is said on standard error, a line each; the game is
    scored all the same."""
    document, error = read_json(path)
    if error:
        return refuse([error])
    game, problems = read_game(document)
    players = players_per_side(document)
    if game is None:
        return refuse(problems, players)
    print_json(score_report(game), sys.stdout)
    for warning in game.warnings():
        said = words().problem(warning, players=players)
        print(words()._("warning: {warning}").format(warning=said), file=sys.stderr)
    return 0


def rules(args: argparse.Namespace) -> int:
    """The numbers a preset uses (every preset when none is named), as JSON."""
    if args.preset is None:
        print_json([rules_as_json(r) for r in ALL_PRESETS.values()], sys.stdout)
        return 0
    if args.preset not in ALL_PRESETS:
        params = {"got": f'"{args.preset}"', "presets": ", ".join(ALL_PRESETS)}
        return refuse([Problem(ProblemCode.RULES_UNKNOWN, params=params)])
    print_json(rules_as_json(ALL_PRESETS[args.preset]), sys.stdout)
    return 0
