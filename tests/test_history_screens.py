"""The game chart, the round picture, the share text, and games taken out and brought back in.

Screens are built on a real database with the page stand-in of test_ui_screens (no browser).
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import threading
import time
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

import flet as ft
import flet_charts as fch
import pytest
from examples import WE_AND_THEY, WORKED_EXAMPLE_ROUND, game_file
from test_ui_screens import (
    LoopPage,
    PageStandIn,
    identifiers,
    run_on_a_loop_of_its_own,
    texts,
    walk,
)

from canasta_score.core import CLASSIC, SIX_PLAYER, Game, Side, SideEntry, read_game
from canasta_score.i18n import translator
from canasta_score.statistics.charts import chart_series, round_bars
from canasta_score.ui.components.round_picture import BAR_HEIGHT, THINNEST, scale
from canasta_score.ui.routes import screen_for
from canasta_score.ui.shell import App
from canasta_score.ui.state.share import share_text
from canasta_score.ui.store import GameStore, ImportRefused
from canasta_score.ui.views.chart import ChartScreen, visible_bands, y_range
from canasta_score.ui.views.settings import SettingsScreen
from canasta_score.ui.views.sheet import SheetScreen

CLIMBING = [
    {"melded": 200, "hand": 20, "canastas": {"mixed": 1}},
    {"melded": 150, "hand": 40, "red_threes": 1},
]


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    return GameStore(str(tmp_path / "games.db"))


def app_on(store: GameStore, width: float = 390, language: str = "en") -> App:
    app = App(PageStandIn(width), store)  # type: ignore[arg-type]
    app.tr = translator(language)
    return app


def stored_game(store: GameStore, document: dict[str, Any]) -> int:
    (game_id,) = store.import_bytes(json.dumps(document).encode(), "game.json")
    return game_id


def won_game(store: GameStore) -> int:
    return stored_game(
        store,
        game_file(
            [WORKED_EXAMPLE_ROUND] * 4,
            created="2026-11-28T20:00:00+00:00",
            updated="2026-11-28T21:30:00+00:00",
        ),
    )


# --- the share text -----------------------------------------------------------------------


def test_a_won_game_is_shared_as_sides_totals_rounds_winner_and_date(store: GameStore) -> None:
    game = store.load_game(won_game(store)).game
    assert share_text(game, translator("en"), date(2026, 11, 28)).splitlines() == [
        "Canasta: Classic, Nov 28, 2026",
        "We (Anna, Ben): 5,800",
        "They (Cleo, Dan): -740",
        "We won after 4 rounds.",
    ]


def test_the_share_text_writes_numbers_and_dates_as_the_phone_does(store: GameStore) -> None:
    game = store.load_game(won_game(store)).game
    text = share_text(game, translator("de"), date(2026, 11, 28))
    assert "28.11.2026" in text
    assert "5.800" in text and "-740" in text


def test_a_side_without_players_and_a_game_in_play_are_said_plainly() -> None:
    game = Game(CLASSIC, (Side("North", ()), Side("South", ())))
    game = game.add_round([SideEntry(melded=120), SideEntry(melded=90, hand=20)])
    assert share_text(game, translator("en"), date(2026, 1, 2)).splitlines() == [
        "Canasta: Classic, Jan 2, 2026",
        "North: 120",
        "South: 70",
        "In play after 1 round.",
    ]


def test_the_sheet_menu_copies_the_result_of_a_won_game_only(store: GameStore) -> None:
    app = app_on(store)
    won = SheetScreen(app, "/game/1", won_game(store))
    assert won.result_text().endswith("We won after 4 rounds.")
    menu = {c.identifier for c in won.menu_items() if isinstance(c, ft.Semantics)}
    assert menu == {"menu-copy-result", "menu-csv", "menu-export-game"}
    in_play = SheetScreen(app, "/game/2", stored_game(store, game_file([CLIMBING])))
    menu = {c.identifier for c in in_play.menu_items() if isinstance(c, ft.Semantics)}
    assert menu == {"menu-csv", "menu-export-game"}
    view = in_play.build()
    assert {"open-chart", "game-menu"} <= identifiers(view)


def test_copying_the_result_says_so_once_the_menu_has_closed(store: GameStore) -> None:
    app = app_on(store)
    screen = SheetScreen(app, "/game/1", won_game(store))
    screen.open_menu()
    assert isinstance(app.page.dialogs[-1], ft.BottomSheet)
    screen.result_copied()
    assert app.page.dialogs == []  # the menu closed; the message waits for it to be gone
    screen.menu_dismissed()
    assert isinstance(app.page.dialogs[-1], ft.SnackBar)
    assert "Result copied" in app.page.dialogs[-1].content.value


# --- the chart ----------------------------------------------------------------------------


def chart_of(view: ft.View) -> Any:
    charts = [c for c in walk(view) if isinstance(c, fch.LineChart)]
    assert len(charts) == 1
    return charts[0]


def test_the_chart_draws_each_sides_running_totals_the_target_and_the_bands(
    store: GameStore,
) -> None:
    game_id = stored_game(store, game_file([CLIMBING] * 8))
    app = app_on(store)
    _screen, view = screen_for(app, f"/game/{game_id}/chart")
    chart = chart_of(view)
    game = store.load_game(game_id).game
    series = chart_series(game)
    *bands, target, we, they = chart.data_series
    # Each side's line: 0 before the first round, then its total after each round.
    assert [p.y for p in we.points] == list(series.sides[0].totals)
    assert [p.y for p in they.points] == [0, *(t[1] for t in game.running_totals)]
    assert [p.x for p in we.points] == list(range(9))
    assert we.color != they.color
    assert {p.y for p in target.points} == {5000} and target.dash_pattern
    # Totals 0..3840 and 0..1680, target 5000: the chart shows 0..5500.
    assert (chart.min_y, chart.max_y) == (0, 5500)
    # The bands 0-1500, 1500-3000, 3000-5500: each an invisible line shaded down to its start.
    assert [(b.below_line_cutoff_y, b.points[0].y) for b in bands] == [
        (0, 1500),
        (1500, 3000),
        (3000, 5500),
    ]
    assert all(b.color == ft.Colors.TRANSPARENT and b.below_line_bgcolor for b in bands)
    assert not any(p.show_tooltip for b in (*bands, target) for p in b.points)
    # Each band says on the right what a side in it needs to open.
    shown = {label.value: label.label.content.value for label in chart.right_axis.labels}
    assert shown == {750: "50", 2250: "90", 4250: "120"}
    left = [label.value for label in chart.left_axis.labels]
    assert left == [0, 1500, 3000, 5000]
    # The legend names the sides with their totals; what each needs next is said in words.
    words = texts(view)
    assert "We: 3,840" in words and "They: 1,680" in words
    assert "Next round: We needs 120, They needs 90" in words


def test_a_total_below_zero_and_the_7500_tier_show_as_bands(store: GameStore) -> None:
    game = Game(SIX_PLAYER, (Side("A", ()), Side("B", ()), Side("C", ())))
    series = chart_series(game)
    low = series.__class__(
        sides=(series.sides[0].__class__("A", (0, -700, 9100)),),
        target=series.target,
        bands=series.bands,
    )
    bottom, top = y_range(low)
    assert bottom == -1000 and top > 9100
    minimums = [minimum for _s, _e, minimum, _i in visible_bands(low, bottom, top)]
    assert minimums == [15, 50, 90, 120, 150]


@pytest.mark.parametrize("width", [360, 1280])
def test_the_chart_builds_for_every_table_and_a_game_without_rounds(
    store: GameStore, width: int
) -> None:
    for sides in (2, 3, 4):
        rules = SIX_PLAYER if sides == 3 else CLASSIC
        stored = store.create_game(
            Game(rules, tuple(Side(f"S{n}", (f"P{n}a", f"P{n}b")) for n in range(sides)))
        )
        view = ChartScreen(app_on(store, width), f"/game/{stored.id}/chart", stored.id).build()
        chart = chart_of(view)
        assert len(chart.data_series) >= sides + 1
        assert {f"chart-legend-{n}" for n in range(sides)} <= identifiers(view)


@pytest.mark.parametrize(("scale", "on_screen"), [(1.0, 13), (1.5, 19.5), (2.0, 22)])
def test_the_charts_axis_numbers_are_read_at_arms_length_and_keep_the_plot_its_room(
    store: GameStore, scale: float, on_screen: float
) -> None:
    """At the normal size the axes' numbers were 10-11 px on the screen (review 51)."""
    game_id = stored_game(store, game_file([CLIMBING] * 3))
    app = app_on(store, 360)
    app.layout.text_scale = scale
    chart = chart_of(ChartScreen(app, f"/game/{game_id}/chart", game_id).build())
    labels = [
        label.label.content if isinstance(label.label, ft.Container) else label.label
        for axis in (chart.left_axis, chart.right_axis, chart.bottom_axis)
        for label in axis.labels
    ]
    assert labels and {label.size * scale for label in labels} == {on_screen}


