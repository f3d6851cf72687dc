"""Benchmark of the app: cold start in headless Chromium, a round save, a keystroke, memory.

    .venv/bin/python benchmarks/ui_bench.py [--runs N] [--games N] [--db PATH]
        [--keystroke-only | --cold-start-only]

Prints the figures recorded in docs/FIGURES.md ("The app"). Targets: cold start to a
usable score sheet within 1.25x a minimal Flet app served the same way on the same machine;
a round save to the updated sheet under 100 ms on the server with 10,000 games stored;
a keystroke in round entry to the updated preview under 5 ms (median) on the server;
server memory (RSS) with 10,000 games under 120 MB.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # the worked example shared with the tests
sys.path.insert(0, str(ROOT / "tests" / "browser"))  # and the headless Chromium set-up

from examples import WORKED_EXAMPLE_ROUND, game_file  # noqa: E402
from headless import CHROMIUM, CHROMIUM_ARGS, new_phone, open_app  # noqa: E402

NAMES = [
    "Anna",
    "Ben",
    "Cleo",
    "Dan",
    "Eva",
    "Finn",
    "Greta",
    "Hugo",
    "Ida",
    "Jan",
    "Kim",
    "Lena",
    "Max",
    "Nora",
    "Olaf",
    "Pia",
    "Quinn",
    "Rosa",
    "Sam",
    "Tess",
    "Ugo",
    "Vera",
    "Wim",
    "Xena",
    "Yves",
    "Zoe",
]


# --- data ----------------------------------------------------------------------------------


def finished_game(number: int, rng: random.Random, when: datetime) -> dict[str, Any]:
    """A plausible two-against-two classic game played to 5000 (every round a legal one)."""
    players = rng.sample(NAMES, 4)
    rounds = []
    totals = [0, 0]
    while max(totals) < 5000:
        out = rng.randrange(2)
        melded = 200 + 5 * rng.randrange(40)
        other_melded = 5 * rng.randrange(10, 40)
        entries: list[dict[str, Any]] = [{}, {}]
        entries[out] = {
            "melded": melded,
            "hand": 0,
            "canastas": {"natural": 1, "mixed": 1},
            "red_threes": rng.randrange(3),
            "went_out": "normal",
        }
        entries[1 - out] = {
            "melded": other_melded,
            "hand": 5 * rng.randrange(2, 20),
            "canastas": {"mixed": 1} if other_melded >= 50 and rng.random() < 0.5 else {},
            "red_threes": rng.randrange(2),
        }
        rounds.append(entries)
        for side in (0, 1):
            e = entries[side]
            bonus = 500 * e.get("canastas", {}).get("natural", 0) + 300 * e.get("canastas", {}).get(
                "mixed", 0
            )
            threes = [0, 100, 200, 300, 800][e.get("red_threes", 0)]
            totals[side] += e["melded"] - e["hand"] + bonus + threes + 100 * ("went_out" in e)
    return {
        "format": "canasta-score/1",
        "rules": "classic",
        "sides": [
            {"name": f"Table {number % 50}", "players": players[:2]},
            {"name": "They", "players": players[2:]},
        ],
        "rounds": rounds,
        "created": when.isoformat(),
        "updated": (when + timedelta(hours=1)).isoformat(),
    }


def game_in_progress(when: datetime) -> dict[str, Any]:
    """The newest game: two rounds played (the worked example first), far from the target."""
    second = [
        {"melded": 150, "hand": 40, "red_threes": 1},
        {"melded": 90, "hand": 0, "canastas": {"mixed": 1}, "went_out": "normal"},
    ]
    return game_file(
        rounds=[WORKED_EXAMPLE_ROUND, second], created=when.isoformat(), updated=when.isoformat()
    )


def build_database(path: Path, games: int) -> int:
    """`games` games stored (all finished but the newest); returns the newest game's id."""
    from canasta_score import storage

    rng = random.Random(4)
    start = datetime(2020, 1, 1, 19, tzinfo=UTC)
    documents = [finished_game(n, rng, start + timedelta(hours=4 * n)) for n in range(games - 1)]
    documents.append(game_in_progress(start + timedelta(hours=4 * games)))
    db = storage.open_database(path)
    try:
        ids = storage.import_document(
            db=db, document={"format": storage.BACKUP_FORMAT, "games": documents}
        )
    finally:
        db.close()
    return ids[-1]


def newest_game(path: Path) -> int:
    from canasta_score import storage

    db = storage.open_database(path)
    try:
        unfinished = storage.unfinished_game(db=db)
    finally:
        db.close()
    assert unfinished is not None, f"{path} has no game in progress"
    return unfinished.id


# --- processes and the browser -------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


#: Kept out of the servers' environment: a display (the app would open its window) and, unless
#: `--as-this-machine`, this machine's PYTHONDONTWRITEBYTECODE, which no player's Python sets:
#: without it a second start reads the app's modules compiled, as on every player's machine.
LEFT_OUT = ["DISPLAY", "WAYLAND_DISPLAY", "PYTHONDONTWRITEBYTECODE"]


