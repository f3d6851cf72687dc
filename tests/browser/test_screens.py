"""Every screen at phone and desktop size, light and dark: it shows, it fits, and a picture is kept.

The pictures land in screenshots/ (git-ignored) for a person to look at; a test cannot tell a
pleasant screen from an ugly one, but it can tell an empty or sideways-scrolling one.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import AppServer, Screen
from examples import WE_AND_THEY, WORKED_EXAMPLE_ROUND
from headless import DESKTOP, PHONE

pytestmark = pytest.mark.browser

WORKED_EXAMPLE = WORKED_EXAMPLE_ROUND
SECOND_ROUND = [
    {"melded": 150, "hand": 40, "red_threes": 1},
    {"melded": 90, "hand": 0, "canastas": {"mixed": 1}, "went_out": "normal"},
]


def game(sides: list[Any], rounds: list[Any], day: int) -> dict[str, Any]:
    when = f"2026-11-{day:02d}T20:00:00+00:00"
    return {
        "format": "canasta-score/1",
        "rules": "classic",
        "sides": sides,
        "rounds": rounds,
        "created": when,
        "updated": when,
    }


@pytest.fixture(scope="module")
def seeded_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    """Game 1 won by We; game 2 (the one to resume) two rounds in; game 3 with three sides."""
    server = AppServer(tmp_path_factory.mktemp("screens") / "games.db")
    three_sides = [
        {"name": "North", "players": ["Anna", "Ben"]},
        {"name": "East", "players": ["Cleo", "Dan"]},
        {"name": "Southwest", "players": ["Eva", "Finn"]},
    ]
    round_of_three = [
        WORKED_EXAMPLE[0],
        {"melded": 0, "hand": 85, "red_threes": 1},
        {"melded": 120, "hand": 30},
    ]
    server.import_games(game(WE_AND_THEY, [WORKED_EXAMPLE] * 4, day=20))
    server.import_games(game(three_sides, [round_of_three], day=21))
    server.import_games(game(WE_AND_THEY, [WORKED_EXAMPLE, SECOND_ROUND], day=28))
    server.start()
    yield server
    server.stop()
    assert "Traceback" not in server.errors(), server.errors()


#: (name, route, what shows it is ready: an identifier or a text, must fit the width)
SCREENS = [
    ("home", "/", ("id", "resume"), True),
    ("new-game", "/new", ("id", "start-game"), True),
    ("sheet", "/game/3", ("id", "add-round"), True),
    ("round-entry", "/game/3/round", ("id", "save-round"), True),
    ("round-detail", "/game/3/round/1", ("id", "round-1-delete"), True),
    ("sheet-won", "/game/1", ("id", "winner"), True),
    ("sheet-three-sides", "/game/2", ("id", "side-2-total"), True),
    ("rules", "/rules", ("text", "Classic"), True),
    ("settings", "/settings", ("text", "Theme"), True),
]
VARIANTS = {
    "phone-light": (PHONE, False),
    "phone-dark": (PHONE, True),
    "desktop-light": (DESKTOP, False),
    "desktop-dark": (DESKTOP, True),
}


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_screen_shows_and_fits(variant: str, seeded_app: AppServer, open_screen: Any) -> None:
    size, dark = VARIANTS[variant]
    screen: Screen = open_screen(seeded_app, size=size, dark=dark)
    screen.open("/", ready="resume")
    kept: list[Path] = []
    for name, route, (kind, ready), fits in SCREENS:
        if kind == "id":
            screen.go(route, ready=ready)
        else:
            screen.go(route, text=ready)
        assert screen.route() == route
        kept.append(screen.shot(f"{name}-{variant.split('-')[1]}"))
        if fits:
            assert screen.horizontal_overflow() == 0, f"{name} scrolls sideways at {size}"
    assert all(path.stat().st_size > 5_000 for path in kept)  # not blank


def test_three_sides_fit_the_smallest_phone(seeded_app: AppServer, open_screen: Any) -> None:
    screen: Screen = open_screen(seeded_app, size={"width": 360, "height": 640})
    screen.open("/game/2", ready="side-2-total")
    assert screen.horizontal_overflow() == 0
    screen.shot("sheet-three-sides-light")
    screen.go("/game/2/round", ready="save-round")
    assert screen.horizontal_overflow() == 0
    screen.shot("round-entry-three-sides-light")


def test_tap_targets_are_at_least_48_px(seeded_app: AppServer, open_screen: Any) -> None:
    # A phone's width, tall enough that no box is cut by the edge of the scrolling list.
    screen: Screen = open_screen(seeded_app, size={"width": PHONE["width"], "height": 1600})
    screen.open("/game/3/round", ready="save-round")
    small = []
    for identifier in screen.ids():
        if not identifier.endswith(("-plus", "-minus", "-out-normal", "-out-concealed")):
            continue
        box = screen.node(identifier).bounding_box()
        if box and (box["width"] < 48 or box["height"] < 48):
            small.append((identifier, box["width"], box["height"]))
    assert not small, small
