"""The words around a rule set and the sheet in each phone's language: descriptions whose numbers
are written as the language writes them, citations without English words, who dealt."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_ui_screens import PageStandIn, texts

from canasta_score.core import PRESETS, Game, Side, SideEntry, describe, rules_as_json
from canasta_score.i18n import LANGUAGES, translator
from canasta_score.ui.shell import App
from canasta_score.ui.store import GameStore
from canasta_score.ui.views.new_game import NewGameScreen
from canasta_score.ui.views.rules import RulesScreen
from canasta_score.ui.views.sheet import SheetScreen

OTHER_LANGUAGES = sorted(set(LANGUAGES) - {"en"})


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    return GameStore(str(tmp_path / "games.db"))


def app_in(store: GameStore, language: str) -> App:
    app = App(PageStandIn(), store)  # type: ignore[arg-type]
    app.tr = translator(language)
    return app


@pytest.mark.parametrize("language", sorted(LANGUAGES))
@pytest.mark.parametrize("rules", PRESETS.values(), ids=lambda r: r.id)
def test_every_number_of_a_description_is_written_as_the_language_writes_it(rules, language):
    tr = translator(language)
    described = describe(rules, tr._, tr.number)
    for value in rules.description_numbers.values():
        assert tr.number(value) in described
    assert not re.search(r"\d{4}", described), f"a number not written by tr.number: {described}"


def test_thousands_in_a_description_take_the_locales_separator():
    six = PRESETS["six-player"]
    assert "10\u00a0000" in describe(six, translator("fi")._, translator("fi").number)
    assert "7.500" in describe(six, translator("de")._, translator("de").number)
    assert "5\u00a0000" in describe(PRESETS["classic"], translator("fi")._, translator("fi").number)
    assert "1.000" in describe(PRESETS["flemish"], translator("da")._, translator("da").number)
    assert rules_as_json(PRESETS["classic"])["description"] == (
        "Four players in two teams, to 5000; one canasta to go out."
    ), "the JSON of the rules command is as before"


#: What each preset's source names, as a player would look it up: kept in every language.
CITED = {
    "classic": ("Pagat / Bicycle", "gamedesign.de", "Canasta – regler, poeng og eksempler"),
    "two-player": ("Canasta – regler, poeng og eksempler", "Pagat"),
    "six-player": ("Pagat",),
    "flemish": ("Dempsey Cappelle", "Canasta: kaartspel voor volwassenen", "Kaartspelletjes"),
    "finnish": ("Canasta", "2009"),
    "danish": (),
}
#: How the catalogs once said "seed" (the app's own name for a rule text): no player knows it.
SEED_WORDS = r"seed|rule text|regeltekst|Regeltext|sääntöteksti|\b00\d\b"


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_a_rule_set_cites_its_real_source_in_every_language(language):
    tr = translator(language)
    for rules in PRESETS.values():
        cited = tr._(rules.source)
        assert not re.search(SEED_WORDS, cited, re.IGNORECASE), cited
        for name in CITED[rules.id]:
            assert name in cited, (rules.id, cited)


def test_the_rule_screens_show_the_description_and_source_in_the_phones_language(store):
    finnish = translator("fi")
    shown = " ".join(texts(RulesScreen(app_in(store, "fi"), "/rules").build()))
    assert "Neljä pelaajaa kahtena parina, 5 000 pisteeseen" in shown  # texts() reads nbsp as space
    assert (
        finnish._("Source: {source}").format(
            source="Pagat / Bicycle; gamedesign.de; ”Canasta – regler, poeng og eksempler” (Norja)"
        )
        in shown
    )
    app = app_in(store, "de")
    screen = NewGameScreen(app, "/new")
    screen.build()
    tiles = " ".join(texts(screen.presets()))
    assert "zwei Parteien zu dritt bis 10.000 oder drei Parteien zu zweit bis 7.500" in tiles
    assert (
        "Quelle: Dempsey Cappelle, „Canasta: kaartspel voor volwassenen“, Kaartspelletjes" in tiles
    )
    assert not re.search(SEED_WORDS, " ".join(tiles), re.IGNORECASE)


@pytest.mark.parametrize(
    ("language", "line"),
    [
        ("en", "Anna dealt round 1.  Cleo deals round 2."),
        ("fi", "Jaon 1 jakoi Anna.  Jaon 2 jakaa Cleo."),
        ("de", "Anna hat in Runde 1 gegeben.  Cleo gibt in Runde 2."),
        ("nl", "In ronde 1 deelde Anna.  In ronde 2 deelt Cleo."),
        ("da", "Anna gav i runde 1.  Cleo giver i runde 2."),
        ("nb", "Anna delte ut i runde 1.  Cleo deler ut i runde 2."),
    ],
)
def test_the_dealer_line_is_whole_sentences_in_each_language(store, language, line):
    sides = (Side("We", ("Anna", "Ben")), Side("They", ("Cleo", "Dan")))
    stored = store.create_game(Game(rules=PRESETS["classic"], sides=sides))
    store.add_round(stored.id, [SideEntry(melded=90), SideEntry(hand=50)], 1)
    view = SheetScreen(app_in(store, language), f"/game/{stored.id}", stored.id).build()
    assert line in texts(view)
