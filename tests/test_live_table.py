"""Several phones on one game: news of a change reaches the other pages, what is typed survives,
the same round edited twice keeps the first save; and the invite screen shows the table's link.

No browser: two page stand-ins share one pubsub hub and run their tasks on the test's loop, as
two sessions of the server do (tests/browser/test_two_phones.py drives the real thing).
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from test_ui_screens import WE_THEY, LoopPage, identifiers, run_on_a_loop_of_its_own, texts

from canasta_score.core import PRESETS, Game, SideEntry
from canasta_score.ui.news import DATABASE_TOPIC, GAMES_TOPIC, RELOAD_TOPIC, game_topic
from canasta_score.ui.shell import App
from canasta_score.ui.store import GameStore, ImportRefused, StaleGame
from canasta_score.ui.views.round_entry import RoundEntryScreen


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    return GameStore(str(tmp_path / "games.db"))


def phones(store: GameStore, count: int = 2) -> list[App]:
    """Pages of one server: one database, one pubsub hub."""
    hub: dict[str, dict[int, Any]] = {}
    return [App(LoopPage(hub=hub), store) for _ in range(count)]  # type: ignore[arg-type]


def show(app: App, route: str) -> Any:
    app.page.route = route
    app.nav.show_route()
    return app.nav.current


async def news_delivered() -> None:
    """Lets the tasks the news started on each page run (they are queued on the loop)."""
    for _turn in range(5):
        await asyncio.sleep(0)


def points(melded: int = 0, hand: int = 0) -> SideEntry:
    return SideEntry(melded=melded, hand=hand)


def version(store: GameStore, game_id: int) -> int:
    return store.load_game(game_id).version


def new_game(store: GameStore) -> int:
    return store.create_game(Game(rules=PRESETS["classic"], sides=WE_THEY)).id


def test_a_round_saved_on_one_phone_shows_on_the_others_sheet(store: GameStore) -> None:
    async def journey() -> None:
        game_id = new_game(store)
        a, b = phones(store)
        show(a, f"/game/{game_id}")
        sheet = show(b, f"/game/{game_id}")
        a.table.store.add_round(game_id, [points(90), points(hand=90)], version(store, game_id))
        await news_delivered()
        assert sheet.game.totals == (90, -90)
        assert "90" in texts(b.page.views[0]) and "round-1" in identifiers(b.page.views[0])
        # and back: B takes the round back, A's sheet follows
        b.table.store.undo_last_round(game_id, sheet.stored.version)
        await news_delivered()
        assert a.nav.current.game.rounds == ()

    run_on_a_loop_of_its_own(journey())


def test_a_round_typed_on_another_phone_moves_on_keeps_what_was_typed_and_asks_first(
    store: GameStore,
) -> None:
    async def journey() -> None:
        game_id = new_game(store)
        a, b = phones(store)
        entry = show(b, f"/game/{game_id}/round")
        assert isinstance(entry, RoundEntryScreen)
        entry.panels[0].changed(lambda: entry.draft.set_melded(0, "120"))
        assert entry.panels[0].header.total.value == "total 120"
        a.table.store.add_round(game_id, [points(90), points(hand=90)], version(store, game_id))
        await news_delivered()
        assert entry.draft.round_number == 2
        assert entry.draft.sides[0].melded_text == "120"
        assert entry.panels[0].melded.value == "120"
        assert entry.panels[0].header.total.value == "total 210"
        assert b.page.views[0].appbar.title.controls[0].value == "Round 2"
        # Round 1 was the round typed here: nothing becomes round 2 before the player says so.
        assert entry.overtaken == 1 and entry.save.disabled
        entry.save_round()
        assert store.load_game(game_id).game.totals == (90, -90)
        entry.keep_entry()
        entry.save_round()  # the last guard has nothing to refuse: this is round 2
        assert store.load_game(game_id).game.totals == (210, -90)

    run_on_a_loop_of_its_own(journey())


def test_the_same_round_edited_on_two_phones_keeps_the_first_save(store: GameStore) -> None:
    async def journey() -> None:
        game_id = new_game(store)
        store.add_round(game_id, [points(50), points(hand=50)], version(store, game_id))
        a, b = phones(store)
        first = show(a, f"/game/{game_id}/round/1/edit")
        second = show(b, f"/game/{game_id}/round/1/edit")
        first.draft.set_melded(0, "100")
        first.changed()
        second.draft.set_melded(0, "150")
        second.changed()
        first.save_round()
        await news_delivered()
        assert second.draft.sides[0].melded_text == "150", "what B typed stays until B saves"
        second.save_round()
        assert store.load_game(game_id).game.totals == (100, -50)
        assert "Round 1 was changed on another phone first" in (second.changed_elsewhere or "")
        assert second.draft.sides[0].melded_text == "100", "the round as saved"
        assert "changed-elsewhere" in identifiers(b.page.views[0]), "said over Save"
        said = [getattr(d, "content", None) for d in b.page.dialogs]
        assert second.changed_elsewhere not in [getattr(c, "value", None) for c in said], (
            "said once: no message over Save saying it again"
        )

    run_on_a_loop_of_its_own(journey())


def test_an_edit_carries_on_when_another_round_changes(store: GameStore) -> None:
    async def journey() -> None:
        game_id = new_game(store)
        store.add_round(game_id, [points(50), points(hand=50)], version(store, game_id))
        a, b = phones(store)
        show(a, f"/game/{game_id}")
        editing = show(b, f"/game/{game_id}/round/1/edit")
        editing.draft.set_melded(0, "100")
        a.table.store.add_round(game_id, [points(20), points(hand=20)], version(store, game_id))
        await news_delivered()
        editing.save_round()
        assert store.load_game(game_id).game.totals == (120, -70)

    run_on_a_loop_of_its_own(journey())


def test_home_follows_games_started_and_deleted_on_another_phone(store: GameStore) -> None:
    async def journey() -> None:
        a, b = phones(store)
        show(b, "/")
        game_id = a.table.store.create_game(Game(rules=PRESETS["classic"], sides=WE_THEY)).id
        await news_delivered()
        assert f"game-{game_id}" in identifiers(b.page.views[0])
        a.table.store.delete_game(game_id)
        await news_delivered()
        assert f"game-{game_id}" not in identifiers(b.page.views[0])
        a.table.store.restore_game(game_id)
        await news_delivered()
        assert f"game-{game_id}" in identifiers(b.page.views[0])

    run_on_a_loop_of_its_own(journey())


def test_a_sheet_whose_game_is_deleted_elsewhere_goes_home(store: GameStore) -> None:
    async def journey() -> None:
        game_id = new_game(store)
        a, b = phones(store)
        show(b, f"/game/{game_id}")
        a.table.store.delete_game(game_id)
        await news_delivered()
        assert b.page.route == "/"

    run_on_a_loop_of_its_own(journey())


def test_a_phone_follows_only_the_screen_it_shows(store: GameStore) -> None:
    async def journey() -> None:
        game_id = new_game(store)
        (a,) = phones(store, 1)
        hub = a.page.pubsub.hub
        show(a, f"/game/{game_id}")
        shown = {game_topic(game_id), RELOAD_TOPIC, DATABASE_TOPIC}
        assert {t for t, pages in hub.items() if pages} == shown
        show(a, "/")
        assert {t for t, pages in hub.items() if pages} == {
            GAMES_TOPIC,
            RELOAD_TOPIC,
            DATABASE_TOPIC,
        }
        a.closing()
        assert not any(hub.values())
        # Back (a reload, the phone online again): it hears the database again, once.
        a.reconnected()
        await news_delivered()
        assert set(hub[DATABASE_TOPIC]) == {id(a.page.pubsub)}

    run_on_a_loop_of_its_own(journey())


def test_news_for_a_screen_already_left_is_dropped(store: GameStore) -> None:
    async def journey() -> None:
        game_id = new_game(store)
        a, b = phones(store)
        sheet = show(b, f"/game/{game_id}")
        a.table.store.add_round(game_id, [points(90), points(hand=90)], version(store, game_id))
        show(b, "/settings")  # left before the news ran
        await news_delivered()
        assert sheet.game.rounds == ()
        assert b.page.route == "/settings"

    run_on_a_loop_of_its_own(journey())


def test_a_round_deleted_on_another_phone_takes_its_detail_back_to_the_sheet(
    store: GameStore,
) -> None:
    async def journey() -> None:
        game_id = new_game(store)
        for melded in (50, 60):
            store.add_round(game_id, [points(melded), points(hand=50)], version(store, game_id))
        a, b = phones(store)
        show(b, f"/game/{game_id}/round/2")
        a.table.store.delete_round(game_id, 2, version(store, game_id))
        await news_delivered()
        assert b.page.route == f"/game/{game_id}"

    run_on_a_loop_of_its_own(journey())


def test_a_take_back_asked_before_another_phones_save_takes_nothing_back(
    store: GameStore,
) -> None:
    async def journey() -> None:
        game_id = new_game(store)
        store.add_round(game_id, [points(50), points(hand=50)], version(store, game_id))
        a, b = phones(store)
        sheet = show(b, f"/game/{game_id}")
        sheet.undo()  # "Take back round 1?" waits for an answer on B
        a.table.store.add_round(game_id, [points(90), points(hand=90)], version(store, game_id))
        await news_delivered()
        dialog = b.page.dialogs[-1]
        dialog.actions[1].on_click()  # yes: but the game is no longer what B was asked about
        assert len(store.load_game(game_id).game.rounds) == 2
        held = b.messages.held  # said once the dialog is gone
        assert held is not None and "changed on another screen" in held[0]

    run_on_a_loop_of_its_own(journey())


def test_the_chart_on_another_phone_follows_a_saved_round(store: GameStore) -> None:
    async def journey() -> None:
        game_id = new_game(store)
        a, b = phones(store)
        chart = show(b, f"/game/{game_id}/chart")
        a.table.store.add_round(game_id, [points(90), points(hand=90)], version(store, game_id))
        await news_delivered()
        assert chart.stored.game.totals == (90, -90)
        assert b.nav.current is chart

    run_on_a_loop_of_its_own(journey())


#: The store's methods that tell the table nothing: reading, and what is not a game
#: (this phone's drafts and settings, rule sets, players' name changes).
QUIET = {
    "add_custom_rules",
    "add_name_change",
    "answers",
    "backup_bytes",
    "backup_to_offer",
    "close",
    "custom_rules",
    "db",
    "delete_custom_rules",
    "drafts_elsewhere",
    "game_file_bytes",
    "give_back_old_device_settings",
    "history_page",
    "keep_draft",
    "known_players",
    "list_games",
    "load_draft",
    "listen_to_others",
    "load_game",
    "name_changes",
    "note_draft",
    "notice",
    "played_games",
    "purge_deleted",  # games already deleted (and told so): gone for good in a tab
    "read_statistics_soon",
    "take_old_device_settings",
    "telling",
    "undo_name_change",
    "unfinished_game",
}


def test_every_store_method_either_tells_the_table_or_is_known_to_be_quiet() -> None:
    public = {name for name in vars(GameStore) if not name.startswith("_")}
    telling = {name for name in public if getattr(getattr(GameStore, name), "tells", False)}
    assert telling >= {"create_game", "add_round", "import_bytes"}
    unknown = public - telling - QUIET
    assert not unknown, f"mark {unknown} @_tells if they change a game, else list them in QUIET"


def test_each_saved_change_is_told_once_with_its_game_and_a_refused_one_not_at_all(
    store: GameStore, tmp_path: Path
) -> None:
    told: list[int | None] = []
    page = store.telling(told.append)
    game_id = page.create_game(Game(rules=PRESETS["classic"], sides=WE_THEY)).id
    page.add_round(game_id, [points(90), points(hand=90)], 1)
    page.replace_round(game_id, 1, [points(120), points(hand=90)], 2)
    page.add_round(game_id, [points(90), points(hand=90)], 3)
    page.delete_round(game_id, 1, 4)
    page.undo_last_round(game_id, 5)
    assert told == [game_id] * 6
    with pytest.raises(StaleGame):
        page.add_round(game_id, [points(90), points(hand=90)], 1)
    page.delete_game(game_id=game_id)
    page.restore_game(game_id)
    assert told[6:] == [game_id, game_id]
    backup = tmp_path / "backup.json"
    backup.write_bytes(page.backup_bytes())
    page.restore_backup(backup)
    page.import_bytes(backup.read_bytes(), "backup.json")
    page.import_bytes(page.game_file_bytes(game_id), "game.json")
    assert told[8:] == [None, None, None]
    with pytest.raises(ImportRefused):
        page.import_bytes(b"{", "broken.json")
    page.keep_draft(game_id, {"typed": 1})
    page.take_old_device_settings(["theme"])
    assert len(told) == 11
    store.add_round(game_id, [points(90), points(hand=90)], 6)  # the server's own store: quiet
    assert len(told) == 11
