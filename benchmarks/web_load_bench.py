"""Benchmark of what a phone downloads: bytes and requests for a cold and a warm load.

    .venv/bin/python benchmarks/web_load_bench.py [--runs N]

A cold load is a fresh headless Chromium tab with an empty cache, from the page to the app's
first screen and the network quiet for a second; a warm load is the same phone opening the
link again (a new tab in the same browser profile, its HTTP cache kept). Bytes are what went
over the wire, headers included (Chrome DevTools Protocol: `Network.loadingFinished`
`encodedDataLength`, as the Network panel's "transferred"); the websocket's messages are not
counted. Compared with the minimal Flet app (`benchmarks/ui_minimal_app.py`) served the
default way. Goals: a cold load of the app under 5.5 MB, a warm load under 100 KB.

Compressed copies of the client are made once per machine (the app's cache folder), as the
first phone asks for each file; the benchmark starts the app with an empty cache folder and
reports that first load apart (`first_load_ever_*`); the medians are of the loads after it.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from headless import CHROMIUM, CHROMIUM_ARGS, PHONE, open_app  # noqa: E402
from ui_bench import app_command, free_port, minimal_command, server  # noqa: E402

#: Playwright's request routing turns the HTTP cache off, so the one call the client makes
#: to the internet is blocked through the DevTools protocol instead.
BLOCKED = ["*://fonts.gstatic.com/*", "*://fonts.googleapis.com/*", "*://www.gstatic.com/*"]
QUIET_S = 1.0


class Traffic:
    """The HTTP traffic of one tab, from the DevTools protocol."""

    def __init__(self, page: Any) -> None:
        self.session = page.context.new_cdp_session(page)
        self.requests: dict[str, str] = {}
        self.bytes: dict[str, int] = {}
        self.from_cache: set[str] = set()
        self.statuses: dict[str, int] = {}
        self.last_event = time.monotonic()
        self.session.on("Network.requestWillBeSent", self._sent)
        self.session.on("Network.requestServedFromCache", self._cached)
        self.session.on("Network.responseReceived", self._received)
        self.session.on("Network.loadingFinished", self._finished)
        self.session.on("Network.loadingFailed", self._failed)
        self.session.send("Network.enable")
        self.session.send("Network.setBlockedURLs", {"urls": BLOCKED})
        self.failed: list[str] = []

    def _sent(self, event: dict[str, Any]) -> None:
        url = event["request"]["url"]
        if url.startswith(("data:", "blob:")):
            return
        self.requests[event["requestId"]] = url
        self.last_event = time.monotonic()

    def _cached(self, event: dict[str, Any]) -> None:
        self.from_cache.add(event["requestId"])

    def _received(self, event: dict[str, Any]) -> None:
        response = event["response"]
        self.statuses[event["requestId"]] = int(response.get("status", 0))
        if response.get("fromDiskCache") or response.get("fromPrefetchCache"):
            self.from_cache.add(event["requestId"])

    def _finished(self, event: dict[str, Any]) -> None:
        if event["requestId"] in self.requests:
            self.bytes[event["requestId"]] = int(event["encodedDataLength"])
            self.last_event = time.monotonic()

    def _failed(self, event: dict[str, Any]) -> None:
        url = self.requests.pop(event["requestId"], None)
        if url and not event.get("canceled"):
            self.failed.append(url)

    def summary(self) -> dict[str, Any]:
        local = {k: v for k, v in self.requests.items() if "127.0.0.1" in v}
        over_network = [k for k in local if k not in self.from_cache]
        return {
            "requests": len(local),
            "requests_over_the_network": len(over_network),
            "bytes": sum(self.bytes.get(k, 0) for k in local),
            "statuses": sorted(self.statuses.get(k, 0) for k in over_network),
            "largest": sorted(
                ((self.bytes.get(k, 0), local[k].split("127.0.0.1")[-1]) for k in local),
                reverse=True,
            )[:4],
        }


def load(context: Any, url: str, identifier: str, timeout_ms: int = 60_000) -> dict[str, Any]:
    """Opens `url` in a new tab of `context`; the traffic until the screen is up and quiet."""
    page = context.new_page()
    traffic = Traffic(page)
    started = time.perf_counter()
    open_app(page, url, identifier, timeout_ms, state="visible")
    ready_s = time.perf_counter() - started
    while time.monotonic() - traffic.last_event < QUIET_S:
        page.wait_for_timeout(200)
    figures = traffic.summary()
    figures["ready_s"] = round(ready_s, 2)
    page.close()
    return figures


def cold_and_warm(browser: Any, url: str, identifier: str) -> tuple[dict[str, Any], dict[str, Any]]:
    context = browser.new_context(viewport=PHONE)
    try:
        cold = load(context, url, identifier)
        warm = load(context, url, identifier)
    finally:
        context.close()
    return cold, warm


def measure(
    browser: Any, command: list[str], port: int, identifier: str, runs: int
) -> dict[str, Any]:
    url = f"http://127.0.0.1:{port}/"
    with server(command, port):
        # The first load ever: the app compresses each file as it is first asked for.
        first, _ = cold_and_warm(browser, url, identifier)
        results = [cold_and_warm(browser, url, identifier) for _ in range(runs)]
    colds = [cold for cold, _ in results]
    warms = [warm for _, warm in results]

    def median(figures: list[dict[str, Any]], key: str) -> int:
        return int(statistics.median(f[key] for f in figures))

    return {
        "first_load_ever_s": first["ready_s"],
        "first_load_ever_bytes": first["bytes"],
        "cold_load_s": statistics.median(c["ready_s"] for c in colds),
        "cold_bytes": median(colds, "bytes"),
        "cold_requests": median(colds, "requests"),
        "warm_bytes": median(warms, "bytes"),
        "warm_requests": median(warms, "requests"),
        "warm_requests_over_the_network": median(warms, "requests_over_the_network"),
        "cold_largest": colds[-1]["largest"],
        "warm_largest": warms[-1]["largest"],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="cold and warm loads of each app")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="canasta-bench-") as folder, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        port = free_port()
        results["minimal_flet_app"] = measure(
            browser, minimal_command(port), port, "ready", args.runs
        )
        port = free_port()
        db = Path(folder) / "games.db"
        os.environ["XDG_CACHE_HOME"] = str(Path(folder) / "cache")  # no compressed copies yet
        results["canasta_score"] = measure(
            browser, app_command(port, db), port, "new-game", args.runs
        )
        browser.close()
    print(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
