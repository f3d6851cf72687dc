"""Real-browser journeys: the app in a subprocess, headless Chromium through Playwright.

Controls are found by their stable identifiers (`ft.Semantics(identifier=...)`, rendered as
`[flt-semantics-identifier="..."]` once semantics are on). Every tap and every filled field
is counted, so a journey can hold the app to its promise of few inputs.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import selectors
import shutil
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import msgpack
import pytest
from headless import (
    CHROMIUM,
    CHROMIUM_ARGS,
    PHONE,
    TIMEOUT_MS,
    URL_LINE,
    enable_semantics,
    new_phone,
    only_the_app,
    open_app,
)

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))  # the shared worked example: tests/examples.py
SCREENSHOTS = ROOT / "screenshots"
APP_COMMAND = [sys.executable, str(ROOT / "main.py"), "--web", "--port", "0"]
#: Flutter's first frame takes about a second here; a busy 2-core CI machine can take longer.
LOAD_TIMEOUT_MS = TIMEOUT_MS
STEP_TIMEOUT_MS = TIMEOUT_MS  # a state, awaited with room for a loaded 2-core machine
#: Seconds Flutter may take to type in a field focused (`Screen.wait_typed_in`).
TYPED_IN_WITHIN = 10.0
#: What the page sends its app (the table server's socket, the in-browser app's worker),
#: kept so `Screen.fill` can tell a value the app was sent from one Flutter never passed on.
WATCH_SENT = """(() => {
    const sent = [];
    window.sentToApp = sent;
    const keep = data => {
        if (data instanceof ArrayBuffer) data = new Uint8Array(data);
        if (ArrayBuffer.isView(data) && data.byteLength <= 65536) {
            // A copy: the worker is given the buffer itself, which leaves it empty here.
            sent.push(new Uint8Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength)));
        }
    };
    const send = WebSocket.prototype.send;
    WebSocket.prototype.send = function (data) { keep(data); return send.call(this, data); };
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (data, ...rest) {
        keep(data);
        return post.call(this, data, ...rest);
    };
})()"""
#: How many messages the page has sent its app (watched from now on, if it was not yet).
SENT_SO_FAR = f"() => {{ if (!window.sentToApp) {WATCH_SENT}; return window.sentToApp.length; }}"
#: Whether a message sent since the `mark`-th holds any of the byte strings given.
SENT_SINCE = """([mark, patterns]) => window.sentToApp.slice(mark).some(bytes =>
    patterns.some(wanted => {
        outer: for (let at = 0; at + wanted.length <= bytes.length; at++) {
            for (let i = 0; i < wanted.length; i++) if (bytes[at + i] !== wanted[i]) continue outer;
            return true;
        }
        return false;
    }))"""
#: A screenshot of one flat colour compresses to a few hundred bytes; any real screen is more.
BLANK_PNG_BYTES = 5_000


def chromium_executable() -> str:
    """Debian's chromium, or a failure that says how to get it (never a silent skip)."""
    found = CHROMIUM if os.access(CHROMIUM, os.X_OK) else shutil.which("chromium")
    if not found:
        pytest.fail(
            "the browser journeys need Debian's chromium at /usr/bin/chromium: run `make "
            "chromium` (or `apt-get install -y chromium`); `make test` does this for you",
            pytrace=False,
        )
    return found


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Marks the journeys and runs them after every other test (in their own order), so a
    unit or storage failure shows in the first minutes, not after twenty of browsers."""
    here = Path(__file__).parent
    journeys = [item for item in items if here in Path(str(item.fspath)).parents]
    for item in journeys:
        item.add_marker(pytest.mark.browser)
    chosen = set(map(id, journeys))
    items[:] = [item for item in items if id(item) not in chosen] + journeys


# --- the app -------------------------------------------------------------------------------


#: The web app that runs wholly in the browser (`make web-app`).
WEB_APP = ROOT / "build" / "web"


@pytest.fixture(scope="session")
def web_app() -> Path:
    """build/web, built once per test run (`make web-app` does nothing when it is fresh)."""
    subprocess.run(["make", "-s", "web-app"], cwd=ROOT, check=True)
    assert (WEB_APP / "index.html").is_file()
    return WEB_APP


def with_identities(document: Any) -> Any:
    """`document` (a game file, a backup or a list) with a fresh `uid` on each game without."""
    if isinstance(document, list):
        return [with_identities(item) for item in document]
    if isinstance(document, dict) and isinstance(document.get("games"), list):
        return document | {"games": [with_identities(game) for game in document["games"]]}
    if isinstance(document, dict) and "rounds" in document and "uid" not in document:
        return document | {"uid": uuid.uuid4().hex}
    return document


class AppServer:
    """`main.py --web --db PATH` in a subprocess on a port the OS picks."""

    def __init__(self, db_path: Path, *args: str) -> None:
        self.db_path = db_path
        self.args = args
        self.log = db_path.with_suffix(".log")
        self.process: subprocess.Popen[str] | None = None
        #: Where the browser goes: the printed address, with 127.0.0.1 for the host.
        self.url = ""
        #: The address as printed (with the access token when serving the network).
        self.printed_url = ""

    def import_games(self, document: dict[str, Any] | list[Any]) -> None:
        """Stores games through the command line, as a player restoring a backup would; each
        game without an identity is given one of its own, so that a test importing one file
        three times has three games (the app would know them for one: the same content)."""
        source = self.db_path.with_suffix(".import.json")
        source.write_text(json.dumps(with_identities(document)))
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "canasta_score",
                "import",
                str(source),
                "--db",
                str(self.db_path),
            ],
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=60,
        )
        assert done.returncode == 0, f"import failed: {done.stderr or done.stdout}"

    def start(self) -> AppServer:
        env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
        with self.log.open("w") as errors:
            self.process = subprocess.Popen(
                [*APP_COMMAND, "--db", str(self.db_path), *self.args],
                stdout=subprocess.PIPE,
                stderr=errors,
                text=True,
                env=env,
                cwd=ROOT,
            )
        assert self.process.stdout is not None
        selector = selectors.DefaultSelector()
        selector.register(self.process.stdout, selectors.EVENT_READ)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and selector.select(deadline - time.monotonic()):
            line = self.process.stdout.readline()
            if not line:
                break
            match = URL_LINE.search(line)
            if match:
                self.printed_url = match.group(1)
                parts = urlsplit(self.printed_url)
                self.url = f"http://127.0.0.1:{parts.port}"
                return self
        self.stop()
        raise AssertionError(f"the app did not start: {self.log.read_text()}")

    def stop(self) -> None:
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process.stdout:
            self.process.stdout.close()
        self.process = None

    def errors(self) -> str:
        """What the app wrote to stderr: tracebacks there fail the journey."""
        return self.log.read_text() if self.log.exists() else ""


@pytest.fixture
def app_db(tmp_path: Path) -> Path:
    return tmp_path / "games.db"


@pytest.fixture
def app_server(app_db: Path) -> Iterator[AppServer]:
    """A fresh app on an empty database; seed it with `app_server.import_games` before `start`."""
    server = AppServer(app_db)
    yield server
    server.stop()
    assert "Traceback" not in server.errors(), server.errors()


# --- the browser ---------------------------------------------------------------------------


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    executable = chromium_executable()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


def sent_value(value: str) -> list[list[int]]:
    """The ways a message can write a control's new value ("value": "120"): a short text as
    MessagePack writes it, a longer one in whichever of its sizes the writer took.

    >>> sent_value("12")
    [[165, 118, 97, 108, 117, 101, 162, 49, 50]]
    """
    key, text = msgpack.packb("value"), value.encode()
    if len(text) < 32:
        return [list(key + msgpack.packb(value))]
    sizes = [b"\xd9" + len(text).to_bytes(1, "big")] if len(text) < 256 else []
    sizes += [b"\xda" + len(text).to_bytes(2, "big"), b"\xdb" + len(text).to_bytes(4, "big")]
    return [list(key + size + text) for size in sizes]


class Screen:
    """A browser tab on the app, reached through the stable identifiers; counts every input."""

    def __init__(self, page: Any, base_url: str) -> None:
        self.page = page
        self.base_url = base_url
        self.inputs = 0
        #: The last value `fill` typed into each field (said when a wait fails: whether the
        #: field still holds it tells a keystroke Flutter put back from one the app dropped).
        self.typed: dict[str, str] = {}
        self.console_errors: list[str] = []
        #: The text scale this browser's font size makes (None: not set, 1): a screen opened
        #: or reloaded is drawn again once the app has measured it, and only then tapped.
        self.text_scale: float | None = None
        page.add_init_script(WATCH_SENT)
        page.on(
            "console",
            lambda message: (
                self.console_errors.append(message.text) if message.type == "error" else None
            ),
        )

    # finding things
    @staticmethod
    def selector(identifier: str) -> str:
        return f'[flt-semantics-identifier="{identifier}"]'

    def node(self, identifier: str) -> Any:
        return self.page.locator(self.selector(identifier)).first

    def wait_for(self, identifier: str, timeout: int = STEP_TIMEOUT_MS) -> Any:
        node = self.node(identifier)
        node.wait_for(state="attached", timeout=timeout)
        return node

    def wait_gone(self, identifier: str, timeout: int = STEP_TIMEOUT_MS) -> None:
        self.page.locator(self.selector(identifier)).first.wait_for(
            state="detached", timeout=timeout
        )

    def has(self, identifier: str) -> bool:
        return self.page.locator(self.selector(identifier)).count() > 0

    def ids(self) -> list[str]:
        """Every identifier on screen, in document order (useful when a journey fails)."""
        found: list[str] = self.page.eval_on_selector_all(
            "[flt-semantics-identifier]",
            "nodes => nodes.map(n => n.getAttribute('flt-semantics-identifier'))",
        )
        return found

    def text(self, identifier: str) -> str:
        """What a control says: its text and the labels of everything inside it."""
        node = self.wait_for(identifier)
        said: str = node.evaluate(
            """n => {
                const parts = [];
                const label = n.getAttribute('aria-label');
                if (label) parts.push(label);
                for (const inner of n.querySelectorAll('[aria-label]'))
                    parts.push(inner.getAttribute('aria-label'));
                for (const input of n.querySelectorAll('input, textarea'))
                    if (input.value) parts.push(input.value);
                const own = n.innerText || n.textContent || '';
                if (own.trim()) parts.push(own);
                return parts.join(' ').replace(/\\s+/g, ' ').trim();
            }"""
        )
        return said

    def wait_text(
        self, identifier: str, pattern: str, timeout: float = STEP_TIMEOUT_MS / 1000
    ) -> str:
        """Waits until the control's text matches `pattern` (a regular expression)."""
        deadline = time.monotonic() + timeout
        said = ""
        while time.monotonic() < deadline:
            if self.has(identifier):
                said = self.text(identifier)
                if re.search(pattern, said):
                    return said
            self.page.wait_for_timeout(100)
        raise AssertionError(
            f"{identifier} says {said!r}, expected /{pattern}/; typed: {self.typed_now()}; "
            f"on screen: {self.ids()}"
        )

    def typed_now(self) -> dict[str, str]:
        """What each field typed into holds now, beside what was typed: `typed -> held`."""
        held = {}
        for identifier, value in self.typed.items():
            field = self.page.locator(f"{self.selector(identifier)} input").first
            now = field.input_value() if field.count() else "(gone)"
            held[identifier] = f"{value} -> {now}"
        return held

    def number(self, identifier: str) -> int:
        """The first whole number a control shows (minus signs, also typographic, kept)."""
        shown = self.number_or_none(identifier)
        assert shown is not None, f"{identifier} shows no number: {self.text(identifier)!r}"
        return shown

    def number_or_none(self, identifier: str) -> int | None:
        """The first whole number a control shows, or None while it shows none (a round
        score not yet worked out: "?")."""
        said = self.text(identifier).replace("\u2212", "-").replace("\u2009", "")
        said = re.sub(r"(?<=\d)[ ,.\u202f\u00a0](?=\d{3}\b)", "", said)
        match = re.search(r"-?\d+", said)
        return int(match.group()) if match else None

    def wait_number(
        self, identifier: str, expected: int, timeout: float = STEP_TIMEOUT_MS / 1000
    ) -> None:
        """Waits until the control shows `expected` (a screen drawn anew says its figures in
        the browser's tree a moment after its other changes)."""
        deadline = time.monotonic() + timeout
        shown: int | None = None
        while time.monotonic() < deadline:
            if self.has(identifier):
                # A figure on its way may show none for a moment (two Backspaces from 45: "?"
                # at 4, then 0): waited through, not taken for the answer.
                shown = self.number_or_none(identifier)
                if shown == expected:
                    return
            self.page.wait_for_timeout(100)
        raise AssertionError(f"{identifier} shows {shown}, expected {expected}")

    # acting
    def tap(self, identifier: str, *, even_if_disabled: bool = False) -> None:
        """One input: a tap on the control (a disabled one too, if asked: it must do nothing)."""
        node = self.bring_into_sight(identifier)
        self.wait_still(identifier)
        tappable = "[flt-tappable], [role=button], input, [role=checkbox]"
        # The control itself when it takes taps (a whole row), else what inside it does.
        inner = node.locator(tappable).first
        itself = node.evaluate("(n, s) => n.matches(s)", tappable)
        self.finger_press(
            identifier, node if itself or not inner.count() else inner, even_if_disabled
        )
        self.inputs += 1

    def finger_press(self, identifier: str, target: Any, even_if_disabled: bool = False) -> None:
        """A finger's press in the middle of `target` (in the control `identifier`), once it
        stays where it is, takes taps (unless `even_if_disabled`) and is the top thing there.

        A pointer click, never Playwright's own: that scrolls the browser's accessibility
        tree first when it thinks the node out of view, and Flutter's web engine may then
        move the screen between the aim and the press, which lands on a neighbour.
        """
        deadline = time.monotonic() + STEP_TIMEOUT_MS / 1000
        while True:
            self.wait_still(identifier)
            box = target.bounding_box()
            if box is not None and (even_if_disabled or target.is_enabled()):
                x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
                on_top = target.evaluate(
                    """(node, [x, y]) => {
                        const hit = document.elementFromPoint(x, y);
                        return !!hit && (hit === node || node.contains(hit));
                    }""",
                    [x, y],
                )
                if on_top:
                    self.page.mouse.click(x, y)
                    return
                # Under a bar or a message: scrolled to the screen's middle, if it scrolls.
                with contextlib.suppress(AssertionError):
                    self.scroll_to(
                        identifier, band=(0.25, 0.6), middle=True, give_up_when_stuck=True
                    )
            if time.monotonic() > deadline:
                raise AssertionError(f"{identifier} could not be pressed: {box}, {self.ids()}")
            self.page.wait_for_timeout(100)

    def fill(self, identifier: str, value: str) -> None:
        """One input: type `value` into the field, until the app has it (the page sent it).
        A field emptied is taken as it shows once emptied: "" typed again sends nothing."""
        # Until it holds: a keystroke sent while the screen is drawn again can be lost, and
        # one typed as Flutter takes the field is put back, never passed on to the app.
        deadline = time.monotonic() + STEP_TIMEOUT_MS / 1000
        tries, given = 0, False
        while time.monotonic() < deadline:
            self.wait_still(identifier)
            field = self.wait_for(identifier).locator("input, textarea").first
            if not field.count():
                field = self.wait_for(identifier)
            self.finger_press(identifier, field)
            self.wait_typed_in(field)
            if field.input_value() == value:
                if not tries or not value:
                    given = True  # it holds the value already: nothing to type
                    break
                # Typed before and never passed on: the same text again would change
                # nothing and send nothing, so the field is emptied first.
                field.fill("", timeout=STEP_TIMEOUT_MS)
                self.wait_still(identifier)
            mark = self.page.evaluate(SENT_SO_FAR)
            field.fill(value, timeout=STEP_TIMEOUT_MS)
            tries += 1
            given = self.wait_sent(mark, value)
            if given and field.input_value() == value:
                break
        assert given, f"{identifier}: {value!r} typed {tries} times, never passed on to the app"
        assert field.input_value() == value, (
            f"{identifier} holds {field.input_value()!r}, typed {value!r}"
        )
        self.typed[identifier] = value
        self.inputs += 1

    def wait_sent(self, mark: int, value: str) -> bool:
        """Whether the page sends its app a control's new `value` after its `mark`-th message,
        waited for `TYPED_IN_WITHIN` seconds: Flutter passes a value typed on to the app at
        once, or never."""
        deadline = time.monotonic() + TYPED_IN_WITHIN
        patterns = sent_value(value)
        while not self.page.evaluate(SENT_SINCE, [mark, patterns]):
            if time.monotonic() > deadline:
                return False
            self.page.wait_for_timeout(50)
        return True

    def wait_typed_in(self, field: Any) -> None:
        """Until Flutter types in `field`: focused, it is given the field's text and its own
        settings (`autocorrect` turns "on") a moment later, on a loaded machine as late as
        after a `fill` that came first, whose text is then put back as it was and never
        reaches the app (a meld's "2" twos lost in one whole run of the suite). A field that
        never shows the sign is typed in all the same after `TYPED_IN_WITHIN` (what landed is
        checked after)."""
        taken = """n => !['INPUT', 'TEXTAREA'].includes(n.tagName)
            || (document.activeElement === n && n.getAttribute('autocorrect') === 'on')"""
        field.focus(timeout=STEP_TIMEOUT_MS)
        deadline = time.monotonic() + TYPED_IN_WITHIN
        while not field.evaluate(taken) and time.monotonic() < deadline:
            self.page.wait_for_timeout(50)

    def watch_for(self, words: str) -> None:
        """Notes from now on whether the page says `words` anywhere, as text or as a label (a
        passing message has no identifier, goes in 4 s, and Flutter gives its text to the
        browser either way); `wait_said` then waits for the note."""
        self.page.evaluate(
            """words => {
                window.said = window.said || {};
                window.said[words] = false;
                const look = () => {
                    if (document.body.innerHTML.includes(words)) window.said[words] = true;
                };
                look();
                new MutationObserver(look).observe(document.body, {
                    subtree: true, childList: true, attributes: true, characterData: true,
                });
            }""",
            words,
        )

    def wait_said(self, words: str) -> None:
        """Waits until the page said `words` since `watch_for(words)`."""
        self.page.wait_for_function(
            "words => window.said && window.said[words] === true",
            arg=words,
            timeout=STEP_TIMEOUT_MS,
        )

    def wait_still(self, identifier: str, polls: int = 2, every_ms: int = 80) -> None:
        """Until the control stays where it is for `polls` looks `every_ms` apart (a tap just
        before may still move the screen: a click at the old place lands on whatever moved
        there; a scroll on its way, on a loaded machine, moves it in steps)."""
        node = self.wait_for(identifier)
        last, still = None, 0
        deadline = time.monotonic() + STEP_TIMEOUT_MS / 1000
        while still < polls and time.monotonic() < deadline:
            box = node.bounding_box()
            still = still + 1 if box == last else 0
            last = box
            self.page.wait_for_timeout(every_ms)

    def bring_into_sight(self, identifier: str) -> Any:
        """The control, scrolled as a finger scrolls (see `scroll_to`) until its middle is
        well inside the screen, if it is not wholly on the screen already; where the wheel
        does not move it (a dialog that does not scroll), as a screen reader does."""
        node = self.wait_for(identifier)
        height = self.page.viewport_size["height"]
        found = node.bounding_box()
        if found is not None and found["y"] >= 0 and found["y"] + found["height"] <= height:
            return node
        try:
            self.scroll_to(identifier, band=(0.25, 0.6), middle=True, give_up_when_stuck=True)
        except AssertionError:
            node.scroll_into_view_if_needed(timeout=STEP_TIMEOUT_MS)
        return node

    def scroll_to(
        self,
        identifier: str,
        band: tuple[float, float] = (0.3, 0.55),
        *,
        middle: bool = False,
        give_up_when_stuck: bool = False,
    ) -> None:
        """Scrolls as a finger does, through the app (the mouse wheel over the screen), until
        the control's top is within `band` (fractions of the screen's height).

        `scroll_into_view_if_needed` scrolls the browser's accessibility tree instead, as a
        screen reader does; after it, Flutter's web engine jumped back to the screen's top at
        the next change of the screen in 1 of 3 runs (2x, 360 px), and in none of 18 after a
        scroll with the wheel."""
        size = self.page.viewport_size
        top, bottom = band[0] * size["height"], band[1] * size["height"]
        self.page.mouse.move(size["width"] / 2, size["height"] / 2)
        deadline = time.monotonic() + STEP_TIMEOUT_MS / 1000
        last, stuck = None, 0
        while time.monotonic() < deadline:
            found = self.node(identifier).bounding_box() if self.has(identifier) else None
            at = None if found is None else found["y"] + (found["height"] / 2 if middle else 0)
            if at is not None and top <= at <= bottom:
                self.wait_still(identifier)
                return
            stuck = stuck + 1 if at is not None and last is not None and abs(at - last) < 1 else 0
            if give_up_when_stuck and stuck >= 3:
                break  # the page ends there, or the wheel does not scroll what holds it
            last = at
            # Not drawn yet (further down), or outside the band: a short wheel step towards it.
            step = 60.0 if at is None else max(-160.0, min(160.0, at - top))
            self.page.mouse.wheel(0, step)
            self.page.wait_for_timeout(100)
        raise AssertionError(f"{identifier} was not scrolled into sight: {self.ids()}")

    def value(self, identifier: str) -> str:
        field = self.wait_for(identifier).locator("input, textarea").first
        found: str = field.input_value()
        return found

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)

    # whole page
    def open(self, route: str = "/", ready: str | None = None) -> None:
        open_app(self.page, self.base_url + route, ready, timeout_ms=LOAD_TIMEOUT_MS)
        self.wait_for_text_scale()

    def reload(self, ready: str | None = None) -> None:
        self.page.reload()
        self.enable_semantics()
        if ready:
            self.wait_for(ready, timeout=LOAD_TIMEOUT_MS)
        self.wait_for_text_scale()

    def wait_for_text_scale(self) -> None:
        """Until the screen is drawn for this browser's text size (the first drawing, at the
        normal size, is replaced as the size is measured: a tap on it would be lost)."""
        if self.text_scale is None:
            return
        try:
            self.wait_for(f"text-scale-{self.text_scale:.1f}", timeout=LOAD_TIMEOUT_MS)
        except Exception as error:  # which size the screen was drawn for, if any
            drawn: list[str] = []
            with contextlib.suppress(Exception):  # a page gone says nothing more
                drawn = [i for i in self.ids() if i.startswith("text-scale-")]
            raise AssertionError(
                f"never drawn for text at {self.text_scale:.1f}x: drawn for {drawn or 'none'}"
            ) from error

    def enable_semantics(self) -> None:
        enable_semantics(self.page, LOAD_TIMEOUT_MS)

    def go(self, route: str, ready: str | None = None, text: str | None = None) -> None:
        """Moves to `route` inside the running app, as its back and forward buttons do."""
        self.page.evaluate(
            "r => { history.pushState(null, '', r); dispatchEvent(new PopStateEvent('popstate')); }",
            route,
        )
        if ready:
            self.wait_for(ready, timeout=LOAD_TIMEOUT_MS)
        if text:
            self.page.get_by_text(text, exact=False).first.wait_for(timeout=LOAD_TIMEOUT_MS)

    def route(self) -> str:
        path: str = self.page.evaluate("location.pathname")
        return path

    def wait_route(self, route: str) -> None:
        """Waits until the address bar shows `route`: Flutter's router tells the browser of a
        new route in a task after the frame that draws it, so its controls can come first."""
        try:
            self.page.wait_for_function(
                "route => location.pathname === route", arg=route, timeout=STEP_TIMEOUT_MS
            )
        except Exception as error:
            raise AssertionError(f"the address is {self.route()!r}, expected {route!r}") from error

    def settle(self, timeout: float = 10.0) -> bytes:
        """Waits until two screenshots in a row are the same: the frame on screen is final."""
        previous = self.page.screenshot()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.page.wait_for_timeout(250)
            current = self.page.screenshot()
            if current == previous:
                return current
            previous = current
        return previous

    def shot(self, name: str) -> Path:
        """Keeps a settled screenshot under screenshots/ (git-ignored) for a person to look at."""
        SCREENSHOTS.mkdir(exist_ok=True)
        size = self.page.viewport_size
        path = SCREENSHOTS / f"{name}-{size['width']}x{size['height']}.png"
        picture = self.settle()
        deadline = time.monotonic() + 10
        # The semantics tree can be ready before the first frame is painted: a blank picture
        # is two identical screenshots too.
        while len(picture) < BLANK_PNG_BYTES and time.monotonic() < deadline:
            self.page.wait_for_timeout(250)
            picture = self.settle()
        path.write_bytes(picture)
        return path

    def horizontal_overflow(self) -> int:
        """How far the content reaches past the right edge, in CSS pixels (0 is right)."""
        width: int = self.page.evaluate(
            """() => {
                let right = 0;
                for (const n of document.querySelectorAll('flt-semantics'))
                    right = Math.max(right, n.getBoundingClientRect().right);
                return Math.ceil(right - window.innerWidth);
            }"""
        )
        return max(0, width)

    def wait_fits(self, timeout: float = STEP_TIMEOUT_MS / 1000) -> None:
        """Waits until nothing reaches past the right edge: a screen coming in (or one
        going out) can be drawn wider while its page transition runs."""
        deadline = time.monotonic() + timeout
        while (overflow := self.horizontal_overflow()) and time.monotonic() < deadline:
            self.page.wait_for_timeout(100)
        assert overflow == 0, f"{self.route()} scrolls sideways by {overflow} px"


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    if report.when == "call":
        item.stash[FAILED] = report.failed
    return report


