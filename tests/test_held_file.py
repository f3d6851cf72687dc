"""Another process holds the games' file (a backup tool, a second server) while a round is
typed, saved, left and reloaded: each round is recorded exactly once with the last value typed,
or it is still there to save; nothing stale comes back.

The file is held by a real second process (`BEGIN EXCLUSIVE`), in two ways: shorter than
SQLite's busy wait (the save is slow) and longer (the database is out of reach, the save is
sent again). The busy wait is shortened for the test, so a hold beyond it takes seconds.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from test_saved_once import (
    entering,
    new_game,
    reopened,
    run_on_a_loop_of_its_own,
    show,
    type_melded,
)
from test_ui_screens import identifiers, until

from canasta_score import storage
from canasta_score.storage import sqlite_file
from canasta_score.ui import actions
from canasta_score.ui.shell import App
from canasta_score.ui.store import GameStore

#: `HELD_AS_AT_THE_TABLE=1` runs the journeys with the app's own waits (SQLite's busy wait,
#: the pause before a draft is written, the retries) and holds of 6 s and 20 s: about four
#: minutes, run by hand. Otherwise every wait is shortened, the order being what is tested.
AT_THE_TABLE = os.environ.get("HELD_AS_AT_THE_TABLE") == "1"

#: SQLite's busy wait in these journeys, and the two holds: within it and beyond it.
BUSY_WAIT = sqlite_file.BUSY_TIMEOUT_SECONDS if AT_THE_TABLE else 2.0
HOLDS = {"slow": 6.0, "out of reach": 20.0} if AT_THE_TABLE else {"slow": 1.0, "out of reach": 4.0}

HOLDER = """
import sqlite3, sys, time
connection = sqlite3.connect(sys.argv[1], timeout=30, isolation_level=None)
connection.execute("BEGIN EXCLUSIVE")
print("held", flush=True)
time.sleep(float(sys.argv[2]))
connection.execute("ROLLBACK")
"""


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[GameStore]:
    from canasta_score.ui.state import typed_round

    monkeypatch.setattr(sqlite_file, "BUSY_TIMEOUT_SECONDS", BUSY_WAIT)
    if not AT_THE_TABLE:
        monkeypatch.setattr(actions, "RETRY_EVERY", 0.5)
        monkeypatch.setattr(typed_round, "RETRY_EVERY", 0.5)
        monkeypatch.setattr(typed_round, "DRAFT_PAUSE", 0.2)
    yield GameStore(str(tmp_path / "games.db"))


@contextmanager
def held(store: GameStore, seconds: float) -> Iterator[subprocess.Popen[str]]:
    """Another process holds the file for `seconds` from now (the block returns at once)."""
    path = store.db.path
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path), str(seconds)], stdout=subprocess.PIPE, text=True
    )
    assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
    try:
        yield holder
    finally:
        holder.wait(timeout=seconds + 30)


async def pause() -> None:
    """The player stops typing a moment: the draft is written."""
    import asyncio

    await asyncio.sleep(2.0 if AT_THE_TABLE else 0.4)


#: Each journey: what the player does while the file is held; whether the round is saved.
JOURNEYS = {
    "type, pause, Save": (["type 90", "pause", "save"], True),
    "type, pause, type, Save, Back": (
        ["type 90", "pause", "type 95", "save", "back"],
        True,
    ),
    "type, Save, Back at once": (["type 95", "save", "back"], True),
    "type, Save, reload": (["type 95", "save", "reload"], True),
    "type, pause, type, Back, reload": (["type 90", "pause", "type 95", "back", "reload"], False),
}


@pytest.mark.parametrize("hold", HOLDS)
@pytest.mark.parametrize("journey", JOURNEYS)
def test_a_round_typed_while_the_file_is_held_is_recorded_once_with_the_last_value(
    store: GameStore, hold: str, journey: str
) -> None:
    steps, saves = JOURNEYS[journey]
    game_id = new_game(store)
    last = [step.split()[1] for step in steps if step.startswith("type")][-1]

    async def play() -> None:
        app, entry = await entering(store, game_id)
        pages: list[App] = [app]
        with held(store, HOLDS[hold]):
            for step in steps:
                if step.startswith("type"):
                    type_melded(entry, step.split()[1])
                elif step == "pause":
                    await pause()
                elif step == "save":
                    entry.save_round()
                elif step == "back":
                    show(app, f"/game/{game_id}")
                elif step == "reload":
                    app.closing()
                    app, entry = await entering(store, game_id)
                    pages.append(app)
        rounds = (lambda: len(store.load_game(game_id).game.rounds) == 1) if saves else None
        if rounds is not None:
            await until(rounds, 30)
        await pause()
        await pause()
        for page in pages:
            page.closing()

    run_on_a_loop_of_its_own(play())
    game = store.load_game(game_id).game
    again = reopened(store, game_id)
    shown = identifiers(again.build())
    assert "saved-elsewhere" not in shown, "nothing stale comes back as saved on another phone"
    if saves:
        assert len(game.rounds) == 1 and game.totals == (int(last), 0), "recorded once"
        assert not again.draft.touched and again.draft.round_number == 2
        assert storage.load_drafts(db=store.db, game_id=game_id) == []
    else:
        assert game.rounds == (), "never saved"
        assert again.draft.sides[0].melded_text == last, "the last value typed is kept"


def test_the_holder_really_holds_the_file(store: GameStore) -> None:
    """The journeys above mean something: while held, a write waits for the hold (or fails
    once the busy wait is over)."""
    game_id = new_game(store)
    with held(store, HOLDS["out of reach"]), pytest.raises(storage.DatabaseUnavailable):
        store.delete_game(game_id)
