"""What the built web app ships (`make web-app`, build/web/): only what runs in the browser, with
gzip and Brotli copies for hosts that serve them, and a page Chromium finds installable.

The archive's members and the copies are read from the built folder; the installability check
is Chromium's own (`Page.getInstallabilityErrors` over the DevTools protocol), on the app served
from http://localhost (a secure context, as an HTTPS host is) by a host that sends the copies.
"""

from __future__ import annotations

import base64
import gzip
import io
import json
import os
import shutil
import tarfile
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import brotli
import pytest
from conftest import Screen
from PIL import Image
from test_web_app import NEW_GAME_SAID, STEP_MS, Phone, StaticServer, kept_for_offline

#: Packages a whole evening in the browser never imports (a round typed and saved, melds, the
#: chart, the statistics, a backup and its restore; sys.modules read in the page's Python).
NEVER_IMPORTED = (
    "httpx",
    "httpcore",
    "h11",
    "anyio",
    "idna",
    "certifi",
    "oauthlib",
    "segno",
    "platformdirs",
    "sqlalchemy/testing",
    "sqlalchemy/dialects/mssql",
    "sqlalchemy/dialects/mysql",
    "sqlalchemy/dialects/oracle",
    "alembic/testing",
    "flutter",
)
#: The app's own modules that never run in a browser (its command line, server, desktop window).
SERVER_ONLY = ("__main__", "app", "cli", "desktop_client", "web_client")
#: What the page needs of what stays: Alembic imports SQLAlchemy's PostgreSQL dialect with its
#: own operations, whatever the database.
NEEDED = ("flet", "sqlalchemy/dialects/sqlite", "sqlalchemy/dialects/postgresql", "alembic")
#: The big files of each kind a host compresses.
BIG = (
    "index.html",
    "main.dart.js",
    "canvaskit/canvaskit.wasm",
    "canvaskit/chromium/canvaskit.wasm",
    "pyodide/pyodide.asm.wasm",
    "pyodide/pyodide.asm.js",
    "pyodide/python_stdlib.zip",
    "assets/fonts/MaterialIcons-Regular.otf",
    "service-worker.js",
)
#: Where Chromium takes `localhost` to (the rest of the world unreachable).
ONLY_LOCALHOST = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost"


def packages_in(archive: Path) -> list[str]:
    with tarfile.open(archive) as opened:
        return [
            name.removeprefix("__pypackages__/")
            for name in opened.getnames()
            if name.startswith("__pypackages__/")
        ]


def test_the_archive_ships_only_what_runs_in_the_browser(web_app: Path) -> None:
    first = packages_in(web_app / "app.tar.gz")
    later = packages_in(web_app / "packages-later.tar.gz")
    members = first + later
    shipped = [
        name
        for name in members
        if name.split("/", 1)[0].endswith(".dist-info")
        or name.endswith(".pyi")
        or any(name == left or name.startswith(left + "/") for left in NEVER_IMPORTED)
        or name.split("/", 1)[0].removesuffix(".py").removesuffix(".pyc") in NEVER_IMPORTED
    ]
    assert shipped == []
    with tarfile.open(web_app / "app.tar.gz") as opened:
        names = opened.getnames()
    own = {
        name.split("/")[1].removesuffix(".pyc").removesuffix(".py")
        for name in names
        if name.startswith("canasta_score/")
    }
    assert own & set(SERVER_ONLY) == set() and {"in_browser", "ui", "storage"} <= own
    assert [need for need in NEEDED if not any(m.startswith(need + "/") for m in members)] == []
    # What the first screen does not import waits in the second archive, which the first lists.
    with tarfile.open(web_app / "app.tar.gz") as opened:
        listed = opened.extractfile("packages-later.txt").read().decode().split()  # type: ignore[union-attr]
    assert {name.split("/", 1)[0].removesuffix(".pyc") for name in later} == {
        name for name in listed if "." not in name
    }
    assert "sqlalchemy" in listed and "pydantic_core" in listed and "flet" not in listed
    assert [name for name in first if name.split("/", 1)[0].removesuffix(".pyc") in listed] == []
    # The app's modules the first screen does not import wait there too (round entry, the
    # sheet, the database); the home screen's are in the first.
    with tarfile.open(web_app / "packages-later.tar.gz") as opened:
        own_later = {
            name.removesuffix(".pyc").replace("/", ".")
            for name in opened.getnames()
            if name.startswith("canasta_score/") and name.endswith(".pyc")
        }
    assert own_later == {name for name in listed if name.startswith("canasta_score.")}
    assert {"canasta_score.ui.views.round_entry", "canasta_score.storage.database"} <= own_later
    assert {"canasta_score/ui/views/home.pyc", "canasta_score/in_browser.pyc"} <= set(names)