FAILED = pytest.StashKey[bool]()


@pytest.fixture
def open_screen(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """`open_screen(server, size=PHONE, dark=False, locale=None, **options)` gives a Screen on a
    fresh browser tab: a phone of its own (a browser context), in `locale`'s language when
    given; `options` go to `browser.new_context` (`accept_downloads=True`, ...).

    When the test fails, each tab's last picture is kept as screenshots/FAILED-<test>-N.png.
    """
    contexts = []

    def open_(
        server: AppServer,
        size: dict[str, int] = PHONE,
        dark: bool = False,
        locale: str | None = None,
        **options: Any,
    ) -> Screen:
        context = new_phone(
            browser,
            size,
            STEP_TIMEOUT_MS,
            color_scheme="dark" if dark else "light",
            device_scale_factor=1,
            locale=locale,
            **options,
        )
        contexts.append(context)
        return Screen(context.new_page(), server.url)

    yield open_
    if request.node.stash.get(FAILED, False):
        SCREENSHOTS.mkdir(exist_ok=True)
        for number, context in enumerate(contexts):
            for page in context.pages:
                with contextlib.suppress(Exception):  # a crashed page: the others still kept
                    page.screenshot(path=SCREENSHOTS / f"FAILED-{request.node.name}-{number}.png")
    for context in contexts:
        context.close()


@pytest.fixture
def open_phones(open_screen: Any) -> Any:
    """`open_phones(server, route, ready, count=2)`: that many phones on one app (each its own
    browser context, see `open_screen`), each open on `route` with `ready` on screen."""

    def open_(server: AppServer, route: str, ready: str, count: int = 2) -> list[Screen]:
        phones: list[Screen] = [open_screen(server) for _ in range(count)]
        for phone in phones:
            phone.open(route, ready=ready)
        return phones

    return open_


@pytest.fixture
def phone(app_server: AppServer, open_screen: Any) -> Screen:
    """The app on a fresh database, open on the home screen of a 390x844 phone."""
    if app_server.process is None:
        app_server.start()
    screen: Screen = open_screen(app_server)
    screen.open("/")
    return screen


@pytest.fixture
def large_text_phone(browser: Any, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Any]:
    """`large_text_phone(server, font_px, size, locale=None)`: a Screen on a browser whose
    text is that large (in `locale`'s language when given). When the test fails, each tab's
    last picture is kept as screenshots/FAILED-<test>-large-N.png."""
    contexts: list[Any] = []

    def open_(
        server: AppServer, font: int, size: dict[str, int], locale: str | None = None
    ) -> Screen:
        profile = tmp_path / f"profile-{len(contexts)}"
        (profile / "Default").mkdir(parents=True)
        (profile / "Default" / "Preferences").write_text(
            json.dumps({"webkit": {"webprefs": {"default_font_size": font}}})
        )
        context = browser.browser_type.launch_persistent_context(
            str(profile),
            executable_path=chromium_executable(),
            args=CHROMIUM_ARGS,
            viewport=size,
            device_scale_factor=1,
            locale=locale,
        )
        contexts.append(only_the_app(context, STEP_TIMEOUT_MS))
        page = context.pages[0] if context.pages else context.new_page()
        screen = Screen(page, server.url)
        screen.text_scale = font / 16
        return screen

    yield open_
    if request.node.stash.get(FAILED, False):
        SCREENSHOTS.mkdir(exist_ok=True)
        for number, context in enumerate(contexts):
            for page in context.pages:
                with contextlib.suppress(Exception):  # a crashed page: the others still kept
                    page.screenshot(
                        path=SCREENSHOTS / f"FAILED-{request.node.name}-large-{number}.png"
                    )
    for context in contexts:
        context.close()
