"""Cold start of this checkout against another one (an earlier commit), interleaved.

    .venv/bin/python benchmarks/cold_start_compare.py --before DIR --before-db PATH \\
        --db PATH [--runs N] [--locale CODE]

Each run starts the earlier checkout's server and then this one's, each in a fresh headless
Chromium tab with an empty cache, and times process start → `add-round` visible on the game
in play (the same measure as `ui_bench.py`). Interleaving puts both under the same load, so
their ratio means something on a shared machine. With `--locale`, this checkout is also
timed until the sheet speaks that language (the earlier one may not). Each checkout needs a database at its own
schema: build them with `ui_bench.py --keystroke-only --db PATH` run from each checkout.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ui_bench import CHROMIUM, CHROMIUM_ARGS, ROOT, cold_start


def app_command(checkout: Path, db: Path) -> Callable[[int], list[str]]:
    return lambda port: [
        sys.executable,
        str(checkout / "main.py"),
        "--web",
        "--port",
        str(port),
        "--db",
        str(db),
    ]


def newest_game(db: Path) -> int:
    """The game the benchmark opens: the newest, read without opening the database the
    app's way (which would bring an older checkout's database up to this one's schema)."""
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as connection:
        (game_id,) = connection.execute("SELECT max(id) FROM game").fetchone()
    return int(game_id)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, required=True, help="the earlier checkout")
    parser.add_argument("--before-db", type=Path, required=True, help="its database")
    parser.add_argument("--db", type=Path, required=True, help="this checkout's database")
    parser.add_argument("--runs", type=int, default=11, help="cold starts of each")
    parser.add_argument("--locale", help="the browser's language (default: Chromium's own)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    before_sheet = f"/game/{newest_game(args.before_db)}"
    after_sheet = f"/game/{newest_game(args.db)}"
    before_cmd = app_command(args.before.resolve(), args.before_db)
    after_cmd = app_command(ROOT, args.db)
    starts: dict[str, Callable[[Any], float]] = {
        "before": lambda browser: cold_start(
            browser, before_cmd, before_sheet, "add-round", args.before, args.locale
        ),
        "after": lambda browser: cold_start(
            browser, after_cmd, after_sheet, "add-round", locale=args.locale
        ),
    }
    if args.locale:
        # This checkout again, until the sheet speaks the browser's language (the earlier
        # checkout may not speak it at all).
        from canasta_score.i18n import negotiate, translator

        words = translator(negotiate([args.locale]))._("Add round {n}").split("{")[0].strip()
        starts["after_in_its_language"] = lambda browser: cold_start(
            browser, after_cmd, after_sheet, "add-round", locale=args.locale, text=words
        )
    times: dict[str, list[float]] = {name: [] for name in starts}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        # One untimed start of each warms the file cache, as a second start would be.
        for start in starts.values():
            start(browser)
        for run in range(args.runs):
            # Each run goes the other way round, so none always follows the same one.
            order = list(starts) if run % 2 == 0 else list(reversed(starts))
            for name in order:
                times[name].append(starts[name](browser))
        browser.close()
    medians = {name: statistics.median(values) for name, values in times.items()}
    results: dict[str, Any] = {
        "runs": args.runs,
        "locale": args.locale or "Chromium's own (en-US)",
        **{f"{name}_median_s": round(median, 3) for name, median in medians.items()},
        **{
            f"{name}_ratio": round(median / medians["before"], 3)
            for name, median in medians.items()
            if name != "before"
        },
        **{f"{name}_s": [round(t, 2) for t in values] for name, values in times.items()},
    }
    print(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
