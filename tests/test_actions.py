"""The action runner: storage off the event loop, and each fault met the same way everywhere."""

from __future__ import annotations

import asyncio
import dataclasses
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from test_ui_screens import (
    WE_THEY,
    LoopPage,
    PageStandIn,
    identifiers,
    run_on_a_loop_of_its_own,
    until,
)

from canasta_score.core import PRESETS, Game, SideEntry
from canasta_score.storage import DatabaseUnavailable, GameNotFound, Notice, NoticeCode
from canasta_score.ui import actions
from canasta_score.ui.actions import ActionRunner
from canasta_score.ui.shell import App
from canasta_score.ui.state import typed_round
from canasta_score.ui.state.typed_round import Phase
from canasta_score.ui.store import GameStore
from canasta_score.ui.views.home import HomeScreen
from canasta_score.ui.views.round_entry import RoundEntryScreen


def unavailable() -> DatabaseUnavailable:
    return DatabaseUnavailable(
        Notice(NoticeCode.DATABASE_CANNOT_BE_USED, {"path": "games.db", "reason": "locked"})
    )


class Heard:
    """A voice that writes down what the runner says."""

    def __init__(self) -> None:
        self.said: list[tuple[str, Any]] = []

    def unreachable(self, *, waiting: bool) -> None:
        self.said.append(("unreachable", waiting))

    def reachable_again(self) -> None:
        self.said.append(("back", None))

    def game_gone(self, error: GameNotFound, undo: Callable[[], None] | None) -> None:
        self.said.append(("gone", error.game_id))

    def fault(self, error: BaseException) -> None:
        self.said.append(("fault", type(error).__name__))

    def refresh(self) -> None:
        self.said.append(("refresh", None))


def direct(voice: Heard) -> ActionRunner:
    return ActionRunner(voice=voice, run_task=lambda _task: None, off_loop=False)


def test_a_result_goes_to_the_screen_and_the_page_is_updated() -> None:
    voice, got = Heard(), []
    direct(voice).attempt(lambda: 42, got.append)
    assert got == [42] and voice.said == [("refresh", None)]


def test_a_refusal_the_screen_expects_is_its_own_to_handle() -> None:
    voice, refused = Heard(), []

    def refuse() -> None:
        raise ValueError("blank")

    direct(voice).attempt(refuse, refused={ValueError: refused.append})
    assert [str(error) for error in refused] == ["blank"]
    assert voice.said == [("refresh", None)]


@pytest.mark.parametrize(
    ("error", "said"),
    [
        (unavailable(), ("unreachable", False)),
        (GameNotFound(7, deleted=True), ("gone", 7)),
        (KeyError("side"), ("fault", "KeyError")),
    ],
)
def test_each_fault_is_met_the_same_way_and_nothing_escapes(
    error: Exception, said: tuple[str, Any], caplog: pytest.LogCaptureFixture
) -> None:
    voice, after = Heard(), []

    def fails() -> None:
        raise error

    with caplog.at_level("WARNING"):
        direct(voice).attempt(
            fails, lambda _: after.append("then"), always=lambda: after.append("always")
        )
    assert voice.said[0] == said and after == ["always"]
    if said[0] == "fault":  # a bug is logged with its traceback
        assert any(record.exc_info for record in caplog.records)


def test_a_fault_in_what_the_screen_does_with_the_result_is_met_too() -> None:
    voice = Heard()

    def broken(_result: int) -> None:
        raise AttributeError("gone")

    direct(voice).attempt(lambda: 1, broken)
    assert ("fault", "AttributeError") in voice.said


def test_off_the_loop_the_call_runs_on_another_thread_and_the_result_comes_back_on_the_loop() -> (
    None
):
    async def journey() -> None:
        loop_thread = threading.current_thread()
        loop = asyncio.get_running_loop()
        voice, ran_on, then_on = Heard(), [], []
        runner = ActionRunner(
            voice=voice, run_task=lambda task: loop.create_task(task()), off_loop=True
        )
        release = threading.Event()

        def slow() -> int:
            ran_on.append(threading.current_thread())
            assert release.wait(10)
            return 5

        runner.attempt(slow, lambda result: then_on.append((threading.current_thread(), result)))
        for _ in range(400):
            if ran_on:
                break
            await asyncio.sleep(0.02)
        # The loop is free while the call waits: this very coroutine runs meanwhile.
        assert ran_on and ran_on[0] is not loop_thread and then_on == []
        release.set()
        for _ in range(400):
            if then_on:
                break
            await asyncio.sleep(0.02)
        assert then_on == [(loop_thread, 5)]

    run_on_a_loop_of_its_own(journey())


