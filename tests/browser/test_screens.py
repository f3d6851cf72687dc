"""Every screen at phone and desktop size, light and dark: it shows, it fits, and a picture is kept.

The pictures land in screenshots/ (git-ignored) for a person to look at; a test cannot tell a
pleasant screen from an ugly one, but it can tell an empty or sideways-scrolling one.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import BLANK_PNG_BYTES, ROOT, STEP_TIMEOUT_MS, AppServer, Screen
from examples import WE_AND_THEY, WORKED_EXAMPLE_ROUND
from headless import DESKTOP, PHONE

from canasta_score.i18n import translator

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


# --- every screen in every language ----------------------------------------------------------

LANGUAGE_SHOTS = ROOT / "screenshots-lang"
SMALLEST_PHONE = {"width": 360, "height": 640}
#: The browser's language for each of the app's languages, as a phone there would report it.
LOCALES = {"en": "en-US", "nl": "nl-NL", "de": "de-DE", "fi": "fi-FI", "da": "da-DK", "nb": "nb-NO"}
#: (name, route, identifier that shows it is ready, a text on it: msgid and its placeholders).
#: Game 1 is in play with four-digit totals (4770 and -1785), game 2 is won (for statistics).
LANGUAGE_SCREENS: list[tuple[str, str, str, tuple[str, dict[str, int]]]] = [
    ("home", "/", "resume", ("New game", {})),
    ("new-game", "/new", "start-game", ("Start game", {})),
    ("sheet", "/game/1", "add-round", ("Add round {n}", {"n": 5})),
    ("round-detail", "/game/1/round/2", "round-2-delete", ("Round {n}", {"n": 2})),
    ("round-entry", "/game/1/round", "save-round", ("Save round", {})),
    ("rules", "/rules", "presets-compared", ("Your own rule set", {})),
    ("settings", "/settings", "language", ("Theme", {})),
    ("statistics", "/stats", "player-anna-wins", ("Statistics", {})),
    ("chart", "/game/1/chart", "game-chart", ("Chart", {})),
    ("invite", "/invite", "invite-unavailable", ("Invite phones", {})),
]


@pytest.fixture(scope="module")
def big_numbers_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    """Game 1: four rounds, totals 4770 and -1785, in play; game 2 won by We (statistics)."""
    from test_large_text import BIG_NUMBERS

    server = AppServer(tmp_path_factory.mktemp("languages") / "games.db")
    server.import_games(BIG_NUMBERS)
    server.import_games(game(WE_AND_THEY, [WORKED_EXAMPLE] * 4, day=20))
    server.start()
    yield server
    server.stop()
    assert "Traceback" not in server.errors(), server.errors()


def says(screen: Screen, words: str, timeout: float = STEP_TIMEOUT_MS / 1000) -> bool:
    """Whether the screen shows `words` (in any control's text or label), waited for."""
    deadline = time.monotonic() + timeout
    while True:
        shown: str = screen.page.evaluate(
            """() => {
                const parts = [document.body.innerText];
                for (const n of document.querySelectorAll('[aria-label]'))
                    parts.push(n.getAttribute('aria-label'));
                for (const n of document.querySelectorAll('input, textarea')) parts.push(n.value);
                return parts.join('\\n').replace(/\\s+/g, ' ');
            }"""
        )
        if " ".join(words.split()) in shown:  # a space held (U+00A0) read as a space
            return True
        if time.monotonic() > deadline:
            return False
        screen.page.wait_for_timeout(200)


def keep_settled(screen: Screen, name: str) -> Path:
    """A settled, not blank screenshot in screenshots-lang/ (git-ignored), for a person."""
    LANGUAGE_SHOTS.mkdir(exist_ok=True)
    picture = screen.settle()
    deadline = time.monotonic() + 10
    while len(picture) < BLANK_PNG_BYTES and time.monotonic() < deadline:
        screen.page.wait_for_timeout(250)
        picture = screen.settle()
    path = LANGUAGE_SHOTS / f"{name}-{SMALLEST_PHONE['width']}x{SMALLEST_PHONE['height']}.png"
    path.write_bytes(picture)
    return path


@pytest.mark.parametrize("language", list(LOCALES))
def test_every_screen_fits_the_smallest_phone_in_every_language(
    language: str, big_numbers_app: AppServer, open_screen: Any
) -> None:
    """Each screen at 360x640 in the browser's language: in that language, nothing sideways."""
    tr = translator(language)
    screen: Screen = open_screen(big_numbers_app, size=SMALLEST_PHONE, locale=LOCALES[language])
    screen.open("/", ready="resume")
    problems: list[str] = []
    for name, route, ready, (msgid, values) in LANGUAGE_SCREENS:
        word = tr._(msgid).format(**values)
        if language != "en":
            assert tr._(msgid) != msgid, f"{msgid!r} is not translated in {language}"
        screen.go(route, ready=ready)
        assert screen.route() == route
        if not says(screen, word):
            problems.append(f"{name} does not say {word!r}: not in {language}")
        path = keep_settled(screen, f"{name}-{language}")
        if path.stat().st_size < BLANK_PNG_BYTES:
            problems.append(f"{name} looks blank")
        if screen.horizontal_overflow():
            problems.append(f"{name} scrolls sideways by {screen.horizontal_overflow()} px")
    assert not problems, "\n".join(problems)
