"""QA journeys in a real browser: nonsense typed into the points fields, and two tabs at once."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest
from conftest import ROOT, STEP_TIMEOUT_MS, AppServer, Screen
from examples import game_file

pytestmark = pytest.mark.browser

GAME = game_file(rounds=[])


def stored_rounds(server: AppServer) -> list[Any]:
    done = subprocess.run(
        [sys.executable, "-m", "canasta_score", "export", "1", "--db", str(server.db_path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    rounds: list[Any] = json.loads(done.stdout)["rounds"]
    return rounds


#: How long typing a value key by key may take, on a loaded machine with room to spare.
TYPING_MS = 90_000


def type_into(screen: Screen, identifier: str, value: str) -> str:
    """Types into an empty points field as a player would; returns what the field holds."""
    node = screen.wait_for(identifier)
    # Laid out: just after a tap that redraws the screen (keeping an entry as the next round)
    # the field's node can be in the page with no size yet ("Element is not visible").
    node.wait_for(state="visible", timeout=TYPING_MS)
    field = node.locator("input").first
    node.click(force=True)  # the field's problem text can lie over the <input>
    screen.wait_typed_in(field)  # keys sent before are put back as the field was
    if len(value) > 60:
        field.fill(value, force=True)  # a paste
    else:  # key by key, bounded: a page that stops answering fails this test, not the run
        field.press_sequentially(value, timeout=TYPING_MS)
    screen.page.wait_for_timeout(400)
    held: str = field.input_value()
    return held


def clear_round(screen: Screen) -> None:
    """Clear in the app bar, then yes to its question."""
    screen.tap("clear-round")
    screen.page.get_by_role("button", name="Clear", exact=True).click()
    screen.page.wait_for_timeout(400)
    screen.wait_for("side-0-melded")


def save_enabled(screen: Screen) -> bool:
    button = screen.wait_for("save-round").locator("[role=button]").first
    return button.get_attribute("aria-disabled") != "true"


def start_a_round(screen: Screen) -> Screen:
    """From the sheet to round entry (its Save button there)."""
    screen.tap("add-round")
    screen.wait_for("save-round")
    return screen


def open_round_entry(server: AppServer, open_phones: Any) -> Screen:
    [screen] = open_phones(server, "/game/1", "add-round", count=1)
    return start_a_round(screen)


@pytest.mark.parametrize("typed", ["-5", "120++5", "-", "5--5", "1" * 30, "5" + "0" * 40])
def test_nonsense_in_a_points_field_shows_a_plain_problem_and_saves_nothing(
    app_server: AppServer, open_phones: Any, typed: str
) -> None:
    app_server.import_games(GAME)
    app_server.start()
    phone = open_round_entry(app_server, open_phones)
    assert type_into(phone, "side-0-melded", typed) == typed
    # Save tapped with the field still typed in: a number not a multiple of 5 (30 ones) is
    # said then, as one half typed on its way to a right one is not said before.
    phone.tap("save-round", even_if_disabled=True)
    problems = phone.wait_text("round-problems", r"melded|numbers")
    assert "Traceback" not in problems
    assert not save_enabled(phone)
    phone.page.wait_for_timeout(500)
    assert phone.route() == "/game/1/round"
    assert stored_rounds(app_server) == []
    assert "Traceback" not in app_server.errors()


def test_letters_do_not_land_in_a_points_field_and_backspace_empties_it(
    app_server: AppServer, open_phones: Any
) -> None:
    """A letter beside a digit landed (`4a5`), and Backspace never took a field's last
    character (`45`, two Backspaces: `4`): Flet keeps the old text where the field's filter
    finds no match in the new one, and the filter matched one allowed character."""
    app_server.import_games(GAME)
    app_server.start()
    phone = open_round_entry(app_server, open_phones)
    assert type_into(phone, "side-0-melded", "abc") == ""
    assert type_into(phone, "side-0-melded", "4a5") == "45"
    phone.wait_number("side-0-round-score", 45)
    phone.press("Backspace")
    phone.press("Backspace")
    phone.wait_number("side-0-round-score", 0)
    assert phone.value("side-0-melded") == ""
    assert not save_enabled(phone)
    assert stored_rounds(app_server) == []


def enter_round_one_in_two_tabs(server: AppServer, open_phones: Any) -> Screen:
    """Two tabs enter round 1 at once; the first saves 90, the second has typed 120.

    The second tab hears of the first one's save at once (ui/news.py): its entry is of the
    round the first saved, so it asks what becomes of it; kept as round 2, its save adds a
    round instead of overwriting one. (The refusal of a save from a tab that is behind stays
    as the last guard: test_ui_screens.)
    """
    server.import_games(GAME)
    server.start()
    first, second = map(start_a_round, open_phones(server, "/game/1", "add-round"))
    type_into(second, "side-0-melded", "120")
    type_into(first, "side-0-melded", "90")
    type_into(first, "side-1-hand", "90")
    first.tap("save-round")
    first.wait_for("add-round")
    first.wait_number("side-0-total", 90)
    second.tap("keep-entry")
    second.page.get_by_text("Round 2", exact=False).first.wait_for()
    type_into(second, "side-1-hand", "120")
    second.tap("save-round")
    second.wait_for("add-round")
    return second


def test_a_round_saved_in_a_second_tab_overwrites_nothing(
    app_server: AppServer, open_phones: Any
) -> None:
    enter_round_one_in_two_tabs(app_server, open_phones)
    rounds = stored_rounds(app_server)
    assert [r[0]["melded"] for r in rounds] == [90, 120]


def test_thousands_of_digits_pasted_into_a_points_field_show_a_problem(
    app_server: AppServer, open_phones: Any
) -> None:
    """ui/state/points.py parse_points: int() of more than 4300 digits raised in the on_change
    handler (a traceback on the server, and no problem shown on the screen)."""
    app_server.import_games(GAME)
    app_server.start()
    phone = open_round_entry(app_server, open_phones)
    type_into(phone, "side-0-melded", "5" * 5000)
    phone.wait_text("round-problems", r"melded|numbers")
    assert not save_enabled(phone)
    assert "Traceback" not in app_server.errors(), app_server.errors()[-800:]
    assert stored_rounds(app_server) == []


def test_after_the_other_tabs_save_the_entry_shows_the_game_as_it_now_is(
    app_server: AppServer, open_phones: Any
) -> None:
    """The second tab saves round 2, its total on top of the other tab's 90 (90 + 120 = 210)."""
    second = enter_round_one_in_two_tabs(app_server, open_phones)
    second.wait_text("side-0-total", r"210")


