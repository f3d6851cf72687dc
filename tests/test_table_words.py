"""The table's own words: the letters on its cards, and the side names nobody typed, shown in
each phone's language and in the word for the side's size."""

from __future__ import annotations

from pathlib import Path

import flet as ft
import pytest
from test_ui_screens import WE_THEY, PageStandIn, texts

from canasta_score.core import PRESETS, Game, Rank, Side, SideEntry
from canasta_score.i18n import translator
from canasta_score.ui.components.meld_entry import rank_label
from canasta_score.ui.shell import App
from canasta_score.ui.state.names import default_side_name, is_default_name, shown_game
from canasta_score.ui.state.new_game import NewGameForm
from canasta_score.ui.store import GameStore
from canasta_score.ui.views.home import summary_line
from canasta_score.ui.views.sheet import SheetScreen

#: King, queen and jack as each table's cards print them.
LETTERS = {
    "en": "KQJ",
    "nl": "HVB",
    "de": "KDB",
    "fi": "KQJ",
    "da": "KDB",
    "nb": ("K", "D", "Kn"),
}


@pytest.mark.parametrize("language", sorted(LETTERS))
def test_the_rank_buttons_carry_the_letters_of_the_tables_cards(language):
    tr = translator(language)
    shown = tuple(rank_label(rank, tr) for rank in (Rank.KING, Rank.QUEEN, Rank.JACK))
    assert shown == tuple(LETTERS[language])


def test_a_dutch_queen_is_a_vrouw_in_the_letter_and_the_name():
    from canasta_score.ui.components.meld_entry import meld_name

    nl = translator("nl")
    assert (rank_label(Rank.QUEEN, nl), meld_name(Rank.QUEEN, nl)) == ("V", "Vrouwen")


@pytest.mark.parametrize(
    ("language", "one", "two"),
    [
        ("en", ("Player 1", "Player 2"), ("We", "They")),
        ("de", ("Spieler 1", "Spieler 2"), ("Wir", "Ihr")),
        ("nb", ("Spiller 1", "Spiller 2"), ("Vi", "De")),
    ],
)
def test_a_side_named_by_default_takes_the_word_for_its_size(language, one, two):
    tr = translator(language)
    assert (default_side_name(0, tr, 1), default_side_name(1, tr, 1)) == one
    assert (default_side_name(0, tr, 2), default_side_name(1, tr, 2)) == two


def test_a_new_german_game_of_two_players_has_no_lone_ihr():
    form = NewGameForm(tr=translator("de"))
    form.set_players_per_side(1)
    assert [side.name for side in form.final_sides()] == ["Spieler 1", "Spieler 2"]
    assert form.seats() == ["Spieler 1", "Spieler 2"]


def test_names_made_up_on_one_phone_are_read_in_anothers_language():
    dutch = NewGameForm(tr=translator("nl")).game()  # "Wij" and "Zij", players "Wij 1"...
    shown = shown_game(dutch, translator("nb"))
    assert [side.name for side in shown.sides] == ["Vi", "De"]
    assert shown.sides[1].players == ("De 1", "De 2")
    assert shown.rounds == dutch.rounds and shown.rules == dutch.rules


def test_a_typed_name_is_kept_whatever_the_language():
    game = Game(PRESETS["classic"], (Side("Wir", ("Anna", "Ben")), Side("Nachbarn", ("C", "D"))))
    shown = shown_game(game, translator("fi"))
    assert [side.name for side in shown.sides] == ["Me", "Nachbarn"]
    assert shown.sides[0].players == ("Anna", "Ben")


def test_old_games_of_single_players_named_we_and_they_read_as_players():
    """Games stored before: a single player took "Wir"/"Ihr" and "Kolmas pelaaja"."""
    game = Game(
        PRESETS["classic"],
        (Side("Wir", ("Wir",)), Side("Ihr", ("Ihr",)), Side("Kolmas pelaaja", ("Kolmas pelaaja",))),
    )
    shown = shown_game(game, translator("de"))
    assert [side.players for side in shown.sides] == [
        ("Spieler 1",),
        ("Spieler 2",),
        ("Spieler 3",),
    ]
    assert all(is_default_name(side.name) for side in game.sides + shown.sides)


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    return GameStore(str(tmp_path / "games.db"))


