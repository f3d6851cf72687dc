"""Large text on a small phone, without a browser: the chart, the round picture, statistics
and the theme and language choices laid out for a device at 2x text, 360 px wide, in Finnish and German.

The browser tour (tests/browser/test_large_text.py) looks at the drawn screens; here the
sizes the screens ask for are checked against the text they hold.
"""

from __future__ import annotations

from typing import Any

import flet as ft
import flet_charts as fch
import pytest
from test_ui_screens import WE_THEY, app_on, walk

from canasta_score.core import PRESETS, Game, SideEntry, WentOut
from canasta_score.i18n import LANGUAGES
from canasta_score.ui.components import text_width
from canasta_score.ui.components.basics import (
    BUTTON_EXTRAS,
    BUTTON_ICON,
    LETTER_ADVANCE,
    WORD_ENDS,
    fit_button,
    wrapped_lines,
)
from canasta_score.ui.routes import screen_for
from canasta_score.ui.shell import App
from canasta_score.ui.store import GameStore

#: Roboto's line in em: a line of text at font size f is about 1.45 f high.
LINE = 1.45


@pytest.fixture
def store(tmp_path: Any) -> GameStore:
    return GameStore(str(tmp_path / "games.db"))


def phone(store: GameStore, language: str, scale: float = 2.0, width: float = 360) -> App:
    """A phone of `width` in `language` whose text is `scale` times as large."""
    app = app_on(store, width)
    app.speak(language)
    assert language == "en" or app.tr._("Settings") != "Settings", "run make compile-messages"
    app.layout.text_scale = scale
    return app


def played(store: GameStore) -> int:
    """A classic game with four-digit totals (We 2,320 and They -2,000 after two rounds)."""
    stored = store.create_game(Game(rules=PRESETS["classic"], sides=WE_THEY))
    canastas = {"natural": 1, "mixed": 1}
    for melded, out in ((420, WentOut.NORMAL), (200, None)):
        entries = [
            SideEntry(melded=melded, canastas=canastas, went_out=out),
            SideEntry(hand=200, red_threes=4),
        ]
        store.add_round(stored.id, entries, store.load_game(stored.id).version)
    return stored.id


def view(app: App, route: str) -> Any:
    _screen, shown = screen_for(app, route)
    return shown


# --- the chart -------------------------------------------------------------------------------


@pytest.mark.parametrize("language", ["fi", "de"])
def test_the_charts_axes_keep_room_for_their_longest_label_on_one_line(
    store: GameStore, language: str
) -> None:
    game_id = played(store)
    for scale in (1.0, 2.0):
        app = phone(store, language, scale)
        chart = next(
            c for c in walk(view(app, f"/game/{game_id}/chart")) if isinstance(c, fch.LineChart)
        )
        for name in ("left_axis", "right_axis"):
            axis = getattr(chart, name)
            shown = [label.label for label in axis.labels]
            assert shown, name
            for label in shown:
                # The bands' labels stand off the plot's border, where the lines end in a point.
                gap = label.padding.left if name == "right_axis" else 0
                assert gap >= (4 if name == "right_axis" else 0), f"{name}: {gap} px from the lines"
                text = label.content if name == "right_axis" else label
                assert text.no_wrap, f"{name} {text.value!r} may wrap"
                needed = text_width(text.value, text.size, scale) + gap
                assert axis.label_size >= needed, (
                    f"{name} at {scale}x keeps {axis.label_size} px for {text.value!r}, "
                    f"which needs {needed:.0f}"
                )
        bottom = chart.bottom_axis
        line = bottom.title.size * scale * LINE
        assert bottom.title_size >= line and bottom.label_size >= line, (
            f"at {scale}x the round axis keeps {bottom.title_size} / {bottom.label_size} px "
            f"for a {line:.0f} px line"
        )


# --- the round picture -----------------------------------------------------------------------


