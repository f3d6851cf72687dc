"""Benchmark: a keystroke or a step in a meld to the updated preview, on the server, with a side
of 8 melds (issue 16's figure: under 5 ms median).

    .venv/bin/python benchmarks/meld_keystroke_bench.py [--runs N]

Timed as Flet calls the handlers: a typed count (the field's change handler) or a tap on a
stepper; the round is checked once by the core and every meld row, side preview and problem is
set on its controls. Flet's diff of the changed controls, the socket and the draft write (after
a pause in typing, or at once for a tap, on the event loop afterwards) are not included, as in
ui_bench.py's keystroke figure.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from examples import EIGHT_MELDS  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=200)
    runs = parser.parse_args().runs

    from examples import game_file  # the tests' game-file builder
    from test_ui_screens import PageStandIn  # the tests' stand-in for the browser page

    from canasta_score.core import Rank, read_game
    from canasta_score.ui.shell import App
    from canasta_score.ui.state.typed_round import Written
    from canasta_score.ui.store import GameStore
    from canasta_score.ui.views.round_entry import RoundEntryScreen

    class BenchApp(App):
        def keep_awake(self, on: bool) -> None:
            pass

    with tempfile.TemporaryDirectory() as folder:
        store = GameStore(str(Path(folder) / "bench.db"))
        game, _problems = read_game(game_file([]))
        assert game is not None
        stored = store.create_game(game)
        app = BenchApp(PageStandIn(), store)  # type: ignore[arg-type]
        screen = RoundEntryScreen(app, f"/game/{stored.id}/round", stored.id)
        draft = screen.draft
        from canasta_score.ui.state import EntryMode

        draft.set_mode(0, EntryMode.MELDS)
        for meld in EIGHT_MELDS:
            rank = Rank(meld["rank"])
            draft.add_meld(0, rank)
            for count in ("natural", "twos", "jokers"):
                draft.set_meld_count(0, rank, count, int(meld.get(count, 0)))
        screen.build()
        area = screen.panels[0].meld_area
        row = area.rows[Rank.NINE]
        field = row.counts["natural"].field
        typed, stepped, written = [], [], []
        port = screen.typed.port
        send = port.send
        for run in range(runs):
            field.value = str(5 + run % 2)  # 5, 6, 5, ...: a keystroke in the nines' count
            started = time.perf_counter()
            field.on_change(type("Event", (), {"control": field})())  # type: ignore[misc]
            typed.append((time.perf_counter() - started) * 1000)
            # A tap writes the draft at once: timed apart from the preview it follows.
            port.send = lambda _request, done: done(Written())  # type: ignore[method-assign]
            started = time.perf_counter()
            row.counts["twos"].plus.on_click()  # type: ignore[misc,call-arg]
            stepped.append((time.perf_counter() - started) * 1000)
            port.send = send  # type: ignore[method-assign]
            started = time.perf_counter()
            row.counts["twos"].minus.on_click()  # type: ignore[misc,call-arg]
            written.append((time.perf_counter() - started) * 1000)
    for name, times in (
        ("typed count", typed),
        ("stepper tap", stepped),
        ("stepper tap with the draft written", written),
    ):
        print(
            f"{name}, side of 8 melds: median {statistics.median(times):.2f} ms, "
            f"p90 {statistics.quantiles(times, n=10)[-1]:.2f} ms ({runs} runs)"
        )


if __name__ == "__main__":
    main()
