"""Large system text: scores and totals stay on one line, nothing scrolls sideways.

Many players set their phone's text large, and the app follows the device's text size. Here
the browser's default font is 24 px (1.5x) or 32 px (2x), and 16 (1x) to compare (TESTING.md
point 14), on the phones of the table (390x844 and 360x640), with a game whose totals have
four digits (4770 and -1785) and whose rounds scored +1000 and -1000.

A number that breaks over two lines ("47" over "70") is as tall as two lines of its font. The
font is not known to the test (the app may scale a number down to fit), so it is read from the
number's own box: a number on one line is at most as wide as its box, so its font is at most
the box's width over the text's width in em; one line of that font is LINE_HEIGHT of it. A
number broken over lines, or cut off on its line, is taller than that.

The pictures land in screenshots-text/ (git-ignored) for a person to look at.
"""

from __future__ import annotations

import json
import re
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import BLANK_PNG_BYTES, LOAD_TIMEOUT_MS, ROOT, STEP_TIMEOUT_MS, AppServer, Screen
from examples import game_file
from headless import CHROMIUM_ARGS, PHONE, only_the_app

pytestmark = pytest.mark.browser

SHOTS = ROOT / "screenshots-text"
SMALL_PHONE = {"width": 360, "height": 640}

#: Roboto's line (ascent + descent) in em, and each character's advance in em (digits and
#: plus 0.56, the hyphen-minus 0.28); a little slack for the rounding of boxes.
LINE_HEIGHT = 1.5
ADVANCE = {"-": 0.28, "\u2212": 0.56, " ": 0.25, "\u202f": 0.2, "\u00a0": 0.25}
SLACK = 1.12

#: We: +1320, +1000, +1520, +930, total 4770; They: -1000, -1000, +150, +65, total -1785.
BIG_NUMBERS = game_file(
    rounds=[
        [
            {
                "melded": 420,
                "hand": 0,
                "canastas": {"natural": 1, "mixed": 1},
                "went_out": "normal",
            },
            {"melded": 0, "hand": 200, "red_threes": 4},
        ],
        [
            {"melded": 200, "hand": 0, "canastas": {"natural": 1, "mixed": 1}},
            {"melded": 0, "hand": 200, "red_threes": 4},
        ],
        [
            {
                "melded": 420,
                "hand": 0,
                "canastas": {"natural": 1, "mixed": 1},
                "red_threes": 2,
                "went_out": "normal",
            },
            {"melded": 150, "hand": 0},
        ],
        [
            {"melded": 130, "hand": 0, "canastas": {"natural": 1, "mixed": 1}},
            {"melded": 65, "hand": 0},
        ],
    ],
    created="2026-11-28T20:00:00+00:00",
    updated="2026-11-28T21:00:00+00:00",
)
FONTS = {"1x": 16, "1.5x": 24, "2x": 32}
PHONES = {"390x844": PHONE, "360x640": SMALL_PHONE}


@pytest.fixture
def big_numbers_app(app_server: AppServer) -> AppServer:
    """The game on a fresh database each time (a round typed in part is kept as a draft)."""
    app_server.import_games(BIG_NUMBERS)
    return app_server.start()


@pytest.fixture
def large_text_phone(browser: Any, tmp_path: Path) -> Iterator[Any]:
    """`large_text_phone(server, font_px, size)`: a Screen on a browser whose text is that large."""
    contexts: list[Any] = []

    def open_(server: AppServer, font: int, size: dict[str, int]) -> Screen:
        profile = tmp_path / f"profile-{len(contexts)}"
        (profile / "Default").mkdir(parents=True)
        (profile / "Default" / "Preferences").write_text(
            json.dumps({"webkit": {"webprefs": {"default_font_size": font}}})
        )
        context = browser.browser_type.launch_persistent_context(
            str(profile),
            executable_path=browser_executable(),
            args=CHROMIUM_ARGS,
            viewport=size,
            device_scale_factor=1,
        )
        contexts.append(only_the_app(context, STEP_TIMEOUT_MS))
        page = context.pages[0] if context.pages else context.new_page()
        return Screen(page, server.url)

    yield open_
    for context in contexts:
        context.close()


