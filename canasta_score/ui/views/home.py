"""Home: resume the game in one tap, start a new one, and the games played before."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from canasta_score.i18n import _, ngettext
from canasta_score.ui.components import TAP, Tagged, Wide, fit_button
from canasta_score.ui.screen import Screen
from canasta_score.ui.state.points import format_points
from canasta_score.ui.store import GameSummary

if TYPE_CHECKING:
    from canasta_score.ui.shell import App


def summary_line(summary: GameSummary) -> str:
    """`We 1450 - They -185` for a game in the history."""
    return "  ·  ".join(
        f"{name}\u00a0{format_points(total)}"  # a line may break between sides, not in one
        for name, total in zip(summary.side_names, summary.totals, strict=False)
    )


def when(summary: GameSummary) -> str:
    moment = summary.updated_at or summary.created_at
    return moment.strftime("%Y-%m-%d %H:%M") if moment else ""


class HomeScreen(Screen):
    def __init__(self, app: App, route: str) -> None:
        self.app = app
        self.route = route

    def build(self) -> ft.View:
        app = self.app
        app.keep_awake(False)
        store = app.store
        unfinished = store.unfinished_game()
        games = store.list_games(limit=100)
        body: list[ft.Control] = []
        if unfinished is not None:
            body.append(
                Wide(
                    Tagged(
                        "resume",
                        ft.FilledButton(
                            content=ft.Column(
                                [
                                    ft.Text(_("Resume game"), size=20, weight=ft.FontWeight.BOLD),
                                    ft.Text(
                                        _("Round {n}: {sides}").format(
                                            n=unfinished.rounds + 1, sides=summary_line(unfinished)
                                        ),
                                        size=14,
                                        text_align=ft.TextAlign.CENTER,
                                    ),
                                ],
                                spacing=2,
                                tight=True,
                                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                            ),
                            on_click=lambda: app.go(f"/game/{unfinished.id}"),
                            # As tall as its words need (large text wraps them), at least 76.
                            height=76 if app.text_scale < 1.2 else None,
                            style=ft.ButtonStyle(
                                padding=ft.Padding.symmetric(horizontal=12, vertical=10)
                            ),
                        ),
                    )
                )
            )
        body.append(
            Wide(
                Tagged(
                    "new-game",
                    (ft.OutlinedButton if unfinished is not None else ft.FilledButton)(
                        content=ft.Text(_("New game"), size=18, weight=ft.FontWeight.BOLD),
                        icon=ft.Icons.ADD,
                        on_click=lambda: app.go("/new"),
                        height=60,
                    ),
                )
            )
        )
        fit_button(body[-1], app.body_width(), app.text_scale)
        body.append(ft.Text(_("Games"), size=20, weight=ft.FontWeight.BOLD))
        if not games:
            body.append(
                ft.Text(
                    _("No games yet. Start one and it will be kept here."),
                    color=ft.Colors.ON_SURFACE_VARIANT,
                )
            )
        for summary in games:
            body.append(self.game_tile(summary))
        return app.frame(
            self.route,
            _("Canasta Score"),
            body,
            actions=[
                ft.IconButton(
                    icon=ft.Icons.MENU_BOOK,
                    tooltip=_("Rules"),
                    on_click=lambda: app.go("/rules"),
                ),
                ft.IconButton(
                    icon=ft.Icons.SETTINGS,
                    tooltip=_("Settings"),
                    on_click=lambda: app.go("/settings"),
                ),
            ],
        )

    def game_tile(self, summary: GameSummary) -> ft.Control:
        app = self.app
        if summary.finished and summary.winner is not None:
            status = _("{side} won").format(side=summary.side_names[summary.winner])
            status_color = ft.Colors.PRIMARY
        else:
            status = ngettext("In play, {n} round", "In play, {n} rounds", summary.rounds).format(
                n=summary.rounds
            )
            status_color = ft.Colors.ON_SURFACE_VARIANT
        tile = ft.Container(
            content=ft.Row(
                [
                    ft.Column(
                        [
                            ft.Text(summary_line(summary), size=17, weight=ft.FontWeight.BOLD),
                            ft.Text(
                                f"{summary.rules_name}  ·  {when(summary)}",
                                size=13,
                                color=ft.Colors.ON_SURFACE_VARIANT,
                            ),
                            ft.Text(status, size=14, color=status_color),
                        ],
                        spacing=2,
                        expand=True,
                        tight=True,
                    ),
                    Tagged(
                        f"game-{summary.id}-delete",
                        ft.IconButton(
                            icon=ft.Icons.DELETE_OUTLINE,
                            tooltip=_("Delete game"),
                            on_click=lambda: self.delete(summary),
                            width=TAP,
                            height=TAP,
                        ),
                        _("Delete game"),
                    ),
                ],
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            padding=ft.Padding.only(left=12, top=8, bottom=8, right=4),
            border_radius=12,
            bgcolor=ft.Colors.SURFACE_CONTAINER,
            on_click=lambda: app.go(f"/game/{summary.id}"),
            ink=True,
        )
        return Tagged(f"game-{summary.id}", tile)

    def delete(self, summary: GameSummary) -> None:
        app = self.app
        app.store.delete_game(summary.id)
        app.show_route()

        def undo() -> None:
            app.store.restore_game(summary.id)
            app.show_route()

        app.message(_("Game deleted: {sides}").format(sides=summary_line(summary)), _("Undo"), undo)
