"""One module per screen; `screen_for` picks the screen a route asks for."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

if TYPE_CHECKING:
    from canasta_score.ui.screen import Screen
    from canasta_score.ui.shell import App


def screen_for(app: App, route: str) -> tuple[Screen, ft.View]:
    """The screen and the view for a route; unknown routes show home."""
    parts = [part for part in route.split("?")[0].split("/") if part]
    try:
        screen = _screen(app, route, parts)
        return screen, screen.build()
    except (LookupError, ValueError):
        # A game that is gone (deleted, or a stale or mistyped link): home says what there is.
        return _home(app)


def _home(app: App) -> tuple[Screen, ft.View]:
    from canasta_score.ui.views.home import HomeScreen

    screen = HomeScreen(app, "/")
    return screen, screen.build()


def _screen(app: App, route: str, parts: list[str]) -> Screen:
    """The screen a route names. Each screen's module is imported when first shown, so the
    first page does not wait for the others (the chart's alone brings in flet-charts)."""
    match parts:
        case ["new"]:
            from canasta_score.ui.views.new_game import NewGameScreen

            return NewGameScreen(app, route)
        case ["new", "from", game_id]:
            from canasta_score.ui.views.new_game import NewGameScreen

            return NewGameScreen(app, route, from_game=int(game_id))
        case ["game", game_id]:
            from canasta_score.ui.views.sheet import SheetScreen

            return SheetScreen(app, route, int(game_id))
        case ["game", game_id, "chart"]:
            from canasta_score.ui.views.chart import ChartScreen

            return ChartScreen(app, route, int(game_id))
        case ["game", game_id, "round"]:
            from canasta_score.ui.views.round_entry import RoundEntryScreen

            return RoundEntryScreen(app, route, int(game_id))
        case ["game", game_id, "round", number]:
            from canasta_score.ui.views.round_detail import RoundDetailScreen

            return RoundDetailScreen(app, route, int(game_id), int(number))
        case ["game", game_id, "round", number, "edit"]:
            from canasta_score.ui.views.round_entry import RoundEntryScreen

            return RoundEntryScreen(app, route, int(game_id), int(number))
        case ["invite"]:
            from canasta_score.ui.views.invite import InviteScreen

            return InviteScreen(app, route)
        case ["game", game_id, "invite"]:
            from canasta_score.ui.views.invite import InviteScreen

            return InviteScreen(app, route, back=f"/game/{int(game_id)}")
        case ["rules"]:
            from canasta_score.ui.views.rules import RulesScreen

            return RulesScreen(app, route)
        case ["rules", "game", game_id]:
            from canasta_score.ui.views.rules import RulesScreen

            return RulesScreen(app, route, game_id=int(game_id))
        case ["settings"]:
            from canasta_score.ui.views.settings import SettingsScreen

            return SettingsScreen(app, route)
        case ["stats"]:
            from canasta_score.ui.views.statistics import StatisticsScreen

            return StatisticsScreen(app, route)
        case _:
            from canasta_score.ui.views.home import HomeScreen

            return HomeScreen(app, "/")
