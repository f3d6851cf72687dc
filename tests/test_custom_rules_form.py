"""The form that makes a custom rule set: what it refuses is said with the field's own label,
in the phone's language (never a game file's key names)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_ui_screens import app_on

from canasta_score.core import ALL_PRESETS, PRESETS
from canasta_score.i18n import LANGUAGES, translator
from canasta_score.ui.components.entry import label_of
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
    label = label_of(screen.fields["target"])
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


def family_form(store: GameStore, preset: str) -> RulesScreen:
    screen = rules_form(store, "en")
    screen.copy_from = preset
    screen.build()
    return screen


def test_each_switch_of_the_rule_families_is_set_in_a_custom_copy(store: GameStore) -> None:
    """RULES_FAMILIES.md, "Switches": each other source's value, chosen in the form, is the
    copy's; the rest stays the preset's."""
    samba = family_form(store, "samba")
    samba.fields["opening:7000"].value = "160"
    assert samba.fields["red_threes_minus"].value == "own"
    samba.fields["red_threes_minus"].value = "bonus"
    samba.save_custom()
    american = family_form(store, "american")
    assert american.fields["melded_without_canasta"].value == "minus"
    american.fields["melded_without_canasta"].value = "plus"
    american.fields["hand:garbage"].value = "2000"
    american.fields["incomplete:wild_jokers"].value = "2500"
    american.save_custom()
    assert not american.custom_problems.value
    copied_samba, copied_american = store.custom_rules()
    base = ALL_PRESETS["samba"]
    assert copied_samba.opening_tiers == ((0, 50), (1500, 90), (3000, 120), (7000, 160))
    assert copied_samba.red_threes_minus is None
    assert copied_samba.red_threes == base.red_threes
    assert copied_american.melded_without_canasta == "plus"
    assert copied_american.special_hands["garbage"] == 2000
    assert copied_american.incomplete_penalty["wild_jokers"] == 2500
    assert copied_american.opening_tiers == ALL_PRESETS["american"].opening_tiers


def test_the_switches_are_offered_only_where_the_preset_departs_from_classic(
    store: GameStore,
) -> None:
    assert "melded_without_canasta" not in family_form(store, "classic").fields
    assert "red_threes_minus" not in family_form(store, "classic").fields
    assert "red_threes_minus" not in family_form(store, "american").fields
    assert "melded_without_canasta" not in family_form(store, "samba").fields


def test_an_opening_minimum_typed_wrong_is_refused_naming_its_step(store: GameStore) -> None:
    screen = family_form(store, "classic")
    screen.fields["opening:3000"].value = "x"
    screen.save_custom()
    assert screen.custom_problems.value == "Opening from 3,000: type a whole number"
    assert store.custom_rules() == []


def test_every_value_of_the_rules_is_editable_in_a_custom_copy(store: GameStore) -> None:
    """RULES.md: "each value editable in a custom copy". The form offered the target, going
    out, the canastas and the opening steps, not the card values, the red threes, the dealer
    bonus or how many wild cards a meld may hold."""
    screen = rules_form(store, "en")
    # Each field tells a screen reader what it holds (drawn anew, it was heard as empty).
    assert screen.fields["card:jokers"].label.semantics_label == "Jokers, 50"
    assert screen.fields["red:4"].label.semantics_label == "4 red threes, 800"
    screen.fields["card:black_threes"].value = "0"
    screen.fields["card:jokers"].value = "60"
    screen.fields["red:4"].value = "1000"
    screen.fields["dealer_bonus"].value = "100"
    screen.fields["wild_cards_in_meld"].value = "more-natural-than-wild"
    screen.save_custom()
    assert screen.custom_problems.value == ""
    (kept,) = store.custom_rules()
    assert kept.card_values.black_threes == 0 and kept.card_values.jokers == 60
    assert kept.card_values.twos == PRESETS["classic"].card_values.twos
    assert kept.red_threes == (0, 100, 200, 300, 1000)
    assert kept.dealer_bonus == 100
    assert kept.wild_cards_in_meld == "more-natural-than-wild"


def test_a_red_three_or_card_value_refused_is_named_by_its_field(store: GameStore) -> None:
    screen = rules_form(store, "en")
    screen.fields["red:2"].value = "x"
    screen.fields["card:twos"].value = "3000000"
    screen.save_custom()
    assert str(screen.custom_problems.value).splitlines() == [
        "Twos: type a number up to 1,000,000",
        "2 red threes: type a whole number",
    ]
    assert store.custom_rules() == []
