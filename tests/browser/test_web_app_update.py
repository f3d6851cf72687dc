"""A phone taken from one build of the web app to the next, as a host publishes it: online, a
round half typed, then offline (tests/browser/test_web_app.py has the phone and the host).

Two builds of one folder: the second is the first with its page marked "2" and sealed again
(tools/build_web_app.py `seal`: its service worker names the new files, so it is a new
version), served as GitHub Pages serves, with `Cache-Control: max-age=600`, so that the
browser's HTTP cache still holds the first build's files when the second is published.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from conftest import ROOT, Screen
from headless import enable_semantics
from test_journeys import start_a_game
from test_web_app import START_MS, Phone, StaticServer, kept_for_offline

SPEC = importlib.util.spec_from_file_location("build_web_app", ROOT / "tools/build_web_app.py")
assert SPEC is not None and SPEC.loader is not None
build = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(build)

#: The mark each build's page carries: which build a phone runs.
MARK = '<meta name="canasta-score-build" content="{}">'


def a_build(web_app: Path, folder: Path, number: int) -> Path:
    """`web_app` copied to `folder`, its page marked `number`, sealed as a version of its own."""
    shutil.copytree(web_app, folder)
    index = folder / "index.html"
    page = index.read_text(encoding="utf-8")
    index.write_text(page.replace("<head>", "<head>\n  " + MARK.format(number), 1), "utf-8")
    build.seal(folder)
    # Written a second apart, as builds are: the host's dates tell them apart (a request that
    # asks "changed since?" of a file written within the same second is told no).
    for changed in (index, folder / "service-worker.js"):
        os.utime(changed, (time.time() + number, time.time() + number))
    return folder


def build_shown(screen: Screen) -> str:
    mark: str = screen.page.evaluate(
        "() => document.querySelector('meta[name=canasta-score-build]').content"
    )
    return mark


def test_a_phone_takes_the_next_build_on_a_tap_keeps_its_half_typed_round_and_opens_it_offline(
    web_app: Path, tmp_path: Path, browser: Any
) -> None:
    one = a_build(web_app, tmp_path / "build-1", 1)
    two = a_build(web_app, tmp_path / "build-2", 2)
    site = tmp_path / "site"
    site.symlink_to(one, target_is_directory=True)
    host = StaticServer(site, "--max-age", "600").start()
    try:
        playwright = SimpleNamespace(chromium=browser.browser_type)
        phone = Phone(playwright, tmp_path / "profile", host.url, routed=False)
        screen = phone.open(ready="new-game")
        assert build_shown(screen) == "1"
        kept_for_offline(screen)
        start_a_game(screen)
        phone.close()

        site.unlink()  # the host publishes build 2
        site.symlink_to(two, target_is_directory=True)
        screen = phone.open(ready="resume")
        assert build_shown(screen) == "1", "the open tab keeps the code it started with"
        screen.tap("resume")
        screen.tap("add-round")
        screen.wait_for("save-round")
        screen.fill("side-0-melded", "420")
        screen.tap("side-0-canasta-natural-plus")
        screen.wait_text("side-0-round-score", r"920")  # 420 + 500, kept at the tap

        # Build 2, whole, waits until the player takes it.
        notice = screen.page.locator(".canasta-score-notice[data-kind=update-ready]")
        notice.wait_for(timeout=START_MS)
        assert build_shown(screen) == "1"
        notice.locator("button").click()
        screen.page.wait_for_function(
            "() => document.querySelector('meta[name=canasta-score-build]')?.content === '2'",
            timeout=START_MS,
        )
        enable_semantics(screen.page, START_MS)
        screen.wait_for("save-round", timeout=START_MS)  # the round entry, as it was
        screen.wait_text("side-0-round-score", r"920")
        assert screen.value("side-0-melded") == "420"
        kept_for_offline(screen)
        phone.close()
    finally:
        host.stop()

    # No host at all: the phone's own copy is build 2, and whole (CanvasKit's build too).
    screen = phone.open(ready="resume")
    assert build_shown(screen) == "2"
    screen.tap("resume")
    screen.tap("add-round")
    screen.wait_text("side-0-round-score", r"920")
    names = screen.page.evaluate(
        """async () => {
            const names = await caches.keys();
            const cache = await caches.open(names[0]);
            return (await cache.keys()).map((request) => new URL(request.url).pathname);
        }"""
    )
    assert any(name.startswith("/canvaskit/") for name in names), names
    phone.close()