@pytest.mark.parametrize("language", ["fi", "de"])
def test_the_round_pictures_rows_grow_with_the_text(store: GameStore, language: str) -> None:
    game_id = played(store)
    app = phone(store, language)
    shown = view(app, f"/game/{game_id}/round/1")
    pictures = [c for c in walk(shown) if getattr(c, "identifier", "").startswith("round-picture-")]
    assert len(pictures) == 2
    rows = [
        c
        for picture in pictures
        for c in walk(picture)
        if isinstance(c, ft.Row) and c.height and len(c.controls) == 3
    ]
    assert len(rows) >= 5, "a row per part: melded, canasta bonus, going out, hand, red threes"
    for row in rows:
        _square, name, points = row.controls
        assert points.no_wrap, f"{points.value} may wrap"
        # The points at their size, the name's longest word whole, each line of it in the row.
        one_line = max(name.size, points.size) * 2.0 * LINE
        assert row.height >= one_line, (
            f"{name.value!r} {points.value}: a {row.height} px row for a {one_line:.0f} px line"
        )
        room = 360 - 24 - 24 - 40 - 8 - 2 * 6 - 20 - text_width(points.value, points.size, 2.0)
        lines = 1 if text_width(name.value, name.size, 2.0, LETTER_ADVANCE) <= room else 2
        if "-" in str(name.value):  # "Canasta-|Bonus": as Flutter breaks it
            lines = wrapped_lines(str(name.value), name.size, room, 2.0, LETTER_ADVANCE)
        assert row.height >= lines * name.size * 2.0 * LINE, (
            f"{name.value!r} takes {lines} lines in {room:.0f} px; its row is {row.height} px"
        )
        assert name.max_lines is None or name.max_lines >= lines, f"{name.value!r} is cut"
        for word in WORD_ENDS.split(str(name.value)):
            assert text_width(word, name.size, 2.0, LETTER_ADVANCE) <= room + 1, word
    sizes = {row.controls[1].size for row in rows}
    assert len(sizes) == 1, f"every part's name at one size, not {sorted(sizes)}"


# --- statistics ------------------------------------------------------------------------------


@pytest.mark.parametrize("language", ["fi", "de"])
@pytest.mark.parametrize("scale", [1.0, 1.5, 2.0])
def test_statistics_labels_break_only_between_words_and_use_the_width(
    store: GameStore, language: str, scale: float
) -> None:
    played(store)
    app = phone(store, language, scale)
    shown = view(app, "/stats")
    figures = [
        c
        for c in walk(shown)
        if getattr(c, "identifier", "").startswith("player-")
        and getattr(c, "identifier", "").endswith(("-win-rate", "-games", "-red-threes"))
    ]
    assert figures, "the player cards show their figures"
    inner = 360 - 24 - 24
    for figure in figures:
        box = figure.content
        if isinstance(box, ft.Column):  # value over label, in a row of boxes
            value, label = box.controls
            words = str(label.value).split()
            for word in words:
                needed = text_width(word, label.size, scale, 0.5)
                assert needed <= box.width, (
                    f"{word!r} needs {needed:.0f} px at {scale}x, its box is {box.width}"
                )
            columns = (inner + 8) // (box.width + 8)
            assert columns * box.width + (columns - 1) * 8 >= inner - 8 * columns, (
                f"{columns} boxes of {box.width} px leave room unused in {inner}"
            )
        else:  # one figure a line: the label beside its value, the label as wide as it can
            label, value = box.controls
            assert label.expand and value.no_wrap
            room = inner - text_width(str(value.value), value.size, scale) - 12
            for word in str(label.value).split():
                assert text_width(word, label.size, scale, 0.5) <= room, word


# --- the theme -------------------------------------------------------------------------------


@pytest.mark.parametrize("language", ["fi", "de", "en"])
@pytest.mark.parametrize("scale", [1.0, 1.5, 2.0])
def test_the_theme_choice_keeps_readable_words_and_shows_what_is_chosen(
    store: GameStore, language: str, scale: float
) -> None:
    app = phone(store, language, scale)
    shown = view(app, "/settings")
    theme = next(c for c in walk(shown) if getattr(c, "identifier", "") == "theme")
    control = theme.content
    if isinstance(control, ft.SegmentedButton):
        assert control.show_selected_icon is not False, "the chosen theme is ticked"
        for segment in control.segments:
            assert isinstance(segment.label, ft.Text)
            assert (segment.label.size or 14) >= 14, segment.label.value
            third = (360 - 24 - 24) / 3 - 24 - 26
            needed = text_width(segment.label.value, 14, scale, LETTER_ADVANCE)
            assert needed <= third, (
                f"{segment.label.value!r} at {scale}x: {needed:.0f} > {third:.0f}"
            )
    else:
        assert isinstance(control, ft.RadioGroup), type(control)
        assert control.value == "system"
        assert one_a_line(control) == {
            "system": app.tr._("System"),
            "light": app.tr._("Light"),
            "dark": app.tr._("Dark"),
        }
    if language == "en" and scale == 1.0:
        assert isinstance(control, ft.SegmentedButton), "three short words stay side by side"
    if language == "fi" and scale == 2.0:
        assert isinstance(control, ft.RadioGroup), "Järjestelmä at 2x does not fit a third"


