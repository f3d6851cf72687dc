"""The invite screen: the table's link as a QR code big enough to scan, as text, and how to
serve the table when only this device can reach the app."""

from __future__ import annotations

import io
from pathlib import Path

import flet as ft
import pytest
from test_ui_screens import PageStandIn, identifiers, texts, walk

from canasta_score.ui.shell import App
from canasta_score.ui.store import GameStore
from canasta_score.ui.views.invite import SERVE_COMMAND, InviteScreen

LINK = "http://192.168.1.20:8550/?token=" + "Zq3-x_" * 5 + "ab"  # as long as a real token


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    return GameStore(str(tmp_path / "games.db"))


@pytest.mark.parametrize("width", [360, 390, 1280])
def test_the_invite_screen_shows_the_code_of_the_link_large_enough_to_scan(
    store: GameStore, width: int
) -> None:
    import zxingcpp
    from PIL import Image

    app = App(PageStandIn(width), store, invite=LINK)  # type: ignore[arg-type]
    screen = InviteScreen(app, "/invite")
    view = screen.build()
    assert {"invite-code", "invite-link", "copy-invite"} <= identifiers(view)
    assert LINK in texts(view)
    [image] = [c for c in walk(view) if isinstance(c, ft.Image)]
    assert image.src == screen.picture
    assert image.width >= 280, "scannable across a table on a phone"
    assert image.width <= width - 24, "within the screen and its padding"
    assert screen.picture is not None
    picture = Image.open(io.BytesIO(screen.picture))
    assert picture.size == (image.width, image.height), "drawn pixel for pixel"
    [found] = zxingcpp.read_barcodes(picture)
    assert found.text == LINK


def test_served_on_this_device_only_the_invite_screen_says_how_to_serve_the_table(
    store: GameStore,
) -> None:
    app = App(PageStandIn(390), store)  # type: ignore[arg-type]
    view = InviteScreen(app, "/invite").build()
    assert "invite-unavailable" in identifiers(view)
    assert SERVE_COMMAND in texts(view)
    assert "invite-code" not in identifiers(view)


def test_the_command_it_gives_serves_the_browser_app_to_the_network() -> None:
    """Not the desktop window, which no phone can join, on a machine with a display."""
    from canasta_score.app import is_loopback, options

    python, script, *args = SERVE_COMMAND.split()
    assert (python, script) == ("python", "main.py")
    given = options(args)
    assert given.web and not given.desktop
    assert not is_loopback(given.host)


def test_invite_is_offered_from_home_and_the_sheet_and_goes_back_where_it_came_from(
    store: GameStore,
) -> None:
    from canasta_score.core import PRESETS, Game, Side
    from canasta_score.ui.routes import screen_for

    game_id = store.create_game(
        Game(rules=PRESETS["classic"], sides=(Side("We", ("A",)), Side("They", ("B",))))
    ).id
    app = App(PageStandIn(390), store, invite=LINK)  # type: ignore[arg-type]
    for route, back in (("/", "/"), (f"/game/{game_id}", f"/game/{game_id}")):
        _screen, view = screen_for(app, route)
        assert "invite" in identifiers(view)
        invite, _view = screen_for(app, "/invite" if route == "/" else f"{route}/invite")
        assert isinstance(invite, InviteScreen) and invite.back == back
