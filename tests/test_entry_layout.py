"""Round entry's side panel, laid out without a browser: what grows has its room before it
grows, and what comes with a tap comes where it moves no row (issue 32, findings 1 and 2)."""

from __future__ import annotations

import flet as ft
import pytest
from test_actions import phone_app
from test_ui_screens import WE_THEY, store  # noqa: F401 (the fixture)

from canasta_score.core import PRESETS, Game, Side
from canasta_score.i18n import translator
from canasta_score.ui.components import name_width, text_width
from canasta_score.ui.components.basics import TEXT_LINE, WORD_ENDS
from canasta_score.ui.components.names import PLAYERS_LEAST
from canasta_score.ui.components.side_parts import SMALLEST_TEXT, SideHeader
from canasta_score.ui.state.round_entry import EntryMode
from canasta_score.ui.store import GameStore
from canasta_score.ui.views.round_entry import RoundEntryScreen

LANGUAGES = ["en", "nl", "de", "fi", "da", "nb"]
#: A panel's inner width: normal text on a 390 px phone, twice the text on a 360 px one.
PHONES = [(1.0, 346.0), (2.0, 316.0)]


def lines(text: str, size: float, width: float) -> int:
    """How many lines `text` takes at `size` in `width`, broken between words (each
    character as wide as `text_width` takes it: wider than Roboto draws most)."""
    count, line = 1, ""
    for word in text.split():
        tried = f"{line} {word}".strip()
        if line and text_width(tried, size) > width:
            count, line = count + 1, word
        else:
            line = tried
    return count


def texts(control: ft.Control) -> list[ft.Text]:
    """Every Text inside `control`."""
    found = [control] if isinstance(control, ft.Text) else []
    inner = getattr(control, "content", None)
    children = [*(getattr(control, "controls", None) or []), *([inner] if inner else [])]
    for child in children:
        if isinstance(child, ft.Control):
            found += texts(child)
    return found


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("scale", "width"), PHONES, ids=["1x", "2x"])
def test_a_side_header_has_room_for_its_longest_preview_and_whole_words(
    language: str, scale: float, width: float
) -> None:
    """The score, the total and the next minimum never wrap (their height cannot change as
    they grow), each sized for the longest it can say; the name's words fit its room."""
    tr = translator(language)
    header = SideHeader(Side("Maximilian", ("Maximilian",)), 0, tr, scale, width)
    for text in (header.score, header.total):
        assert text.no_wrap and text.max_lines == 1
    longest_total = tr._("total {total}").format(total="-88.888")
    longest_opening = max(  # or, for the round that wins the game, that it does
        tr._("then needs {minimum}").format(minimum="888"),
        tr._("wins the game"),
        key=lambda said: text_width(said, 14, scale),
    )
    total, opening = header.total.size, header.opening.size
    assert total is not None and opening is not None
    assert min(total, opening) >= SMALLEST_TEXT, "never smaller than the screens' smallest text"
    if scale < 1.2:  # side by side, on one line
        assert header.opening.no_wrap
        assert text_width(longest_total + longest_opening, total, scale) + 16 <= width + 1
    elif header.opening.no_wrap:  # one under the other, each on one line
        assert text_width(longest_opening, opening, scale) + 12 <= width + 1
    else:  # the minimum on two lines whatever it says, in a box held at their height
        assert header.opening.max_lines == 2
        held = [c for c in header.controls[-1].controls if c.content is not None]
        assert getattr(held[-1].content, "height", None), "the two lines' room is held"
        assert lines(longest_opening, opening * scale, width - 12) <= 2
    # The name keeps at least 3/5 of the width (the score's box takes the rest, 8 px apart).
    name = next(t for t in texts(header) if t.value == "Maximilian")
    assert name.size is not None
    assert name_width("Maximilian", name.size, scale) <= width * 0.6 - 8


@pytest.mark.parametrize(("scale", "width"), PHONES, ids=["1x", "2x"])
def test_the_total_and_the_minimum_under_it_start_level(scale: float, width: float) -> None:
    """At 2x text "then needs 50" sat its box's padding in from "total 415" above it."""
    header = SideHeader(Side("We", ("Anna", "Ben")), 0, translator("en"), scale, width)
    total, _minimum = (tagged.content for tagged in header.controls[-1].controls)

    def left(control: ft.Control) -> float:
        padding = getattr(control, "padding", None)
        return padding.left if isinstance(padding, ft.Padding) else 0

    if isinstance(header.controls[-1], ft.Column):  # one under the other
        assert left(total) == left(header.opening_box) > 0
    else:  # side by side, the minimum's box after the total
        assert total is header.total