#: The device's note of a save on its way, as the browser keeps it (`ui.state.save_note`).
SAVE_NOTE = "flutter.canasta_score.saving"


def test_a_page_opened_again_after_its_save_lost_its_answer_says_whether_it_landed(
    app_server: AppServer, open_phones: Any
) -> None:
    """A table server restarted as a round was saved: the phone came back on round entry and
    said nothing, so a saved round could be typed again as the next one. The note the page
    keeps while its save is on its way is put back as a page gone before the answer leaves
    it, and the page opened again in a session of its own."""
    app_server.import_games(GAME)
    app_server.start()
    phone = open_round_entry(app_server, open_phones)
    phone.page.evaluate(
        """key => { window.__notes = []; const set = Storage.prototype.setItem;
        Storage.prototype.setItem = function (k, v) {
          if (k === key) window.__notes.push(JSON.parse(v)); return set.call(this, k, v); }; }""",
        SAVE_NOTE,
    )
    type_into(phone, "side-0-melded", "90")
    type_into(phone, "side-1-hand", "90")
    phone.tap("save-round")
    phone.wait_for("add-round")
    [note] = phone.page.evaluate("() => window.__notes")
    noted = json.loads(note)
    assert (noted["game"], noted["round"]) == (1, 1) and noted["typed"]["entry"] == noted["entry"]
    never_saved = {"game": 1, "round": 2, "entry": "an-entry-never-saved", "typed": None}
    assert phone.page.evaluate("key => localStorage.getItem(key)", SAVE_NOTE) is None
    for kept, said in (
        (note, "Round 1 was saved before this page was closed or lost its connection."),
        (json.dumps(never_saved), "Round 2 was not yet saved when this page"),
    ):
        phone.page.evaluate(
            "([key, note]) => localStorage.setItem(key, JSON.stringify(note))", [SAVE_NOTE, kept]
        )
        # The page as a restarted server opens it: a session of its own (a reload goes on
        # with the page's session, whose save's answer comes).
        again = Screen(phone.page.context.new_page(), app_server.url)
        again.open("/game/1/round", ready="save-round")
        again.watch_for(said)  # a lasting message: there once said, as text or as a label
        again.wait_said(said)
        # Said once: the note goes (its removal may reach the browser after the message).
        again.page.wait_for_function(
            "key => localStorage.getItem(key) === null", arg=SAVE_NOTE, timeout=STEP_TIMEOUT_MS
        )
        again.page.close()
    assert len(stored_rounds(app_server)) == 1


#: The device's note of the round as typed, as the browser keeps it (`ui.state.typing_note`).
TYPING_NOTE = "flutter.canasta_score.typing"


def test_a_page_opened_again_goes_on_from_the_last_keystroke_the_device_noted(
    app_server: AppServer, open_phones: Any
) -> None:
    """A web-app tab reloaded 0.5 s after typing 45 came back with 35 (the draft is written
    once typing pauses). The device notes the round as typed at each keystroke, and lets the
    note go once the draft is written; a note left by a page closed before, of the same
    typing as the draft written, is what a page opened again goes on from."""
    app_server.import_games(GAME)
    app_server.start()
    phone = open_round_entry(app_server, open_phones)
    phone.page.evaluate(
        """key => { window.__typing = []; const set = Storage.prototype.setItem;
        Storage.prototype.setItem = function (k, v) {
          if (k === key) window.__typing.push(JSON.parse(v)); return set.call(this, k, v); }; }""",
        TYPING_NOTE,
    )
    type_into(phone, "side-0-melded", "45")
    phone.page.wait_for_function(
        "() => window.__typing.some(n => n.includes('\"45\"'))", timeout=STEP_TIMEOUT_MS
    )
    # The draft written once typing paused: the note goes.
    phone.page.wait_for_function(
        "key => localStorage.getItem(key) === null", arg=TYPING_NOTE, timeout=STEP_TIMEOUT_MS
    )
    noted = json.loads(phone.page.evaluate("() => window.__typing.at(-1)"))
    assert noted["game"] == 1 and noted["typed"]["sides"][0]["melded_text"] == "45"
    # As a page closed 0.5 s after typing 60 leaves it: the draft written holds 45.
    noted["typed"]["sides"][0]["melded_text"] = "60"
    phone.page.evaluate(
        "([key, note]) => localStorage.setItem(key, JSON.stringify(JSON.stringify(note)))",
        [TYPING_NOTE, noted],
    )
    again = Screen(phone.page.context.new_page(), app_server.url)
    again.open("/game/1/round", ready="save-round")
    again.page.wait_for_function(
        "key => localStorage.getItem(key) === null", arg=TYPING_NOTE, timeout=STEP_TIMEOUT_MS
    )
    again.wait_text("side-0-round-score", r"^\+60$")  # 60 melded, nothing else
    assert not stored_rounds(app_server), "typed again, not saved"
