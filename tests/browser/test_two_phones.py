"""Two phones on one game, each its own browser context: a save on one shows on the other without
a reload, an entry in progress survives the other phone's save, the same round edited on both
keeps the first save, and home follows games started and deleted elsewhere."""

from __future__ import annotations

import io
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import AppServer, Screen
from test_qa_journeys import GAME, start_a_round, stored_rounds, type_into

pytestmark = pytest.mark.browser

ROUND_ONE = [{"melded": 50, "hand": 0}, {"melded": 0, "hand": 50}]


def save_a_round(phone: Screen, melded: str, hand: str) -> None:
    """From the sheet: round entry, We melded `melded`, They `hand` in hand, saved."""
    start_a_round(phone)
    phone.fill("side-0-melded", melded)
    phone.fill("side-1-hand", hand)
    phone.tap("save-round")
    phone.wait_for("add-round")


def test_a_save_on_one_phone_shows_on_the_others_sheet_and_back(
    app_server: AppServer, open_phones: Any
) -> None:
    app_server.import_games(GAME)
    app_server.start()
    a, b = open_phones(app_server, "/game/1", "add-round")

    save_a_round(a, "90", "90")
    b.wait_text("side-0-total", r"^90$")
    b.wait_text("side-1-total", r"-90")
    b.wait_text("add-round", r"Add round 2")

    save_a_round(b, "120", "30")
    a.wait_text("side-0-total", r"^210$")
    a.wait_text("side-1-total", r"-120")
    assert a.route() == b.route() == "/game/1"
    a.shot("live-sheet-after-the-other-phones-save")

    # Taking a round back on one phone takes it off the other's sheet too.
    a.tap("undo-round")
    a.page.get_by_role("button", name="Take back round", exact=True).last.click()
    b.wait_text("side-0-total", r"^90$")
    b.wait_gone("round-2")


def test_an_entry_in_progress_survives_the_other_phones_save(
    app_server: AppServer, open_phones: Any
) -> None:
    app_server.import_games(GAME)
    app_server.start()
    a, b = open_phones(app_server, "/game/1", "add-round")
    start_a_round(b)
    assert type_into(b, "side-0-melded", "10") == "10"
    b.wait_text("side-0-total", r"total 10$")
    b.page.get_by_text("Round 1", exact=False).first.wait_for()

    save_a_round(a, "90", "90")

    # B's preview moves onto A's totals and what B typed stays; B is asked what becomes of
    # its entry of the round A saved first (never renumbered unasked).
    b.wait_for("keep-entry")
    b.wait_text("side-0-total", r"total 100$")
    b.shot("round-saved-on-another-phone")
    assert b.route() == "/game/1/round"
    assert stored_rounds(app_server)[0][0]["melded"] == 90

    # The field B was typing in still has the keyboard: the next keystroke lands in it.
    b.page.keyboard.type("5")
    b.wait_text("side-0-round-score", r"^\+105$")

    # B keeps it as round 2, finishes it and saves: nothing refused or overwritten.
    b.tap("keep-entry")
    b.wait_gone("keep-entry")
    b.page.get_by_text("Round 2", exact=False).first.wait_for()
    assert type_into(b, "side-1-hand", "40") == "40"
    b.wait_text("side-1-total", r"-130")
    b.tap("save-round")
    b.wait_for("add-round")
    a.wait_text("side-0-total", r"^195$")
    rounds = stored_rounds(app_server)
    assert [r[0]["melded"] for r in rounds] == [90, 105]


def test_the_other_phones_save_leaves_the_entry_scrolled_where_the_finger_is(
    app_server: AppServer, open_screen: Any
) -> None:
    """News from another phone draws the round entry again: on a small phone scrolled down to
    the second side, what the finger aims at stays where it is."""
    app_server.import_games(GAME)
    app_server.start()
    a: Screen = open_screen(app_server)
    b: Screen = open_screen(app_server, {"width": 360, "height": 640})
    for phone in (a, b):
        phone.open("/game/1", ready="add-round")
    start_a_round(b)
    # Scrolled as a finger scrolls (a screen reader's scroll is another matter: see
    # `Screen.scroll_to`).
    b.scroll_to("side-1-hand", band=(0.3, 0.6))
    assert type_into(b, "side-1-hand", "10") == "10"
    b.wait_text("side-1-total", r"total -10$")
    b.wait_still("side-1-hand")
    before = b.wait_for("side-1-hand").bounding_box()
    assert before is not None and before["y"] < 640, "the second side is not in sight"

    save_a_round(a, "90", "90")

    b.wait_for("keep-entry")
    b.wait_text("side-1-total", r"total -100$")
    b.wait_still("side-1-hand")
    after = b.wait_for("side-1-hand").bounding_box()
    assert after == before, f"the second side moved from {before} to {after}"
    # The field typed in still has the keyboard: the next keystroke lands in it.
    b.page.keyboard.type("5")
    b.wait_text("side-1-total", r"total -195$")


