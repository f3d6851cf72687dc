"""Routing: the screen each route names, read from storage and then drawn.

The route is the single source of truth for what is on screen:

    /                           home (resume, new game, history)
    /new                        new game;  /new/from/ID  with the players of game ID
    /game/ID                    score sheet
    /game/ID/chart              the game's chart (running totals, target, opening bands)
    /game/ID/round              round entry for the next round
    /game/ID/round/R            round detail (breakdown, edit, delete)
    /game/ID/round/R/edit       round entry for an earlier round
    /rules, /rules/game/ID      rule sets (active one, presets side by side, custom copy)
    /settings                   theme, language, keep screen awake, backup and import
    /stats                      statistics: players, partnerships, head-to-head, name changes
    /invite, /game/ID/invite    the link for the other phones at the table, as a QR code

Each screen's module is imported when first shown, so the first page does not wait for the
others (the chart's alone brings in flet-charts).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from canasta_score.ui.screen import RoundNotFound
from canasta_score.ui.store import DatabaseUnavailable, GameNotFound
from canasta_score.ui.views import BrokenScreen

if TYPE_CHECKING:
    import flet as ft

    from canasta_score.ui.host import Host
    from canasta_score.ui.screen import Screen

log = logging.getLogger(__name__)


def parent_route(route: str) -> str:
    """Where Back leads from `route`: a game's sheet from its other screens, else home.

    >>> parent_route("/game/3/round/2"), parent_route("/game/3"), parent_route("/stats")
    ('/game/3', '/', '/')
    """
    parts = [p for p in route.split("?")[0].split("/") if p]
    if parts[:1] == ["game"] and len(parts) > 2:
        return f"/game/{parts[1]}"
    return "/"


def screen_for(app: Host, route: str) -> tuple[Screen, ft.View]:
    """The screen and the view for a route: read (`read_screen`), then drawn (`draw`)."""
    return draw(app, read_screen(app, route))


def read_screen(app: Host, route: str) -> Screen:
    """The screen a route names, with everything it reads from storage (on a server, this
    runs off the event loop; no Flet control is made or changed here, `draw` does that).

    A route that names nothing, or a game or round that is not there (deleted, or a stale or
    mistyped link), shows home: it says what there is. A database that does not answer is
    said as such (the screen is shown once it answers). Any other failure is a fault of the
    app: it is logged and a plain error screen says so, rather than home hiding it.
    """
    parts = [part for part in route.split("?")[0].split("/") if part]
    try:
        return _screen(app, route, parts)
    except Exception as error:
        return _failed(app, route, error)


def _failed(app: Host, route: str, error: Exception) -> Screen:
    if isinstance(error, GameNotFound | RoundNotFound):
        from canasta_score.ui.views.home import HomeScreen

        try:
            return HomeScreen(app, "/")
        except Exception as again:
            error = again
    if isinstance(error, DatabaseUnavailable):
        log.warning("the screen for %s could not be read: %s", route, error)
    else:
        log.error("the screen for %s could not be shown", route, exc_info=error)
    return BrokenScreen(app, route, error)


def draw(app: Host, screen: Screen) -> tuple[Screen, ft.View]:
    """The screen drawn from what it read, on the page's event loop (it reads no storage)."""
    try:
        return screen, screen.build()
    except Exception as error:
        return screen_for_failure(app, screen.route, error)


def screen_for_failure(app: Host, route: str, error: Exception) -> tuple[Screen, ft.View]:
    """What is shown where a screen could not be read or drawn (see `screen_for`)."""
    if isinstance(error, GameNotFound | RoundNotFound):
        return _home(app)
    if isinstance(error, DatabaseUnavailable):
        log.warning("the screen for %s could not be read: %s", route, error)
    else:
        log.error("the screen for %s could not be shown", route, exc_info=error)
    screen = BrokenScreen(app, route, error)
    return screen, screen.build()


def _home(app: Host) -> tuple[Screen, ft.View]:
    from canasta_score.ui.views.home import HomeScreen

    screen = HomeScreen(app, "/")
    return screen, screen.build()


def number(part: str) -> int | None:
    """A route's id, or None when the part is no id (then the route names nothing).

    >>> number("12"), number("x"), number("-1"), number("²")
    (12, None, None, None)
    """
    return int(part) if part.isascii() and part.isdigit() else None


def _screen(app: Host, route: str, parts: list[str]) -> Screen:
    """The screen a route names. Each screen's module is imported when first shown, so the
    first page does not wait for the others (the chart's alone brings in flet-charts)."""
    ids = [number(part) for part in parts]
    match parts, ids:
        case ["new"], _:
            from canasta_score.ui.views.new_game import NewGameScreen

            return NewGameScreen(app, route)
        case ["new", "from", _], [_, _, int(game_id)]:
            from canasta_score.ui.views.new_game import NewGameScreen

            return NewGameScreen(app, route, from_game=game_id)
        case ["game", _], [_, int(game_id)]:
            from canasta_score.ui.views.sheet import SheetScreen

            return SheetScreen(app, route, game_id)
        case ["game", _, "chart"], [_, int(game_id), _]:
            from canasta_score.ui.views.chart import ChartScreen

            return ChartScreen(app, route, game_id)
        case ["game", _, "round"], [_, int(game_id), _]:
            from canasta_score.ui.views.round_entry import RoundEntryScreen

            return RoundEntryScreen(app, route, game_id)
        case ["game", _, "round", _], [_, int(game_id), _, int(round_number)]:
            from canasta_score.ui.views.round_detail import RoundDetailScreen

            return RoundDetailScreen(app, route, game_id, round_number)
        case ["game", _, "round", _, "edit"], [_, int(game_id), _, int(round_number), _]:
            from canasta_score.ui.views.round_entry import RoundEntryScreen

            return RoundEntryScreen(app, route, game_id, round_number)
        case ["invite"], _:
            from canasta_score.ui.views.invite import InviteScreen

            return InviteScreen(app, route)
        case ["game", _, "invite"], [_, int(game_id), _]:
            from canasta_score.ui.views.invite import InviteScreen

            return InviteScreen(app, route, back=f"/game/{game_id}")
        case ["rules"], _:
            from canasta_score.ui.views.rules import RulesScreen

            return RulesScreen(app, route)
        case ["rules", "game", _], [_, _, int(game_id)]:
            from canasta_score.ui.views.rules import RulesScreen

            return RulesScreen(app, route, game_id=game_id)
        case ["settings"], _:
            from canasta_score.ui.views.settings import SettingsScreen

            return SettingsScreen(app, route)
        case ["stats"], _:
            from canasta_score.ui.views.statistics import StatisticsScreen

            return StatisticsScreen(app, route)
        case _:
            from canasta_score.ui.views.home import HomeScreen

            return HomeScreen(app, "/")
