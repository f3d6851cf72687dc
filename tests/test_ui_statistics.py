"""The statistics screen and the whole history on home, built on a real database and driven
through their handlers (no browser)."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import flet as ft
import pytest
from flet.utils.object_model import get_param_count
from storage_support.builders import quiet_round, winning_round
from test_ui_screens import app_on, fixed_width, identifiers, texts, walk

from canasta_score.core import DANISH, PRESETS, Game, Side
from canasta_score.ui.routes import screen_for
from canasta_score.ui.state.history import HistoryChoices, period_start
from canasta_score.ui.state.statistics import StatsChoices, party_key
from canasta_score.ui.store import GameStore
from canasta_score.ui.views.home import HomeScreen
from canasta_score.ui.views.statistics import StatisticsScreen


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    return GameStore(str(tmp_path / "games.db"))


def tagged(view: Any, identifier: str) -> Any:
    """The control under the semantics node of this identifier."""
    return next(
        c.content for c in walk(view) if isinstance(c, ft.Semantics) and c.identifier == identifier
    )


def tap(button: Any) -> None:
    """A tap as Flet delivers it: the event goes to a handler that takes a parameter."""
    if get_param_count(button.on_click) == 0:
        button.on_click()
    else:
        button.on_click(SimpleNamespace(control=button))


def game_ids(screen: HomeScreen) -> list[int]:
    """The games the history shows, in its order."""
    return [int(tile.identifier.split("-")[1]) for tile in screen.history.games.controls]


def play(
    store: GameStore, names=("Anna", "Ben", "Cleo", "Dan"), *, won=True, rules=PRESETS["classic"]
):
    """A game of two teams; the first team wins it at once (or it stays in play)."""
    stored = store.create_game(
        Game(rules=rules, sides=(Side("We", names[:2]), Side("They", names[2:])))
    )
    store.add_round(stored.id, winning_round() if won else quiet_round(), stored.version)
    return stored.id


# --- the whole history on home ---------------------------------------------------------------


def test_home_shows_a_page_of_games_and_the_next_page_on_asking(store: GameStore) -> None:
    ids = [
        store.create_game(
            Game(rules=DANISH, sides=(Side("We", ("Anna",)), Side("They", ("Ben",))))
        ).id
        for _ in range(33)
    ]
    app = app_on(store)
    screen, _view = screen_for(app, "/")
    assert isinstance(screen, HomeScreen)
    assert game_ids(screen) == sorted(ids, reverse=True)[:30]
    assert screen.history.more.visible is not False
    screen.history.load_more()
    assert game_ids(screen) == sorted(ids, reverse=True)
    assert screen.history.more.visible is False


def test_home_searches_and_filters_the_history(store: GameStore) -> None:
    anna = play(store, ("Anna", "Ben", "Cleo", "Dan"))
    eve = play(store, ("Eve", "Finn", "Cleo", "Dan"), won=False)
    danish = play(store, ("Åsa", "Ben", "Cleo", "Dan"), rules=DANISH)
    app = app_on(store)
    screen, view = screen_for(app, "/")
    history = screen.history
    history.choose(history.choices.with_search("ANNA"))
    assert game_ids(screen) == [anna]
    history.choose(history.choices.with_search("åSA"))
    assert game_ids(screen) == [danish]
    history.choose(HistoryChoices(state="in_play"))
    assert game_ids(screen) == [eve]
    history.choose(HistoryChoices(rules="danish"))
    assert game_ids(screen) == [danish]
    history.choose(HistoryChoices(search="nobody"))
    assert game_ids(screen) == [] and "No game matches the search and filters." in texts(view)
    history.choose(HistoryChoices())
    assert game_ids(screen) == [danish, eve, anna]


def test_home_with_no_game_yet_offers_no_search_and_no_filters(store: GameStore) -> None:
    app = app_on(store)
    _screen, view = screen_for(app, "/")
    assert "No games yet. Start one and it will be kept here." in texts(view)
    assert {"history-search", "history-filters"} & identifiers(view) == set()
    assert not [c for c in walk(view) if isinstance(c, ft.TextField)]
    play(store)
    _screen, view = screen_for(app, "/")  # home again, with a game
    assert {"history-search", "history-filters"} <= identifiers(view)


def test_a_search_that_finds_nothing_stays_in_sight_to_be_changed(store: GameStore) -> None:
    play(store)
    app = app_on(store)
    screen, _view = screen_for(app, "/")
    screen.history.choose(HistoryChoices(search="nobody"))
    _screen, view = screen_for(app, "/")  # drawn again (another phone's news): no game shown
    assert "No game matches the search and filters." in texts(view)
    assert tagged(view, "history-search").value == "nobody"
    assert "history-filters" in identifiers(view)


def test_home_offers_the_statistics(store: GameStore) -> None:
    app = app_on(store)
    _screen, view = screen_for(app, "/")
    tagged(view, "open-statistics").on_click()
    assert app.page.route == "/stats"


def test_periods_go_back_from_today_included() -> None:
    today = date(2026, 3, 31)
    assert period_start("month", today) == date(2026, 3, 2)
    assert period_start("year", today) == date(2025, 4, 1)
    assert period_start("nonsense", today) is None
    assert HistoryChoices().with_period("nonsense").period == "all"
    assert not HistoryChoices().narrowed and HistoryChoices(search="a").narrowed


# --- the statistics screen -------------------------------------------------------------------


def box(view: Any, identifier: str) -> str:
    """What a figure's box says, as a screen reader reads it: `Wins: 2`."""
    return next(
        c.label for c in walk(view) if isinstance(c, ft.Semantics) and c.identifier == identifier
    )


