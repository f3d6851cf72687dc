"""The card over a won game's score sheet: who won, with how many points, and what next."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from canasta_score.core import Game
from canasta_score.i18n import Translator
from canasta_score.ui.components.basics import Tagged, fit_button
from canasta_score.ui.state.points import format_points

#: The card's padding round what it says.
PADDING = 16


def WinnerCard(
    game: Game,
    tr: Translator,
    *,
    width: float,
    scale: float,
    again: Callable[[], None],
    home: Callable[[], None],
) -> ft.Control:
    """The winner of a finished `game`, a card `width` wide; `again` starts a new game of the
    same players, `home` goes home."""
    winner = game.winner if game.winner is not None else 0
    side = game.sides[winner]
    points = format_points(game.totals[winner], tr)
    announcement = tr._("Winner: {side}, with {points} points").format(
        side=side.name, points=points
    )
    return Tagged(
        "winner",
        ft.Container(
            content=ft.Column(
                [
                    ft.Text(
                        tr._("Winner: {side}").format(side=side.name),
                        size=30,
                        weight=ft.FontWeight.BOLD,
                        color=ft.Colors.ON_PRIMARY_CONTAINER,
                    ),
                    ft.Text(
                        result_line(game, winner, tr),
                        size=16,
                        color=ft.Colors.ON_PRIMARY_CONTAINER,
                    ),
                    ft.Row(buttons(tr, width - 2 * PADDING, scale, again, home), wrap=True),
                ],
                spacing=6,
                tight=True,
            ),
            padding=PADDING,
            border_radius=16,
            bgcolor=ft.Colors.PRIMARY_CONTAINER,
        ),
        announcement,
    )


def result_line(game: Game, winner: int, tr: Translator) -> str:
    """The winner's points and rounds, and its players where they are not its name already
    (a player alone is the side: "Mette", not "Mette ... (Mette)")."""
    side, n = game.sides[winner], len(game.rounds)
    points, rounds = format_points(game.totals[winner], tr), tr.number(n)
    if list(side.players) == [side.name]:
        return tr.ngettext(
            "{points} points after {n} round", "{points} points after {n} rounds", n
        ).format(points=points, n=rounds)
    return tr.ngettext(
        "{points} points after {n} round ({players})",
        "{points} points after {n} rounds ({players})",
        n,
    ).format(points=points, n=rounds, players=", ".join(side.players))


def buttons(
    tr: Translator,
    inside: float,
    scale: float,
    again: Callable[[], None],
    home: Callable[[], None],
) -> list[ft.Control]:
    """A new game of the same players, and home: each grows where its label would be cut
    (large text: "New game, same players" was cut to "New game, same")."""
    new_game = ft.FilledButton(
        content=ft.Text(tr._("New game, same players")), icon=ft.Icons.REPLAY, on_click=again
    )
    go_home = ft.OutlinedButton(content=ft.Text(tr._("Home")), on_click=home)
    for button in (new_game, go_home):
        fit_button(button, inside, scale)
    return [new_game, go_home]
