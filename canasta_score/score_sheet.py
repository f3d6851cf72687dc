"""A game's score sheet as CSV: round by round, each side's score and running total."""

from __future__ import annotations

import csv
import io

from canasta_score.core import Game
from canasta_score.i18n import Translator, translator


def score_sheet_rows(game: Game, tr: Translator | None = None) -> list[list[str | int]]:
    """The sheet's rows: a header, one row per round, and the totals; the words in the
    reader's language (English without `tr`), the numbers plain for a spreadsheet to read.

    >>> from canasta_score.core import CLASSIC, Side, SideEntry
    >>> game = Game(CLASSIC, (Side("We", ("A",)), Side("They", ("B",))))
    >>> game = game.add_round([SideEntry(melded=90), SideEntry(hand=85, red_threes=1)])
    >>> score_sheet_rows(game)
    [['round', 'We score', 'We total', 'They score', 'They total'], [1, 90, 90, -185, -185], ['total', '', 90, '', -185]]
    >>> score_sheet_rows(game, translator("de"))[0][0] == translator("de")._("round")
    True
    """
    tr = tr or translator("en")
    header: list[str | int] = [tr._("round")]
    for name in game.side_names:
        header += [tr._("{side} score").format(side=name), tr._("{side} total").format(side=name)]
    rows = [header]
    for number, (scores, totals) in enumerate(
        zip(game.scores, game.running_totals, strict=True), start=1
    ):
        row: list[str | int] = [number]
        for score, total in zip(scores, totals, strict=True):
            row += [score.total, total]
        rows.append(row)
    last: list[str | int] = [tr._("total")]
    for total in game.totals:
        last += ["", total]
    rows.append(last)
    return rows


def score_sheet_csv(game: Game, tr: Translator | None = None) -> str:
    """The score sheet as CSV text (comma separated, one line per round)."""
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(score_sheet_rows(game, tr))
    return out.getvalue()