def test_a_chart_of_a_game_that_is_gone_shows_home(store: GameStore) -> None:
    _screen, view = screen_for(app_on(store), "/game/99/chart")
    assert "new-game" in identifiers(view)


# --- the round picture --------------------------------------------------------------------


def test_the_round_picture_puts_gains_above_the_line_and_losses_below(store: GameStore) -> None:
    game_id = stored_game(store, game_file([WORKED_EXAMPLE_ROUND]))
    app = app_on(store)
    _screen, view = screen_for(app, f"/game/{game_id}/round/1")
    assert {"round-picture-0", "round-picture-1"} <= identifiers(view)
    words = texts(view)
    # We: 420 melded, 800 canasta bonus, 200 red threes, 100 going out; 70 in hand.
    for label, points in [
        ("Melded", "+420"),
        ("Canasta bonus", "+800"),
        ("Red threes", "+200"),
        ("Going out", "+100"),
        ("In hand", "-70"),
    ]:
        assert label in words and points in words
    assert "We: +1,450" in words and "They: -185" in words
    # They have not melded: their red three counts against them, below the line.
    bars = round_bars(store.load_game(game_id).game, 1)
    assert [p.part for p in bars[1].below] == ["red_threes", "hand"]


def tags_starting(view: ft.Control, prefix: str) -> dict[str, ft.Semantics]:
    """The tagged controls of a screen whose identifiers start with `prefix`, by identifier."""
    return {
        str(c.identifier): c
        for c in walk(view)
        if isinstance(c, ft.Semantics) and str(c.identifier or "").startswith(prefix)
    }


