"""Large system text: every screen, dialog and menu of the app in Finnish and German at
1.5x and 2x text, and in Dutch at 2x, on the phones of the table (390x844 and 360x640): scores and totals stay on
one line, words are not broken, every tap target is at least 48 px, nothing scrolls sideways.

Many players set their phone's text large, and the app follows the device's text size. Here
the browser's default font is 24 px (1.5x) or 32 px (2x) (TESTING.md point 14), with games
whose totals have four digits (4770 and -1785) and whose rounds scored +1000 and -1000.

A number that breaks over two lines ("47" over "70") is as tall as two lines of its font. The
font is not known to the test (the app may scale a number down to fit), so it is read from the
number's own box: a number on one line is at most as wide as its box, so its font is at most
the box's width over the text's width in em; one line of that font is LINE_HEIGHT of it. A
number broken over lines, or cut off on its line, is taller than that.

A word broken inside ("Voittopro" over "sentti") shows in its box's width: a box narrower
than the word at the smallest font the app uses (SMALLEST_FONT, times the text scale) cannot
hold it on one line. (A word broken in a box as wide as the word at its font is not seen.)

One browser per language and text size, the tour inside it at both phone sizes: on a 2-core
machine the whole file takes a few minutes. The pictures land in screenshots-text/
(git-ignored) for a person to look at.
"""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import BLANK_PNG_BYTES, LOAD_TIMEOUT_MS, ROOT, STEP_TIMEOUT_MS, AppServer, Screen
from examples import game_file
from headless import PHONE

from canasta_score.i18n import Translator, translator
from canasta_score.ui.components import tap_size

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
#: The longest languages the app speaks, as a phone in each reports itself.
LOCALES = {"fi": "fi-FI", "de": "de-DE", "nl": "nl-NL"}
#: Each language at each text size; Dutch (long compounds too: "Kaartwaarden") at 2x.
TOURS = [("fi", "1.5x"), ("fi", "2x"), ("de", "1.5x"), ("de", "2x"), ("nl", "2x")]
#: The smallest font the screens use (the chart's axis numbers), before the text scale.
SMALLEST_FONT = 11
#: The least tap target, in CSS pixels (a little slack for the rounding of boxes).
TAP = 47.5
#: Roboto's regular advances in em, narrow letters and wide ones (a bold letter is wider
#: still): a word is at least as wide as these make it.
LETTERS = {
    **dict.fromkeys("ijl", 0.23),
    **dict.fromkeys("ftr", 0.31),
    "I": 0.27,
    "m": 0.85,
    "w": 0.73,
}
#: Every other letter is at least this wide ("v" and "y" the narrowest).
LETTER = 0.46
#: The roles of what a finger taps.
TAPPABLE = ("button", "checkbox", "radio", "switch", "link", "menuitem", "tab", "slider")


@pytest.fixture
def big_numbers_app(app_server: AppServer) -> AppServer:
    """The game on a fresh database each time (a round typed in part is kept as a draft)."""
    app_server.import_games(BIG_NUMBERS)
    return app_server.start()


def em_width(text: str) -> float:
    return sum(ADVANCE.get(char, 0.56) for char in text)


def box_in_sight(screen: Screen, identifier: str) -> dict[str, float]:
    """The control's box once it is scrolled into sight (while the scroll settles, the
    browser's tree may hold no box for it for a moment)."""
    deadline = time.monotonic() + STEP_TIMEOUT_MS / 1000
    while True:
        node = screen.wait_for(identifier)
        node.scroll_into_view_if_needed(timeout=STEP_TIMEOUT_MS)
        box = node.bounding_box()
        if box is not None:
            return dict(box)
        assert time.monotonic() < deadline, f"{identifier} has no box"
        screen.page.wait_for_timeout(200)


def one_line_problems(screen: Screen, identifiers: list[str]) -> list[str]:
    """The numbers (by identifier) that take more than one line of their font, or are cut."""
    problems = []
    for identifier in identifiers:
        box = box_in_sight(screen, identifier)
        text = screen.text(identifier)
        number = re.search(r"[+\-\u2212]?\d[\d\u202f\u00a0 .,]*\d|[+\-\u2212]?\d", text)
        assert number, f"{identifier} shows no number: {text!r}"
        one_line = LINE_HEIGHT * box["width"] / em_width(number.group())
        if box["height"] > one_line * SLACK:
            problems.append(
                f"{identifier} {number.group()!r}: {box['height']:.0f} px high in a "
                f"{box['width']:.0f} px box, one line is at most {one_line:.0f}"
            )
    return problems