def test_each_big_file_has_a_gzip_and_a_brotli_copy_of_the_same_bytes(web_app: Path) -> None:
    for name in BIG:
        plain = (web_app / name).read_bytes()
        packed = {suffix: (web_app / (name + suffix)).read_bytes() for suffix in (".gz", ".br")}
        assert gzip.decompress(packed[".gz"]) == plain, name
        assert brotli.decompress(packed[".br"]) == plain, name
        assert len(packed[".br"]) < len(packed[".gz"]) < len(plain), name
    # The service worker keeps the files the page asks for, never a copy.
    worker = (web_app / "service-worker.js").read_text(encoding="utf-8")
    assert ".js.br" not in worker and ".wasm.gz" not in worker
    assert '"app.tar.gz"' in worker


#: The modules of the standard library the tab's Python compiled from their source as it
#: imported them (from Pyodide's zip; those built into the interpreter are frozen).
IMPORTED_AS_SOURCE = """
import sys, zipimport
' '.join(sorted(
    name for name, module in list(sys.modules.items())
    if isinstance(getattr(getattr(module, '__spec__', None), 'loader', None), zipimport.zipimporter)
    and str(module.__spec__.origin).endswith('.py')
))
"""


def imported_as_source(page: Any) -> list[str]:
    """IMPORTED_AS_SOURCE, asked of the page's Python worker (Flet's, with its Pyodide)."""
    (worker,) = page.workers
    names: str = worker.evaluate(f"self.pyodide.runPython({json.dumps(IMPORTED_AS_SOURCE)})")
    return names.split()


#: Notes when the page started Python's worker (`workerAt`) and when Flutter's start first asked
#: for Python (`connectAt`: the outermost jsConnect, as each script that sets it wraps it).
WHEN_PYTHON_STARTED = """
(() => {
  const Started = globalThis.Worker;
  globalThis.Worker = class extends Started {
    constructor(script, ...rest) {
      super(script, ...rest);
      if (String(script).includes('python-worker') && globalThis.workerAt === undefined) {
        globalThis.workerAt = performance.now();
      }
    }
  };
  let bridge;
  Object.defineProperty(globalThis, 'jsConnect', {
    configurable: true,
    get: () => bridge,
    set: (connect) => {
      bridge = (...args) => {
        if (globalThis.connectAt === undefined) {
          globalThis.connectAt = performance.now();
        }
        return connect(...args);
      };
    },
  });
})();
"""


#: What the tab's dataclasses took from the code kept at the build (canasta_score/dataclass_code.py):
#: [sources kept, taken from there]; nothing where dataclasses compile every source.
KEPT_DATACLASS_CODE = """
import dataclasses, json
kept = getattr(dataclasses, 'exec', None)
json.dumps([len(kept.codes), kept.taken] if hasattr(kept, 'taken') else [])
"""


def installability_errors(page: Any) -> list[dict[str, Any]]:
    session = page.context.new_cdp_session(page)
    try:
        errors: list[dict[str, Any]] = session.send("Page.getInstallabilityErrors")[
            "installabilityErrors"
        ]
        return errors
    finally:
        session.detach()


@pytest.fixture
def localhost(web_app: Path) -> Any:
    """The built folder from a host that sends the compressed copies, reached as localhost."""
    host = StaticServer(web_app, "--precompressed").start()
    yield host
    host.stop()


def phone_of(localhost: StaticServer, tmp_path: Path, browser: Any, **options: Any) -> Phone:
    """A phone that opens the app from `localhost` (the suite's own Playwright: a second one
    cannot start beside it in this process), with Phone's `options`."""
    playwright = SimpleNamespace(chromium=browser.browser_type)
    url = f"http://localhost:{localhost.port}/"
    return Phone(
        playwright, tmp_path / "profile", url, routed=False, host_rules=ONLY_LOCALHOST, **options
    )


