"""A seat nobody named is nobody: the statistics count players by name, and the names the app
made up for blank fields ("We 1", "They 2", "Player 1", in any language) name no one."""

from __future__ import annotations

from pathlib import Path

import pytest
from storage_support.builders import quiet_round, winning_round
from test_ui_screens import app_on, identifiers, texts

from canasta_score.core import PRESETS, Game, Side
from canasta_score.i18n import translator
from canasta_score.ui.routes import screen_for
from canasta_score.ui.state.new_game import NewGameForm
from canasta_score.ui.store import GameStore
from canasta_score.ui.views.statistics import StatisticsScreen


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    return GameStore(str(tmp_path / "games.db"))


def started(store: GameStore, form: NewGameForm, *, won: bool) -> None:
    """A game started from the new-game form as it was left, one round played."""
    stored = store.create_game(form.game())
    store.add_round(stored.id, winning_round() if won else quiet_round(), stored.version)


def test_unnamed_seats_are_no_players_in_the_statistics(store: GameStore) -> None:
    """Issue 32, finding 6: "They 1", "We 2", "We 1 & We 2", each "In play: 35", listed as
    players and partnerships, in English on a German phone."""
    for language in ("en", "de"):  # two phones, each leaving the names blank
        for _ in range(2):
            started(store, NewGameForm(tr=translator(language)), won=False)
    named = NewGameForm()
    named.name_player(0, 0, "Anna")  # her partner left blank: "We 2"
    started(store, named, won=True)
    single = NewGameForm()
    single.set_players_per_side(1)
    single.name_player(1, 0, "Ben")  # against "Player 1"
    started(store, single, won=True)
    app = app_on(store)
    app.speak("de")
    screen, view = screen_for(app, "/stats")
    assert isinstance(screen, StatisticsScreen)
    assert [figures.players for figures in screen.stats.players] == [("Anna",), ("Ben",)]
    assert screen.stats.partnerships == ()
    shown = " | ".join(texts(view))
    for side in ("We", "They", "Wir", "Ihr", "Player", "Spieler"):
        for seat in (f"{side} 1", f"{side} 2"):
            assert seat not in shown, seat
    assert not [tag for tag in identifiers(view) if tag.endswith((" 1", " 2"))]


def test_a_seat_left_blank_on_a_named_side_is_no_player(store: GameStore) -> None:
    """A side named "Mor og Far" with one partner not typed: "Mor og Far 2" was listed as a
    player, and in the partnership "Mor & Mor og Far 2", in every such game."""
    for _ in range(2):
        form = NewGameForm(tr=translator("nb"))
        form.rename_side(0, "Mor og Far")
        form.name_player(0, 0, "Mor")
        form.name_player(1, 0, "Kari")
        form.name_player(1, 1, "Ola")
        assert form.game().sides[0].players == ("Mor", "Mor og Far 2")  # as the sheet says
        started(store, form, won=True)
    app = app_on(store)
    screen, view = screen_for(app, "/stats")
    assert isinstance(screen, StatisticsScreen)
    players = {figures.players for figures in screen.stats.players}
    assert players == {("Mor",), ("Kari",), ("Ola",)}
    assert [figures.players for figures in screen.stats.partnerships] == [("Kari", "Ola")]
    assert "Mor og Far 2" not in " | ".join(texts(view))


def test_a_typed_name_that_reads_like_another_sides_made_up_one_is_a_player(
    store: GameStore,
) -> None:
    """A made-up name counts only in its place (as home shows it): "Zij" typed for the first
    side's player is someone's name."""
    store.create_game(
        Game(PRESETS["classic"], (Side("Zij", ("Zij", "Anna")), Side("We", ("Cleo", "Dan"))))
    )
    app = app_on(store)
    screen, _view = screen_for(app, "/stats")
    names = {figures.players for figures in screen.stats.players}
    assert ("Zij",) in names and ("Anna",) in names


def test_the_stats_command_counts_no_unnamed_seat_either(store: GameStore) -> None:
    """`python -m canasta_score stats` read the same games with "We 1", "They 2" as players."""
    import json
    import subprocess
    import sys

    for language in ("en", "de"):
        started(store, NewGameForm(tr=translator(language)), won=False)
    named = NewGameForm()
    named.name_player(0, 0, "Anna")
    started(store, named, won=True)
    path = store.db.path
    result = subprocess.run(
        [sys.executable, "-m", "canasta_score", "stats", "--db", str(path), "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    read = json.loads(result.stdout)
    assert [entry["name"] for entry in read["players"]] == ["Anna"], read["players"]
    assert read["partnerships"] == []


def test_a_name_pasted_too_long_is_cut_so_the_games_file_reads_back(store: GameStore) -> None:
    """A game file's names are at most 100 characters (a longer one is refused, as a file
    of 60 MB names held the table's server); the app keeps its own names as long at most,
    or its games' backups could not be restored."""
    form = NewGameForm()
    form.name_player(0, 0, "Anna " * 40)
    stored = store.create_game(form.game())
    (player, *_rest) = stored.game.sides[0].players
    assert len(player) <= 100 and player.startswith("Anna Anna")
    assert store.import_bytes(store.game_file_bytes(stored.id), "game.json") == [], "read back"
