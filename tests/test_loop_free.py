"""Screens read, then draw: on a server every phone shares one event loop, so no screen asks
storage anything on it, neither as it is first shown nor when it is drawn again (news from
another phone, a filter chosen, the text size measured). Every store method is made slow
here, and each call on the loop's own thread is a failure."""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_ui_screens import WE_THEY, LoopPage, run_on_a_loop_of_its_own, until

from canasta_score.core import PRESETS, Game, SideEntry
from canasta_score.ui.shell import App
from canasta_score.ui.store import GameStore

#: What the store keeps in memory alone (no database behind it).
IN_MEMORY = {"note_draft", "telling", "close", "listen_to_others", "read_statistics_soon"}

ROUTES = [
    "/",
    "/new",
    "/new/from/1",
    "/game/1",
    "/game/1/chart",
    "/game/1/round",
    "/game/1/round/1",
    "/game/1/round/1/edit",
    "/game/2/round",  # a finished game: its sheet
    "/rules",
    "/rules/game/1",
    "/settings",
    "/stats",
    "/invite",
    "/game/99",  # a game that is not there: home
]


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    store = GameStore(str(tmp_path / "games.db"))
    game_id = store.create_game(Game(rules=PRESETS["classic"], sides=WE_THEY)).id
    store.add_round(game_id, [SideEntry(melded=120), SideEntry(hand=30)], 1)
    short = dataclasses.replace(PRESETS["classic"], target=100)
    finished = store.create_game(Game(rules=short, sides=WE_THEY)).id
    store.add_round(finished, [SideEntry(melded=120), SideEntry(hand=30)], 1)
    return store


def on_the_loop_calls(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every store method slowed down, each call on the loop's thread written down."""
    on_loop: list[str] = []
    for name, method in list(vars(GameStore).items()):
        if name.startswith("_") or name in IN_MEMORY or not callable(method):
            continue

        def slow(*args: Any, _method: Callable[..., Any] = method, _name: str = name) -> Any:
            try:
                asyncio.get_running_loop()
                on_loop.append(_name)
            except RuntimeError:  # a worker thread: as it should be
                pass
            time.sleep(0.01)
            return _method(*args)

        monkeypatch.setattr(GameStore, name, functools.wraps(method)(slow))
    return on_loop


def test_no_screen_reads_storage_on_the_event_loop(
    store: GameStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    on_loop = on_the_loop_calls(monkeypatch)

    async def visit() -> None:
        app = App(LoopPage(), store, off_loop=True)  # type: ignore[arg-type]
        app.start(tell_about_opening=False)
        await until(lambda: app.nav.current is not None)
        for route in ROUTES:
            app.page.route = route
            app.nav.show_route()
            await until(lambda route=route: app.nav.current is not None)
            screen = app.nav.current
            assert screen is not None
            app.nav.redraw(screen)  # drawn again (the text size measured, a question answered)
            heard = getattr(screen, "changed_on_another_phone", None)
            if heard is not None:  # news from another phone: read off the loop, then drawn
                heard()
            read_again = getattr(screen, "read_again", None)
            if callable(read_again) and not heard:
                read_again()
            show = getattr(screen, "show", None)
            if route == "/stats" and show is not None:
                show(screen.choices)  # type: ignore[attr-defined]
            await asyncio.sleep(0.2)
            assert on_loop == [], f"{route}: {on_loop} asked on the event loop"
        app.closing()

    run_on_a_loop_of_its_own(visit())


def test_a_slow_database_holds_up_no_other_phone(
    store: GameStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every store method slow to answer: the loop goes on while a phone reads its screens."""
    on_the_loop_calls(monkeypatch)

    async def phones() -> None:
        app = App(LoopPage(), store, off_loop=True)  # type: ignore[arg-type]
        app.start(tell_about_opening=False)
        ticks = 0
        stop = threading.Event()

        async def ticking() -> None:
            nonlocal ticks
            while not stop.is_set():
                ticks += 1
                await asyncio.sleep(0.005)

        ticker = asyncio.get_running_loop().create_task(ticking())
        for route in ("/", "/stats", "/game/1", "/game/1/round"):
            before = ticks
            app.page.route = route
            app.nav.show_route()
            await until(lambda: app.nav.current is not None)
            assert ticks > before, f"the loop went on while {route} was read"
        stop.set()
        await ticker
        app.closing()

    run_on_a_loop_of_its_own(phones())