#: Whether a semantics node is inside a larger control that takes the same tap (a whole tile),
#: as far as it is in sight.
HELD_JS = """n => {
    for (let up = n.parentElement.closest('[flt-tappable]'); up;
         up = up.parentElement && up.parentElement.closest('[flt-tappable]')) {
        const u = up.getBoundingClientRect();
        if (u.width >= 47.5 && u.height >= 47.5) {
            return true;
        }
    }
    return false;
}"""
#: What every semantics node shows, where and how it is tapped (one call for a screen).
NODES_JS = """() => [...document.querySelectorAll('flt-semantics')].map(n => {
    const r = n.getBoundingClientRect();
    const held = (@HELD@)(n);
    return {
        node: n.id,  // Flutter's own id of the node, kept while the node lives (a scroll
                     // adds and drops other nodes, so a place in the list is not kept)
        id: n.getAttribute('flt-semantics-identifier'),
        // what a node without a name of its own is part of (a stepper's button, a menu's)
        owner: (n.parentElement.closest('[flt-semantics-identifier]') || n)
            .getAttribute('flt-semantics-identifier'),
        role: n.getAttribute('role'),
        tappable: n.hasAttribute('flt-tappable'),
        held,
        leaf: !n.querySelector('flt-semantics'),
        text: [n.getAttribute('aria-label') || '', n.innerText || ''].join(' '),
        x: r.x, y: r.y, width: r.width, height: r.height,
    };
})""".replace("@HELD@", HELD_JS)
#: Said to a screen reader, not shown: a compact stepper's label (its row and column say
#: what is counted), a round's value with its side's name ("They: 0"; the value alone is
#: shown, under the name), a sheet's number with what it is ("Total after, 1,320"; the
#: column says it to the eye), Flutter's "Dismiss" on the shade behind a menu.
SPOKEN_ONLY = re.compile(
    r"side-\d+-(canasta-[a-z-]+|red-threes)|detail-\d+-side-\d+|round-\d+-side-\d+-(score|total)"
)
UNSHOWN_WORDS = {"Dismiss"}


def nodes(screen: Screen) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = screen.page.evaluate(NODES_JS)
    return [n for n in found if n["width"] > 0 and n["height"] > 0]


def word_width(word: str) -> float:
    """The least width of `word` in em, at Roboto's narrowest for each letter."""
    return sum(LETTERS.get(char, LETTER) for char in word)


def broken_words(screen: Screen, scale: float) -> list[str]:
    """Words in boxes too narrow to hold them on one line at the smallest font the app uses:
    broken inside the word (or shrunk below that font)."""
    problems = []
    least = SMALLEST_FONT * scale
    for node in nodes(screen):
        if not node["leaf"] or SPOKEN_ONLY.fullmatch(node["id"] or ""):
            continue
        if node["role"] == "button" and node["width"] <= tap_size(scale) + 0.5:
            continue  # an icon button (a finger's square at most): its name is said, not shown
        words = [w for w in re.findall(r"[^\W\d_]{4,}", node["text"]) if w not in UNSHOWN_WORDS]
        if not words:
            continue
        longest = max(words, key=word_width)
        needed = word_width(longest) * least
        if node["width"] < needed:
            problems.append(
                f"{longest!r} needs {needed:.0f} px at {least:.0f} px, its box is "
                f"{node['width']:.0f} ({node['id'] or node['text'].strip()[:40]!r})"
            )
    return sorted(set(problems))


def small_targets(screen: Screen) -> list[str]:
    """Tap targets smaller than 48x48 px. Each is measured again in the middle of the screen:
    one that the screen's edge, the app bar or the bar at the bottom cuts (or cuts the tile
    that takes its tap) is smaller only where it is cut."""
    problems = []
    for node in nodes(screen):
        tapped = node["tappable"] or node["role"] in TAPPABLE
        if not tapped or node["held"] or (node["width"] >= TAP and node["height"] >= TAP):
            continue
        found = screen.page.locator(f"#{node['node']}")
        found.evaluate("n => n.scrollIntoView({block: 'center'})")
        box = settled_box(screen, found)
        if found.evaluate(HELD_JS):  # its tile, cut by the edge, is whole in the middle
            continue
        if box and (box["width"] < TAP or box["height"] < TAP):
            said = node["id"] or node["text"].strip()[:40] or f"{node['role']} in {node['owner']}"
            problems.append(
                f"{said!r} ({node['role']}) is {box['width']:.0f}x{box['height']:.0f} px"
            )
    return problems