def test_from_a_host_that_sends_the_copies_the_app_is_installable_and_starts_on_bytecode(
    localhost: StaticServer, tmp_path: Path, browser: Any
) -> None:
    phone = phone_of(localhost, tmp_path, browser, page_prelude=WHEN_PYTHON_STARTED)
    screen = phone.open(ready="new-game")
    # Python started as the page loaded, before Flutter's start asked for it (python.js).
    started = screen.page.evaluate("[globalThis.workerAt, globalThis.connectAt]")
    assert None not in started and started[0] < started[1], started
    # On its way to the first screen the tab compiled no module of the standard library from
    # its source (tools/web_app/stdlib_first.txt lists what it imports, compiled at build).
    assert imported_as_source(screen.page) == []
    # Nor the methods of the first screen's dataclasses: each was made from the code kept at
    # the build (Flet's controls and the app's own).
    (worker,) = screen.page.workers
    kept, taken = json.loads(
        worker.evaluate(f"self.pyodide.runPython({json.dumps(KEPT_DATACLASS_CODE)})")
    )
    assert kept > 100 and taken >= kept, (kept, taken)
    # The host sent the Brotli copies, and the service worker kept every file whole (it checks
    # each against its digest: a copy that decoded to other bytes would stop it).
    sizes = screen.page.evaluate(
        """() => performance.getEntriesByType('resource')
            .filter((entry) => entry.name.endsWith('/main.dart.js'))
            .map((entry) => [entry.encodedBodySize, entry.decodedBodySize])"""
    )
    assert sizes and sizes[0][0] < sizes[0][1] / 3, sizes
    kept_for_offline(screen)
    assert installability_errors(screen.page) == []
    phone.close()


#: When the app told the page its first screen was sent, and when the page's logo went.
LOGO_WATCHED = """
addEventListener("canasta-score-first-screen", () => { window.firstScreenAt = performance.now(); },
  { once: true });
const watching = new MutationObserver(() => {
  if (document.getElementById("loading")) {
    window.logoSeen = true;
  } else if (window.logoSeen) {
    window.logoGoneAt = performance.now();
    watching.disconnect();
  }
});
watching.observe(document, { subtree: true, childList: true });
"""


class Frames:
    """What the page shows, frame by frame (the DevTools protocol's screencast), from before it
    loads: `start` is a Phone's `before_load`."""

    def __init__(self) -> None:
        self.shown: list[bytes] = []
        self.session: Any = None
        self._corners: list[tuple[int, ...]] = []  # of the frames decoded so far

    def start(self, page: Any) -> None:
        self.session = page.context.new_cdp_session(page)

        def taken(frame: dict[str, Any]) -> None:
            self.shown.append(base64.b64decode(frame["data"]))
            self.session.send("Page.screencastFrameAck", {"sessionId": frame["sessionId"]})

        self.session.on("Page.screencastFrame", taken)
        self.session.send("Page.startScreencast", {"format": "png", "everyNthFrame": 1})

    def corners(self) -> list[tuple[int, ...]]:
        """The colour of each frame's top left corner (the app bar's, on the first screen)."""
        for shown in self.shown[len(self._corners) :]:
            self._corners.append(Image.open(io.BytesIO(shown)).convert("RGB").getpixel((2, 2)))
        return list(self._corners)


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_the_logo_stays_until_the_first_screen_with_nothing_between_in_another_colour(
    localhost: StaticServer, tmp_path: Path, browser: Any, dark: bool
) -> None:
    """Flutter's first frames are Flet's loading screen, a spinner on lavender: between the
    page's logo and home it showed for a second or more, in colours not the app's. The logo
    stays until home is drawn, on the colour home is drawn on, in light and in dark."""
    frames = Frames()
    phone = phone_of(
        localhost, tmp_path, browser, dark=dark, before_load=frames.start, page_prelude=LOGO_WATCHED
    )
    screen = phone.open(ready="new-game")
    logo_then_home(screen, frames, blank=(18, 18, 18) if dark else (255, 255, 255))
    phone.close()


