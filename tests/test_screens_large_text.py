"""The sheet, home and round detail at large text on a small phone, in the longest languages.

Screens are built on a real database with the page stand-in of test_ui_screens (no browser);
the sizes checked are those the screens give their controls for the device's text scale.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import flet as ft
import pytest
from examples import game_file
from test_ui_screens import PageStandIn, texts, walk

from canasta_score.core import PRESETS, Game, Side
from canasta_score.i18n import translator
from canasta_score.ui.shell import App
from canasta_score.ui.store import GameStore
from canasta_score.ui.views.sheet import SheetScreen

WE_THEY = (Side("We", ("Anna", "Ben")), Side("They", ("Cleo", "Dan")))


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    return GameStore(str(tmp_path / "games.db"))


def phone(store: GameStore, language: str, *, width: float = 360, scale: float = 2.0) -> App:
    """A phone of `width` set to text `scale` times the normal size, speaking `language`."""
    app = App(PageStandIn(width), store)  # type: ignore[arg-type]
    app.tr = translator(language)
    app.text_scale = scale
    return app


def tagged(view: Any, identifier: str) -> Any:
    """The control a semantics `identifier` wraps."""
    (found,) = [
        c.content
        for c in walk(view)
        if isinstance(c, ft.Semantics) and getattr(c, "identifier", None) == identifier
    ]
    return found


def two_rounds(store: GameStore) -> int:
    """We lead 2,320 to -2,000 after two rounds (the screenshot tour's game)."""
    rounds = [
        [
            {"melded": 420, "canastas": {"natural": 1, "mixed": 1}, "went_out": "normal"},
            {"hand": 200, "red_threes": 4},
        ],
        [{"melded": 200, "canastas": {"natural": 1, "mixed": 1}}, {"hand": 200, "red_threes": 4}],
    ]
    (game_id,) = store.import_bytes(json.dumps(game_file(rounds)).encode(), "game.json")
    return game_id


# --- the sheet ------------------------------------------------------------------------------


@pytest.mark.parametrize("language", ["fi", "de", "en"])
def test_the_sheets_totals_share_one_size_so_the_lower_never_looks_bigger(
    store: GameStore, language: str
) -> None:
    game_id = two_rounds(store)
    view = SheetScreen(phone(store, language), f"/game/{game_id}", game_id).build()
    leader, other = tagged(view, "side-0-total"), tagged(view, "side-1-total")
    assert leader.value.replace("\u00a0", " ") in ("2 320", "2.320", "2,320")
    assert leader.size == other.size
    assert leader.size < 34, "at 2x text the totals are fitted to their column"
    for number in (1, 2):
        cells = [
            tagged(view, f"round-{number}-side-{side}-{part}")
            for side in (0, 1)
            for part in ("score", "total")
        ]
        assert cells[0].size == cells[2].size, "round scores of a row at one size"
        assert cells[1].size == cells[3].size, "running totals of a row at one size"


def test_the_players_of_a_side_may_take_a_second_line_on_the_sheet(store: GameStore) -> None:
    sides = (Side("We", ("Annaliisa", "Benjamin")), Side("They", ("Cleopatra", "Daniel")))
    stored = store.create_game(Game(rules=PRESETS["classic"], sides=sides))
    view = SheetScreen(phone(store, "fi"), f"/game/{stored.id}", stored.id).build()
    (players,) = [
        c for c in walk(view) if isinstance(c, ft.Text) and c.value == "Annaliisa, Benjamin"
    ]
    assert players.max_lines == 2 and not players.no_wrap
    assert players.overflow == ft.TextOverflow.ELLIPSIS, "cut with an ellipsis after two lines"
    assert "Cleopatra, Daniel" in texts(view)
