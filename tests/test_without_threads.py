"""The app's storage in a browser tab, where no thread can start (Pyodide raises at
`Thread.start`): what runs on a thread elsewhere runs at once there, with the same outcome;
and the copy of every write to the browser's storage (`storage.browser_disk`), with a stand-in
for the browser's file system."""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path
from typing import Any

import pytest
from storage_support.builders import quiet_round, two_sides, winning_round
from test_ui_screens import run_on_a_loop_of_its_own

from canasta_score import storage
from canasta_score.statistics import StatsFilter
from canasta_score.storage import backups, browser_disk, paths, summaries
from canasta_score.storage.settings import set_setting
from canasta_score.storage.summaries import SUMMARIES_KEY


@pytest.fixture
def no_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    """As in a browser tab: runtime says so, and starting a thread raises as Pyodide's does."""

    def refuse(_thread: threading.Thread) -> None:
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", refuse)
    for module in (backups, summaries):
        monkeypatch.setattr(module, "threads_available", lambda: False)


def test_a_finished_game_is_backed_up_before_the_save_returns(no_threads: None, tmp_path) -> None:
    db = storage.open_database(tmp_path / "games.db")
    stored = storage.create_game(db=db, game=two_sides())
    storage.add_round(db=db, game_id=stored.id, entries=quiet_round(), expected_version=1)
    folder = paths.backups_folder(db.path)
    before = backups.backups_in(folder)  # the day's first backup, written as the save returned
    assert len(before) == 1
    storage.add_round(db=db, game_id=stored.id, entries=winning_round(), expected_version=2)
    after = backups.backups_in(folder)
    assert len(after) == 2
    assert json.loads(after[0].read_text()) == storage.export_all(db=db)
    db.close()


def test_after_an_update_the_summaries_are_derived_again_as_the_app_opens(
    no_threads: None, tmp_path
) -> None:
    path = tmp_path / "games.db"
    db = storage.open_database(path)
    stored = storage.create_game(db=db, game=two_sides())
    storage.add_round(db=db, game_id=stored.id, entries=quiet_round(), expected_version=1)
    set_setting(db=db, key=SUMMARIES_KEY, value="0.0.0-older")
    db.close()
    db = storage.open_database(path)  # derives them again, here and now
    assert storage.get_setting(db=db, key=SUMMARIES_KEY) != "0.0.0-older"
    db.close()


class FakeFileSystem:
    """Emscripten's FS.syncfs as a browser answers it: later, from the event loop."""

    def __init__(self) -> None:
        self.copies: list[bool] = []
        self.fail_with: str | None = None

    def syncfs(self, populate: bool, done: Any) -> None:
        self.copies.append(populate)
        failure = self.fail_with
        asyncio.get_running_loop().call_soon(done, failure)


@pytest.fixture
def browser_fs(monkeypatch: pytest.MonkeyPatch) -> FakeFileSystem:
    fs = FakeFileSystem()
    disk = browser_disk._Disk()
    monkeypatch.setattr(browser_disk, "_disk", disk)
    monkeypatch.setattr(
        browser_disk._Disk, "sync", lambda self, populate, done: fs.syncfs(populate, done)
    )
    return fs


def test_each_write_is_copied_and_settled_waits_for_every_one(browser_fs: FakeFileSystem) -> None:
    async def journey() -> None:
        browser_disk._disk.folder = "/canasta-score"
        browser_disk._disk.idle = asyncio.Event()
        browser_disk._disk.idle.set()
        assert not browser_disk.pending()
        browser_disk.written()
        browser_disk.written()  # while the first copy runs: one more after it
        browser_disk.written()
        assert browser_disk.pending()
        await browser_disk.settled()
        assert browser_fs.copies == [False, False]
        assert not browser_disk.pending()

        browser_fs.fail_with = "QuotaExceededError"
        browser_disk.written()
        with pytest.raises(browser_disk.BrowserStorageRefused, match="QuotaExceeded"):
            await browser_disk.settled()
        assert browser_disk.pending()  # not kept yet: the app says so and keeps it in memory
        browser_fs.fail_with = None
        browser_disk.written()  # the next change copies everything again
        await browser_disk.settled()
        assert not browser_disk.pending()

    run_on_a_loop_of_its_own(journey())