def test_each_value_of_a_rounds_table_is_heard_with_its_side(store: GameStore) -> None:
    """Read as one line, a row of the round's table was "Melded +420 0": whose number was
    whose was left to the ear. Each value is heard with its side's name, and only so."""
    game_id = stored_game(store, game_file([WORKED_EXAMPLE_ROUND]))
    _screen, view = screen_for(app_on(store), f"/game/{game_id}/round/1")
    cells = tags_starting(view, "detail-")
    assert cells["detail-0-side-0"].label == "We: +420"
    assert cells["detail-1-side-0"].label == "We: -70"
    assert all(
        cell.exclude_semantics and str(cell.label).startswith(("We: ", "They: "))
        for cell in cells.values()
    ), "each value said once, with its side"
    assert {name.rsplit("-", 1)[1] for name in cells} == {"0", "1"}


def test_each_number_of_the_sheet_is_heard_with_what_it_is(store: GameStore) -> None:
    """A sheet's row was heard "We, +1,450 1,450": which number was the round's and which
    the total was left to the ear (the columns say it to the eye). Each is heard with the
    words round detail gives them, and only so."""
    game_id = stored_game(store, game_file([WORKED_EXAMPLE_ROUND, WORKED_EXAMPLE_ROUND]))
    _screen, view = screen_for(app_on(store), f"/game/{game_id}")
    cells = tags_starting(view, "round-2-side-")
    assert cells["round-2-side-0-score"].label == "Round score, +1,450"
    assert cells["round-2-side-0-total"].label == "Total after, 2,900"
    assert cells["round-2-side-1-score"].label == "Round score, -185"
    assert cells["round-2-side-1-total"].label == "Total after, -370"
    assert all(cell.exclude_semantics for cell in cells.values()), "each number said once"


def test_a_game_tile_opens_the_game_as_a_button_beside_its_delete_button(
    store: GameStore,
) -> None:
    """A screen reader heard a game's tile as a group of texts, nothing saying a tap opens
    the game. It is a button named by its lines, the delete button beside it, not in it."""
    game_id = stored_game(store, game_file([WORKED_EXAMPLE_ROUND]))
    _screen, view = screen_for(app_on(store), "/")
    tile = tags_starting(view, f"game-{game_id}")[f"game-{game_id}"]
    (opens,) = [c for c in walk(tile) if isinstance(c, ft.Semantics) and c.button]
    assert opens.content.on_click is not None, "a tap on it does nothing"
    assert f"game-{game_id}-delete" in identifiers(tile)
    assert f"game-{game_id}-delete" not in identifiers(opens), "a button in a button"
    assert "In play, 1 round" in texts(opens)
    # Beside the button, above and below it, a tap opens the game too, never heard twice.
    (around,) = [c for c in walk(tile) if isinstance(c, ft.GestureDetector)]
    assert around.on_tap is not None and around.exclude_from_semantics