def settled_box(screen: Screen, found: Any, timeout: float = 5.0) -> dict[str, float] | None:
    """The box of `found` once two reads in a row agree (a scroll moves it for a frame or two)."""
    box = found.bounding_box()
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        screen.page.wait_for_timeout(100)
        again = found.bounding_box()
        if again == box:
            break
        box = again
    return box  # type: ignore[no-any-return]


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
    for _attempt in range(6):
        screen.fill(field, value)
        try:
            screen.wait_text(preview, shows, timeout=10)
            return
        except AssertionError:
            pass  # typed where the field was a moment before: typed again, where it is now
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

    def check(self, name: str, numbers: list[str], whole: bool = False) -> None:
        """`numbers` (identifiers) each on one line; the screen not wider than the phone;
        where `whole`, also every word whole and every tap target 48 px or more."""
        shot(self.screen, self.pictures.format(name))
        self.problems.extend(f"{name}: {p}" for p in one_line_problems(self.screen, numbers))
        if whole:
            size = self.screen.page.viewport_size["width"]
            self.problems.extend(
                f"{name} ({size} px): {p}" for p in broken_words(self.screen, self.scale)
            )
            self.problems.extend(f"{name} ({size} px): {p}" for p in small_targets(self.screen))
        overflow = sideways(self.screen)
        if overflow > 0:
            self.wide.append(f"{name} scrolls sideways by {overflow} px")

    def assert_fine(self) -> None:
        assert not self.problems, "\n".join(self.problems)
        assert not self.wide, "\n".join(self.wide)


@pytest.fixture
def two_games_app(app_server: AppServer) -> AppServer:
    """The game twice (games 1 and 2): a round typed on the one phone size stays typed (a
    draft is kept), so each phone size tours a game of its own."""
    app_server.import_games(BIG_NUMBERS)
    app_server.import_games(BIG_NUMBERS)
    return app_server.start()


#: Any thousands separator a language writes ("1,000", "1.000", "1 000").
THOUSAND = r"1[,.\u00a0\u202f ]?000"


def dialog(screen: Screen, tr: Translator, yes: str) -> Any:
    """The confirmation on screen: its `yes` button, once it shows; `cancel` closes it."""
    button = screen.page.get_by_role("button", name=tr._(yes), exact=True).last
    button.wait_for(timeout=LOAD_TIMEOUT_MS)
    return button


def cancel(screen: Screen, tr: Translator, shown: Any) -> None:
    screen.page.get_by_role("button", name=tr._("Cancel"), exact=True).last.click()
    shown.wait_for(state="detached", timeout=LOAD_TIMEOUT_MS)


