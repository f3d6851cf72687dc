"""The web app that runs wholly in the phone's browser (`make web-app`, build/web/).

Served by a plain static server on 127.0.0.1, every other host refused twice (the context's
routes and Chromium's host resolver), in a phone-sized Chromium whose profile is a folder: the
browser is closed and opened again on it, as a phone's is, and at last opened with no server
at all. Python starts in the page (Pyodide), which takes tens of seconds in software-rendered
headless Chromium: every wait is for a state, with room for that.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from conftest import Screen, chromium_executable
from headless import CHROMIUM_ARGS, PHONE, enable_semantics
from test_journeys import enter_the_worked_example, start_a_game
from test_meld_entry import enter_melds

#: Python's start in the page: tens of seconds on an idle machine, more on a loaded one.
START_MS = 300_000
STEP_MS = 60_000
ONLY_LOOPBACK = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
#: A name on the local network for this machine: a page from it over plain HTTP is not a secure
#: context (127.0.0.1 always is), as on a phone that opens the machine's address.
LAN_NAME = "canasta.test"
BY_NAME = f"--host-resolver-rules=MAP {LAN_NAME} 127.0.0.1, MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"


class StaticServer:
    """`python -m http.server` on 127.0.0.1 serving the built folder; stopped at will.

    `host` options (tests/browser/static_host.py) serve it as a host in the wild may: with
    `Cache-Control: max-age=N`, or a file type sent as another."""

    def __init__(self, folder: Path, *host: str) -> None:
        self.folder = folder
        self.host = host
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}/"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> StaticServer:
        if self.host:
            script = str(Path(__file__).with_name("static_host.py"))
            command = [sys.executable, script, str(self.port), str(self.folder), *self.host]
        else:
            command = [sys.executable, "-m", "http.server", str(self.port), "--bind", "127.0.0.1"]
            command += ["-d", str(self.folder)]
        self.process = subprocess.Popen(
            command,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        while True:  # listening once it takes a connection
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return self
            except OSError:
                try:
                    self.process.wait(timeout=0.05)
                except subprocess.TimeoutExpired:
                    continue
                raise AssertionError("the static server stopped") from None

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None


@pytest.fixture
def static_server(web_app: Path) -> Iterator[StaticServer]:
    server = StaticServer(web_app).start()
    yield server
    server.stop()


class Phone:
    """A phone's browser on a profile folder: closed and opened again keeps its storage."""

    def __init__(
        self,
        playwright: Any,
        profile: Path,
        url: str,
        locale: str | None = None,
        worker_prelude: str | None = None,
        routed: bool = True,
        by_name: bool = False,
        host_rules: str | None = None,
        page_prelude: str | None = None,
        text_px: int | None = None,
        dark: bool = False,
        before_load: Callable[[Any], None] | None = None,
    ) -> None:
        self.playwright = playwright
        self.profile = profile
        self.url = url
        self.locale = locale
        #: Script put before the Python worker's own (its service worker then kept out, so
        #: that the worker is fetched, and changed, at each opening).
        self.worker_prelude = worker_prelude
        #: Every request seen by Playwright's router, which also switches the browser's HTTP
        #: cache off: a journey of what that cache keeps goes unrouted (other hosts are still
        #: refused by Chromium's host resolver).
        self.routed = routed
        #: Reached by LAN_NAME, not 127.0.0.1.
        self.by_name = by_name
        #: Chromium's host rules, where other than ONLY_LOOPBACK or BY_NAME.
        self.host_rules = host_rules
        #: Script run in the page before its own (Playwright's init script).
        self.page_prelude = page_prelude
        if text_px is not None:  # the browser's text size, as a player with large text sets it
            (profile / "Default").mkdir(parents=True, exist_ok=True)
            (profile / "Default" / "Preferences").write_text(
                json.dumps({"webkit": {"webprefs": {"default_font_size": text_px}}})
            )
        #: The browser's colour scheme: dark, or light.
        self.dark = dark
        #: Called with the page before it loads the app (a recording started there).
        self.before_load = before_load
        self.context: Any = None
        #: Every address the page asked for that is not the static server's.
        self.elsewhere: list[str] = []

    def open(self, ready: str) -> Screen:
        self.context = self.playwright.chromium.launch_persistent_context(
            str(self.profile),
            executable_path=chromium_executable(),
            args=[*CHROMIUM_ARGS, self.host_rules or (BY_NAME if self.by_name else ONLY_LOOPBACK)],
            viewport=PHONE,
            color_scheme="dark" if self.dark else "light",
            **({"locale": self.locale} if self.locale else {}),
            **({"service_workers": "block"} if self.worker_prelude else {}),
        )
        self.context.set_default_timeout(STEP_MS)
        if self.page_prelude:
            self.context.add_init_script(self.page_prelude)

        def only_the_server(route: Any) -> None:
            if self.worker_prelude and route.request.url == self.url + "python-worker.js":
                worker = route.fetch()
                route.fulfill(response=worker, body=self.worker_prelude + "\n" + worker.text())
            elif route.request.url.startswith(self.url):
                route.continue_()
            else:
                self.elsewhere.append(route.request.url)
                route.abort()

        if self.routed:
            self.context.route("**/*", only_the_server)
        page = self.context.pages[0] if self.context.pages else self.context.new_page()
        screen = Screen(page, self.url)
        if self.before_load:
            self.before_load(page)
        page.goto(self.url)
        enable_semantics(page, START_MS)
        screen.wait_for(ready, timeout=START_MS)
        return screen

    def close(self) -> None:
        self.context.close()