def test_each_phone_shows_a_norwegian_phones_game_in_its_own_words(store):
    form = NewGameForm(tr=translator("nb"))
    form.set_players_per_side(1)
    stored = store.create_game(form.game())
    store.add_round(stored.id, [SideEntry(melded=90), SideEntry(hand=50)], 1)
    app = App(PageStandIn(), store)  # type: ignore[arg-type]
    app.tr = translator("de")
    shown = texts(SheetScreen(app, f"/game/{stored.id}", stored.id).build())
    assert not [text for text in shown if "Wir" in text or "Spiller" in text], shown
    assert any("Spieler 2 gibt in Runde 2." in text for text in shown), shown
    entry = store.list_games()[0]
    assert summary_line(entry, translator("nl")).startswith("Speler 1\u00a0")


def test_red_threes_agree_in_number_in_german():
    from canasta_score.core import CLASSIC
    from canasta_score.ui.views.round_detail import facts

    de = translator("de")
    assert facts(SideEntry(hand=20, red_threes=1), de, CLASSIC).startswith("1 rote Drei")
    assert facts(SideEntry(hand=20, red_threes=2), de, CLASSIC).startswith("2 rote Dreien")


def test_a_meld_and_its_points_stay_on_one_line_in_finnish():
    from canasta_score.core import CLASSIC, Meld
    from canasta_score.ui.views.round_detail import meld_line

    line = meld_line(Meld(Rank.QUEEN, natural=8), CLASSIC, translator("fi"))
    assert line.endswith("80\u00a0p") or "80\u00a0p ·" in line, line


def test_the_target_is_written_as_the_language_writes_numbers():
    form = NewGameForm(tr=translator("de"))
    assert form.target_text == "5.000"
    assert form.problems() == [] and form.game().target == 5000
    form.set_target("7.500")
    assert form.game().target == 7500
    form.set_target("75.00")
    assert len(form.problems()) == 1, "a number, not its grouping, is the target"


@pytest.mark.parametrize(("language", "example"), [("de", "5.000"), ("fi", "5\u00a0000")])
def test_a_target_refused_is_told_with_an_example_written_as_the_field_writes_it(
    language: str, example: str
) -> None:
    """The Finnish field wrote "5 000" and its refusal "esim. 5000"."""
    form = NewGameForm(tr=translator(language))
    assert form.target_text == example
    form.set_target("viisi")
    [problem] = form.problems()
    assert problem.endswith(f" {example}."), problem


def test_statistics_of_a_game_in_play_say_they_count_finished_games_only(store):
    from canasta_score.ui.views.statistics import StatisticsScreen

    form = NewGameForm(tr=translator("en"))
    form.rename_side(0, "Anna")
    form.rename_side(1, "Ben")
    form.set_players_per_side(1)
    stored = store.create_game(form.game())
    store.add_round(stored.id, [SideEntry(melded=90), SideEntry(hand=50)], 1)
    app = App(PageStandIn(), store)  # type: ignore[arg-type]
    shown = texts(StatisticsScreen(app, "/stats").build())
    note = "Finished games only: 1 game in play is counted once it ends."
    assert shown.count(note) == 2, shown  # on Anna's card and on Ben's


def test_what_an_aces_canasta_counts_is_never_cut_beside_its_stepper_in_german():
    """Paired steppers share a phone's width: "Unechte Asse-Canastas  je 500" does not fit its
    half, so the note goes to a second line, whole ("je 500", never "je" over "500"; Finnish
    "500 p/kpl", never "500 p/" over "kpl"), and the two steppers of the row stay level."""
    from canasta_score.ui.components.side_parts import CountSteppers
    from canasta_score.ui.state.round_entry import RoundDraft

    draft = RoundDraft(Game(PRESETS["flemish"], WE_THEY))
    steppers = CountSteppers(draft, 0, lambda _change: None, translator("de"), paired=True)
    rows = steppers.controls
    assert all(row.vertical_alignment == ft.CrossAxisAlignment.END for row in rows)
    label = next(
        cell.controls[0]
        for row in rows
        for cell in row.controls
        if isinstance(cell, ft.Column) and cell.controls[0].spans[0].text.startswith("Unechte Asse")
    )
    assert label.max_lines == 2
    assert label.spans[1].text.strip().replace("\ufeff", "") == "je\u00a0500"
    assert " " not in label.spans[1].text.strip(), "nothing in the note to break at"
