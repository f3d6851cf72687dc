"""Serving the phones at the table over the local network: the token link opens the app,
and nothing opens without it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from conftest import STEP_TIMEOUT_MS, AppServer, Screen
from examples import game_file

pytestmark = pytest.mark.browser


@pytest.fixture
def network_app(tmp_path: Path) -> Iterator[AppServer]:
    server = AppServer(tmp_path / "games.db", "--host", "0.0.0.0").start()
    yield server
    server.stop()
    assert "Traceback" not in server.errors(), server.errors()


def test_the_token_link_opens_the_app_and_it_works(
    network_app: AppServer, open_screen: Any, tmp_path: Path
) -> None:
    query = urlsplit(network_app.printed_url).query
    assert query.startswith("token=")
    phone: Screen = open_screen(network_app)
    phone.open(f"/?{query}", ready="new-game")
    assert phone.route() == "/"  # the token left the address bar
    phone.tap("new-game")  # the socket works both ways
    phone.wait_for("start-game")

    # The cookie carries on: a reload needs no token.
    phone.reload(ready="start-game")

    # So does a file picked to import, which comes to the server as a request of its own.
    game = tmp_path / "game.json"
    game.write_text(json.dumps(game_file()), encoding="utf-8")
    phone.go("/settings", ready="import-games")
    with phone.page.expect_file_chooser(timeout=STEP_TIMEOUT_MS) as chooser:
        phone.tap("import-games")
    chooser.value.set_files(str(game))
    phone.wait_text("import-outcome", r"1 game came in from game\.json")


def test_without_the_token_the_browser_gets_no_app(
    network_app: AppServer, open_screen: Any
) -> None:
    phone: Screen = open_screen(network_app)
    response = phone.page.goto(network_app.url + "/")
    assert response is not None and response.status == 403
    assert "access token" in phone.page.content()
    assert phone.page.locator("flt-semantics-placeholder, flutter-view").count() == 0