#: Before the Python worker (where the app's SQLite file is copied to IndexedDB): the browser's
#: storage made full on the page's word, and given room again, through a BroadcastChannel (a
#: worker is beyond Playwright's init scripts). Full, every IndexedDB write is refused as a
#: full storage refuses it; given room, each copy that gets through whole is told to the page.
STORAGE_SWITCH = """
(() => {
  const channel = new BroadcastChannel("canasta-score-test-storage");
  let full = false;
  channel.onmessage = (event) => {
    full = event.data === "full";
    channel.postMessage(full ? "is-full" : "has-room");
  };
  const refused = new WeakSet();  // transactions a write of which was refused
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (...args) {
    if (full) {
      refused.add(this.transaction);
      throw new DOMException("The storage is full.", "QuotaExceededError");
    }
    return put.apply(this, args);
  };
  const transaction = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (...args) {
    const made = transaction.apply(this, args);
    if (args[1] === "readwrite") {
      // A copy refused while full still completes (nothing else was asked of it): only a
      // copy whose every write was taken is told.
      made.addEventListener("complete", () => {
        if (!full && !refused.has(made)) channel.postMessage("kept");
      });
    }
    return made;
  };
})();
"""


def storage_switch(screen: Screen, word: str, answer: str) -> None:
    """Tells the worker's storage switch `word` and waits for its `answer`."""
    screen.page.evaluate(
        """([word, answer, ms]) => new Promise((resolve, reject) => {
            const channel = new BroadcastChannel("canasta-score-test-storage");
            channel.onmessage = (event) => { if (event.data === answer) resolve(true); };
            channel.postMessage(word);
            setTimeout(() => reject(new Error(`no "${answer}" from the worker`)), ms);
        })""",
        [word, answer, STEP_MS],
    )


def kept_for_offline(screen: Screen) -> None:
    """Waits until the service worker holds every file, CanvasKit's build for this browser too."""
    screen.page.wait_for_function(
        """async () => {
            const registration = await navigator.serviceWorker.ready;
            if (!registration.active) return false;
            const names = await caches.keys();
            const ours = names.filter((name) => name.startsWith('canasta-score-'));
            if (ours.length !== 1) return false;
            const cache = await caches.open(ours[0]);
            const kept = (await cache.keys()).map((request) => request.url);
            return kept.some((url) => url.endsWith('/app.tar.gz'))
                && kept.some((url) => url.endsWith('canvaskit.wasm'));
        }""",
        timeout=STEP_MS,
    )