def test_a_round_typed_on_one_phone_is_not_the_others_own_but_it_may_take_it_over(
    app_server: AppServer, open_phones: Any
) -> None:
    app_server.import_games(GAME)
    app_server.start()
    a, b = open_phones(app_server, "/game/1", "add-round")
    start_a_round(a)
    assert type_into(a, "side-0-melded", "120+35") == "120+35"
    a.wait_text("side-0-round-score", r"^\+155$")
    # Written once typing pauses, off the server's loop: then the other phone can see it.
    deadline = time.monotonic() + 60
    while not typed_drafts(app_server) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert typed_drafts(app_server), "the half-typed round reached the database"

    start_a_round(b)
    b.wait_for("typed-elsewhere")
    assert not b.has("kept-from-before"), "never 'as you left it' on a phone that typed nothing"
    b.shot("round-typed-on-another-phone")
    b.tap("take-over")
    b.wait_gone("typed-elsewhere")
    b.wait_text("side-0-round-score", r"^\+155$")
    # Each phone types on in its own entry; A's is A's.
    a.wait_text("side-0-round-score", r"^\+155$")
    assert len(typed_drafts(app_server)) == 2


def typed_drafts(server: AppServer) -> list[Any]:
    """Every phone's half-typed round of game 1, as the database holds them."""
    from canasta_score import storage

    with storage.open_database(str(server.db_path)) as db:
        return storage.load_drafts(db=db, game_id=1)


def test_the_same_round_edited_on_both_keeps_the_first_save_and_shows_it(
    app_server: AppServer, open_phones: Any
) -> None:
    app_server.import_games({**GAME, "rounds": [ROUND_ONE]})
    app_server.start()
    a, b = open_phones(app_server, "/game/1/round/1/edit", "save-round")
    for phone in (a, b):
        phone.wait_text("side-0-round-score", r"50")
    a.fill("side-0-melded", "100")
    b.fill("side-0-melded", "150")
    a.tap("save-round")
    a.wait_for("add-round")
    a.wait_text("side-0-total", r"^100$")
    b.wait_text("side-0-round-score", r"^\+150$")  # B's own typing stays until B saves

    b.tap("save-round")
    notice = b.wait_text("changed-elsewhere", r"Round 1 was changed on another phone first")
    assert "not saved" in notice
    assert b.route() == "/game/1/round/1/edit"
    b.wait_text("side-0-round-score", r"^\+100$")  # the round as saved on A
    assert stored_rounds(app_server)[0][0]["melded"] == 100


def test_home_follows_games_started_and_deleted_on_another_phone(
    app_server: AppServer, open_phones: Any
) -> None:
    app_server.start()
    a, b = open_phones(app_server, "/", "new-game")
    a.tap("new-game")
    a.wait_for("start-game")
    a.tap("start-game")
    a.wait_for("add-round")
    b.wait_for("game-1")
    b.wait_for("resume")

    a.go("/", ready="game-1-delete")
    a.tap("game-1-delete")
    b.wait_gone("game-1")
    b.wait_gone("resume")


def test_the_invite_screen_shows_the_printed_link_as_a_code_that_scans(
    open_screen: Any, tmp_path: Path
) -> None:
    import zxingcpp
    from PIL import Image

    server = AppServer(tmp_path / "games.db", "--host", "0.0.0.0").start()
    try:
        phone: Screen = open_screen(server)
        query = server.printed_url.split("?", 1)[1]
        phone.open(f"/?{query}", ready="invite")
        phone.tap("invite")
        phone.wait_for("invite-code")
        assert phone.wait_text("invite-link", "token=") == server.printed_url
        picture = phone.shot("invite")
        [found] = zxingcpp.read_barcodes(Image.open(io.BytesIO(picture.read_bytes())))
        assert found.text == server.printed_url
        box = phone.wait_for("invite-code").bounding_box()
        assert box["width"] >= 280 and box["x"] >= 0 and box["x"] + box["width"] <= 390
        assert phone.horizontal_overflow() == 0

        phone.watch_for("Link copied")
        phone.tap("copy-invite")
        phone.wait_said("Link copied")
        assert "Traceback" not in server.errors()
    finally:
        server.stop()


def test_served_on_this_device_only_the_invite_screen_says_how(
    app_server: AppServer, open_screen: Any
) -> None:
    app_server.start()
    phone: Screen = open_screen(app_server)
    phone.open("/invite", ready="invite-unavailable")
    assert "--host 0.0.0.0" in phone.text("serve-command")
    phone.shot("invite-this-device-only")
