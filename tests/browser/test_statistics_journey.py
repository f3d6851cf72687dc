"""Statistics and the whole history in a real browser, at phone size: the statistics open
from home and show a player's wins; scrolling the history down loads its second page."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import AppServer, Screen
from examples import WE_AND_THEY, WORKED_EXAMPLE_ROUND

pytestmark = pytest.mark.browser


def game(players: list[str], rounds: int, day: int) -> dict[str, Any]:
    when = f"2026-10-{day:02d}T20:00:00+00:00"
    sides = (
        WE_AND_THEY
        if players == ["Anna", "Ben"]
        else [
            {"name": "We", "players": players},
            {"name": "They", "players": ["Cleo", "Dan"]},
        ]
    )
    return {
        "format": "canasta-score/1",
        "rules": "classic",
        "sides": sides,
        "rounds": [WORKED_EXAMPLE_ROUND] * rounds,
        "created": when,
        "updated": when,
    }


def test_statistics_from_home_and_the_history_page_by_page(
    app_server: AppServer, open_screen: Any
) -> None:
    # Game 1, the oldest, is won by Anna and Ben (4 x 1450 reaches 5000); 34 newer games are
    # in play: the first page of the history (30 games) does not reach game 1.
    games = [game(["Anna", "Ben"], 4, day=1)]
    games += [game(["Eva", "Finn"], 1, day=2 + n % 27) for n in range(34)]
    app_server.import_games({"format": "canasta-score-backup/1", "games": games})
    app_server.start()
    phone: Screen = open_screen(app_server)
    phone.open("/", ready="open-statistics")
    phone.shot("history")

    phone.tap("open-statistics")
    phone.wait_for("player-anna-wins")
    phone.wait_number("player-anna-wins", 1)
    phone.wait_number("player-anna-games", 1)
    phone.wait_number("player-eva-in-play", 34)
    phone.shot("statistics")

    phone.go("/", ready="history-more")
    assert phone.has("game-35") and not phone.has("game-1")
    phone.tap("history-more")  # scrolled to the end of the list, and tapped
    phone.wait_for("game-1")
    phone.wait_gone("history-more")
    phone.shot("history-second-page")