def test_an_unreachable_database_is_said_to_each_tap_and_the_action_runs_again_once_it_answers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(actions, "RETRY_EVERY", 0.01)

    async def journey() -> None:
        loop = asyncio.get_running_loop()
        voice = Heard()
        # Reads come back before writes do (a file another process still holds): the
        # runner's own tries fail a few times more, and say nothing more.
        state = {"reads": False, "writes_refused": 3}

        def probe() -> None:
            if not state["reads"]:
                raise unavailable()

        runner = ActionRunner(
            voice=voice, run_task=lambda task: loop.create_task(task()), off_loop=False, probe=probe
        )
        saved: list[str] = []

        def save() -> None:
            if not state["reads"] or state["writes_refused"]:
                if state["reads"]:
                    state["writes_refused"] -= 1
                raise unavailable()
            saved.append("round")

        def action() -> None:
            runner.attempt(save, retry=action)

        action()
        action()  # a second tap while it waits: answered too
        await asyncio.sleep(0.1)
        assert saved == []
        assert [s for s in voice.said if s[0] == "unreachable"] == [("unreachable", True)] * 2
        state["reads"] = True
        for _ in range(500):
            if saved:
                break
            await asyncio.sleep(0.01)
        assert saved == ["round"], "saved once the database answers, and once only"
        assert [s for s in voice.said if s[0] == "unreachable"] == [("unreachable", True)] * 2
        assert ("back", None) in voice.said
        await asyncio.sleep(0.1)
        assert saved == ["round"]

    run_on_a_loop_of_its_own(journey())