def test_the_round_picture_draws_every_side_on_one_scale() -> None:
    document = game_file([WORKED_EXAMPLE_ROUND])
    game, problems = read_game(document)
    assert game is not None and not problems
    bars = round_bars(game, 1)
    per_point = scale(bars)
    # We's bar (1520 above, 70 below) is the biggest: it is drawn BAR_HEIGHT tall.
    assert per_point == pytest.approx(BAR_HEIGHT / 1590)
    assert scale([]) == 0.0
    assert THINNEST > 0


# --- the games out and back in ------------------------------------------------------------


def test_a_backup_made_in_the_app_comes_back_whole(store: GameStore, tmp_path: Path) -> None:
    won_game(store)
    stored_game(store, game_file([CLIMBING] * 3))
    backup = store.backup_bytes()
    document = json.loads(backup)
    assert document["format"] == "canasta-score-backup/1" and len(document["games"]) == 2
    other = GameStore(str(tmp_path / "other.db"))
    assert other.import_bytes(backup, "backup.json") == [1, 2]
    assert other.load_game(1).game.totals == store.load_game(1).game.totals
    assert other.load_game(1).created_at == store.load_game(1).created_at


def test_a_game_file_made_in_the_app_comes_back(store: GameStore, tmp_path: Path) -> None:
    game_id = won_game(store)
    data = store.game_file_bytes(game_id)
    assert json.loads(data)["sides"] == WE_AND_THEY
    assert store.import_bytes(data, "game.json") == [], "here already: no second copy"
    other = GameStore(str(tmp_path / "other.db"))
    (again,) = other.import_bytes(data, "game.json")
    assert other.load_game(again).game.totals == store.load_game(game_id).game.totals


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b'{"format": "canasta-score-backup/1", "games": [', "damaged.json is not valid JSON"),
        (b"\xff\xfe\x00garbage", "damaged.json is not a text file"),
        (b"[" * 100_000, "nested too deeply"),
        (b'{"format": "canasta-score-backup/1", "games": 3}', "must be a list of game files"),
        # Told what it is not, not field by field ("unknown rules null; sides must be...").
        (b'{"what": "a shopping list"}', "damaged.json is neither a game file nor a backup"),
        (b'["milk", "eggs"]', "damaged.json is neither a game file nor a backup"),
        (b'{"rules": "classic"}', "sides must be a list"),
    ],
)
def test_a_damaged_file_is_refused_with_its_reason_and_nothing_comes_in(
    store: GameStore, data: bytes, reason: str
) -> None:
    won_game(store)
    with pytest.raises(ImportRefused) as refused:
        store.import_bytes(data, "damaged.json")
    assert reason in str(refused.value)
    assert [s.id for s in store.list_games()] == [1]


def test_a_backup_with_one_bad_game_brings_in_none_of_them(store: GameStore) -> None:
    bad = game_file([[{"melded": -5}, {"melded": 0}]])
    backup = {"format": "canasta-score-backup/1", "games": [game_file(), bad]}
    with pytest.raises(ImportRefused) as refused:
        store.import_bytes(json.dumps(backup).encode(), "backup.json")
    assert any(problem.startswith("game 2: ") for problem in refused.value.problems)
    assert store.list_games() == []


def settings_on(store: GameStore, language: str = "en") -> SettingsScreen:
    """Settings shown on a page whose tasks run on the test's event loop, as on a phone of a
    server (storage asked off that loop)."""
    app = App(LoopPage(), store, off_loop=True)  # type: ignore[arg-type]
    app.tr = translator(language)
    screen = SettingsScreen(app, "/settings")
    app.nav.current = screen
    screen.build()
    return screen


def picked_file(name: str, data: bytes | None) -> ft.FilePickerFile:
    return ft.FilePickerFile(id=0, name=name, size=len(data or b""), bytes=data)


