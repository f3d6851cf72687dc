"""Every round typed is saved exactly once, with the last value typed, whatever the database
does meanwhile: a phone of a server (storage off its loop) against a real SQLite file, the
database made slow or out of reach at the moment each finding needs."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import flet as ft
import pytest
from test_actions import unavailable
from test_ui_screens import (
    WE_THEY,
    DevicePreferences,
    LoopPage,
    identifiers,
    run_on_a_loop_of_its_own,
    until,
    walk,
)

from canasta_score import storage
from canasta_score.core import PRESETS, Game
from canasta_score.ui import actions
from canasta_score.ui.shell import App
from canasta_score.ui.store import GameStore
from canasta_score.ui.views.round_entry import RoundEntryScreen
from canasta_score.ui.views.sheet import SheetScreen


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    return GameStore(str(tmp_path / "games.db"))


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    """Retries and pauses short, so a journey takes a moment (the order is what is tested)."""
    from canasta_score.ui.state import typed_round

    monkeypatch.setattr(actions, "RETRY_EVERY", 0.1)
    for name, seconds in (("RETRY_EVERY", 0.1), ("DRAFT_PAUSE", 0.05)):
        if hasattr(typed_round, name):
            monkeypatch.setattr(typed_round, name, seconds)


def new_game(store: GameStore) -> int:
    return store.create_game(Game(rules=PRESETS["classic"], sides=WE_THEY)).id


async def entering(
    store: GameStore, game_id: int, page: LoopPage | None = None
) -> tuple[App, RoundEntryScreen]:
    """Round entry on a phone of a server, shown from its route."""
    app = App(page or LoopPage(), store, off_loop=True)  # type: ignore[arg-type]
    app.start(tell_about_opening=False)
    await until(lambda: app.nav.current is not None)
    show(app, f"/game/{game_id}/round")
    await until(lambda: isinstance(app.nav.current, RoundEntryScreen))
    entry = app.nav.current
    assert isinstance(entry, RoundEntryScreen)
    return app, entry


def show(app: App, route: str) -> None:
    """The phone goes to `route` (a tap on Back, a link)."""
    app.page.route = route
    app.nav.show_route()


def type_melded(entry: RoundEntryScreen, text: str) -> None:
    entry.panels[0].changed(lambda: entry.draft.set_melded(0, text))


async def settled() -> None:
    """Lets whatever is still on its way (a late write, a retry) land."""
    await asyncio.sleep(1.0)


def reopened(store: GameStore, game_id: int) -> RoundEntryScreen:
    """Round entry as a reload of the same phone opens it."""
    app = App(LoopPage(), store)  # type: ignore[arg-type]
    return RoundEntryScreen(app, f"/game/{game_id}/round", game_id)


def test_a_draft_written_behind_the_save_never_comes_back_as_saved_elsewhere(
    store: GameStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Finding 1: typed, a pause (its draft on the way, the database slow), Save: the draft
    landed after the save, and the round came back as 'saved on another phone'."""
    game_id = new_game(store)
    slow_write, let_go = threading.Event(), threading.Event()
    real = storage.save_draft

    def save_draft(**kwargs: Any) -> Any:
        slow_write.set()
        assert let_go.wait(30)
        return real(**kwargs)

    monkeypatch.setattr(storage, "save_draft", save_draft)

    async def journey() -> None:
        app, entry = await entering(store, game_id)
        type_melded(entry, "85")
        await until(slow_write.is_set)  # the pause is over: the draft is on its way
        entry.save_round()
        await asyncio.sleep(0.3)
        let_go.set()
        await until(lambda: len(store.load_game(game_id).game.rounds) == 1)
        await settled()
        assert app.page.route == f"/game/{game_id}"

    run_on_a_loop_of_its_own(journey())
    monkeypatch.setattr(storage, "save_draft", real)
    assert store.load_game(game_id).game.totals == (85, 0)
    assert storage.load_drafts(db=store.db, game_id=game_id) == []
    again = reopened(store, game_id)
    assert again.overtaken is None and not again.kept_from_before
    assert not again.draft.touched and again.draft.round_number == 2
    assert "saved-elsewhere" not in identifiers(again.build())