def test_the_runners_own_tries_off_the_loop_say_nothing_more(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """On a server the action runs off the loop: each of the runner's own tries came back
    after its flag was cleared, and said "cannot be reached" again (three tries, three)."""
    monkeypatch.setattr(actions, "RETRY_EVERY", 0.01)

    async def journey() -> None:
        loop = asyncio.get_running_loop()
        voice = Heard()
        refused = {"writes": 3}

        def save() -> None:
            if refused["writes"]:
                refused["writes"] -= 1
                raise unavailable()

        runner = ActionRunner(
            voice=voice,
            run_task=lambda task: loop.create_task(task()),
            off_loop=True,
            probe=lambda: None,
        )

        def action() -> None:
            runner.attempt(save, retry=action)

        action()
        for _ in range(1000):
            if not refused["writes"] and runner.waiting is None and not runner.out_of_reach:
                break
            await asyncio.sleep(0.01)
        assert refused["writes"] == 0, "tried until it went through"
        assert [s for s in voice.said if s[0] == "unreachable"] == [("unreachable", True)], (
            "said once, to the tap"
        )

    run_on_a_loop_of_its_own(journey())


# --- through the app: what a phone shows ----------------------------------------------------


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    return GameStore(str(tmp_path / "games.db"))


def said_on(app: App) -> list[str]:
    return [str(dialog.content.value) for dialog in app.page.dialogs if hasattr(dialog, "content")]


def test_deleting_a_game_while_the_database_is_out_of_reach_says_so_and_keeps_the_game(
    store: GameStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    stored = store.create_game(Game(rules=PRESETS["classic"], sides=WE_THEY))
    app = App(PageStandIn(390), store)  # type: ignore[arg-type]
    app.start(tell_about_opening=False)
    home = app.nav.current
    assert isinstance(home, HomeScreen)

    def out_of_reach(_game_id: int) -> None:
        raise unavailable()

    monkeypatch.setattr(store, "delete_game", out_of_reach)
    monkeypatch.setattr(app.table.store, "delete_game", out_of_reach)
    home.delete(store.list_games()[0])
    assert any("cannot be reached" in text for text in said_on(app))
    assert store.load_game(stored.id).game.rounds == ()


def round_entry_shown(store: GameStore) -> tuple[Any, App, RoundEntryScreen]:
    """A new game's round entry, shown on a phone as its route asks."""
    stored = store.create_game(Game(rules=PRESETS["classic"], sides=WE_THEY))
    app = App(PageStandIn(390), store)  # type: ignore[arg-type]
    app.start(tell_about_opening=False)
    app.page.route = f"/game/{stored.id}/round"
    app.nav.show_route()
    entry = app.nav.current
    assert isinstance(entry, RoundEntryScreen)
    return stored, app, entry


def test_a_game_deleted_on_another_phone_while_a_round_is_typed_is_said_with_its_undo(
    store: GameStore,
) -> None:
    stored, app, entry = round_entry_shown(store)
    entry.panels[0].changed(lambda: entry.draft.set_melded(0, "160"))
    store.delete_game(stored.id)  # on another phone
    entry.changed_on_another_phone()
    assert app.page.route == "/"
    app.nav.show_route()  # the page follows its route: the message comes with home
    bar = app.page.dialogs[-1]
    assert "deleted on another phone" in bar.content.value and bar.action == "Undo"
    assert app.page.route == "/"
    bar.on_action()  # undo: the game is back, and so is the round typed here
    assert store.load_game(stored.id).game.rounds == ()
    assert app.page.route == f"/game/{stored.id}/round"
    app.nav.show_route()  # the page follows its route
    again = app.nav.current
    assert isinstance(again, RoundEntryScreen)
    assert again.draft.sides[0].melded_text == "160"


def test_saving_a_round_of_a_game_deleted_elsewhere_is_no_crash(store: GameStore) -> None:
    stored, app, entry = round_entry_shown(store)
    entry.panels[0].changed(lambda: entry.draft.set_melded(0, "90"))
    store.delete_game(stored.id)
    entry.save_round()
    entry.leave()  # the draft of a game that is gone: kept in memory, no error
    app.nav.show_route()  # the page follows its route: the message comes with home
    assert any("deleted on another phone" in text for text in said_on(app))


def test_a_screen_read_while_the_database_is_out_of_reach_says_so_not_a_fault(
    store: GameStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    stored = store.create_game(Game(rules=PRESETS["classic"], sides=WE_THEY))
    stored = store.add_round(stored.id, [SideEntry(melded=90), SideEntry(hand=20)], 1)
    app = App(PageStandIn(390), store)  # type: ignore[arg-type]
    app.start(tell_about_opening=False)

    def out_of_reach(_game_id: int) -> None:
        raise unavailable()

    monkeypatch.setattr(app.table.store, "load_game", out_of_reach)
    app.page.route = f"/game/{stored.id}"
    app.nav.show_route()
    shown = identifiers(app.page.views[-1])
    assert "screen-error" in shown
    text = " ".join(str(t) for t in _texts(app.page.views[-1]))
    assert "cannot be reached" in text and "A fault in the app" not in text


def _texts(control: Any) -> list[str]:
    from test_ui_screens import texts

    return list(texts(control))


def test_a_server_phone_asks_storage_off_its_loop(store: GameStore) -> None:
    """The page's tasks run on its loop; a round saved there is written on another thread."""
    stored = store.create_game(Game(rules=PRESETS["classic"], sides=WE_THEY))
    threads: list[threading.Thread] = []
    add_round = store.add_round

    def watched(*args: Any, **kwargs: Any) -> Any:
        threads.append(threading.current_thread())
        return add_round(*args, **kwargs)

    async def journey() -> None:
        app = App(LoopPage(), store, off_loop=True)  # type: ignore[arg-type]
        app.table.store.add_round = watched  # type: ignore[method-assign]
        entry = RoundEntryScreen(app, f"/game/{stored.id}/round", stored.id)
        app.nav.current = entry
        entry.build()
        entry.panels[0].changed(lambda: entry.draft.set_melded(0, "90"))
        entry.save_round()
        assert entry.save.disabled, "Save is off while the round is on its way"
        for _ in range(500):
            if len(store.load_game(stored.id).game.rounds) == 1:
                break
            await asyncio.sleep(0.02)
        assert threads and threads[0] is not threading.current_thread()

    run_on_a_loop_of_its_own(journey())
    assert store.load_game(stored.id).game.totals == (90, 0)


# --- whose round it is ------------------------------------------------------------------------


def phone_app(store: GameStore, mark: str) -> App:
    app = App(PageStandIn(390), store)  # type: ignore[arg-type]
    app.table = dataclasses.replace(app.table, phone=mark)
    return app


def test_a_phone_never_opens_another_phones_round_as_its_own_but_may_take_it_over(
    store: GameStore,
) -> None:
    stored = store.create_game(Game(rules=PRESETS["classic"], sides=WE_THEY))
    route = f"/game/{stored.id}/round"
    typing = RoundEntryScreen(phone_app(store, "phone-a"), route, stored.id)
    typing.build()
    typing.panels[0].tapped(lambda: typing.draft.add_red_three(0, 1))
    typing.panels[0].changed(lambda: typing.draft.set_melded(0, "120+35"))
    typing.typed.write_now()
    other_app = phone_app(store, "phone-b")
    other = RoundEntryScreen(other_app, route, stored.id)
    shown = identifiers(other.build())
    assert not other.kept_from_before and not other.draft.touched
    assert "kept-from-before" not in shown and "typed-elsewhere" in shown
    other.take_over()
    assert other.draft.sides == typing.draft.sides
    assert store.load_draft(stored.id, "phone-b") == other.kept()
    # Each types on: neither overwrites the other.
    other.panels[1].changed(lambda: other.draft.set_melded(1, "80"))
    other.typed.write_now()
    typing.panels[1].changed(lambda: typing.draft.set_melded(1, "95"))
    typing.typed.write_now()
    assert store.load_draft(stored.id, "phone-a")["sides"][1]["melded_text"] == "95"
    assert store.load_draft(stored.id, "phone-b")["sides"][1]["melded_text"] == "80"
    # The same phone coming back finds its own round as it left it.
    again = RoundEntryScreen(phone_app(store, "phone-a"), route, stored.id)
    assert again.kept_from_before and again.draft.sides == typing.draft.sides


def test_a_round_another_phone_saved_while_this_one_was_away_asks_on_return(
    store: GameStore,
) -> None:
    stored = store.create_game(Game(rules=PRESETS["classic"], sides=WE_THEY))
    route = f"/game/{stored.id}/round"
    away = RoundEntryScreen(phone_app(store, "phone-a"), route, stored.id)
    away.build()
    away.panels[0].tapped(lambda: away.draft.add_red_three(0, 1))
    away.leave()
    store.add_round(stored.id, [SideEntry(melded=90), SideEntry(hand=20)], 1, "phone-b")
    back = RoundEntryScreen(phone_app(store, "phone-a"), route, stored.id)
    assert "saved-elsewhere" in identifiers(back.build())
    assert back.overtaken == 1 and back.draft.round_number == 2 and back.save.disabled


@contextmanager
def held_game(
    folder: Path, monkeypatch: pytest.MonkeyPatch, waited: int
) -> Iterator[tuple[GameStore, int, subprocess.Popen[str]]]:
    """A new game's database in `folder`, held by another process (BEGIN EXCLUSIVE) until
    that process's input closes; SQLite waits `waited` seconds for it before giving up."""
    from canasta_score.storage import sqlite_file

    monkeypatch.setattr(sqlite_file, "BUSY_TIMEOUT_SECONDS", waited)
    path = folder / "games.db"
    store = GameStore(str(path))
    game_id = store.create_game(Game(rules=PRESETS["classic"], sides=WE_THEY)).id
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sqlite3, sys\n"
            f"c = sqlite3.connect({str(path)!r}, isolation_level=None)\n"
            "c.execute('BEGIN EXCLUSIVE')\nprint('held', flush=True)\nsys.stdin.read()\n"
            "c.execute('ROLLBACK')\n",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        yield store, game_id, holder
    finally:
        holder.kill()
        holder.wait()
        store.close()


def typing_90_in(store: GameStore, game_id: int) -> tuple[App, RoundEntryScreen]:
    """Round entry on a phone of a server (storage off the loop), 90 melded typed."""
    app = App(LoopPage(), store, off_loop=True)  # type: ignore[arg-type]
    entry = RoundEntryScreen(app, f"/game/{game_id}/round", game_id)
    app.nav.current = entry
    entry.build()
    entry.panels[0].changed(lambda: entry.draft.set_melded(0, "90"))
    return app, entry


def test_a_file_held_by_another_process_freezes_no_phone_and_the_round_is_saved_once_free(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A real SQLite lock from another process: the save waits on a worker thread (the loop
    goes on), the player is told, what was typed stays, and it is saved once the file is free."""
    monkeypatch.setattr(typed_round, "RETRY_EVERY", 0.2)
    with held_game(tmp_path, monkeypatch, waited=1) as (store, game_id, holder):

        async def journey() -> None:
            app, entry = typing_90_in(store, game_id)
            entry.save_round()
            ticks = 0
            for _ in range(2000):  # the loop is free: this coroutine runs on meanwhile
                ticks += 1
                if entry.typed.phase == Phase.WAITING:
                    break
                await asyncio.sleep(0.01)
            assert entry.typed.phase == Phase.WAITING, "the database did not answer"
            assert ticks > 20, "the page's loop kept running while the file was held"
            assert entry.draft.sides[0].melded_text == "90", "what was typed stays"
            assert entry.waiting and "waiting-for-database" in identifiers(entry.build()), (
                "said over Save, where it stays in sight"
            )
            assert not any("cannot be reached" in text for text in said_on(app)), (
                "said once: no message covering Save says it again"
            )
            assert store.load_game(game_id).game.rounds == ()
            assert holder.stdin is not None
            holder.stdin.close()  # the other process lets go
            for _ in range(3000):
                if store.load_game(game_id).game.rounds:
                    break
                await asyncio.sleep(0.01)
            await asyncio.sleep(0.5)

        run_on_a_loop_of_its_own(journey())
        assert store.load_game(game_id).game.totals == (90, 0), "saved once, once free"


def test_a_save_the_database_is_slow_to_answer_says_so_at_once_and_goes_through(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file held by another process: SQLite waits for it (10 s and more) before the save
    fails, while Save stayed off and nothing was said. The wait is said over Save after a
    moment; the file let go meanwhile, that same save goes through, once."""
    monkeypatch.setattr(typed_round, "SAY_WAITING_AFTER", 0.3)
    with held_game(tmp_path, monkeypatch, waited=6) as (store, game_id, holder):

        async def journey() -> None:
            app, entry = typing_90_in(store, game_id)
            entry.save_round()
            await until(lambda: entry.waiting, 4)  # SQLite's own wait is 6 s here
            assert "waiting-for-database" in identifiers(entry.build())
            assert entry.saving, "said while the save still waits on SQLite's own wait"
            assert holder.stdin is not None
            holder.stdin.close()  # the other process lets go within SQLite's wait
            await until(lambda: app.page.route == f"/game/{game_id}")  # saved: the sheet

        run_on_a_loop_of_its_own(journey())
        assert store.load_game(game_id).game.totals == (90, 0), "saved once"


def test_a_slow_save_refused_in_the_end_no_longer_says_it_waits(
    store: GameStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    import threading

    from canasta_score.core import RoundRefused

    monkeypatch.setattr(typed_round, "SAY_WAITING_AFTER", 0.05)
    stored = store.create_game(Game(rules=PRESETS["classic"], sides=WE_THEY))
    answer = threading.Event()

    def refused_late(*_args: Any) -> Any:
        assert answer.wait(30)  # slow: answers once the phone said it waits
        raise RoundRefused([])

    monkeypatch.setattr(store, "add_round", refused_late)

    async def journey() -> None:
        _app, entry = typing_90_in(store, stored.id)
        entry.save_round()
        await until(lambda: entry.waiting, 5)  # said while slow
        answer.set()
        await until(lambda: not entry.saving)
        assert not entry.waiting, "the answer came: no longer said"
        assert "waiting-for-database" not in identifiers(entry.build())

    run_on_a_loop_of_its_own(journey())


def test_opening_the_rank_chooser_writes_nothing(
    store: GameStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    from canasta_score.ui.state.round_entry import EntryMode

    stored = store.create_game(Game(rules=PRESETS["classic"], sides=WE_THEY))
    entry = RoundEntryScreen(phone_app(store, "phone-a"), f"/game/{stored.id}/round", stored.id)
    entry.build()
    entry.panels[0].mode_changed(EntryMode.MELDS)
    kept: list[Any] = []
    monkeypatch.setattr(store, "keep_draft", lambda *args: kept.append(args))
    monkeypatch.setattr(store, "note_draft", lambda *args: kept.append(args))
    area = entry.panels[0].meld_area
    shown = area.rank_row.visible
    area.toggle_ranks()
    area.toggle_ranks()
    area.toggle_ranks()
    assert area.rank_row.visible is not shown, "the chooser opens and closes"
    assert kept == [], "nothing of the round changed: nothing noted or written"


def test_a_first_tap_before_the_devices_settings_arrive_takes_and_stays(
    store: GameStore,
) -> None:
    """Finding 2: the device's settings, read once the first screen is up, came in after a
    tap and started the round afresh in the device's way of entering, undoing the tap."""
    from canasta_score.ui.state.round_entry import ENTRY_MODE_SETTING, EntryMode

    stored = store.create_game(Game(rules=PRESETS["classic"], sides=WE_THEY))
    app = phone_app(store, "phone-a")
    entry = RoundEntryScreen(app, f"/game/{stored.id}/round", stored.id)
    app.nav.current = entry
    entry.build()
    entry.panels[1].mode_changed(EntryMode.MELDS)  # the first tap, before the settings
    # The device's settings arrive: it last entered rounds in card counts.
    app.device.settings = {ENTRY_MODE_SETTING: EntryMode.CARDS.value} | app.device.settings
    entry.device_read()
    assert app.nav.current is entry
    assert [side.mode for side in entry.draft.sides] == [EntryMode.POINTS, EntryMode.MELDS]


def test_a_setting_chosen_while_the_devices_are_read_stands(
    store: GameStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = phone_app(store, "phone-a")

    async def read() -> dict[str, str]:
        app.device.set_setting("entry_mode", "melds")  # a tap while the device answers
        return {"entry_mode": "points", "theme": "dark"}

    async def not_asked() -> None:
        pytest.fail("the device was asked for its languages, though one was chosen on it")

    app.page.theme_mode = None
    app.page.get_device_info = not_asked  # a language is chosen: the device is not asked
    monkeypatch.setattr(app.device, "_read_preferences", read)
    monkeypatch.setattr(app.device.services, "keep", lambda _name, _value: None)
    app.device.set_setting("language", "en")
    run_on_a_loop_of_its_own(app.device.read())
    assert app.device.settings["entry_mode"] == "melds" and app.device.settings["theme"] == "dark"


def test_news_of_the_round_saved_elsewhere_moves_no_row_of_an_entry_kept_from_before(
    store: GameStore,
) -> None:
    """A round brought back by a reload shows 'Kept from before' over the sides; news that
    another phone saved that round took the notice away, and every row moved up under the
    finger (12-21 px by hand). The question goes over Save; the notice above stays."""
    stored = store.create_game(Game(rules=PRESETS["classic"], sides=WE_THEY))
    route = f"/game/{stored.id}/round"
    typing = RoundEntryScreen(phone_app(store, "phone-a"), route, stored.id)
    typing.build()
    typing.panels[0].tapped(lambda: typing.draft.add_red_three(0, 1))
    typing.leave()
    again = RoundEntryScreen(phone_app(store, "phone-a"), route, stored.id)
    assert "kept-from-before" in identifiers(again.build())
    store.add_round(stored.id, [SideEntry(melded=90), SideEntry(hand=20)], 1, "phone-b")
    again.game_changed(store.load_game(stored.id))
    shown = identifiers(again.build())
    assert "saved-elsewhere" in shown and "kept-from-before" in shown