def one_a_line(group: ft.RadioGroup) -> dict[str, str]:
    """The choices of a list of radio buttons, each with the words beside it: words that wrap
    between words (a radio's own label does not), at least 14 px before the text scale."""
    found = {}
    for row in walk(group):
        if isinstance(row, ft.Row):
            (radio,) = [c for c in row.controls if isinstance(c, ft.Radio)]
            (words,) = [c for c in row.controls if isinstance(c, ft.Text)]
            assert not radio.label and words.expand and not words.no_wrap, words.value
            assert words.size is not None and words.size >= 14, words.value
            found[str(radio.value)] = words.value
    return found


@pytest.mark.parametrize("identifier", ["theme", "language"])
def test_each_choice_in_a_list_is_a_fingers_height_at_large_text(
    store: GameStore, identifier: str
) -> None:
    app = phone(store, "fi", 2.0)
    chosen = next(
        c for c in walk(view(app, "/settings")) if getattr(c, "identifier", "") == identifier
    )
    radios = [c for c in walk(chosen) if isinstance(c, ft.Radio)]
    assert radios
    for radio in radios:
        assert radio.height is not None and radio.height >= max(48, 16 * 2.0 * LINE), radio.value


# --- the language ----------------------------------------------------------------------------


@pytest.mark.parametrize("language", ["fi", "de", "en"])
@pytest.mark.parametrize("scale", [1.0, 1.5, 2.0])
def test_the_language_choice_shows_each_choice_whole(
    store: GameStore, language: str, scale: float
) -> None:
    """A menu field shows the chosen word on one line, cut where it does not fit ("Wie auf
    diesem G…" at 2x): a menu only where every choice fits its field, else a list."""
    app = phone(store, language, scale)
    shown = next(
        c for c in walk(view(app, "/settings")) if getattr(c, "identifier", "") == "language"
    )
    device = app.tr._("As on this device")
    if isinstance(shown.content, ft.Dropdown):
        room = 360 - 24 - 24 - 72
        for option in shown.content.options:
            assert text_width(option.text, 16, scale, LETTER_ADVANCE) <= room, option.text
    else:
        assert isinstance(shown.content, ft.RadioGroup), type(shown.content)
        assert shown.content.value == "device"
        assert one_a_line(shown.content) == {"device": device, **LANGUAGES}
    if scale == 1.0:
        assert isinstance(shown.content, ft.Dropdown), "at 1x every choice fits the menu"
    if language == "de" and scale == 2.0:
        assert isinstance(shown.content, ft.RadioGroup), "Wie auf diesem Gerät is cut at 2x"


# --- dialogs ---------------------------------------------------------------------------------


@pytest.mark.parametrize("language", ["fi", "de"])
def test_a_confirmation_keeps_its_title_words_whole_and_its_buttons_a_finger_high(
    store: GameStore, language: str
) -> None:
    game_id = played(store)
    app = phone(store, language)
    app.page.route = f"/game/{game_id}/round/2"
    app.nav.show_route()
    app.nav.current.delete()  # type: ignore[union-attr]
    dialog = app.page.dialogs[-1]
    title = dialog.title
    room = 360 - 80 - 48
    for word in str(title.value).split():
        needed = text_width(word, title.size, 2.0, LETTER_ADVANCE)
        assert needed <= room, f"{word!r} needs {needed:.0f} px of {room} at {title.size} px"
    for button in dialog.actions:
        assert button.height is not None and button.height >= 48, button


@pytest.mark.parametrize(("language", "width"), [("da", 360), ("nb", 390)])
def test_the_sheets_round_button_holds_its_number_to_its_word_and_fits_that_word(
    store: GameStore, language: str, width: float
) -> None:
    """At 2x text it read "Indtast runde / 2", "Legg inn runde / 2": the number alone."""
    game_id = played(store)
    app = phone(store, language, width=width)
    [button] = [
        c
        for c in walk(view(app, f"/game/{game_id}"))
        if isinstance(c, ft.Semantics) and c.identifier == "add-round"
    ]
    [label] = [c for c in walk(button) if isinstance(c, ft.Text)]
    said = app.tr._("Add round {n}").format(n=3)
    assert label.value == said.replace(" 3", "\xa03")
    room = app.layout.body_width() - BUTTON_EXTRAS - BUTTON_ICON  # the icon grown at 2x
    for word in WORD_ENDS.split(label.value):
        needed = text_width(word, label.size, 2.0, LETTER_ADVANCE)
        assert needed <= room, f"{word!r} needs {needed:.0f} px of {room} at {label.size} px"


