"""What a field lets a finger type. Flet's client keeps a field's old text whenever the
field's filter finds no match in the new text (Dart's `RegExp.hasMatch`, which is Python's
`re.search`): a pattern that does not match the whole text, the empty one too, keeps the last
digit of `45` after two Backspaces and takes `4a` for the `4` in it."""

from __future__ import annotations

import re

import flet as ft
import pytest
from test_ui_screens import app_on, store, walk  # noqa: F401 (the fixture)

from canasta_score.core import PRESETS, Game, Side
from canasta_score.ui.components.entry import POINTS_FILTER, TARGET_FILTER
from canasta_score.ui.routes import screen_for
from canasta_score.ui.store import GameStore


def kept(text: str, pattern: str) -> bool:
    """Whether Flet's client takes `text` into a field filtered by `pattern`."""
    return re.search(pattern, text) is not None


@pytest.mark.parametrize(
    ("pattern", "taken", "refused"),
    [
        (POINTS_FILTER.regex_string, ["", "4", "45", "120+35", "-5", "5 + 5"], ["4a", "a", "1.5"]),
        (
            TARGET_FILTER.regex_string,
            ["", "5", "5000", "5.000", "5,000", "5 000", "5\u00a0000", "5\u202f000", "5'000"],
            ["5k", "x", "5000-"],
        ),
    ],
    ids=["points", "target"],
)
def test_a_filtered_field_empties_and_takes_its_characters_alone(
    pattern: str, taken: list[str], refused: list[str]
) -> None:
    for text in taken:
        assert kept(text, pattern), f"{text!r} is refused by /{pattern}/"
    for text in refused:
        assert not kept(text, pattern), f"{text!r} is taken by /{pattern}/"


def test_every_filtered_field_on_the_entry_screens_can_be_emptied(store: GameStore) -> None:  # noqa: F811
    """Round entry (the points, hand and penalty fields) and a new game's target."""
    stored = store.create_game(
        Game(rules=PRESETS["classic"], sides=(Side("We", ("Anna",)), Side("They", ("Ben",))))
    )
    app = app_on(store)
    patterns: set[str] = set()
    for route in ("/new", f"/game/{stored.id}/round"):
        _screen, view = screen_for(app, route)
        for control in walk(view):
            if isinstance(control, ft.TextField) and control.input_filter is not None:
                patterns.add(control.input_filter.regex_string)
    assert len(patterns) >= 2, patterns  # the points fields' and the target's
    for pattern in patterns:
        assert kept("", pattern), f"a field filtered by /{pattern}/ cannot be emptied"
        assert not kept("4a", pattern), f"a field filtered by /{pattern}/ takes a letter"