def test_a_card_per_player_and_partnership_with_wins_and_games_in_play_apart(
    store: GameStore,
) -> None:
    play(store)
    play(store)
    play(store, ("Cleo", "Dan", "Anna", "Ben"))
    play(store, won=False)
    app = app_on(store)
    screen, view = screen_for(app, "/stats")
    assert isinstance(screen, StatisticsScreen)
    assert box(view, "player-anna-games") == "Games: 3"
    assert box(view, "player-anna-wins") == "Wins: 2"
    assert box(view, "player-anna-win-rate") == "Win rate: 67%"
    assert box(view, "player-anna-in-play") == "In play: 1"
    assert box(view, "partnership-cleo-dan-wins") == "Wins: 1"
    assert box(view, "player-anna-canastas-natural") == "Natural canastas: 20"
    assert box(view, "player-anna-best-round") == "Best round: 6,900"
    # The label says all: the figure and its words under it are not read again after it.
    figures = [
        c
        for c in walk(view)
        if isinstance(c, ft.Semantics)
        and str(c.identifier).startswith("player-anna-")
        and ": " in str(c.label)
    ]
    assert figures and all(c.exclude_semantics for c in figures)


def test_the_filters_count_only_the_games_they_admit(store: GameStore) -> None:
    play(store)
    play(store, ("Anna", "Eve", "Cleo", "Dan"), rules=DANISH)
    app = app_on(store)
    screen, _view = screen_for(app, "/stats")
    screen.show(screen.choices.with_rules("danish"))
    view = screen.build()
    assert box(view, "player-anna-games") == "Games: 1"
    assert "player-ben" not in identifiers(view)


def test_head_to_head_between_two_picked_partnerships(store: GameStore) -> None:
    play(store)
    play(store)
    play(store, ("Cleo", "Dan", "Anna", "Ben"))
    app = app_on(store)
    screen, view = screen_for(app, "/stats")
    assert "Pick two players" in texts(tagged(view, "head-to-head-result"))[0]
    stats = screen.stats
    first, second = stats.partnership("Anna", "Ben"), stats.partnership("Cleo", "Dan")
    screen.choices = StatsChoices(first=party_key(first), second=party_key(second))
    view = screen.build()
    result = texts(tagged(view, "head-to-head-result"))
    assert set(result) == {"Anna & Ben 2 – 1 Cleo & Dan", "3 finished games against each other"}


def answer_dialogs(app: Any, *values: str) -> None:
    """Fill in the open dialog's field or choice, then press its last button."""
    for value in values:
        dialog = app.page.dialogs[-1]
        for control in walk(dialog.content):
            if isinstance(control, ft.TextField | ft.Dropdown):
                control.value = value
        last = dialog.actions[-1]
        (last.content if isinstance(last, ft.Semantics) else last).on_click()


def test_a_player_is_renamed_after_a_confirmation_and_the_rename_undone(store: GameStore) -> None:
    play(store, ("Anne", "Ben", "Cleo", "Dan"))
    app = app_on(store)
    screen, view = screen_for(app, "/stats")
    app.nav.current = screen
    tagged(view, "player-anne-rename").on_click()
    answer_dialogs(app, "Anna")
    (confirm,) = app.page.dialogs
    assert confirm.title.value == "Rename Anne to Anna?"
    assert store.name_changes() == [], "nothing changes before the answer"
    confirm.actions[-1].on_click()
    [change] = store.name_changes()
    assert (change.old, change.new) == ("Anne", "Anna")
    view = screen.build()
    assert "player-anna" in identifiers(view) and "player-anne" not in identifiers(view)
    assert "name-change-1" in identifiers(view)
    confirm.on_dismiss()
    (message,) = app.page.dialogs
    assert message.content.value == "Anne renamed to Anna"
    message.on_action()
    assert store.name_changes() == []
    assert "player-anne" in identifiers(screen.build())


def test_two_names_of_one_player_are_merged_and_undone_from_the_list(store: GameStore) -> None:
    play(store, ("Jan", "Ben", "Cleo", "Dan"))
    play(store, ("Jan B.", "Ben", "Cleo", "Dan"), won=False)
    app = app_on(store)
    screen, view = screen_for(app, "/stats")
    tagged(view, "player-jan-merge").on_click()
    answer_dialogs(app, "Jan B.")
    (confirm,) = app.page.dialogs
    assert confirm.title.value == "Merge Jan into Jan B.?"
    confirm.actions[-1].on_click()
    view = screen.build()
    assert box(view, "player-jan b.-games") == "Games: 1"
    assert box(view, "player-jan b.-in-play") == "In play: 1"
    assert "player-jan" not in identifiers(view)
    [change] = store.name_changes()
    tap(tagged(view, f"name-change-{change.id}-undo"))
    assert store.name_changes() == []
    assert "player-jan" in identifiers(screen.build())


def test_an_empty_history_says_there_is_nothing_to_count_yet(store: GameStore) -> None:
    app = app_on(store)
    _screen, view = screen_for(app, "/stats")
    assert "statistics-empty" in identifiers(view)


def test_the_statistics_fit_a_phone(store: GameStore) -> None:
    play(store, ("Anna-Katharina", "Bartholomew", "Cleo", "Dan"))
    app = app_on(store, 360)
    _screen, view = screen_for(app, "/stats")
    too_wide = [
        (type(c).__name__, fixed_width(c))
        for c in walk(view)
        if isinstance(c, ft.Row) and fixed_width(c) > 360 - 24
    ]
    assert not too_wide
