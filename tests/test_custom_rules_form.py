"""The form that makes a custom rule set: what it refuses is said with the field's own label,
in the phone's language (never a game file's key names)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_ui_screens import app_on

from canasta_score.core import PRESETS
from canasta_score.i18n import LANGUAGES, translator
from canasta_score.ui.state.labels import CANASTA_LABELS
from canasta_score.ui.store import GameStore
from canasta_score.ui.views.rules import RulesScreen


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    return GameStore(str(tmp_path / "games.db"))


def rules_form(store: GameStore, language: str) -> RulesScreen:
    app = app_on(store)
    app.speak(language)
    screen = RulesScreen(app, "/rules")
    screen.build()
    return screen


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_target_of_0_is_refused_naming_the_target_as_its_field_does(
    store: GameStore, language: str
) -> None:
    """Issue 32, finding 8: "rule_overrides.target muss eine positive ganze Zahl sein,
    erhalten: 0" named the game file's key."""
    screen = rules_form(store, language)
    screen.fields["target"].value = "0"
    screen.save_custom()
    said = str(screen.custom_problems.value)
    label = str(screen.fields["target"].label)
    assert said.startswith(label), said
    assert "rule_overrides" not in said and "target" not in said.replace(label, "")
    assert store.custom_rules() == [], "nothing is saved"


def test_a_number_too_large_is_refused_naming_its_field(store: GameStore) -> None:
    german = translator("de")
    screen = rules_form(store, "de")
    screen.fields["going_out"].value = "2000000"
    kind = next(iter(PRESETS["classic"].canasta_kinds))
    screen.fields[f"canasta:{kind.value}"].value = "5000000"
    screen.save_custom()
    said = str(screen.custom_problems.value).splitlines()
    assert said == [
        german._("{what}: type a number up to {most}").format(
            what=german._("Going out"), most="1.000.000"
        ),
        german._("{what}: type a number up to {most}").format(
            what=german._(CANASTA_LABELS[kind]), most="1.000.000"
        ),
    ]
    assert store.custom_rules() == []


def test_a_form_put_right_saves_and_says_no_problem_any_more(store: GameStore) -> None:
    screen = rules_form(store, "en")
    screen.fields["target"].value = "0"
    screen.save_custom()
    assert screen.custom_problems.value == "Target: type a number above 0"
    screen.fields["target"].value = "3000"
    screen.save_custom()
    (custom,) = store.custom_rules()
    assert custom.target == 3000
    assert not screen.custom_problems.value