def browser_executable() -> str:
    from conftest import chromium_executable

    return chromium_executable()


def em_width(text: str) -> float:
    return sum(ADVANCE.get(char, 0.56) for char in text)


def one_line_problems(screen: Screen, identifiers: list[str]) -> list[str]:
    """The numbers (by identifier) that take more than one line of their font, or are cut."""
    problems = []
    for identifier in identifiers:
        node = screen.wait_for(identifier)
        node.scroll_into_view_if_needed(timeout=STEP_TIMEOUT_MS)
        text = screen.text(identifier)
        number = re.search(r"[+\-\u2212]?\d[\d\u202f\u00a0 .,]*\d|[+\-\u2212]?\d", text)
        assert number, f"{identifier} shows no number: {text!r}"
        box = node.bounding_box()
        assert box, f"{identifier} has no box"
        one_line = LINE_HEIGHT * box["width"] / em_width(number.group())
        if box["height"] > one_line * SLACK:
            problems.append(
                f"{identifier} {number.group()!r}: {box['height']:.0f} px high in a "
                f"{box['width']:.0f} px box, one line is at most {one_line:.0f}"
            )
    return problems


def sideways(screen: Screen) -> int:
    """How far the page or any control reaches past the right edge, in CSS pixels."""
    page_width: int = screen.page.evaluate(
        "() => document.scrollingElement.scrollWidth - window.innerWidth"
    )
    return max(page_width, screen.horizontal_overflow())