def headless_env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in LEFT_OUT}


def wait_for_port(port: int, process: subprocess.Popen[Any], timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with {process.returncode}")
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.01)
    raise RuntimeError(f"nothing listens on port {port} after {timeout} s")


@contextmanager
def server(command: list[str], port: int, cwd: Path = ROOT) -> Iterator[subprocess.Popen[Any]]:
    process = subprocess.Popen(
        command,
        env=headless_env(),
        cwd=cwd,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for_port(port, process)
        yield process
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def app_command(port: int, db: Path) -> list[str]:
    return [sys.executable, str(ROOT / "main.py"), "--web", "--port", str(port), "--db", str(db)]


def minimal_command(port: int) -> list[str]:
    return [sys.executable, str(ROOT / "benchmarks" / "ui_minimal_app.py"), str(port)]


def open_until(
    browser: Any,
    url: str,
    identifier: str,
    timeout_ms: int = 60_000,
    locale: str | None = None,
    text: str | None = None,
) -> Any:
    """A fresh tab (empty cache) on `url`, returned once `identifier` is on screen (and says
    `text`, if given)."""
    context = new_phone(browser, timeout_ms=timeout_ms, locale=locale)
    page = context.new_page()
    open_app(page, url, identifier, timeout_ms, state="visible")
    if text is not None:
        page.wait_for_function(
            """([identifier, text]) => {
                const node = document.querySelector(`[flt-semantics-identifier="${identifier}"]`);
                if (!node) return false;
                const labels = [node, ...node.querySelectorAll('[aria-label]')]
                    .map(n => n.getAttribute('aria-label') || '');
                return [...labels, node.innerText || ''].some(said => said.includes(text));
            }""",
            arg=[identifier, text],
            timeout=timeout_ms,
        )
    return context


def cold_start(
    browser: Any,
    command: Callable[[int], list[str]],
    route: str,
    identifier: str,
    cwd: Path = ROOT,
    locale: str | None = None,
    text: str | None = None,
) -> float:
    """Seconds from starting the server process to `identifier` visible in a fresh tab (and
    saying `text`, if given)."""
    port = free_port()
    started = time.perf_counter()
    with server(command(port), port, cwd):
        url = f"http://127.0.0.1:{port}{route}"
        context = open_until(browser, url, identifier, locale=locale, text=text)
        elapsed = time.perf_counter() - started
        context.close()
    return elapsed


def rss_mb(pid: int) -> tuple[float, float]:
    """(resident now, peak resident) of a process, in MB."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        fields[key] = value.strip()
    kb = lambda key: int(fields[key].split()[0]) / 1024  # noqa: E731
    return kb("VmRSS"), kb("VmHWM")


# --- the round save, in the server's own code ------------------------------------------------


def round_save_times(db_path: Path, game_id: int, runs: int) -> list[float]:
    """Milliseconds from tapping save (with a full round typed) to the updated sheet built.

    Drives the screens' own code with a stand-in for the browser page: validation, the
    database write, reloading the game and building the sheet's controls. Each saved round
    is undone (untimed) so every run saves round 3 of the same game.
    """
    from test_ui_screens import PageStandIn  # the tests' stand-in for the browser page

    from canasta_score.core import WentOut
    from canasta_score.ui.routes import screen_for
    from canasta_score.ui.shell import App
    from canasta_score.ui.store import GameStore

    class BenchApp(App):
        def go(self, route: str) -> None:
            self.page.route = route
            self.current, self.view = screen_for(self, route)

        def keep_awake(self, on: bool) -> None:
            pass

    store = GameStore(str(db_path))
    page = PageStandIn()
    app = BenchApp(page, store)  # type: ignore[arg-type]
    times = []
    for _ in range(runs):
        app.nav.go(f"/game/{game_id}/round")
        entry = app.nav.current
        draft = entry.draft
        draft.set_melded(0, "300+45")
        draft.set_hand(0, "0")
        draft.add_canasta(0, "natural", 1)
        draft.add_red_three(0, 1)
        draft.set_went_out(0, WentOut.NORMAL)
        draft.set_melded(1, "120")
        draft.set_hand(1, "65")
        started = time.perf_counter()
        entry.save_round()
        times.append((time.perf_counter() - started) * 1000)
        assert app.page.route == f"/game/{game_id}", "the round was not saved"
        stored = store.load_game(game_id)
        assert len(stored.game.rounds) == 3
        store.undo_last_round(game_id, stored.version)
    return times


# --- a keystroke in round entry, in the server's own code ------------------------------------


def keystroke_times(db_path: Path, game_id: int, rounds: int) -> tuple[list[float], list[float]]:
    """Milliseconds from a keystroke in a points field to the updated preview, and for
    comparison the draft write each keystroke used to wait for.

    The field's own change handler runs as Flet calls it: the typed text is read, the round
    is checked once by the core and each side's preview and problems are set on its
    controls. The draft is written after a pause in typing (not timed: the player is not
    waiting for it). Flet's diff of the changed controls and the socket are not included,
    as for the round save.
    """
    from test_ui_screens import PageStandIn  # the tests' stand-in for the browser page

    from canasta_score.ui.shell import App
    from canasta_score.ui.store import GameStore
    from canasta_score.ui.views.round_entry import RoundEntryScreen

    class BenchApp(App):
        def keep_awake(self, on: bool) -> None:
            pass

    store = GameStore(str(db_path))
    page = PageStandIn()
    app = BenchApp(page, store)  # type: ignore[arg-type]
    typed = [("melded", 0, "300+45"), ("hand", 0, "0"), ("melded", 1, "120"), ("hand", 1, "65")]
    times, writes = [], []
    for _ in range(rounds):
        screen = RoundEntryScreen(app, f"/game/{game_id}/round", game_id)
        screen.build()
        for part, side, text in typed:
            field = getattr(screen.panels[side], part)
            for length in range(1, len(text) + 1):
                field.value = text[:length]
                started = time.perf_counter()
                field.on_change(SimpleNamespace(control=field))
                times.append((time.perf_counter() - started) * 1000)
        preview = screen.panels[0].score.value
        assert preview == "+345", f"the preview shows {preview!r}"
        started = time.perf_counter()
        screen.leave()  # what used to happen on every keystroke: the draft written
        writes.append((time.perf_counter() - started) * 1000)
        screen.clear()
    return times, writes


# --- the whole run -------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11, help="cold starts of each app")
    parser.add_argument("--games", type=int, default=10_000, help="games stored")
    parser.add_argument(
        "--db", type=Path, help="keep the database here and reuse it on the next run (~1 min saved)"
    )
    parser.add_argument(
        "--keystroke-only", action="store_true", help="only the keystroke figure (no browser)"
    )
    parser.add_argument(
        "--cold-start-only",
        action="store_true",
        help="only the cold starts, the app's and the minimal app's in turn",
    )
    parser.add_argument(
        "--as-this-machine",
        action="store_true",
        help="keep this machine's PYTHONDONTWRITEBYTECODE (each start compiles the app's modules)",
    )
    args = parser.parse_args()
    if args.as_this_machine:
        LEFT_OUT.remove("PYTHONDONTWRITEBYTECODE")
    from playwright.sync_api import sync_playwright

    results: dict[str, Any] = {"games_stored": args.games}
    with tempfile.TemporaryDirectory(prefix="canasta-bench-") as folder:
        db = args.db or Path(folder) / "games.db"
        if db.exists():
            game_id = newest_game(db)
        else:
            started = time.perf_counter()
            game_id = build_database(db, args.games)
            results["database_build_s"] = round(time.perf_counter() - started, 1)
        results["database_mb"] = round(db.stat().st_size / 1e6, 1)
        sheet = f"/game/{game_id}"

        if not args.cold_start_only:
            times, writes = keystroke_times(db, game_id, rounds=max(5, args.runs))
            results["keystroke_median_ms"] = round(statistics.median(times), 2)
            results["keystroke_p95_ms"] = round(statistics.quantiles(times, n=20)[-1], 2)
            results["keystroke_count"] = len(times)
            results["draft_write_median_ms"] = round(statistics.median(writes), 2)
        if args.keystroke_only:
            print(json.dumps(results, indent=2))
            return 0

        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            # One untimed start of each warms the file cache, as a second start would be.
            cold_start(browser, minimal_command, "/", "ready")
            cold_start(browser, lambda port: app_command(port, db), sheet, "add-round")
            minimal, app = [], []
            for _ in range(args.runs):
                minimal.append(cold_start(browser, minimal_command, "/", "ready"))
                app.append(
                    cold_start(browser, lambda port: app_command(port, db), sheet, "add-round")
                )
            results["cold_start_minimal_s"] = round(statistics.median(minimal), 2)
            results["cold_start_app_s"] = round(statistics.median(app), 2)
            results["cold_start_ratio"] = round(
                statistics.median(app) / statistics.median(minimal), 2
            )
            # Each start against the minimal one just before it (the same load, near enough).
            pairs = sorted(a / m for a, m in zip(app, minimal, strict=True))
            results["cold_start_ratio_of_pairs_median"] = round(statistics.median(pairs), 2)
            if args.cold_start_only:
                browser.close()
                print(json.dumps(results, indent=2))
                return 0

            # Memory: the server after a phone opened home (the history) and the sheet.
            port = free_port()
            with server(app_command(port, db), port) as process:
                context = open_until(browser, f"http://127.0.0.1:{port}/", "new-game")
                open_app(context.pages[0], f"http://127.0.0.1:{port}{sheet}", "add-round")
                time.sleep(1)
                now, peak = rss_mb(process.pid)
                context.close()
            results["server_rss_mb"] = round(now, 1)
            results["server_peak_rss_mb"] = round(peak, 1)
            browser.close()

        times = round_save_times(db, game_id, runs=max(20, args.runs * 4))
        results["round_save_median_ms"] = round(statistics.median(times), 1)
        results["round_save_max_ms"] = round(max(times), 1)

    print(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
