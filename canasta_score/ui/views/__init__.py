"""One module per screen; `screen_for` picks the screen a route asks for."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

if TYPE_CHECKING:
    from canasta_score.ui.screen import Screen
    from canasta_score.ui.shell import App


def screen_for(app: App, route: str) -> tuple[Screen, ft.View]:
    """The screen and the view for a route; unknown routes show home."""
    from canasta_score.ui.views.chart import ChartScreen
    from canasta_score.ui.views.home import HomeScreen
    from canasta_score.ui.views.invite import InviteScreen
    from canasta_score.ui.views.new_game import NewGameScreen
    from canasta_score.ui.views.round_detail import RoundDetailScreen
    from canasta_score.ui.views.round_entry import RoundEntryScreen
    from canasta_score.ui.views.rules import RulesScreen
    from canasta_score.ui.views.settings import SettingsScreen
    from canasta_score.ui.views.sheet import SheetScreen
    from canasta_score.ui.views.statistics import StatisticsScreen

    parts = [part for part in route.split("?")[0].split("/") if part]
    screen: Screen
    try:
        match parts:
            case ["new"]:
                screen = NewGameScreen(app, route)
            case ["new", "from", game_id]:
                screen = NewGameScreen(app, route, from_game=int(game_id))
            case ["game", game_id]:
                screen = SheetScreen(app, route, int(game_id))
            case ["game", game_id, "chart"]:
                screen = ChartScreen(app, route, int(game_id))
            case ["game", game_id, "round"]:
                screen = RoundEntryScreen(app, route, int(game_id))
            case ["game", game_id, "round", number]:
                screen = RoundDetailScreen(app, route, int(game_id), int(number))
            case ["game", game_id, "round", number, "edit"]:
                screen = RoundEntryScreen(app, route, int(game_id), int(number))
            case ["invite"]:
                screen = InviteScreen(app, route)
            case ["game", game_id, "invite"]:
                screen = InviteScreen(app, route, back=f"/game/{int(game_id)}")
            case ["rules"]:
                screen = RulesScreen(app, route)
            case ["rules", "game", game_id]:
                screen = RulesScreen(app, route, game_id=int(game_id))
            case ["settings"]:
                screen = SettingsScreen(app, route)
            case ["stats"]:
                screen = StatisticsScreen(app, route)
            case _:
                screen = HomeScreen(app, "/")
        return screen, screen.build()
    except (LookupError, ValueError):
        # A game that is gone (deleted, or a stale or mistyped link): home says what there is.
        screen = HomeScreen(app, "/")
        return screen, screen.build()
