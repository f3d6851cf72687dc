"""The "Two players" rule set seats two players each on their own: chosen for sides of two, it
makes each side one player and says so; a partner added under it takes the rule set away."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_ui_screens import app_on, texts

from canasta_score.core import PRESETS, Side, apply_overrides
from canasta_score.i18n import translator
from canasta_score.ui.state.new_game import NewGameForm
from canasta_score.ui.store import GameStore
from canasta_score.ui.views.new_game import NewGameScreen


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    return GameStore(str(tmp_path / "games.db"))


def test_two_players_chosen_for_two_pairs_makes_each_side_its_first_player() -> None:
    """Issue 32, finding 5: the game started with made-up partners ("We 1, We 2")."""
    form = NewGameForm()
    form.name_player(0, 0, "Anna")
    form.name_player(0, 1, "Ben")
    form.name_player(1, 1, "Dan")  # the first field left blank: the player typed is kept
    form.choose_rules("two-player")
    assert form.rules_id == "two-player"
    assert form.final_sides() == [Side("Anna", ("Anna",)), Side("Dan", ("Dan",))]
    assert form.said == "Two players: each side is one player now (Ben taken off)."
    assert [side.players for side in form.game().sides] == [("Anna",), ("Dan",)]


def test_two_players_chosen_for_unnamed_pairs_gives_two_players_of_their_own() -> None:
    german = translator("de")
    form = NewGameForm(tr=german)
    form.choose_rules("two-player")
    assert form.final_sides() == [
        Side(name, (name,)) for name in (german._("Player {n}").format(n=n) for n in (1, 2))
    ]
    assert form.said == german._("{rules}: each side is one player now.").format(
        rules=german._("Two players")
    )


def test_a_copy_of_the_two_player_rules_seats_single_players_too(store: GameStore) -> None:
    rules, _problems = apply_overrides(PRESETS["two-player"], {"going_out": 150})
    custom = store.add_custom_rules(rules)
    form = NewGameForm(custom_rules=[custom])
    form.choose_rules(custom.id)
    assert [len(side.players) for side in form.final_sides()] == [1, 1]


def test_a_partner_added_under_the_two_player_rules_takes_them_away() -> None:
    form = NewGameForm()
    form.choose_rules("two-player")
    form.name_player(0, 0, "Anna")
    form.add_player(0)
    assert form.rules_id == "classic"
    assert form.said == '"Two players" is for players on their own: the rule set is "Classic" now.'
    form.name_player(0, 1, "Ben")
    assert form.said is None, "said once, then gone"


def test_sides_of_two_chosen_under_the_two_player_rules_take_them_away() -> None:
    form = NewGameForm()
    form.set_players_per_side(1)
    assert form.rules_id == "two-player"  # suggested, not chosen
    form.choose_rules("two-player")
    form.set_players_per_side(2)
    assert form.rules_id == "classic"
    assert form.said is not None


def test_the_new_game_screen_says_what_the_two_player_rules_did(store: GameStore) -> None:
    app = app_on(store)
    app.speak("de")
    german = translator("de")
    screen = NewGameScreen(app, "/new")
    view = screen.build()
    screen.player_named(0, 0, "Anna")
    screen.player_named(0, 1, "Ben")
    screen.rules_chosen("two-player")
    line = german._("{rules}: each side is one player now ({names} taken off).").format(
        rules=german._("Two players"), names="Ben"
    )
    assert line in texts(view)
    screen.start()
    (stored,) = store.list_games()
    game = store.load_game(stored.id).game
    assert [side.players for side in game.sides] == [
        ("Anna",),
        (german._("Player {n}").format(n=2),),
    ]
