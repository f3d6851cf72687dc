"""The score sheet: a row per round and a column per side, as on a paper pad."""

from __future__ import annotations

from dataclasses import dataclass

from canasta_score.core import Game
from canasta_score.i18n import Translator
from canasta_score.ui.state.points import format_points


@dataclass(frozen=True)
class SheetRow:
    number: int
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    dealer: str


@dataclass(frozen=True)
class SideColumn:
    name: str
    players: tuple[str, ...]
    total: int
    opening: int
    #: True when the opening minimum changed tier with the last round.
    opening_changed: bool
    #: How far the side is toward the target, from 0 to 1.
    progress: float


def player_name(game: Game, seat: tuple[int, int]) -> str:
    side, player = seat
    return game.sides[side].players[player]


def sheet_rows(game: Game) -> list[SheetRow]:
    return [
        SheetRow(
            number=number,
            scores=tuple(score.total for score in scores),
            totals=game.running_totals[number - 1],
            dealer=player_name(game, game.dealer_of(number)),
        )
        for number, scores in enumerate(game.scores, start=1)
    ]


def sheet_columns(game: Game) -> list[SideColumn]:
    before = (
        game.opening_minimums_before(len(game.rounds)) if game.rounds else game.opening_minimums
    )
    return [
        SideColumn(
            name=side.name,
            players=side.players,
            total=total,
            opening=opening,
            opening_changed=opening != previous,
            progress=max(0.0, min(1.0, total / game.target)) if game.target else 0.0,
        )
        for side, total, opening, previous in zip(
            game.sides, game.totals, game.opening_minimums, before, strict=True
        )
    ]


def opening_text(minimum: int, tr: Translator) -> str:
    """What a side needs to open next round, as the sheet shows it: "needs 90"."""
    return tr._("needs {minimum}").format(minimum=tr.number(minimum))


def tied_text(game: Game, tr: Translator) -> str:
    """What the sheet says when the top total is shared past the target: nobody has won.

    >>> from canasta_score.core import PRESETS, Side, SideEntry, override_rules
    >>> from canasta_score.i18n import translator
    >>> rules, _ = override_rules(PRESETS["classic"], {"target": 500})
    >>> game = Game(rules=rules, sides=(Side("We", ("A",)), Side("They", ("B",))))
    >>> tied_text(game.add_round([SideEntry(melded=500), SideEntry(melded=500)]), translator("en"))
    'Tied at 500: nobody wins on a tie. Play on until there is a winner.'
    """
    return tr._("Tied at {points}: nobody wins on a tie. Play on until there is a winner.").format(
        points=format_points(game.tied or 0, tr)
    )


def standings_said(game: Game, number: int, tr: Translator) -> str:
    """What a screen reader says once round `number` is saved: each side's total and the
    minimum it needs to open next, or the winner once the game is won.

    >>> from canasta_score.core import PRESETS, CanastaKind, Side, SideEntry, WentOut
    >>> from canasta_score.i18n import translator
    >>> game = Game(rules=PRESETS["classic"], sides=(Side("We", ("A",)), Side("They", ("B",))))
    >>> went_out = SideEntry(melded=400, canastas={CanastaKind.NATURAL: 2}, went_out=WentOut.NORMAL)
    >>> game = game.add_round([went_out, SideEntry(hand=50)])
    >>> standings_said(game, 1, translator("en"))
    'Round 1 saved. We 1,500, needs 90; They -50, needs 15'
    """
    saved = tr._("Round {n} saved.").format(n=tr.number(number))
    if game.finished and game.winner is not None:
        won = tr._("Winner: {side}, with {points} points").format(
            side=game.sides[game.winner].name,
            points=format_points(game.totals[game.winner], tr),
        )
        return f"{saved} {won}"
    standings = "; ".join(
        f"{column.name} {format_points(column.total, tr)}, " + opening_text(column.opening, tr)
        for column in sheet_columns(game)
    )
    if game.tied is not None:
        return f"{saved} {tied_text(game, tr)} {standings}"
    return f"{saved} {standings}"
