"""The new-game form under a finger: choosing "Two players" for two pairs makes each side one
player (issue 32, finding 5), and the rule sets stay where the finger is while the sides above
them get shorter."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import AppServer, Screen
from headless import PHONE
from test_entry_taps import SMALL_PHONE, box, finger

pytestmark = pytest.mark.browser


def bottom(phone: Screen, identifier: str) -> float:
    found = box(phone, identifier)
    return found["y"] + found["height"]


@pytest.mark.parametrize(
    ("font", "size"), [(16, PHONE), (32, SMALL_PHONE)], ids=["1x-390", "2x-360"]
)
def test_two_players_tapped_for_two_pairs_seats_single_players_and_stays_under_the_finger(
    app_server: AppServer, large_text_phone: Any, font: int, size: dict[str, int]
) -> None:
    """Measured at the edge between the tile tapped and the one over it: the tapped tile grows
    at 2x (it becomes the suggested rule set, "Zwei Spieler (empfohlen)") past the end of the
    screen, and the browser keeps only the edge in sight of a tile the screen cuts."""
    app_server.start()
    phone: Screen = large_text_phone(app_server, font, size, locale="de-DE")
    phone.open("/new", ready="start-game")
    phone.fill("side-0-player-0", "Anna")
    phone.fill("side-0-player-1", "Ben")
    phone.scroll_to("preset-two-player", band=(0.15, 0.3))
    phone.settle()
    edge = bottom(phone, "preset-classic")
    finger(phone, "preset-two-player")
    phone.wait_text("new-game-said", "ohne Ben")
    phone.settle()
    assert not phone.has("side-0-player-1"), "a side of one player has no player fields"
    assert abs(bottom(phone, "preset-classic") - edge) <= 1
    phone.shot(f"new-game-two-players-de-{font}")
    phone.tap("start-game")
    phone.wait_route("/game/1")