def logo_then_home(screen: Screen, frames: Frames, blank: tuple[int, ...]) -> tuple[int, ...]:
    """Checks what the page showed from its start (`frames`, recorded with LOGO_WATCHED in
    the page): the browser's own `blank` page, then the logo on home's colour, then home,
    nothing between, the logo taken away on the app's word; returns home's colour."""
    home = Image.open(io.BytesIO(screen.settle())).convert("RGB").getpixel((2, 2))
    deadline = time.monotonic() + STEP_MS / 1000
    while home not in frames.corners()[1:] and time.monotonic() < deadline:
        screen.page.wait_for_timeout(100)  # the screencast's frames come as they are taken
    corners = frames.corners()
    said, gone = screen.page.evaluate("[window.firstScreenAt, window.logoGoneAt]")
    # The page itself on home's colour: a page without a background of its own is painted
    # white, dark mode or not (a frame of it came before the logo's on a loaded machine).
    page = screen.page.evaluate("getComputedStyle(document.documentElement).backgroundColor")
    assert page == "rgb({}, {}, {})".format(*home), page
    # Taken away on the app's word that home was sent, not by the page's own time limit.
    assert said is not None and gone is not None and gone >= said, (said, gone)
    shown = corners[corners.index(home) :] if home in corners else []
    assert shown and set(corners[: corners.index(home)]) <= {blank}, corners
    assert set(shown) == {home}, f"something else between the logo and home: {corners}"
    return home


def test_a_theme_and_language_chosen_in_the_app_are_the_first_frame_s(
    localhost: StaticServer, tmp_path: Path, browser: Any
) -> None:
    """Dark and German chosen in the app on a phone set to light and English: the next start
    showed the logo and home in light and English, then home in dark and German once the
    device said its settings. Now the page reads them as it loads: the logo is dark, and home
    is dark and German from its first frame."""
    phone = phone_of(localhost, tmp_path, browser, locale="en-US")
    screen = phone.open(ready="new-game")
    light = Image.open(io.BytesIO(screen.settle())).convert("RGB").getpixel((2, 2))
    screen.tap("open-settings")
    screen.wait_for("theme")
    screen.page.locator(
        '[flt-semantics-identifier="theme"] [role=button]', has_text="Dark"
    ).first.click()
    # The page itself (its edges past Flutter's view) in the theme chosen, at once.
    screen.page.wait_for_function(  # the dark theme's surface, #10140F
        "() => getComputedStyle(document.documentElement).backgroundColor === 'rgb(16, 20, 15)'",
        timeout=STEP_MS,
    )
    screen.tap("language")
    screen.page.get_by_text("Deutsch", exact=True).last.click()
    screen.page.wait_for_function(
        """() => localStorage.getItem('flutter.canasta_score.theme') === '"dark"'
            && localStorage.getItem('flutter.canasta_score.language') === '"de"'""",
        timeout=STEP_MS,
    )
    phone.close()

    frames = Frames()
    phone.before_load = frames.start
    phone.page_prelude = LOGO_WATCHED + ";\n" + NEW_GAME_SAID
    screen = phone.open(ready="new-game")
    home = logo_then_home(screen, frames, blank=(255, 255, 255))
    said = screen.page.evaluate("window.newGameSaid")
    phone.close()
    assert home != light, "home is dark"
    assert said and all("Neues Spiel" in words for words in said), said


def test_the_installability_check_fails_a_page_without_its_manifest(
    web_app: Path, tmp_path: Path, browser: Any
) -> None:
    """The check above can fail: the same page without its manifest link is not installable."""
    folder = tmp_path / "site"
    shutil.copytree(web_app, folder, copy_function=os.symlink)
    index = folder / "index.html"
    page = index.read_text(encoding="utf-8")
    index.unlink()
    link = '<link rel="manifest" href="manifest.json">'
    assert link in page
    index.write_text(page.replace(link, ""), encoding="utf-8")
    host = StaticServer(folder).start()
    try:
        context = browser.new_context()
        try:
            tab = context.new_page()
            tab.goto(f"http://127.0.0.1:{host.port}/", wait_until="load")
            errors = installability_errors(tab)
            assert "no-manifest" in [error["errorId"] for error in errors], errors
        finally:
            context.close()
    finally:
        host.stop()