def test_a_round_scored_in_the_browser_alone_is_kept_when_it_is_closed_and_opens_offline(
    static_server: StaticServer, tmp_path: Path, browser: Any
) -> None:
    # The suite's one Playwright (a second one cannot start beside it in this process).
    playwright = SimpleNamespace(chromium=browser.browser_type)
    phone = Phone(playwright, tmp_path / "profile", static_server.url)
    screen = phone.open(ready="new-game")
    assert not screen.has("invite"), "no other phone can reach a browser alone"
    # Settings: a backup is a download; a file that is not one is refused, read without
    # a thread (a tab has none).
    screen.tap("open-settings")
    with screen.page.expect_download(timeout=STEP_MS) as download:
        screen.tap("backup-all")
    assert download.value.suggested_filename.startswith("canasta-score-backup-")
    not_a_backup = tmp_path / "notes.json"
    not_a_backup.write_text('{"shopping": ["milk"]}', encoding="utf-8")
    with screen.page.expect_file_chooser(timeout=STEP_MS) as chooser:
        screen.tap("import-games")
    chooser.value.set_files(str(not_a_backup))
    screen.wait_text(
        "import-outcome",
        r"notes\.json is neither a game file nor a backup .*; nothing was imported",
    )
    screen.page.go_back()
    screen.wait_for("new-game")
    start_a_game(screen)
    enter_the_worked_example(screen)
    screen.tap("save-round")
    screen.wait_for("round-1-edit")
    screen.wait_number("side-0-total", 1450)
    kept_for_offline(screen)
    phone.close()  # at once: the round was on the phone's storage before it was shown

    screen = phone.open(ready="resume")
    screen.tap("resume")
    screen.wait_for("round-1-edit")
    screen.wait_number("side-0-total", 1450)
    screen.wait_number("side-1-total", -185)
    phone.close()

    static_server.stop()  # no server at all: the phone's own copy opens and saves
    screen = phone.open(ready="resume")
    screen.tap("resume")
    screen.wait_for("add-round")
    enter_the_worked_example(screen)
    screen.tap("save-round")
    screen.wait_for("round-2-edit")
    screen.wait_number("side-0-total", 2 * 1450)

    # A second tab would work on a copy of its own and overwrite this one's saves: it waits,
    # says so, and opens by itself once the first tab is closed.
    second = Screen(phone.context.new_page(), static_server.url)
    second.page.goto(static_server.url)
    second.page.locator(".canasta-score-notice[data-kind=other-tab]").wait_for(timeout=START_MS)
    screen.page.close()
    enable_semantics(second.page, START_MS)
    second.wait_for("resume", timeout=START_MS)
    assert second.page.locator(".canasta-score-notice").count() == 0
    phone.close()

    assert phone.elsewhere == [], "the web app asked another host for something"


def test_a_round_saved_while_the_browsers_storage_is_full_is_kept_once_there_is_room(
    static_server: StaticServer, tmp_path: Path, browser: Any
) -> None:
    """The round is in the app's memory: the sheet shows it, a message that stays says the
    browser did not keep it, and once the storage has room again the app copies it there by
    itself; closed and opened again, the phone has it, once."""
    playwright = SimpleNamespace(chromium=browser.browser_type)
    phone = Phone(
        playwright, tmp_path / "profile", static_server.url, worker_prelude=STORAGE_SWITCH
    )
    screen = phone.open(ready="new-game")
    start_a_game(screen)
    enter_the_worked_example(screen)
    storage_switch(screen, "full", "is-full")
    screen.watch_for("would not keep")
    screen.tap("save-round")
    screen.wait_said("would not keep")
    screen.wait_for("round-1-edit")  # shown as saved: no second Save to record it twice
    screen.wait_number("side-0-total", 1450)
    storage_switch(screen, "room", "kept")  # tried again by itself: the round is kept now
    phone.close()

    screen = phone.open(ready="resume")
    screen.tap("resume")
    screen.wait_for("round-1-edit")
    screen.wait_number("side-0-total", 1450)
    assert not screen.has("round-2-edit")
    phone.close()
    assert phone.elsewhere == []


#: Notes each wording of home's "New game" button as it enters the accessibility tree
#: (`window.newGameSaid`; the tree is switched on as Flutter offers it, before the first screen).
NEW_GAME_SAID = """(() => {
  window.newGameSaid = [];
  new MutationObserver(() => {
    const button = document.querySelector('[flt-semantics-identifier="new-game"]');
    const said = button && (button.getAttribute("aria-label") || button.textContent || "").trim();
    if (said && said !== window.newGameSaid.at(-1)) window.newGameSaid.push(said);
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})();"""


