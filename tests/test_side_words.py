"""A side is named by the word for its size where a language has one (Finnish: pelaaja for one
player, pari for two, joukkue for three), on every screen and in every problem that names it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from test_ui_screens import PageStandIn, texts, walk

from canasta_score.core import PRESETS, Game, Problem, ProblemCode, Side, SideEntry
from canasta_score.i18n import LANGUAGES, LOCALE_DIR, translator
from canasta_score.i18n.sides import NAMING_A_SIDE, SIDE_OF
from canasta_score.ui.shell import App
from canasta_score.ui.state.names import is_default_name
from canasta_score.ui.state.new_game import NewGameForm
from canasta_score.ui.store import GameStore
from canasta_score.ui.views.new_game import NewGameScreen
from canasta_score.ui.views.round_detail import RoundDetailScreen

FINNISH = translator("fi")
WORD = {1: "pelaaja", 2: "pari", 3: "joukkue"}


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    return GameStore(str(tmp_path / "games.db"))


def app_in(store: GameStore, language: str, *, invite: str | None = None, web: bool = False) -> App:
    page = PageStandIn()
    page.web = web
    app = App(page, store, invite)  # type: ignore[arg-type]
    app.tr = translator(language)
    return app


def words_on(control: Any) -> list[str]:
    """Every text a person reads under a control: texts, button captions, field labels."""
    found = []
    for item in walk(control):
        for name in ("value", "content", "label", "tooltip", "text"):
            value = getattr(item, name, None)
            if isinstance(value, str) and value:
                found.append(value)
    return found


def sides_of(players: int, count: int = 3) -> list[Side]:
    return [Side(f"S{s}", tuple(f"P{s}{p}" for p in range(players))) for s in range(count)]


@pytest.mark.parametrize("language", sorted(set(LANGUAGES) - {"en"}))
def test_every_message_naming_a_side_is_in_each_catalog_for_each_size(language):
    with open(LOCALE_DIR / language / "LC_MESSAGES" / "canasta_score.po", "rb") as file:
        catalog = read_po(file)
    for message in NAMING_A_SIDE:
        for context in SIDE_OF.values():
            entry = catalog.get(message, context)
            assert entry is not None and entry.string, (language, context, message)


@pytest.mark.parametrize("players", [1, 2, 3])
def test_finnish_names_a_side_by_its_size_in_every_message_that_names_one(players):
    word = WORD[players]
    others = set(WORD.values()) - {word}
    for message in NAMING_A_SIDE:
        worded = FINNISH.side(message, players).lower()
        assert word in worded, message
        assert not any(other in worded.split() for other in others), worded


def test_english_and_the_other_languages_keep_one_word_where_theirs_does_not_change():
    assert {translator("en").side("Add a side", n) for n in SIDE_OF} == {"Add a side"}
    assert {translator("de").side("Third side", n) for n in (2, 3)} == {"Dritte Partei"}
    assert translator("de").side("Third side", 1) == "Dritter Spieler"  # Partei: partners


def test_a_new_finnish_game_of_single_players_says_pelaaja_not_pari(store):
    app = app_in(store, "fi")
    screen = NewGameScreen(app, "/new")
    screen.form.set_players_per_side(1)
    screen.form.add_side()
    shown = words_on(screen.build())
    assert "Lisää pelaaja pöytään" in shown and "Lisää pari" not in shown
    assert "Pelaajat" in shown and "Parit" not in shown
    # One field a side, the player's, numbered round the table (no side name beside it).
    # The seat order names the players as their fields do (no "Me > He" of single players).
    assert sorted(text for text in shown if text.startswith("Pelaaja")) == [
        "Pelaaja 1",
        "Pelaaja 1  >  Pelaaja 2  >  Pelaaja 3",
        "Pelaaja 2",
        "Pelaaja 3",
        "Pelaajat",
    ]
    assert [side.name for side in screen.form.sides] == ["Pelaaja 1", "Pelaaja 2", "Pelaaja 3"]


def test_a_made_up_side_name_follows_the_size_of_its_side():
    form = NewGameForm(tr=FINNISH)
    form.add_side()
    assert form.sides[2].name == "Kolmas pari"
    form.set_players_per_side(3)
    assert form.sides[2].name == "Kolmas joukkue"
    form.set_players_per_side(1)
    assert form.sides[2].name == "Pelaaja 3"
    form.rename_side(2, "Aino")  # a single player's name: the player's, when a partner joins
    form.set_players_per_side(2)
    assert form.sides[2].name == "Kolmas pari" and form.sides[2].players == ["Aino", ""]
    form.rename_side(2, "Naapurit")
    form.set_players_per_side(3)
    assert form.sides[2].name == "Naapurit"
    assert is_default_name("Kolmas joukkue") and is_default_name("Neljäs pelaaja 1")


def test_two_sides_of_one_name_are_two_players_in_finnish_single_play():
    form = NewGameForm(tr=FINNISH)
    form.set_players_per_side(1)
    form.rename_side(1, form.sides[0].name)
    assert "Kahdella pelaajalla on sama nimi; anna kullekin oma nimi." in form.problems()


@pytest.mark.parametrize("players", [1, 2, 3])
def test_a_problem_of_a_round_names_the_side_by_its_size(players):
    went_out = Problem(ProblemCode.TWO_SIDES_WENT_OUT, 2, 1, "S1", params={"count": 2})
    said = FINNISH.problem(went_out, players=players)
    assert said.startswith(f"jako 2, {WORD[players]} ”S1”: ")
    assert f"vain yksi {WORD[players]} voi lopettaa" in said


def test_a_problem_of_a_side_of_unknown_size_takes_a_word_for_any_side():
    went_out = Problem(ProblemCode.TWO_SIDES_WENT_OUT, params={"count": 2})
    assert (
        FINNISH.problem(went_out) == "2 osapuolta lopetti; jaossa vain yksi osapuoli voi lopettaa"
    )


def test_the_round_detail_of_single_players_speaks_of_a_player(store):
    game = Game(rules=PRESETS["two-player"], sides=tuple(sides_of(1, 2)))
    stored = store.create_game(game)
    store.add_round(stored.id, [SideEntry(melded=90), SideEntry(hand=50)], 1)
    shown = texts(
        RoundDetailScreen(app_in(store, "fi"), f"/game/{stored.id}/round/1", stored.id, 1).build()
    )
    assert "Viivan yläpuolella pelaajan saamat pisteet, alapuolella menetetyt." in shown


def test_where_the_games_are_kept_is_said_as_it_is(store):
    from canasta_score.ui.views.settings import SettingsScreen

    alone = texts(SettingsScreen(app_in(store, "en"), "/settings").build())
    served_app = app_in(store, "de", invite="http://192.168.1.20:8550/?token=abc")
    served = texts(SettingsScreen(served_app, "/settings").build())
    assert any(text.startswith("Games are kept on this device only.") for text in alone)
    assert any(
        "auf dem Gerät gespeichert, auf dem die App für diesen Tisch läuft" in t for t in served
    )
    assert not any("nur auf diesem Gerät" in text for text in served)
    # A browser on the table's machine, served without an invite (on this machine only):
    # the games are still kept where it is served from.
    browser = app_in(store, "en", web=True)
    shown = texts(SettingsScreen(browser, "/settings").build())
    assert any(text.startswith("Games are kept on the device that serves") for text in shown)


def test_the_empty_sheet_names_the_button_as_it_reads(store):
    from canasta_score.ui.views.sheet import SheetScreen

    stored = store.create_game(Game(rules=PRESETS["finnish"], sides=tuple(sides_of(2, 2))))
    shown = texts(SheetScreen(app_in(store, "fi"), f"/game/{stored.id}", stored.id).build())
    assert any("napauta ”Lisää jako 1”" in text for text in shown), shown


#: How each language names a side of one player, and a side of two, in a meld's problems.
ONE_AND_TWO = {
    "nl": ("speler", "team"),
    "da": ("spiller", "hold"),
    "nb": ("spiller", "lag"),
    "fi": ("pelaaja", "pari"),
}


@pytest.mark.parametrize("language", sorted(ONE_AND_TWO))
@pytest.mark.parametrize(
    "code", [ProblemCode.BLACK_THREES_WITHOUT_GOING_OUT, ProblemCode.MELD_RANK_TWICE]
)
def test_a_meld_problem_names_a_side_by_its_size(language, code):
    one, two = ONE_AND_TWO[language]
    tr = translator(language)
    problem = Problem(code, params={"count": 2})
    for players, word, other in ((1, one, two), (2, two, one)):
        said = tr.problem(problem, players=players).lower()
        assert word in said and other not in said.replace(",", " ").split(), said


def test_dutch_meld_entry_of_single_players_speaks_of_the_player_in_every_message(store):
    from canasta_score.core import Rank
    from canasta_score.ui.state.round_entry import EntryMode
    from canasta_score.ui.views.round_entry import RoundEntryScreen

    stored = store.create_game(Game(rules=PRESETS["two-player"], sides=tuple(sides_of(1, 2))))
    screen = RoundEntryScreen(app_in(store, "nl"), f"/game/{stored.id}/round", stored.id)
    screen.build()
    screen.draft.set_mode(0, EntryMode.MELDS)
    screen.draft.add_meld(0, Rank.BLACK_THREE)
    screen.changed()
    shown = " ".join(words_on(screen.panels[0].view))
    assert "alleen de speler die uitgaat mag zwarte drieën uitkomen" in shown
    assert "team" not in shown.lower()


def test_a_single_player_beside_a_side_of_two_is_labelled_apart_from_its_players(store):
    screen = NewGameScreen(app_in(store, "nl"), "/new")
    screen.form.remove_player(1)
    shown = words_on(screen.build())
    assert "Naam speler 2" in shown, "the single player's field, not a second 'Speler 2'"
    assert shown.count("Speler 2") == 1, "the side of two's second player"
