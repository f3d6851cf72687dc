"""One module per screen; `screen_for` picks the screen a route asks for."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import flet as ft

from canasta_score.ui.components import Tagged
from canasta_score.ui.screen import RoundNotFound
from canasta_score.ui.state.labels import N_
from canasta_score.ui.store import DatabaseUnavailable, GameNotFound

if TYPE_CHECKING:
    from canasta_score.ui.host import Host
    from canasta_score.ui.screen import Screen

log = logging.getLogger(__name__)


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


#: What a screen shows when the database did not answer as it was read.
UNREACHABLE = N_(
    "The database cannot be reached right now. This screen is shown as soon as it answers again."
)


class BrokenScreen:
    """What a screen that failed shows instead: that it failed, and the way home."""

    def __init__(self, app: Host, route: str, error: Exception) -> None:
        self.app = app
        self.route = route
        self.error = error
        #: The database did not answer: no fault of the app, and the screen comes back.
        self.unreachable = isinstance(error, DatabaseUnavailable)

    def build(self) -> ft.View:
        app, tr = self.app, self.app.tr
        # The error's own words stay as Python gave them: they are for whoever fixes it.
        details = f"{type(self.error).__name__}: {self.error}"
        if isinstance(self.error, DatabaseUnavailable):  # why, in this phone's language
            details = tr.said(self.error.notice)
        body: list[ft.Control] = [
            Tagged(
                "screen-error",
                ft.Text(
                    tr._(UNREACHABLE)
                    if self.unreachable
                    else tr._(
                        "A fault in the app stopped this screen. The details are in its log."
                    ),
                    size=16,
                ),
            ),
            ft.Text(details, size=13, color=ft.Colors.ON_SURFACE_VARIANT, selectable=True),
            ft.Row([ft.FilledButton(tr._("Home"), on_click=lambda: app.go("/"))]),
        ]
        return app.frame(self.route, tr._("This screen could not be shown"), body, back="/")

    def leave(self) -> None:
        return None