def test_a_big_buttons_label_is_sized_for_the_words_a_line_breaks_between() -> None:
    """A number held to its word is one word: "runde\xa012" is what must fit, not "runde"."""
    label = ft.Text("Legg inn runde\xa012", size=20)
    fit_button(ft.FilledButton(content=label, icon=ft.Icons.ADD, height=60), 200, 2.0)
    room = 200 - BUTTON_EXTRAS - BUTTON_ICON  # the icon grown at 2x
    assert text_width("runde\xa012", label.size, 2.0, LETTER_ADVANCE) <= room + 1e-9


@pytest.mark.parametrize("language", ["nl", "fi", "de", "da"])
def test_a_confirmations_yes_grows_to_two_lines_where_one_would_cut_it(
    store: GameStore, language: str
) -> None:
    """ "Ronde terugnemen" at 2x text on a 360 px phone was cut to "Ronde"."""
    game_id = played(store)
    app = phone(store, language)
    app.page.route = f"/game/{game_id}"
    app.nav.show_route()
    app.nav.current.undo()  # type: ignore[union-attr]
    yes = app.page.dialogs[-1].actions[-1]
    label = yes.content if isinstance(yes.content, ft.Text) else yes.content.content
    room = 360 - 80 - 2 * 24 - 16 - 24  # the dialog's inside, less the button's padding
    if yes.height is not None:  # one line: the label fits it
        needed = text_width(str(label.value), label.size, 2.0, LETTER_ADVANCE)
        assert needed <= room, f"{label.value!r} needs {needed:.0f} px of {room}"
    else:
        for word in str(label.value).split():
            needed = text_width(word, label.size, 2.0, LETTER_ADVANCE)
            assert needed <= room, f"{word!r} needs {needed:.0f} px of {room}"


@pytest.mark.parametrize("language", ["nl", "da", "de", "fi"])
def test_card_counts_keep_their_labels_words_whole_and_two_digits_in_sight(
    store: GameStore, language: str
) -> None:
    """At 2x text "Joke/rs" broke inside its word, and a count of 12 showed as "1"; then
    the counts were drawn no larger than at 1x (20 px), while the labels doubled."""
    from canasta_score.ui.components.basics import compact_count_width
    from canasta_score.ui.state import EntryMode

    game_id = played(store)
    app = phone(store, language)
    app.page.route = f"/game/{game_id}/round"
    app.nav.show_route()
    panel = app.nav.current.panels[0]  # type: ignore[union-attr]
    panel.mode_changed(EntryMode.CARDS)
    grid = panel.cards_area
    box = compact_count_width(2.0, grid.cell_width - 2 * 48)
    assert grid.label_width + 2 * (2 * 48 + box) <= panel.inner + 0.5
    for row in grid.controls[1:]:
        for label in row.controls[0].controls:
            for word in str(label.value).split():
                needed = text_width(word, label.size, 2.0, LETTER_ADVANCE)
                assert needed <= grid.label_width, f"{word!r}: {needed:.0f} px"
    for stepper in grid.steppers.values():
        count = stepper.count
        assert text_width("12", count.size, 2.0) <= box, count.size
        assert count.size * 2.0 >= 1.2 * 20, "a count grows with the text around it"
    # Each place's heading over its own steppers: "0 Punkte0 Punkte" ran together.
    room = (panel.inner - grid.label_width) / 2
    for column in grid.controls[0].controls[1:]:
        title, points = column.controls
        for word in str(title.value).split():
            assert text_width(word, title.size, 2.0) <= room, word
        most = app.tr._("{points} points").format(points=app.tr.number(1180))
        assert text_width(most, points.size, 2.0) <= room, most


# --- the sheet's app bar ---------------------------------------------------------------------


def identifiers_in(control: Any) -> set[str]:
    return {str(c.identifier) for c in walk(control) if getattr(c, "identifier", None)}


@pytest.mark.parametrize(("scale", "width", "in_bar"), [(1.0, 390, True), (2.0, 360, False)])
def test_the_rule_sets_name_keeps_its_room_the_invite_and_rules_move_to_the_menu(
    store: GameStore, scale: float, width: float, in_bar: bool
) -> None:
    """Four icons beside "Klassiek" at 2x on a small phone left "Klas…": the invite and the
    rules then sit in the game's menu, which still offers them."""
    app = phone(store, "nl", scale, width)
    game_id = played(store)
    screen, shown = screen_for(app, f"/game/{game_id}")
    bar = identifiers_in(shown.appbar)
    assert {"open-chart", "game-menu"} <= bar
    assert ({"invite", "open-rules"} <= bar) is in_bar
    offered = identifiers_in(ft.Column(screen.menu_items()))
    assert ({"invite", "open-rules"} <= offered) is not in_bar
    assert {"menu-csv", "menu-export-game"} <= offered