def shot(screen: Screen, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    size = screen.page.viewport_size
    picture = screen.settle()
    deadline = time.monotonic() + 10
    while len(picture) < BLANK_PNG_BYTES and time.monotonic() < deadline:  # not drawn yet
        screen.page.wait_for_timeout(250)
        picture = screen.settle()
    assert len(picture) >= BLANK_PNG_BYTES, f"{name} shows a blank screen"
    (SHOTS / f"{name}-{size['width']}x{size['height']}.png").write_bytes(picture)


def fill_until(screen: Screen, field: str, value: str, preview: str, shows: str) -> None:
    """Types into a field until the preview shows it (a keystroke can be lost, TESTING.md 6)."""
    for _attempt in range(3):
        screen.fill(field, value)
        try:
            screen.wait_text(preview, shows, timeout=10)
            return
        except AssertionError:
            screen.fill(field, "")
    screen.wait_text(preview, shows)


def wait_scaled(screen: Screen, scale: float) -> None:
    """The app has measured this phone's text size and drawn the screen for it."""
    screen.wait_for(f"text-scale-{scale:.1f}", timeout=LOAD_TIMEOUT_MS)


class LargeTextTour:
    """One phone's tour of the screens at one text size: each screen is awaited drawn for
    that size, kept as a picture, and its numbers and width checked; `assert_fine` lists
    every problem of the tour at once."""

    def __init__(self, screen: Screen, font: int, pictures: str) -> None:
        self.screen = screen
        self.scale = font / 16
        #: The pictures' names, with `{}` for the screen's ("{}-2x": "sheet-2x").
        self.pictures = pictures
        self.problems: list[str] = []
        self.wide: list[str] = []

    def go(self, route: str, ready: str | None = None, text: str | None = None) -> None:
        self.screen.go(route, ready=ready, text=text)
        wait_scaled(self.screen, self.scale)

    def check(self, name: str, numbers: list[str]) -> None:
        """`numbers` (identifiers) each on one line; the screen not wider than the phone."""
        shot(self.screen, self.pictures.format(name))
        self.problems.extend(f"{name}: {p}" for p in one_line_problems(self.screen, numbers))
        overflow = sideways(self.screen)
        if overflow > 0:
            self.wide.append(f"{name} scrolls sideways by {overflow} px")

    def assert_fine(self) -> None:
        assert not self.problems, "\n".join(self.problems)
        assert not self.wide, "\n".join(self.wide)


@pytest.mark.parametrize("phone_size", list(PHONES))
@pytest.mark.parametrize("text_size", list(FONTS))
def test_numbers_keep_to_one_line_in_large_text(
    text_size: str, phone_size: str, big_numbers_app: AppServer, large_text_phone: Any
) -> None:
    font = FONTS[text_size]
    screen: Screen = large_text_phone(big_numbers_app, font, PHONES[phone_size])
    screen.open("/", ready="resume")
    assert screen.page.evaluate("getComputedStyle(document.documentElement).fontSize") == (
        f"{font}px"
    )
    wait_scaled(screen, font / 16)
    tour = LargeTextTour(screen, font, f"{{}}-{text_size}")
    tour.check("home", [])

    tour.go("/game/1", ready="add-round")
    tour.check(
        "sheet",
        ["side-0-total", "side-1-total"]
        + [
            f"round-{n}-side-{s}-{what}"
            for n in (1, 2, 4)
            for s in (0, 1)
            for what in ("score", "total")
        ],
    )

    tour.go("/game/1/round/2", ready="round-2-delete")
    # Rows 0-4 the parts, then round score and total after (no dealer bonus, no penalty).
    tour.check(
        "round-detail", [f"detail-{line}-side-{s}" for line in (0, 2, 4, 5, 6) for s in (0, 1)]
    )

    tour.go("/game/1/round", ready="save-round")
    fill_until(screen, "side-0-melded", "200", "side-0-round-score", r"200")
    screen.tap("side-0-canasta-natural-plus")
    screen.tap("side-0-canasta-mixed-plus")
    screen.wait_text("side-0-round-score", r"1,?000")
    fill_until(screen, "side-1-hand", "200", "side-1-round-score", r"-200")
    for _ in range(4):
        screen.tap("side-1-red-threes-plus")
    screen.wait_text("side-1-round-score", r"-1,?000")
    screen.node("side-0-melded").scroll_into_view_if_needed()
    tour.check(
        "round-entry",
        ["side-0-round-score", "side-1-round-score", "side-0-canasta-natural", "side-1-red-threes"],
    )
    screen.tap("side-0-out-concealed")
    screen.node("side-0-out-concealed").scroll_into_view_if_needed()
    tour.check("round-entry-concealed", ["side-0-round-score"])

    tour.go("/new", ready="start-game")
    tour.check("new-game", [])

    tour.go("/game/1/round/4/edit", ready="save-round")
    tour.check("round-edit", ["side-0-round-score", "side-1-round-score"])

    tour.go("/rules", text="Classic")
    tour.check("rules", [])

    tour.go("/settings", text="Theme")
    tour.check("settings", [])

    tour.assert_fine()


@pytest.fixture
def long_words_app(app_server: AppServer, monkeypatch: pytest.MonkeyPatch) -> AppServer:
    """The same game, with long German and Finnish words in place of some English labels."""
    import conftest

    launcher = Path(__file__).with_name("long_words_app.py")
    monkeypatch.setattr(
        conftest, "APP_COMMAND", [sys.executable, str(launcher), "--web", "--port", "0"]
    )
    app_server.import_games(BIG_NUMBERS)
    return app_server.start()


@pytest.mark.parametrize("text_size", ["1.5x", "2x"])
def test_long_words_in_large_text(
    text_size: str, long_words_app: AppServer, large_text_phone: Any
) -> None:
    """Long compounds ("Kanastabonus", "Punkte auf der Hand") on the smallest phone."""
    font = FONTS[text_size]
    screen: Screen = large_text_phone(long_words_app, font, SMALL_PHONE)
    screen.open("/game/1", ready="add-round")
    wait_scaled(screen, font / 16)
    screen.page.get_by_text("Kierros", exact=False).first.wait_for(timeout=LOAD_TIMEOUT_MS)
    tour = LargeTextTour(screen, font, f"long-words-{{}}-{text_size}")
    tour.check("sheet", ["side-0-total", "side-1-total", "round-4-side-0-total"])
    tour.go("/game/1/round/2", ready="round-2-delete")
    tour.check("round-detail", [f"detail-{line}-side-{s}" for line in (2, 5, 6) for s in (0, 1)])
    tour.go("/game/1/round/4/edit", ready="save-round")
    tour.check("round-entry", ["side-0-round-score", "side-1-round-score"])
    screen.node("side-0-out-concealed").scroll_into_view_if_needed()
    tour.check("round-entry-going-out", ["side-0-canasta-natural"])
    tour.assert_fine()