async def until(condition: Callable[[], object], seconds: float = 10) -> None:
    """Lets the loop run until `condition()` holds (a failure after `seconds`)."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "waited in vain"
        await asyncio.sleep(0.01)


def pick(screen: SettingsScreen, name: str, data: bytes | None) -> str:
    """A file picked in Settings and imported as on a phone; what the screen then says."""

    async def picking() -> None:
        screen.files_picked([picked_file(name, data)])
        await until(lambda: not screen.imports.importing)

    run_on_a_loop_of_its_own(picking())
    return str(screen.outcome.value)


def test_settings_say_how_many_games_came_in_or_why_none_did(store: GameStore) -> None:
    screen = settings_on(store)
    heard: list[str] = []
    screen.app.device.announce = heard.append  # type: ignore[method-assign]
    view = screen.build()
    assert {"backup-all", "import-games", "import-outcome"} <= identifiers(view)
    assert screen.app.device.on_files_picked == screen.files_picked
    backup = {
        "format": "canasta-score-backup/1",
        "games": [game_file(), game_file(uid="second-game")],
    }
    assert pick(screen, "backup.json", json.dumps(backup).encode()) == (
        "2 games came in from backup.json."
    )
    assert screen.outcome.color is None
    assert pick(screen, "one.json", json.dumps(game_file(uid="third-game")).encode()) == (
        "1 game came in from one.json."
    )
    # A file that gives no identity is known by what it holds: once in is enough.
    assert pick(screen, "again.json", json.dumps(game_file()).encode()) == (
        "Every game in again.json is here already; nothing was imported."
    )
    # A reason that names the file is said alone: the file named once.
    said = pick(screen, "broken.json", b'{"format": ')
    assert said == (
        "broken.json is not valid JSON: Expecting value at line 1, column 12; nothing was imported."
    )
    assert screen.outcome.color == ft.Colors.ERROR
    assert heard[-1] == said
    # Several reasons (games of a backup) come under the file's name. Said to a screen
    # reader: the first line, the colon before the reasons gone. No message at the foot of
    # the screen: it lay over the reasons, said whole on the screen already.
    bad_games = {"format": "canasta-score-backup/1", "games": [{"rules": "classic"}, {}]}
    said = pick(screen, "bad-games.json", json.dumps(bad_games).encode())
    assert said.startswith("Nothing was imported from bad-games.json:\nGame 1: ")
    assert said.count("bad-games.json") == 1
    assert heard[-1] == "Nothing was imported from bad-games.json"
    assert not [d for d in screen.app.page.dialogs if isinstance(d, ft.SnackBar)]
    assert "could not be read" in pick(screen, "unread.json", None)
    assert len(store.list_games()) == 3


def test_a_file_too_large_to_be_ours_is_refused_by_its_size_and_never_asked_for(
    store: GameStore,
) -> None:
    from canasta_score.uploads import LARGEST_IMPORT

    screen = settings_on(store)
    asked: list[str] = []

    async def file_bytes(file: ft.FilePickerFile) -> bytes | None:
        asked.append(file.name)
        return json.dumps(game_file()).encode()

    screen.app.device.file_bytes = file_bytes  # type: ignore[method-assign]
    holiday = ft.FilePickerFile(id=0, name="holiday.mp4", size=20_971_520)
    game = ft.FilePickerFile(id=1, name="game.json", size=300)
    assert holiday.size > LARGEST_IMPORT

    async def picking() -> None:
        screen.files_picked([holiday, game])
        await until(lambda: not screen.imports.importing)

    run_on_a_loop_of_its_own(picking())
    assert asked == ["game.json"]
    # Both files' outcomes on the screen, one under the other (the first was said only in a
    # passing message, over the second's), in red where refused.
    shown = [(text.value, text.color) for text in screen.outcome_box.controls]
    assert shown == [
        (
            "holiday.mp4 is 21 MB: too large to be a backup or a game file (at most 16 MB). "
            "Nothing was imported.",
            ft.Colors.ERROR,
        ),
        ("1 game came in from game.json.", None),
    ]
    assert not [d for d in screen.app.page.dialogs if isinstance(d, ft.SnackBar)]
    # The next pick says what it came to alone.
    # The next pick says what it came to alone (this phone's file_bytes gives the same game).
    said = pick(screen, "again.json", b"")
    assert said == "Every game in again.json is here already; nothing was imported."
    assert len(screen.outcome_box.controls) == 1


def test_a_phone_of_a_table_picks_files_without_their_bytes_which_it_sends_on_their_own(
    store: GameStore,
) -> None:
    """In the page's socket a large file would close it (the server's message limit)."""
    screen = settings_on(store)
    assert screen.bring_in_button.action.with_data  # a device of its own: with the pick
    screen.app.table = dataclasses.replace(screen.app.table, served=True)
    screen.build()
    assert not screen.bring_in_button.action.with_data


def test_a_picked_backup_is_imported_off_the_pages_loop_and_one_at_a_time(
    store: GameStore,
) -> None:
    screen = settings_on(store)
    app = screen.app
    backup = json.dumps(
        {"format": "canasta-score-backup/1", "games": [game_file(), game_file(uid="second-game")]}
    ).encode()
    release = threading.Event()
    importers: list[threading.Thread] = []
    import_bytes = app.table.store.import_bytes

    def slow_import(data: bytes, name: str) -> list[int]:
        importers.append(threading.current_thread())
        assert release.wait(5), "the import held up the page that started it"
        return import_bytes(data, name)

    app.table.store.import_bytes = slow_import  # type: ignore[method-assign]

    async def journey() -> None:
        loop = threading.current_thread()
        screen.files_picked([picked_file("backup.json", backup)])
        await until(lambda: importers)
        assert importers[0] is not loop, "the import ran on the page's event loop"
        # While it runs the phone shows it is working, and takes no second file.
        assert screen.working.visible and screen.bring_in_button.disabled
        screen.files_picked([picked_file("again.json", backup)])
        again = SettingsScreen(app, "/settings")  # left and opened again meanwhile
        app.nav.current = again
        again.build()
        assert again.working.visible and again.bring_in_button.disabled
        again.files_picked([picked_file("again.json", backup)])
        release.set()
        await until(lambda: not again.imports.importing)
        assert again.outcome.value == "2 games came in from backup.json."
        assert not again.working.visible and not again.bring_in_button.disabled

    run_on_a_loop_of_its_own(journey())
    assert len(importers) == 1
    assert len(store.list_games()) == 2


def test_the_backup_picker_is_one_service_whatever_the_screens(store: GameStore) -> None:
    app = app_on(store)
    for _ in range(3):
        SettingsScreen(app, "/settings").build()
    assert len([s for s in app.page.services if isinstance(s, ft.FilePicker)]) == 1


def test_why_a_backup_was_refused_is_said_in_the_phones_language(store: GameStore) -> None:
    screen = settings_on(store, language="de")
    bad = game_file()
    bad["rounds"][0][0]["melded"] = -5
    backup = {"format": "canasta-score-backup/1", "games": [game_file(), bad]}
    said = pick(screen, "backup.json", json.dumps(backup).encode())
    assert said.startswith("Aus backup.json wurde nichts importiert:\n")
    reason = said.split("\n")[1]
    [detail] = refusal_of(store, backup).details
    assert detail.game == 2 and not isinstance(detail.problem, str)
    assert reason == "Spiel 2: " + translator("de").problem(detail.problem)
    assert "negative" not in reason  # the core's English words are not shown
    assert len(store.list_games()) == 0


def refusal_of(store: GameStore, document: Any) -> ImportRefused:
    """The refusal the store gives for a document (checked: it must refuse)."""
    with pytest.raises(ImportRefused) as refused:
        store.import_bytes(json.dumps(document).encode(), "backup.json")
    return refused.value


def test_a_fault_while_importing_is_said_and_logged_as_one_not_as_a_refused_file(
    store: GameStore, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A fault of the app read as 'Nothing was imported' sent the player looking for what is
    wrong with a good file, and left no traceback in the log."""
    from canasta_score.storage import DatabaseUnavailable, Notice, NoticeCode

    screen = settings_on(store)

    def broken(_data: bytes, _name: str) -> list[int]:
        raise KeyError("side")

    monkeypatch.setattr(screen.app.table.store, "import_bytes", broken)
    outcome = pick(screen, "games.json", b"{}")
    said = [str(d.content.value) for d in screen.app.page.dialogs if hasattr(d, "content")]
    assert not outcome.startswith("Nothing was imported")
    assert any("A fault in the app" in text and "KeyError" in text for text in said)
    assert any(r.exc_info and r.exc_info[0] is KeyError for r in caplog.records), "traceback"

    def out_of_reach(_data: bytes, _name: str) -> list[int]:
        raise DatabaseUnavailable(
            Notice(NoticeCode.DATABASE_CANNOT_BE_USED, {"path": "games.db", "reason": "locked"})
        )

    monkeypatch.setattr(screen.app.table.store, "import_bytes", out_of_reach)
    pick(screen, "games.json", b"{}")
    said = [str(d.content.value) for d in screen.app.page.dialogs if hasattr(d, "content")]
    assert any("cannot be reached" in text for text in said)