def test_a_refused_copy_is_tried_again_until_the_browser_takes_it(
    browser_fs: FakeFileSystem,
) -> None:
    async def journey() -> None:
        browser_disk._disk.folder = "/canasta-score"
        browser_disk._disk.idle = asyncio.Event()
        browser_disk._disk.idle.set()
        browser_fs.fail_with = "QuotaExceededError"
        browser_disk.written()
        with pytest.raises(browser_disk.BrowserStorageRefused):
            await browser_disk.settled()
        trying = asyncio.ensure_future(browser_disk.keep_trying(every_s=0.01))
        again = asyncio.ensure_future(browser_disk.keep_trying(every_s=0.01))
        await asyncio.sleep(0.1)
        assert again.done() and not trying.done(), "one at a time"
        assert len(browser_fs.copies) >= 3, "still refused: tried again and again"
        browser_fs.fail_with = None  # space freed
        await asyncio.wait_for(trying, 5)
        assert not browser_disk.pending()
        copies = len(browser_fs.copies)
        await asyncio.sleep(0.05)
        assert len(browser_fs.copies) == copies, "kept: no more copies"

    run_on_a_loop_of_its_own(journey())


def test_a_change_the_browser_would_not_keep_is_shown_made_and_said_once_in_a_lasting_word(
    browser_fs: FakeFileSystem, tmp_path: Path
) -> None:
    """Saved in the app's memory, refused by the browser's storage (full): the sheet shows the
    round (Save again would record it twice), a message that stays says so, and the copy is
    tried again in the background."""
    from test_ui_screens import WE_THEY, app_on

    from canasta_score.core import PRESETS, Game
    from canasta_score.ui.news import NOT_KEPT_IN_BROWSER
    from canasta_score.ui.store import GameStore

    games = GameStore(str(tmp_path / "games.db"))
    stored = games.create_game(Game(rules=PRESETS["classic"], sides=WE_THEY))

    async def journey() -> None:
        browser_disk._disk.folder = "/canasta-score"
        browser_disk._disk.idle = asyncio.Event()
        browser_disk._disk.idle.set()
        app = app_on(games)
        tasks: list[asyncio.Future[Any]] = []
        app.page.run_task = lambda handler, *args: tasks.append(
            asyncio.ensure_future(handler(*args))
        )
        said: list[tuple[str, bool]] = []
        app.messages.say = lambda text, *_, lasting=False: said.append((text, lasting))
        browser_fs.fail_with = "QuotaExceededError"
        browser_disk.written()  # the round, saved in memory
        app.nav.go(f"/game/{stored.id}")
        await asyncio.sleep(0.05)
        assert app.page.route == f"/game/{stored.id}", "shown as made"
        assert said == [(app.tr._(NOT_KEPT_IN_BROWSER), True)]
        assert browser_disk._disk.retrying, "tried again in the background"
        app.nav.go("/")  # still refused: not said again
        await asyncio.sleep(0.05)
        assert app.page.route == "/"
        assert len(said) == 1
        for task in tasks:
            task.cancel()

    run_on_a_loop_of_its_own(journey())
    games.close()


def test_outside_a_browser_nothing_is_copied(browser_fs: FakeFileSystem) -> None:
    browser_disk.written()
    assert browser_fs.copies == []
    assert not browser_disk.pending()
    run_on_a_loop_of_its_own(browser_disk.settled())


def test_the_statistics_are_not_read_ahead_where_no_thread_can(
    no_threads: None, monkeypatch: pytest.MonkeyPatch, tmp_path
) -> None:
    from canasta_score.ui import store as ui_store

    monkeypatch.setattr(ui_store, "threads_available", lambda: False)
    games = ui_store.GameStore(str(tmp_path / "games.db"))
    games.read_statistics_soon(delay=0)  # read when the statistics screen asks instead
    assert games.played_games(StatsFilter()) == []
    games.close()