def tour_the_app(tour: LargeTextTour, tr: Translator, game: int, typing: bool) -> None:
    """Every screen of the app, each dialog and the game's menu, on the phone as it is;
    where `typing`, a round is typed in to show four-digit round scores (the slow part)."""
    screen = tour.screen
    screen.open("/", ready="resume")
    wait_scaled(screen, tour.scale)
    tour.check("home", [], whole=True)

    tour.go(f"/game/{game}", ready="add-round")
    tour.check(
        "sheet",
        ["side-0-total", "side-1-total"]
        + [
            f"round-{n}-side-{s}-{what}"
            for n in (1, 2, 4)
            for s in (0, 1)
            for what in ("score", "total")
        ],
        whole=True,
    )
    screen.tap("game-menu")
    screen.wait_for("menu-csv")
    tour.check("sheet-menu", [], whole=True)
    # Its last entry on the screen, not under its bottom edge (Finnish at 2x on 360 x 640).
    screen.wait_still("menu-export-game")
    box = screen.node("menu-export-game").bounding_box()
    if box is None or box["y"] + box["height"] > screen.page.viewport_size["height"] + 1:
        tour.problems.append(f"sheet-menu: its last entry is out of reach ({box})")
    screen.press("Escape")
    screen.wait_gone("menu-csv")
    screen.tap("undo-round")
    shown = dialog(screen, tr, "Take back round")
    tour.check("undo-dialog", [], whole=True)
    cancel(screen, tr, shown)

    tour.go(f"/game/{game}/round/2", ready="round-2-delete")
    # Rows 0-4 the parts, then round score and total after (no dealer bonus, no penalty).
    tour.check(
        "round-detail",
        [f"detail-{line}-side-{s}" for line in (0, 2, 4, 5, 6) for s in (0, 1)],
        whole=True,
    )
    screen.node("round-picture-1").scroll_into_view_if_needed()
    tour.check("round-picture", [], whole=True)
    screen.tap("round-2-delete")
    shown = dialog(screen, tr, "Delete")
    tour.check("delete-dialog", [], whole=True)
    cancel(screen, tr, shown)

    tour.go(f"/game/{game}/round", ready="save-round")
    if not typing:
        tour.check("round-entry", [], whole=True)
    else:
        fill_until(screen, "side-0-melded", "200", "side-0-round-score", r"200")
        screen.tap("side-0-canasta-natural-plus")
        screen.tap("side-0-canasta-mixed-plus")
        screen.wait_text("side-0-round-score", THOUSAND)
        fill_until(screen, "side-1-hand", "200", "side-1-round-score", r"-200")
        for _ in range(4):
            screen.tap("side-1-red-threes-plus")
        screen.wait_text("side-1-round-score", "-" + THOUSAND)
        screen.node("side-0-melded").scroll_into_view_if_needed()
        tour.check(
            "round-entry",
            [
                "side-0-round-score",
                "side-1-round-score",
                "side-0-canasta-natural",
                "side-1-red-threes",
            ],
            whole=True,
        )
        screen.tap("side-0-out-concealed")
        screen.node("side-0-out-concealed").scroll_into_view_if_needed()
        tour.check("round-entry-concealed", ["side-0-round-score"], whole=True)

    # Its title tells it from the round entry before it (both have Save).
    edit_title = tr._("Edit round {n}").format(n=4)
    tour.go(f"/game/{game}/round/4/edit", ready="save-round", text=edit_title)
    tour.check(
        "round-edit",
        ["side-0-round-score", "side-1-round-score"],
        whole=True,
    )

    tour.go(f"/game/{game}/chart", ready="game-chart")
    tour.check("chart", [], whole=True)

    tour.go("/stats", ready="player-anna-wins")
    tour.check("statistics", [], whole=True)
    screen.node("player-anna-win-rate").scroll_into_view_if_needed()
    tour.check("statistics-figures", [], whole=True)
    screen.tap("player-anna-rename")
    screen.wait_for("rename-field")
    tour.check("rename-dialog", [], whole=True)
    cancel(screen, tr, screen.node("rename-field"))
    screen.tap("player-anna-merge")
    screen.wait_for("merge-target")
    tour.check("merge-dialog", [], whole=True)
    cancel(screen, tr, screen.node("merge-target"))

    tour.go("/settings", ready="theme")
    tour.check("settings", [], whole=True)
    tour.go("/rules", ready="presets-compared")
    tour.check("rules", [], whole=True)
    tour.go("/new", ready="start-game")
    tour.check("new-game", [], whole=True)
    tour.go("/invite", ready="invite-unavailable")
    tour.check("invite", [], whole=True)


@pytest.mark.parametrize(("language", "text_size"), TOURS)
def test_every_screen_in_large_text(
    language: str, text_size: str, two_games_app: AppServer, large_text_phone: Any
) -> None:
    """One phone in `language` at `text_size`, at 390 px and then at 360 px."""
    font = FONTS[text_size]
    tr = translator(language)
    assert tr._("Cancel") != "Cancel", "run make compile-messages"
    screen: Screen = large_text_phone(two_games_app, font, PHONE, LOCALES[language])
    tours = []
    for game, size in enumerate(PHONES.values(), start=1):
        screen.page.set_viewport_size(size)
        tour = LargeTextTour(screen, font, f"{{}}-{language}-{text_size}")
        # A round typed on the smaller phone only: its scores are the tightest there.
        tour_the_app(tour, tr, game, typing=size == SMALL_PHONE)
        tours.append(tour)
    assert screen.page.evaluate("getComputedStyle(document.documentElement).fontSize") == (
        f"{font}px"
    )
    problems = [p for tour in tours for p in tour.problems + tour.wide]
    assert not problems, "\n".join(problems)


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