@pytest.mark.parametrize(
    ("players", "shown"),
    [
        (("Jan Willem", "Anne Marie"), "Jan\xa0Willem, Anne\xa0Marie"),
        # Held across the width, under the score: beside its box it broke between words.
        (("Johanna Katariina Elisabeth", "Ben"), "Johanna\xa0Katariina\xa0Elisabeth, Ben"),
        (
            ("Johanna Katariina Elisabeth Charlotte Amalie", "Ben"),
            "Johanna Katariina Elisabeth Charlotte Amalie, Ben",
        ),
        # One word too long for the width: at the least size, as on the sheet, not smaller,
        # and cut where it meets the width (Flutter broke it mid-word), whole when heard.
        (
            ("Donaudampfschifffahrtsgesellschaftskapitänin", "Ben"),
            "Donaudampfschifffahrtsgesellschaftska\u2026, Ben",
        ),
    ],
)
def test_a_players_name_is_held_whole_in_round_entry_where_it_fits_as_on_the_sheet(
    players: tuple[str, ...], shown: str
) -> None:
    """Round entry held every player's name whole, however long: "Johanna Katariina
    Elisabeth," shrank the line to 13 px on the screen at 2x. As on the sheet, a name is held
    where it fits at the players' least size, and otherwise breaks between its words."""
    header = SideHeader(Side("Großeltern", players), 0, translator("de"), 2.0, PHONES[1][1])
    (line,) = [t for t in texts(header) if "Ben" in str(t.value) or "Anne" in str(t.value)]
    assert line.value == shown
    assert line.size is not None and line.size >= PLAYERS_LEAST, line.size
    for part in WORD_ENDS.split(shown):
        assert name_width(part, line.size, 2.0) <= PHONES[1][1] + 0.01, part
    cut = "\u2026" in shown
    assert line.semantics_label == (", ".join(players) if cut else None), "heard whole"
    if cut:  # shown whole on a long press, and heard once
        assert isinstance(line.tooltip, ft.Tooltip) and line.tooltip.exclude_from_semantics


@pytest.mark.parametrize(
    ("name", "shown"),
    [("Mor og Far", "Mor\xa0og\xa0Far"), ("Bedstemor og Bedstefar", "Bedstemor og Bedstefar")],
)
def test_a_sides_name_of_words_keeps_to_one_line_beside_the_score_where_it_is_nearly_as_large(
    name: str, shown: str
) -> None:
    """At 2x on 360 px "Mor og / Far" took two lines beside a score of "0" (review 56 #9),
    a line taller than a slightly smaller "Mor og Far"; a longer name still breaks."""
    header = SideHeader(Side(name, ("Anna", "Ben")), 0, translator("da"), 2.0, PHONES[1][1])
    (line,) = [t for t in texts(header) if str(t.value).replace("\xa0", " ") == name]
    assert line.value == shown
    room = PHONES[1][1] - (header.controls[0].controls[1].width or 0) - 8
    if " " not in shown:
        assert name_width(shown, line.size, 2.0) <= room + 0.01


def test_the_choice_between_melds_and_typed_points_ends_the_panel(store: GameStore) -> None:  # noqa: F811
    """Over the rank buttons it pushed them 82 px down when a rank's tap brought it."""
    stored = store.create_game(Game(rules=PRESETS["classic"], sides=WE_THEY))
    entry = RoundEntryScreen(phone_app(store, "phone-a"), f"/game/{stored.id}/round", stored.id)
    entry.build()
    panel = entry.panels[0]
    panel.changed(lambda: entry.draft.set_melded(0, "120+35"))
    panel.mode_changed(EntryMode.MELDS)
    panel = entry.panels[0]
    panel.tapped(lambda: entry.draft.add_meld(0, next(iter(entry.draft.meld_ranks()))))
    assert panel.both.visible, "both figures are offered"
    rows = panel.rows().controls
    assert rows[-1] is panel.both
    assert rows.index(panel.meld_area) < rows.index(panel.both)


@pytest.mark.parametrize(("scale", "width"), PHONES, ids=["1x", "2x"])
@pytest.mark.parametrize("score", [-706_050, 95_020, -8_888, 1_450])
def test_a_round_score_no_round_gives_is_shown_whole_and_moves_nothing(
    scale: float, width: float, score: int
) -> None:
    """70,000 typed in hand (refused, and said so) showed its score cut: "-706,05". A score
    wider than any round gives is drawn smaller in the score's box, as tall as ever."""
    from types import SimpleNamespace

    from canasta_score.core import SidePreview
    from canasta_score.ui.state.points import signed

    tr = translator("en")
    header = SideHeader(Side("We", ("Anna", "Ben")), 0, tr, scale, width)
    box = header.controls[0].controls[-1]
    height, size = box.height, header.score.size
    preview = SidePreview(SimpleNamespace(total=score), score, 50, 50)  # type: ignore[arg-type]
    # As tall as a line of text at the score's size: shorter, it cut the comma's tail.
    assert height >= TEXT_LINE * size * scale
    header.show(preview)
    assert header.score.value == signed(score, tr)
    assert text_width(header.score.value, header.score.size, scale) <= box.width + 0.01
    assert box.height == height, "the box as tall whatever it shows"
    if len(header.score.value) <= len(signed(-8_888, tr)):
        assert header.score.size == size, "a score a round can give: at its size"
    header.show(SidePreview(None, None, None, 50))  # a field half typed: no score yet
    assert header.score.size == size, "its sign at its size again"