def test_save_then_back_at_once_while_the_database_does_not_answer_still_saves(
    store: GameStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Finding 2: Save, then Back at once, the database out of reach for a moment: nothing
    was saved and nothing said so. The save goes on from the sheet, which shows it."""
    game_id = new_game(store)
    real = storage.add_round
    tries: list[int] = []

    def add_round(**kwargs: Any) -> Any:
        tries.append(1)
        if len(tries) < 3:
            raise unavailable()
        return real(**kwargs)

    monkeypatch.setattr(storage, "add_round", add_round)

    async def journey() -> None:
        app, entry = await entering(store, game_id)
        type_melded(entry, "90")
        entry.save_round()
        show(app, f"/game/{game_id}")  # Back, at once
        await until(lambda: isinstance(app.nav.current, SheetScreen))
        await until(lambda: len(store.load_game(game_id).game.rounds) == 1, 10)
        await settled()
        sheet = app.nav.current
        assert isinstance(sheet, SheetScreen) and len(sheet.stored.game.rounds) == 1, (
            "the sheet shows the round once it is saved"
        )

    run_on_a_loop_of_its_own(journey())
    assert store.load_game(game_id).game.totals == (90, 0), "saved, once"


def test_the_sheet_says_a_round_is_on_its_way(
    store: GameStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = new_game(store)
    let_go = threading.Event()
    real = storage.add_round

    def add_round(**kwargs: Any) -> Any:
        assert let_go.wait(30)
        return real(**kwargs)

    monkeypatch.setattr(storage, "add_round", add_round)

    async def journey() -> None:
        app, entry = await entering(store, game_id)
        type_melded(entry, "90")
        entry.save_round()
        show(app, f"/game/{game_id}")
        await until(lambda: isinstance(app.nav.current, SheetScreen))
        shown = " ".join(str(t) for t in texts_of(app))
        assert "Saving round 1" in shown
        assert "Continue round" not in shown and "Add round" not in shown
        let_go.set()
        await until(lambda: "Add round 2" in " ".join(str(t) for t in texts_of(app)))

    run_on_a_loop_of_its_own(journey())


def texts_of(app: App) -> list[str]:
    from test_ui_screens import texts

    return list(texts(app.page.views[0]))


def test_the_last_keystroke_stays_when_a_slow_save_fails(
    store: GameStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Finding 3: 90 typed, a pause (written), 95 typed, Save, Back while the save is on its
    way; the save does not go through: a reload found 90."""
    game_id = new_game(store)
    let_go = threading.Event()

    def add_round(**_kwargs: Any) -> Any:
        assert let_go.wait(30)
        raise unavailable()

    async def journey() -> None:
        app, entry = await entering(store, game_id)
        type_melded(entry, "90")
        await until(lambda: storage.load_draft(db=store.db, game_id=game_id) is not None)
        monkeypatch.setattr(storage, "add_round", add_round)
        type_melded(entry, "95")
        entry.save_round()
        show(app, f"/game/{game_id}")  # Back, the save on its way
        await until(lambda: isinstance(app.nav.current, SheetScreen))
        let_go.set()
        await settled()
        again = reopened(store, game_id)
        assert again.draft.sides[0].melded_text == "95"
        app.closing()

    run_on_a_loop_of_its_own(journey())


def test_a_save_whose_answer_was_lost_is_recorded_once_and_asks_nothing(
    store: GameStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Finding 6: the connection lost as the save committed: the save went through, the
    phone heard 'out of reach', and its retry offered 'keep it as round 2'."""
    game_id = new_game(store)
    real = storage.add_round
    lost: list[int] = []

    def add_round(**kwargs: Any) -> Any:
        saved = real(**kwargs)
        if not lost:
            lost.append(1)
            raise unavailable()  # committed, but the answer did not arrive
        return saved

    monkeypatch.setattr(storage, "add_round", add_round)

    async def journey() -> None:
        app, entry = await entering(store, game_id)
        type_melded(entry, "90")
        entry.save_round()
        await until(lambda: app.page.route == f"/game/{game_id}", 10)
        await settled()
        assert entry.overtaken is None

    run_on_a_loop_of_its_own(journey())
    assert store.load_game(game_id).game.totals == (90, 0), "recorded once"


class FletLikePage(LoopPage):
    """A page whose tasks run on its connection's loop, as Flet's do: while the phone is away
    (a reload, the network lost for a moment) it has no connection, and no loop to give."""

    def __init__(self) -> None:
        super().__init__()
        self.session = SimpleNamespace(connection=SimpleNamespace(loop=None))

    def run_task(self, task: Any, *args: Any, **kwargs: Any) -> Any:
        connection = self.session.connection
        if connection.loop is None:
            connection.loop = asyncio.get_running_loop()
        return asyncio.run_coroutine_threadsafe(task(*args, **kwargs), connection.loop)


def test_what_was_started_goes_on_while_the_phone_is_away(
    store: GameStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Typed, then the phone away before typing's pause is over (its connection gone, Flet's
    'disconnect' not yet told): the draft is still written when the pause ends, and a save
    the database did not take is still sent again and recorded once."""
    game_id = new_game(store)
    out_of_reach = threading.Event()
    real = storage.add_round

    def add_round(**kwargs: Any) -> Any:
        if out_of_reach.is_set():
            raise unavailable()
        return real(**kwargs)

    monkeypatch.setattr(storage, "add_round", add_round)

    async def journey() -> None:
        page = FletLikePage()
        _app, entry = await entering(store, game_id, page)
        type_melded(entry, "85")
        page.session.connection = None  # the phone away, before the pause is over
        await until(lambda: storage.load_draft(db=store.db, game_id=game_id) is not None)
        page.session.connection = SimpleNamespace(loop=asyncio.get_running_loop())
        type_melded(entry, "90")
        out_of_reach.set()
        entry.save_round()
        page.session.connection = None  # away again while the save waits for the database
        await asyncio.sleep(0.3)
        out_of_reach.clear()
        await until(lambda: len(store.load_game(game_id).game.rounds) == 1)
        await settled()

    run_on_a_loop_of_its_own(journey())
    assert store.load_game(game_id).game.totals == (90, 0)
    assert storage.load_drafts(db=store.db, game_id=game_id) == []


# --- a page closed while its save was on its way ----------------------------------------------


async def a_page_of(store: GameStore, device: DevicePreferences, route: str) -> App:
    """A page of the phone whose own storage is `device`, opened at `route`, its settings
    read (a reload, or the page opened again after the server came back)."""
    app = App(LoopPage(), store, off_loop=True)  # type: ignore[arg-type]
    app.device.services.preferences = lambda: device  # type: ignore[assignment,method-assign,return-value]
    app.page.route = route
    app.start(tell_about_opening=False)
    await until(app.device.known.is_set)
    return app


def said(app: App) -> list[str]:
    """The messages shown at the page's bottom."""
    return [bar.content.value for bar in app.page.dialogs if isinstance(bar, ft.SnackBar)]


@pytest.mark.parametrize("landed", [True, False])
def test_a_page_opened_after_one_closed_as_it_saved_says_whether_the_round_landed(
    store: GameStore, monkeypatch: pytest.MonkeyPatch, landed: bool
) -> None:
    """The server restarted (or the tab closed) 20 to 140 ms after Save: the phone came back
    on round entry without saying whether the round was saved, and a round that was could be
    typed again as the next one."""
    from canasta_score.ui import device, round_port

    monkeypatch.setattr(device, "FIRST_FRAME_WAIT", 0.05)
    monkeypatch.setattr(round_port, "NOT_LANDED_WAIT", 0.1)
    game_id = new_game(store)
    phone = DevicePreferences()
    sent, gone = threading.Event(), threading.Event()
    real = storage.add_round

    def add_round(**kwargs: Any) -> Any:
        saved = real(**kwargs) if landed else None
        sent.set()
        assert gone.wait(30)  # the page that sent it is gone before the answer
        return saved if landed else real(**kwargs)

    monkeypatch.setattr(storage, "add_round", add_round)
    note = "canasta_score.saving"

    async def journey() -> None:
        first = await a_page_of(store, phone, f"/game/{game_id}/round")
        entry = first.nav.current
        assert isinstance(entry, RoundEntryScreen)
        type_melded(entry, "90")
        entry.save_round()
        await until(sent.is_set)
        await until(lambda: f'"game": {game_id}, "round": 1' in phone.kept.get(note, ""))
        # The page opened again on a server started anew: a store of its own, on the file.
        again = await a_page_of(GameStore(str(store.db.path)), phone, f"/game/{game_id}/round")
        await until(lambda: bool(said(again)))
        await until(lambda: note not in phone.kept)  # said once (the device writes it soon)
        if landed:
            assert said(again) == [
                "Round 1 was saved before this page was closed or lost its connection."
            ]
        else:
            assert said(again)[0].startswith("Round 1 was not yet saved")
            # Saved before typing paused: no draft was written; the note kept the round. (The
            # message may come while round entry is still read, on a loaded machine.)
            await until(lambda: isinstance(again.nav.current, RoundEntryScreen))
            entry = again.nav.current
            assert isinstance(entry, RoundEntryScreen)
            assert entry.draft.sides[0].melded_text == "90", "kept as typed, to save again"
        gone.set()
        await settled()

    try:
        run_on_a_loop_of_its_own(journey())
    finally:
        gone.set()
    assert store.load_game(game_id).game.totals == (90, 0), "saved once, either way"


def test_a_save_that_came_back_leaves_no_note_and_the_next_page_says_nothing(
    store: GameStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    from canasta_score.ui import device

    monkeypatch.setattr(device, "FIRST_FRAME_WAIT", 0.05)
    game_id = new_game(store)
    phone = DevicePreferences()

    async def journey() -> None:
        first = await a_page_of(store, phone, f"/game/{game_id}/round")
        entry = first.nav.current
        assert isinstance(entry, RoundEntryScreen)
        type_melded(entry, "90")
        entry.save_round()
        await until(lambda: first.page.route == f"/game/{game_id}")
        await settled()
        assert phone.kept == {}
        again = await a_page_of(store, phone, f"/game/{game_id}")
        await settled()
        assert said(again) == []

    run_on_a_loop_of_its_own(journey())


# --- the last keystrokes before a page was closed ------------------------------------------------


def melded_on_disk(store: GameStore, game_id: int) -> str | None:
    """The first side's melded points of the draft written to the database."""
    drafts = storage.load_drafts(db=store.db, game_id=game_id)
    return str(drafts[0].data["sides"][0]["melded_text"]) if drafts else None


def test_a_page_opened_after_one_closed_as_it_typed_goes_on_from_the_last_keystroke(
    store: GameStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A web-app tab reloaded 0.5 s after typing 45 came back with 35: the draft is written
    once typing pauses, and the 4 typed since lived in the closed page alone. The device
    keeps the round as typed until its draft is written."""
    from canasta_score.ui import device
    from canasta_score.ui.state import round_entry, typed_round, typing_note

    assert typing_note.ENTRY == round_entry.ENTRY
    monkeypatch.setattr(device, "FIRST_FRAME_WAIT", 0.05)
    game_id = new_game(store)
    phone = DevicePreferences()
    note = "canasta_score.typing"

    async def journey() -> None:
        first = await a_page_of(store, phone, f"/game/{game_id}/round")
        entry = first.nav.current
        assert isinstance(entry, RoundEntryScreen)
        mark = first.table.phone
        type_melded(entry, "35")
        await until(lambda: melded_on_disk(store, game_id) == "35")
        await until(lambda: note not in phone.kept)  # written: the device lets it go
        monkeypatch.setattr(typed_round, "DRAFT_PAUSE", 600.0)  # the page closes before
        type_melded(entry, "45")
        await until(lambda: '"45"' in phone.kept.get(note, ""))
        # The page opened again on a server started anew (or a tab's Python): a store of
        # its own on the file, which holds the draft of 35.
        again_store = GameStore(str(store.db.path))
        assert again_store.load_draft(game_id, mark)["sides"][0]["melded_text"] == "35"
        assert phone.kept.get(note), "the 4 typed since the draft of 35 was written"
        again = await a_page_of(again_store, phone, f"/game/{game_id}/round")
        await until(lambda: note not in phone.kept)

        def shown_typed() -> str | None:  # round entry, read again with the round kept
            shown = again.nav.current
            return shown.draft.sides[0].melded_text if isinstance(shown, RoundEntryScreen) else None

        await until(lambda: shown_typed() == "45")
        assert again_store.load_draft(game_id, mark)["sides"][0]["melded_text"] == "45"

    run_on_a_loop_of_its_own(journey())


def test_a_round_typed_and_saved_or_typed_over_since_leaves_no_note_behind(
    store: GameStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    from canasta_score.ui import device
    from canasta_score.ui.state.typing_note import TypedHere

    monkeypatch.setattr(device, "FIRST_FRAME_WAIT", 0.05)
    game_id = new_game(store)
    phone = DevicePreferences()
    note = "canasta_score.typing"

    async def journey() -> None:
        first = await a_page_of(store, phone, f"/game/{game_id}/round")
        entry = first.nav.current
        assert isinstance(entry, RoundEntryScreen)
        mark = first.table.phone
        type_melded(entry, "90")
        await until(lambda: note in phone.kept)
        stale = phone.kept[note]
        assert TypedHere.read(stale) is not None
        entry.save_round()
        await until(lambda: first.page.route == f"/game/{game_id}")
        await until(lambda: note not in phone.kept)  # saved: let go
        # A note of the saved round left behind (a page closed as it saved): not typed again.
        phone.kept[note] = stale
        await a_page_of(store, phone, f"/game/{game_id}")
        await until(lambda: note not in phone.kept)
        await settled()
        assert store.load_draft(game_id, mark) is None, "a saved round is not typed again"
        assert store.load_game(game_id).game.totals == (90, 0)
        # A note of an earlier typing, where the phone typed a round of its own since.
        newer = {**TypedHere.read(stale).typed, "entry": "begun-since"}
        store.keep_draft(game_id, newer, mark)
        phone.kept[note] = TypedHere(game_id, {**newer, "entry": "older"}).text()
        await a_page_of(store, phone, f"/game/{game_id}")
        await until(lambda: note not in phone.kept)
        await settled()
        assert store.load_draft(game_id, mark)["entry"] == "begun-since"

    run_on_a_loop_of_its_own(journey())


def test_a_page_that_comes_back_never_shows_the_screen_it_left(
    store: GameStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A reload (or the phone online again) is sent the page as the server holds it, and
    draws it at once; its screen is read afresh, seconds later on a busy server. The round
    entry left as the page went stayed on it meanwhile, its fields typed in for nothing: a 70
    typed there went as the fresh screen came (a journey, 1 run in 6 under load)."""
    from canasta_score.ui import navigation

    game_id = new_game(store)
    reading, let_go = threading.Event(), threading.Event()
    real = navigation.read_screen

    def slow_read(host: Any, route: str) -> Any:
        reading.set()
        assert let_go.wait(30)
        return real(host, route)

    async def journey() -> None:
        app, entry = await entering(store, game_id)
        type_melded(entry, "420")
        app.closing()  # the page goes: a reload, or the phone offline
        assert not identifiers(app.page.views[0]) & {"side-0-melded", "save-round"}, (
            "the screen left is off the page the server holds"
        )
        monkeypatch.setattr(navigation, "read_screen", slow_read)
        app.reconnected()
        await until(reading.is_set)
        # Back, its screen being read: nothing on it to type in or tap.
        assert not identifiers(app.page.views[0]) & {"side-0-melded", "save-round"}
        let_go.set()
        await until(lambda: app.nav.current is not None and app.nav.current is not entry)
        again = app.nav.current
        assert isinstance(again, RoundEntryScreen)
        assert again.draft.sides[0].melded_text == "420"
        assert {"side-0-melded", "save-round"} <= identifiers(app.page.views[0])
        app.closing()

    run_on_a_loop_of_its_own(journey())


def test_a_screen_asked_for_while_the_page_is_away_waits_for_the_page(store: GameStore) -> None:
    """What comes while the page is away (the database back after a screen it could not
    read, a restore's outcome) asks for the route's screen again: drawn then, it would be on
    the page the server holds, shown by the page that comes back and typed in there until
    the fresh screen read at the reconnection replaced it."""
    game_id = new_game(store)

    async def journey() -> None:
        app, _entry = await entering(store, game_id)
        app.closing()  # the page goes: a reload, or the phone offline
        app.nav.show_route()  # the database back meanwhile, say
        await settled()
        assert app.nav.current is None, "no screen is live while its page is away"
        assert identifiers(app.page.views[0]) == {"screen-coming"}, "its screen is on its way"
        (ring,) = [c for c in walk(app.page.views[0]) if isinstance(c, ft.ProgressRing)]
        assert ring.semantics_label == "Loading…", "said to a screen reader too"
        app.reconnected()
        await until(lambda: isinstance(app.nav.current, RoundEntryScreen))
        assert {"side-0-melded", "save-round"} <= identifiers(app.page.views[0])
        assert "screen-coming" not in identifiers(app.page.views[0])
        app.closing()

    run_on_a_loop_of_its_own(journey())


def test_a_page_that_comes_back_gets_its_screen_whatever_else_fails(
    store: GameStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page waits for its screen while it is away: a fault in what else the reconnection
    does (the menus closed, the database watched again) must not leave it waiting for good."""
    game_id = new_game(store)

    async def journey() -> None:
        app, _entry = await entering(store, game_id)
        app.closing()

        def broken() -> None:
            raise RuntimeError("a menu that would not close")

        monkeypatch.setattr(app.messages, "close_screen_dialogs", broken)
        with pytest.raises(RuntimeError):
            app.reconnected()
        await until(lambda: isinstance(app.nav.current, RoundEntryScreen))
        assert "save-round" in identifiers(app.page.views[0])
        app.closing()

    run_on_a_loop_of_its_own(journey())
