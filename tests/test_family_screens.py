"""The screens that show a rule set or a round, for Modern American and Samba (RULES_FAMILIES.md):
new game, rules and custom copies, the sheet, round detail and its picture, the chart,
statistics, history, and the sheet on another phone.

No browser: the page stand-in of test_ui_screens.py; games and rounds come through the store.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import flet as ft
import pytest
from test_live_table import news_delivered, phones, show
from test_ui_screens import WE_THEY, app_on, identifiers, run_on_a_loop_of_its_own, walk
from test_ui_statistics import box

from canasta_score.core import AMERICAN, SAMBA, Game, SideEntry, WentOut
from canasta_score.i18n import translator
from canasta_score.ui.routes import screen_for
from canasta_score.ui.state.offered import OFFERED_PRESETS
from canasta_score.ui.store import GameStore


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    return GameStore(str(tmp_path / "games.db"))


def tagged(view: Any, identifier: str) -> Any:
    """The control under the semantics node of this identifier."""
    return next(
        c.content for c in walk(view) if isinstance(c, ft.Semantics) and c.identifier == identifier
    )


def in_order(control: Any) -> list[Any]:
    """A control and everything under it, in the order they are drawn (top to bottom, left
    to right)."""
    found = [control]
    for name in ("appbar", "title", "leading", "actions", "content", "controls"):
        value = getattr(control, name, None)
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, ft.Control):
                found += in_order(item)
    return found


def texts(control: Any) -> list[str]:
    """Every text under a control as read, in the order drawn."""
    return [
        str(c.value).replace("\u00a0", " ")
        for c in in_order(control)
        if isinstance(c, ft.Text) and c.value
    ]


def shown(view: Any) -> str:
    return " | ".join(texts(view))


# The worked examples of RULES_FAMILIES.md, "Score of one side in one round".
AMERICAN_OUT = SideEntry(
    melded=520,
    canastas={"natural": 1, "natural_sevens": 1},
    red_threes=2,
    black_threes=1,
    went_out=WentOut.NORMAL,
)  # 520 + 500 + 2500 + (300 + 100) + 100 = 4020
AMERICAN_CAUGHT = SideEntry(
    melded=150,
    hand=95,
    canastas={"mixed": 1},
    red_threes=1,
    incomplete={"aces": 1},
    held_aces=1,
)  # 150 - 95 + 300 - 2500 - 1500 = -3645 (one canasta: its red three counts nothing)
SAMBA_OUT = SideEntry(
    melded=640, canastas={"samba": 1, "natural": 1}, red_threes=2, went_out=WentOut.NORMAL
)  # 640 + 1500 + 500 + 200 + 200 = 3040
SAMBA_CAUGHT = SideEntry(melded=300, hand=85, canastas={"mixed": 1}, red_threes=1)  # 415


def american_game(store: GameStore, *, rounds: int = 2) -> int:
    """Round 1: We go out with seven pairs (2500); round 2 and on: the worked example."""
    game_id = store.create_game(Game(rules=AMERICAN, sides=WE_THEY)).id
    played = [
        [SideEntry(special_hand="pairs"), AMERICAN_CAUGHT],
        *[[AMERICAN_OUT, AMERICAN_CAUGHT]] * (rounds - 1),
    ]
    for entries in played:
        store.add_round(game_id, entries, store.load_game(game_id).version)
    return game_id


def samba_game(store: GameStore) -> int:
    game_id = store.create_game(Game(rules=SAMBA, sides=WE_THEY)).id
    store.add_round(game_id, [SAMBA_OUT, SAMBA_CAUGHT], store.load_game(game_id).version)
    return game_id


# --- new game --------------------------------------------------------------------------------


def test_the_screens_offer_all_eight_presets() -> None:
    assert list(OFFERED_PRESETS) == [
        "classic",
        "two-player",
        "six-player",
        "flemish",
        "finnish",
        "danish",
        "american",
        "samba",
    ]


@pytest.mark.parametrize(
    ("rules", "description", "source", "target"),
    [
        (
            AMERICAN,
            "Two packs; aces, sevens and wild canastas; two canastas to go out; to 8,500.",
            "Source: canastaleague.org; Pagat; canasta.com",
            "8,500",
        ),
        (
            SAMBA,
            "Three packs and suit sequences (sambas); two canastas to go out; to 10,000.",
            "Source: Pagat; Bicycle; HowStuffWorks; Úrval (1952)",
            "10,000",
        ),
    ],
)
def test_new_game_offers_a_family_with_description_source_and_target_and_starts_it(
    store: GameStore, rules, description, source, target
) -> None:
    app = app_on(store)
    screen, view = screen_for(app, "/new")
    tile = tagged(view, f"preset-{rules.id}")
    assert [rules.name, description, source] == texts(tile)
    screen.rules_chosen(rules.id)
    assert screen.form.target_text == target
    screen.start()
    (listed,) = store.list_games()
    game = store.load_game(listed.id).game
    assert (game.rules, game.target) == (rules, rules.target)
    assert app.page.route == f"/game/{listed.id}"


def test_new_game_words_the_families_in_the_phones_language(store: GameStore) -> None:
    app = app_on(store)
    app.speak("de")
    _screen, view = screen_for(app, "/new")
    said = texts(tagged(view, "preset-american"))
    assert said[0] == "Amerikanisch (modern)"
    assert "8.500" in said[1] and said[1] != translator("en")._(AMERICAN.description)


# --- rules -----------------------------------------------------------------------------------


def comparison(view: Any) -> list[str]:
    return texts(tagged(view, "presets-compared"))


def test_the_rules_compare_every_new_value_in_words(store: GameStore) -> None:
    _screen, view = screen_for(app_on(store), "/rules")
    said = comparison(view)
    for name in ("Modern American", "Samba"):
        assert any(name in text for text in said), name
    for label, value in [
        ("Black threes laid out, by count", "100 / 300 / 500 / 1,000"),
        ("Red threes when they count minus", "100 / 200 / 300 / 400 / 500 / 600"),
        ("Threes count minus", "with no canasta; with one canasta they count nothing"),
        ("Threes count minus", "with fewer than two canastas"),
        ("Threes count minus", "with nothing melded"),
        ("Melded points without a canasta", "count minus"),
        ("Melded points without a canasta", "count plus"),
        ("Unfinished aces meld", "-2,500"),
        ("Unfinished sevens meld", "-2,500"),
        ("Unfinished wild meld", "-2,000"),
        ("Unfinished wild meld with four jokers", "-2,000"),
        ("Each player holding three or more aces or sevens", "-1,500"),
        ("Special hand: Straight (ace to king and a joker)", "3,000"),
        ("Special hand: Seven pairs", "2,500"),
        ("Special hand: Seven pairs with wild cards", "2,000"),
        ("Special hand: Garbage (two fours and two threes of a kind)", "3,000"),
        ("Natural sevens canastas", "2,500"),
        ("Canastas of seven twos", "3,000"),
        ("Canastas with four jokers", "2,500"),
        ("Sambas", "1,500"),
        ("Going out concealed", "none"),
    ]:
        assert label in said, label
        after = said[said.index(label) :]
        assert value in after[: after.index(next(t for t in after[1:] if t in LABELS))], label


#: Every row's label on the English rules screen (where one row's values end).
LABELS = {
    "Black threes laid out, by count",
    "Red threes when they count minus",
    "Threes count minus",
    "Melded points without a canasta",
    "Unfinished aces meld",
    "Unfinished sevens meld",
    "Unfinished wild meld",
    "Unfinished wild meld with four jokers",
    "Each player holding three or more aces or sevens",
    "Special hand: Straight (ace to king and a joker)",
    "Special hand: Seven pairs",
    "Special hand: Seven pairs with wild cards",
    "Special hand: Garbage (two fours and two threes of a kind)",
    "Natural sevens canastas",
    "Canastas of seven twos",
    "Canastas with four jokers",
    "Sambas",
    "Going out concealed",
    "Going out",
    "Canastas to go out",
    "Wild canastas",
    "Red threes by count",
}


def test_the_rules_of_an_american_game_show_its_values_and_samba_what_it_has(
    store: GameStore,
) -> None:
    app = app_on(store)
    game_id = american_game(store)
    _screen, view = screen_for(app, f"/rules/game/{game_id}")
    said = shown(view)
    assert "Modern American" in said and "Special hand: Seven pairs | 2,500" in said
    assert "Black threes laid out, by count | 100 / 300 / 500 / 1,000" in said
    _screen, view = screen_for(app, f"/rules/game/{samba_game(store)}")
    first = texts(view)[: texts(view).index("All rule sets compared")]
    assert "Sambas" in first and "Red threes when they count minus" in first
    assert not {"Unfinished aces meld", "Black threes laid out, by count"} & set(first)


def test_the_rules_screen_in_german_words_the_new_values(store: GameStore) -> None:
    app = app_on(store)
    app.speak("de")
    game_id = american_game(store)
    _screen, view = screen_for(app, f"/rules/game/{game_id}")
    said = shown(view)
    english = [
        "Black threes laid out, by count",
        "Threes count minus",
        "Special hand: {hand}",
        "Unfinished aces meld",
        "Seven pairs",
    ]
    for message in english:
        worded = translator("de")._(message)
        assert worded != message, message
        assert worded.split("{")[0] in said, worded


def test_a_custom_copy_of_modern_american_keeps_its_hands_and_penalties(
    store: GameStore,
) -> None:
    from canasta_score.ui.views.rules import RulesScreen

    app = app_on(store)
    screen = RulesScreen(app, "/rules")
    screen.copy_from = "american"
    screen.build()
    assert screen.fields["going_out_concealed"].value == ""  # none, and none it stays
    screen.fields["hand:garbage"].value = "2000"  # Pagat's value (the switches' table)
    screen.fields["incomplete:wild_jokers"].value = "2500"
    screen.save_custom()
    assert screen.custom_problems.value == ""
    (custom,) = store.custom_rules()
    assert custom.base == "american" and custom.going_out_concealed is None
    assert dict(custom.special_hands) == {**AMERICAN.special_hands, "garbage": 2000}
    assert custom.incomplete_penalty["wild_jokers"] == 2500
    view = RulesScreen(app, "/rules").build()
    assert "Based on Modern American" in texts(view)
    new_game, view = screen_for(app, "/new")
    assert custom.id in new_game.form.choices()


def test_a_custom_copy_of_samba_is_made_from_its_values(store: GameStore) -> None:
    from canasta_score.ui.views.rules import RulesScreen

    screen = RulesScreen(app_on(store), "/rules")
    screen.copy_from = "samba"
    screen.build()
    assert screen.fields["canasta:samba"].value == "1500"
    screen.fields["canasta:samba"].value = "2000"
    screen.save_custom()
    (custom,) = store.custom_rules()
    assert (custom.base, custom.canasta_bonuses["samba"], custom.going_out_concealed) == (
        "samba",
        2000,
        None,
    )


# --- a round shown --------------------------------------------------------------------------


def test_round_detail_names_a_special_hand_and_nothing_else_for_its_side(
    store: GameStore,
) -> None:
    game_id = american_game(store)
    _screen, view = screen_for(app_on(store), f"/game/{game_id}/round/1")
    said = shown(view)
    # Shown before the side melds: nothing to say of a minimum to open.
    assert "We: Special hand: Seven pairs" in texts(view)  # the whole line
    assert "Special hand | +2,500 | 0" in said
    picture = shown(tagged(view, "round-picture-0"))
    assert picture == "We: +2,500 | Special hand: Seven pairs | +2,500"


def test_round_detail_shows_black_threes_canasta_kinds_unfinished_melds_and_held_cards(
    store: GameStore,
) -> None:
    game_id = american_game(store)
    _screen, view = screen_for(app_on(store), f"/game/{game_id}/round/2")
    said = shown(view)
    assert "Black threes | +100 | 0" in said
    assert "Unfinished melds | 0 | -2,500" in said
    assert "Aces or sevens held | 0 | -1,500" in said
    assert "Round score | +4,020 | -3,645" in said
    assert (
        "We: 1 natural canasta, 1 natural sevens canasta; 2 red threes; "
        "1 black three laid out; went out" in said
    )
    assert (
        "They: 1 mixed canasta; 1 red three; unfinished aces meld; "
        "1 player holding three or more aces" in said
    )
    we, they = shown(tagged(view, "round-picture-0")), shown(tagged(view, "round-picture-1"))
    for part in (
        "Natural canastas | +500",
        "Natural sevens canastas | +2,500",
        "Black threes | +100",
        "Red threes | +300",
    ):
        assert part in we, part
    for part in ("Unfinished melds | -2,500", "Aces or sevens held | -1,500", "In hand | -95"):
        assert part in they, part


def test_round_detail_of_samba_shows_a_samba_and_red_threes_counted_minus(
    store: GameStore,
) -> None:
    game_id = samba_game(store)
    _screen, view = screen_for(app_on(store), f"/game/{game_id}/round/1")
    said = shown(view)
    assert "We: 1 natural canasta, 1 samba; 2 red threes; went out" in said
    assert "Round score | +3,040 | +415" in said
    assert "Red threes | +200 | -100" in said
    assert "Black threes" not in said and "Unfinished melds" not in said
    assert "Sambas | +1,500" in shown(tagged(view, "round-picture-0"))


def test_an_american_round_in_german_names_its_parts_in_german(store: GameStore) -> None:
    app = app_on(store)
    app.speak("de")
    game_id = american_game(store)
    _screen, view = screen_for(app, f"/game/{game_id}/round/2")
    said = shown(view)
    de = translator("de")
    for message in ("Black threes", "Unfinished melds", "Aces or sevens held"):
        assert de._(message) != message and de._(message) in said
    assert de._("Natural sevens canastas") in shown(tagged(view, "round-picture-0"))


def test_the_sheet_chart_and_history_show_american_and_samba_games(store: GameStore) -> None:
    american, samba = american_game(store), samba_game(store)
    app = app_on(store)
    _screen, sheet = screen_for(app, f"/game/{american}")
    said = shown(sheet)
    assert "Modern American" in said
    assert "6,520" in said and "-7,290" in said  # 2500 + 4020 and -3645 twice
    _screen, chart = screen_for(app, f"/game/{american}/chart")
    assert "Target 8,500" in texts(chart) and "We: 6,520" in texts(chart)
    assert "We needs 180" in shown(chart)  # 6520: 5000 and up opens with 180
    _screen, sheet = screen_for(app, f"/game/{samba}")
    assert "Samba" in shown(sheet) and "3,040" in shown(sheet)
    home, view = screen_for(app, "/")
    assert "Modern American" in shown(view) and "Samba" in shown(view)
    assert {"Modern American", "Samba"} <= set(home.history.rule_sets.values())


def test_statistics_count_the_new_canasta_kinds_and_a_special_hand_as_going_out(
    store: GameStore,
) -> None:
    american_game(store, rounds=3)  # 2500 + 2 x 4020 passes 8500: We win
    samba_game(store)
    _screen, view = screen_for(app_on(store), "/stats")
    assert box(view, "player-anna-wins") == "Wins: 1"
    assert box(view, "player-anna-went-out") == "Gone out: 3"
    assert box(view, "player-anna-canastas-natural_sevens") == "Natural sevens canastas: 2"
    assert box(view, "player-cleo-canastas-mixed") == "Mixed canastas: 3"


def test_a_round_saved_on_one_phone_shows_on_the_others_american_sheet_and_detail(
    store: GameStore,
) -> None:
    async def journey() -> None:
        game_id = american_game(store, rounds=1)
        a, b = phones(store)
        sheet = show(b, f"/game/{game_id}")
        version = store.load_game(game_id).version
        a.table.store.add_round(game_id, [AMERICAN_OUT, AMERICAN_CAUGHT], version)
        await news_delivered()
        assert sheet.game.totals == (6520, -7290)
        assert "round-2" in identifiers(b.page.views[0])
        show(b, f"/game/{game_id}/round/2")
        assert "Natural sevens canastas | +2,500" in shown(b.page.views[0])

    run_on_a_loop_of_its_own(journey())


def test_a_desktop_shows_all_eight_rule_sets_side_by_side_without_scrolling(
    store: GameStore,
) -> None:
    from canasta_score.ui.views.rules import COMPARE_LABEL_WIDTH, COMPARE_VALUE_WIDTH

    app = app_on(store, 1280)
    _screen, view = screen_for(app, "/rules")
    (column,) = tagged(view, "presets-compared").controls
    names = column.controls[0].controls[1:]
    assert [c.value for c in names] == [r.name for r in OFFERED_PRESETS.values()]
    needed = COMPARE_LABEL_WIDTH + len(names) * (COMPARE_VALUE_WIDTH + 10)
    body = max(c.width for c in walk(view) if getattr(c, "width", None)) - 24  # its padding
    assert body >= needed
