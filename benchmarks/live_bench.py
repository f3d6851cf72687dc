"""Benchmark of the live sheet: a round saved on one phone to the other phone's sheet updated.

    .venv/bin/python benchmarks/live_bench.py [--saves N]

Two headless Chromium pages (two browser contexts: two phones) show the same game. Phone A
enters and saves a round N times; each time the clock runs from A's tap on "Save round" to
the new total in B's sheet (its semantics node, which Flutter updates with the frame drawn),
and, for comparison, to A's own sheet back with its button for the next round. The same on
the server alone (Flet's pubsub hub, two pages in one process, no browser): the save on A to
B's sheet built again. Prints median and worst, in ms, as
recorded in docs/FIGURES.md ("The app"). Target: the other phone within a second.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))  # the headless Chromium set-up

from headless import CHROMIUM, CHROMIUM_ARGS, TIMEOUT_MS, new_phone, node, open_app  # noqa: E402
from ui_bench import app_command, free_port, server  # noqa: E402

GAME = {
    "format": "canasta-score/1",
    "rules": "classic",
    "sides": [
        {"name": "We", "players": ["Anna", "Ben"]},
        {"name": "They", "players": ["Cleo", "Dan"]},
    ],
    "rounds": [],
}
#: Each round: We meld 90 (enough to open up to 2995), They keep 90 in hand.
MELDED = 90

#: Notes Date.now() at the first moment the node shows `expected` (its digits compared).
WATCH_TOTAL = """
([identifier, expected]) => {
    window.__shownAt = null;
    const selector = `[flt-semantics-identifier="${identifier}"]`;
    const shows = () => {
        const node = document.querySelector(selector);
        if (!node) return false;
        const said = (node.getAttribute('aria-label') || '') + ' ' + (node.innerText || '');
        return said.replace(/[^0-9-]/g, '') === String(expected);
    };
    const check = () => {
        if (window.__shownAt === null && shows()) {
            window.__shownAt = Date.now();
            observer.disconnect();
            clearInterval(timer);
        }
    };
    const observer = new MutationObserver(check);
    observer.observe(document.documentElement,
        {subtree: true, childList: true, attributes: true, characterData: true});
    const timer = setInterval(check, 2);
}
"""


def store_game(db: Path) -> None:
    source = db.with_suffix(".json")
    source.write_text(json.dumps(GAME))
    subprocess.run(
        [sys.executable, "-m", "canasta_score", "import", str(source), "--db", str(db)],
        check=True,
        capture_output=True,
        cwd=ROOT,
    )


def fill(page: Any, identifier: str, value: str) -> None:
    field = node(page, identifier).locator("input").first
    for _attempt in range(3):
        field.click()
        field.fill(value)
        if field.input_value() == value:
            return
    raise RuntimeError(f"{identifier}: typed {value!r}, holds {field.input_value()!r}")


def shown_at(page: Any) -> float:
    page.wait_for_function("window.__shownAt !== null", timeout=TIMEOUT_MS)
    moment: float = page.evaluate("window.__shownAt")
    return moment


def server_side_times(saves: int) -> list[float]:
    """Ms from a save on page A's store to page B's sheet built again, inside one process:
    Flet's own pubsub hub and worker threads, two pages, no browser (no diff, no socket)."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor
    from types import SimpleNamespace

    from flet.pubsub.pubsub_client import PubSubClient
    from flet.pubsub.pubsub_hub import PubSubHub

    from canasta_score.core import PRESETS, Game, Side, SideEntry
    from canasta_score.ui.shell import App
    from canasta_score.ui.store import GameStore

    times: list[float] = []

    async def run(db: Path) -> None:
        loop = asyncio.get_running_loop()
        hub = PubSubHub(loop=loop, executor=ThreadPoolExecutor())
        store = GameStore(str(db))
        sides = (Side("We", ("Anna", "Ben")), Side("They", ("Cleo", "Dan")))
        game_id = store.create_game(Game(rules=PRESETS["classic"], sides=sides)).id
        drawn = asyncio.Event()

        class Page(SimpleNamespace):
            def update(self, *_controls: Any) -> None:
                if self.name == "b":
                    drawn.set()

            def run_task(self, task: Any) -> Any:
                return asyncio.run_coroutine_threadsafe(task(), loop)

        def page(name: str) -> Any:
            return Page(
                name=name,
                width=390,
                route=f"/game/{game_id}",
                views=[],
                services=[],
                pubsub=PubSubClient(hub, name),
            )

        a, b = App(page("a"), store), App(page("b"), store)  # type: ignore[arg-type]
        for app in (a, b):
            app.nav.show_route()
        for _save in range(saves):
            drawn.clear()
            version = store.load_game(game_id).version
            started = time.perf_counter()
            a.store.add_round(game_id, [SideEntry(melded=MELDED), SideEntry(hand=MELDED)], version)
            await drawn.wait()
            times.append((time.perf_counter() - started) * 1000)

    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(run(Path(folder) / "server.db"))
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=20)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    other: list[float] = []
    same: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "live.db"
        store_game(db)
        port = free_port()
        with server(app_command(port, db), port), sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            url = f"http://127.0.0.1:{port}/game/1"
            # Two phones of their own (two browser contexts) on the game's sheet.
            a, b = (new_phone(browser).new_page() for _ in range(2))
            for page in (a, b):
                open_app(page, url, "add-round", state="visible")
            for number in range(1, args.saves + 1):
                node(a, "add-round").click()
                node(a, "save-round").wait_for()
                fill(a, "side-0-melded", str(MELDED))
                fill(a, "side-1-hand", str(MELDED))
                save = node(a, "save-round").locator("[role=button]").first
                save.wait_for()
                # B's sheet shows the new total; A's own sheet (round entry also shows a
                # "total" preview) is known by its button for the next round.
                b.evaluate(WATCH_TOTAL, ["side-0-total", MELDED * number])
                a.evaluate(WATCH_TOTAL, ["add-round", number + 1])
                tapped = time.time() * 1000
                save.click()
                other.append(shown_at(b) - tapped)
                same.append(shown_at(a) - tapped)
            browser.close()
    server_side = server_side_times(args.saves)
    results = {
        "saves": len(other),
        "server_side_median_ms": round(statistics.median(server_side), 1),
        "server_side_worst_ms": round(max(server_side), 1),
        "other_phone_median_ms": round(statistics.median(other)),
        "other_phone_worst_ms": round(max(other)),
        "same_phone_median_ms": round(statistics.median(same)),
        "same_phone_worst_ms": round(max(same)),
    }
    print(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