def test_a_german_phone_alone_enters_melds_and_sees_its_chart_and_statistics(
    static_server: StaticServer, tmp_path: Path, browser: Any
) -> None:
    """The browser's language from the first screen on (home was drawn in English for two
    seconds, until the device said its language), meld by meld, the chart (flet-charts) and
    the statistics, with no server: what the table server's journeys check, in the web app."""
    playwright = SimpleNamespace(chromium=browser.browser_type)
    phone = Phone(
        playwright,
        tmp_path / "profile",
        static_server.url,
        locale="de-DE",
        page_prelude=NEW_GAME_SAID,
    )
    screen = phone.open(ready="new-game")
    screen.wait_text("new-game", "Neues Spiel")
    said = screen.page.evaluate("window.newGameSaid")
    assert said and all("Neues Spiel" in words for words in said), said
    start_a_game(screen)
    screen.tap("add-round")
    screen.tap("side-0-entry-melds")
    # Seven kings (70, a natural canasta: 500), five queens with a two and a joker (120, a
    # mixed canasta: 300); the other side types its 120.
    enter_melds(screen, 0, [("K", 7, 0, 0), ("Q", 5, 1, 1)])
    screen.wait_text("side-0-meld-K-points", r"70")
    screen.fill("side-1-melded", "120")
    screen.tap("save-round")
    screen.wait_for("round-1-edit")
    screen.wait_number("side-0-total", 70 + 120 + 500 + 300)
    screen.wait_number("side-1-total", 120)
    screen.tap("open-chart")
    screen.wait_for("game-chart")
    screen.tap("back")
    screen.wait_for("round-1-edit")
    screen.tap("back")
    screen.tap("open-statistics")
    screen.wait_number("player-anna-in-play", 1)
    screen.wait_text("player-anna-in-play", "Laufend")
    phone.close()
    assert phone.elsewhere == [], "the web app asked another host for something"


#: A tab that let the games go (over plain HTTP, where tabs agree by word), asking with the
#: smallest number whenever another tab asks.
LET_GO_TAB = """() => {
  const channel = new BroadcastChannel("canasta-score-tabs");
  channel.onmessage = (event) => {
    if ((event.data || {}).asking) channel.postMessage({ asking: 1e-9, humble: true });
  };
  globalThis.letGo = channel;
}"""


def test_over_plain_http_from_a_host_that_sends_mjs_as_octet_stream_the_app_opens_and_says_what_it_cannot_do(
    web_app: Path, tmp_path: Path, browser: Any
) -> None:
    """Debian 12's nginx as it comes (`.mjs` sent as `application/octet-stream`), opened by the
    machine's name over plain HTTP: the app starts, says it is not kept offline nor on the home
    screen, and a second tab (no Web Locks here) waits, its app not started, so neither
    overwrites the other's games. The browser's text is twice the usual size: the page's
    words are as large as the app's."""
    host = StaticServer(web_app, "--type", ".mjs=application/octet-stream").start()
    try:
        url = f"http://{LAN_NAME}:{host.port}/"
        playwright = SimpleNamespace(chromium=browser.browser_type)
        phone = Phone(playwright, tmp_path / "profile", url, by_name=True, text_px=32)
        screen = phone.open(ready="new-game")
        notice = screen.page.locator(".canasta-score-notice[data-kind=not-secure]")
        notice.wait_for(timeout=STEP_MS)
        assert "https://" in notice.inner_text()
        assert notice.evaluate("(node) => getComputedStyle(node).fontSize") == "32px"
        notice.click()  # read, and put away
        notice.wait_for(state="detached", timeout=STEP_MS)
        start_a_game(screen)

        second = Screen(phone.context.new_page(), url)
        second.page.goto(url)
        waiting = second.page.locator(".canasta-score-notice[data-kind=other-tab]")
        waiting.wait_for(timeout=START_MS)
        # In place of the app: its words and their button together in the middle, not the
        # words at the top and the button at the bottom of an empty screen.
        gap = waiting.evaluate(
            """(notice) => {
                const words = document.createRange();
                words.selectNodeContents(notice.querySelector('span'));
                const button = notice.querySelector('button').getBoundingClientRect();
                return button.top - words.getBoundingClientRect().bottom;
            }"""
        )
        assert gap <= 64, f"{gap} px between the words and their button"
        # A third tab that let the games go too, asking each time another asks, with the
        # smallest number: the tab that takes them over must not yield to it (the first tab,
        # asking in the same moment as the second, once kept both waiting for good).
        let_go = phone.context.new_page()
        let_go.goto(url + "favicon.png")
        let_go.evaluate(LET_GO_TAB)
        # "Use it here": the second tab takes the games over; the first lets them go, says
        # so, and waits in its turn (a word between the tabs, as there are no Web Locks).
        waiting.get_by_role("button").click()
        screen.page.locator(".canasta-score-notice[data-kind=moved]").wait_for(timeout=START_MS)
        enable_semantics(second.page, START_MS)
        second.wait_for("resume", timeout=START_MS)
        assert second.page.locator(".canasta-score-notice[data-kind=other-tab]").count() == 0
        phone.close()
    finally:
        host.stop()
    assert phone.elsewhere == []
