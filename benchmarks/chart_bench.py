"""Benchmark of opening the game chart of a 30-round game, on the server.

    .venv/bin/python benchmarks/chart_bench.py [--runs N] [--rounds N]

Prints the figures recorded in docs/FIGURES.md ("The app"). Target: opening the chart of a
30-round game under 100 ms on the server. Measured: the route's screen made (the game loaded
from the database, its chart series worked out, every control of the view built), and the same
with the view encoded as Flet sends it to the phone (msgpack, as the socket server packs it).
A round detail with its picture is measured the same way.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import msgpack  # noqa: E402
from flet.controls.base_control import BaseControl  # noqa: E402
from flet.messaging.protocol import configure_encode_object_for_msgpack  # noqa: E402

from canasta_score.ui.routes import screen_for  # noqa: E402
from canasta_score.ui.shell import App  # noqa: E402
from canasta_score.ui.store import GameStore  # noqa: E402

#: Two rounds, taken in turn, that move both sides on without a win within 30 rounds.
ROUND = [
    {"melded": 150, "hand": 10, "red_threes": 1},
    {"melded": 120, "hand": 40},
]
QUIET = [
    {"melded": 120, "hand": 30},
    {"melded": 120, "hand": 40},
]


class Page(SimpleNamespace):
    def __init__(self) -> None:
        super().__init__(width=390, route="/", views=[], services=[], dialogs=[])

    def update(self, *_controls: Any) -> None:
        pass

    def navigate(self, route: str) -> None:
        self.route = route

    def run_task(self, _task: Any) -> None:
        pass


def timed(work: Any, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        store = GameStore(str(Path(folder) / "games.db"))
        document = {
            "format": "canasta-score/1",
            "rules": "classic",
            "sides": [
                {"name": "We", "players": ["Anna", "Ben"]},
                {"name": "They", "players": ["Cleo", "Dan"]},
            ],
            "rounds": [QUIET if number % 2 else ROUND for number in range(args.rounds)],
        }
        (game_id,) = store.import_bytes(json.dumps(document).encode(), "bench.json")
        game = store.load_game(game_id).game
        assert len(game.rounds) == args.rounds and not game.finished, game.totals
        app = App(Page(), store)  # type: ignore[arg-type]
        encode = configure_encode_object_for_msgpack(BaseControl)
        sent: list[int] = []

        def open_and_encode(route: str) -> None:
            _screen, view = screen_for(app, route)
            sent.append(len(msgpack.packb(view, default=encode)))

        chart = f"/game/{game_id}/chart"
        detail = f"/game/{game_id}/round/{args.rounds - 1}"
        for route in (chart, detail):  # the first opening imports flet_charts: not counted
            open_and_encode(route)
        rows = [
            ("chart: screen built", timed(lambda: screen_for(app, chart), args.runs)),
            ("chart: built and encoded", timed(lambda: open_and_encode(chart), args.runs)),
            ("round detail: built and encoded", timed(lambda: open_and_encode(detail), args.runs)),
        ]
        store.db.close()
    print(f"{args.rounds}-round game, {args.runs} runs each")
    for name, times in rows:
        ordered = sorted(times)
        p95 = ordered[int(0.95 * (len(ordered) - 1))]
        print(
            f"{name:34} median {statistics.median(times):6.1f} ms   "
            f"p95 {p95:6.1f} ms   worst {max(times):6.1f} ms"
        )
    print(f"chart view encoded: {sent[0] / 1024:.1f} KiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