# --- a rule set's table ----------------------------------------------------------------------


def text_pairs(shown: Any, kind: type) -> list[list[ft.Text]]:
    """The rows (`ft.Row`) or stacks (`ft.Column`) of exactly two texts: a label and its value."""
    return [
        found.controls
        for found in walk(shown)
        if isinstance(found, kind)
        and len(found.controls) == 2
        and all(isinstance(c, ft.Text) for c in found.controls)
    ]


@pytest.mark.parametrize("language", ["nl", "de", "fi"])
@pytest.mark.parametrize(("scale", "width"), [(1.0, 390), (1.5, 390), (2.0, 360)])
def test_a_rule_sets_labels_keep_their_words_whole(
    store: GameStore, language: str, scale: float, width: float
) -> None:
    """A label column of 170 px broke Dutch "Kaartwaarden" ("Kaartwaard" over "en") at 2x."""
    app = phone(store, language, scale, width)
    shown = view(app, "/rules")
    labels = [pair[0] for pair in text_pairs(shown, ft.Row)]
    stacked = [
        pair[0] for pair in text_pairs(shown, ft.Column) if pair[1].weight == ft.FontWeight.BOLD
    ]
    assert len(labels) + len(stacked) >= 8, "the rule set's table"
    for label in labels:
        for word in label.value.split():
            needed = text_width(word, label.size, scale, LETTER_ADVANCE)
            assert needed <= label.width, f"{word!r}: {needed:.0f} px in {label.width} px"
    if scale == 1.0:
        assert labels and not stacked, "beside their values at 1x"


@pytest.mark.parametrize("scale", [1.0, 2.0])
@pytest.mark.parametrize("language", ["en", "de", "fi"])
def test_a_game_sheets_title_fits_between_back_and_its_buttons(
    store: GameStore, language: str, scale: float
) -> None:
    """At 2x text the sheet of a Modern American game was titled "Modern Ameri…": the rule
    set's name, the one place the sheet says which rules are played."""
    from canasta_score.core import FAMILY_PRESETS
    from canasta_score.ui.layout import TITLE_MOST_SCALE

    app = phone(store, language, scale, width=390)
    for rules in (PRESETS["classic"], *FAMILY_PRESETS.values()):
        stored = store.create_game(Game(rules=rules, sides=WE_THEY))
        if rules.id == "classic":  # a round: four buttons (the invite and the rules too)
            store.add_round(stored.id, [SideEntry(melded=50), SideEntry(melded=50)], stored.version)
        bar = view(app, f"/game/{stored.id}").appbar
        title = bar.title
        assert isinstance(title, ft.Text)
        buttons = [action for action in bar.actions if action.visible is not False]
        room = 390 - 56 - 32 - 48 * len(buttons) + 0.5
        size, seen = title.size, min(scale, TITLE_MOST_SCALE)
        if title.max_lines == 1:
            needed = text_width(title.value, size, seen)
            assert needed <= room, f"{title.value!r} at {size:.1f}: {needed:.0f} px in {room}"
            assert size >= 16, title.value
        else:  # two lines of whole words, in the bar's 56 px
            for word in title.value.split():
                assert text_width(word, size, seen) <= room, (title.value, size, word)
            assert text_width(title.value, size, seen) <= 1.6 * room, (title.value, size)
            assert 2 * size * seen * LINE <= 56.5, (title.value, size)
            assert size >= 11, title.value


@pytest.mark.parametrize(("scale", "size", "bar"), [(1.0, 13, None), (2.0, 15, 76)])
def test_who_dealt_under_a_rounds_title_grows_with_the_text_in_a_taller_bar(
    store: GameStore, scale: float, size: float, bar: float | None
) -> None:
    """At 2x text "Giver: Kari" under "Runde 1" stayed the smallest text on the screen."""
    from canasta_score.ui.layout import TITLE_MOST_SCALE

    app = phone(store, "nb", scale, width=360)
    stored = store.create_game(Game(rules=PRESETS["classic"], sides=WE_THEY))
    store.add_round(stored.id, [SideEntry(melded=50), SideEntry(melded=50)], stored.version)
    for route in (f"/game/{stored.id}/round", f"/game/{stored.id}/round/1"):
        appbar = view(app, route).appbar
        title, subtitle = appbar.title.controls
        assert subtitle.value.startswith("Giver") and subtitle.size == size, route
        assert appbar.toolbar_height == bar
        seen = min(scale, TITLE_MOST_SCALE)
        assert (title.size + subtitle.size) * seen * LINE <= (bar or 56), "both in the bar"
