"""Tagged controls (stable identifiers), steppers with big buttons, numbers readable at arm's length."""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import flet as ft
from flet.utils.object_model import get_param_count

from canasta_score.i18n import Translator

#: The smallest tap target, in logical pixels.
TAP = 48
#: A line of Roboto in em, as the screens' text styles set it.
LINE_HEIGHT = 1.45
#: From this text scale a layout is made for large text (a meld's counts each take a line,
#: their words beside them; a message's action takes a line of its own).
LARGE_TEXT = 1.2


def Tagged(
    identifier: str,
    control: ft.Control,
    label: str | None = None,
    *,
    expand: bool = False,
    alone: bool = False,
) -> ft.Semantics:
    """A control with a stable identifier for screen readers and automated journeys;
    `alone`: its `label` says all the control shows (its texts are not read after it)."""
    tagged = ft.Semantics(
        identifier=identifier, label=label, content=control, exclude_semantics=alone
    )
    if expand:  # an explicit expand=False breaks the control inside a wrapping Row
        tagged.expand = True
    return tagged


def chosen_words(dropdown: ft.Dropdown, name: str | None = None) -> str:
    """What a screen reader is told of a dropdown: its name and its choice ("Language: Dansk").

    >>> menu = ft.Dropdown(label="Language", value="da", options=[ft.DropdownOption("da", "Dansk")])
    >>> chosen_words(menu), chosen_words(menu, "Sprog")
    ('Language: Dansk', 'Sprog: Dansk')
    """
    name = name if name is not None else str(dropdown.label or "")
    choice = next(
        (o.text or o.key for o in dropdown.options or [] if o.key == dropdown.value), None
    )
    return f"{name}: {choice}" if choice else name


def TaggedChoice(
    identifier: str, dropdown: ft.Dropdown, name: str | None = None, *, expand: bool = False
) -> ft.Semantics:
    """A dropdown tagged with its name and its choice, said again once another is chosen:
    Flutter tells a screen reader only "button, collapsed" of it."""
    tagged = Tagged(identifier, dropdown, chosen_words(dropdown, name), expand=expand)
    heard = dropdown.on_select
    if isinstance(heard, ChoiceSaid):  # tagged again (the screen drawn again)
        heard = heard.heard
    dropdown.on_select = ChoiceSaid(tagged, name, heard)
    return tagged


class ChoiceSaid:
    """A dropdown's `on_select`: its tag told the new choice, then the screen's own handler."""

    def __init__(self, tagged: ft.Semantics, name: str | None, heard: Any) -> None:
        self.tagged, self.name, self.heard = tagged, name, heard

    def __call__(self, event: ft.Event[ft.Dropdown]) -> None:
        self.tagged.label = chosen_words(event.control, self.name)
        if callable(self.heard):
            self.heard() if get_param_count(self.heard) == 0 else self.heard(event)


#: An icon's size at the normal text size, in logical pixels.
ICON = 24


def icon_size(scale: float) -> float:
    """An icon as big as the text beside it grows (the device's text `scale`).

    >>> icon_size(1.0), icon_size(2.0)
    (24, 48)
    """
    return round(ICON * max(scale, 1.0))


def tap_size(scale: float) -> float:
    """The square a button takes: `TAP`, or its grown icon with the usual margin round it.

    >>> tap_size(1.0), tap_size(1.5), tap_size(2.0)
    (48, 60, 72)
    """
    return max(TAP, icon_size(scale) + TAP - ICON)


def TapIcon(
    tag: str,
    icon: ft.IconData,
    label: str,
    on_click: Callable[[], None],
    *,
    visible: bool = True,
    scale: float = 1.0,
) -> ft.Semantics:
    """An icon button a fingertip finds (`TAP` square), tagged `tag`; `label` is its name for
    a screen reader (a tooltip is no name in a browser's accessibility tree, and beside a
    label it is said twice).
    `scale`, the device's text scale, grows the icon and its square with the text beside it.

    `on_click` is called with nothing: Flet hands an event to a handler with a parameter, which
    would land in a `lambda n=row: ...`.
    """
    button = ft.IconButton(
        icon=icon,
        on_click=lambda: on_click(),
        icon_size=icon_size(scale),
        width=tap_size(scale),
        height=tap_size(scale),
    )
    tagged = NamedButton(tag, button, label)
    tagged.visible = visible  # hidden whole: a hidden control inside Semantics is an error
    return tagged


def NamedButton(identifier: str, button: ft.Control, label: str) -> ft.Semantics:
    """An icon button tagged `identifier`, named `label` for a screen reader by its icon.

    The name is the button's own: on the tag's node around it, it names a group that holds
    a button without a name, which a screen reader reads as two things ("Statistics",
    "button").
    """
    for part in ("icon", "selected_icon"):
        icon = getattr(button, part, None)
        if icon is not None and not isinstance(icon, ft.Control):
            setattr(button, part, ft.Icon(icon, semantics_label=label))
    return Tagged(identifier, button)


def whose_words(whose: str, words: str) -> str:
    """A control's words as heard, with the side it belongs to ("They: Went out"): each side
    has its own of it, and a screen reader going from one to the next would not know whose
    it was.

    >>> whose_words("They", "Natural canastas"), whose_words("", "Melded")
    ('They: Natural canastas', 'Melded')
    """
    return f"{whose}: {words}" if whose else words


def Wide(control: ft.Control) -> ft.Row:
    """A control stretched over the whole width (buttons players must not miss)."""
    control.expand = True
    return ft.Row([control])


def BigNumber(
    value: str, *, size: int = 34, color: str | None = None, weight: ft.FontWeight | None = None
) -> ft.Text:
    return ft.Text(
        value,
        size=size,
        weight=weight or ft.FontWeight.BOLD,
        color=color,
        text_align=ft.TextAlign.CENTER,
    )


def Section(*controls: ft.Control, padding: int = 12, bgcolor: str | None = None) -> ft.Container:
    """A rounded panel, like one box of the paper pad."""
    return ft.Container(
        content=ft.Column(
            list(controls),
            spacing=8,
            tight=True,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        ),
        padding=padding,
        border_radius=12,
        bgcolor=bgcolor or ft.Colors.SURFACE_CONTAINER,
    )


def step_buttons(
    on_step: Callable[[int], None], value: int, maximum: int | None = None
) -> tuple[ft.IconButton, ft.IconButton]:
    """A count's one-less and one-more buttons, each a finger's size: one less is off at
    none, one more at `maximum`."""
    minus = ft.IconButton(
        icon=ft.Icons.REMOVE,
        on_click=lambda: on_step(-1),
        disabled=value <= 0,
        width=TAP,
        height=TAP,
    )
    plus = ft.IconButton(
        icon=ft.Icons.ADD,
        on_click=lambda: on_step(1),
        disabled=maximum is not None and value >= maximum,
        width=TAP,
        height=TAP,
        style=ft.ButtonStyle(bgcolor=ft.Colors.SECONDARY_CONTAINER),
    )
    return minus, plus


#: A compact stepper's count between its buttons: two digits.
COMPACT_COUNT = 24


def compact_count_width(scale: float, room: float | None = None) -> float:
    """A compact stepper's count box at the device's text `scale`: wider at large text, as
    far as the `room` between its buttons allows, so that a count grows with the labels
    around it (a box of 24 px held it no larger at 2x than at 1x, and "12" touched the plus
    button).

    >>> compact_count_width(1.0), compact_count_width(2.0), compact_count_width(2.0, 29)
    (24.0, 36.0, 29)
    """
    wanted = COMPACT_COUNT * min(max(scale, 1.0), 1.5)
    return wanted if room is None else max(COMPACT_COUNT, min(wanted, room))


#: A stepper's label at most: smaller at large text where a word of it would not fit; its
#: grey note on what each counts.
STEPPER_LABEL, STEPPER_NOTE = 15, 13
#: The count's box of a stepper with its label beside it: two digits.
STEPPER_COUNT = 34
#: The room after a note under a stepper's row, so the note keeps to its own row.
NOTE_AFTER = 10


def stepper_label_room(width: float, count_width: float = STEPPER_COUNT) -> float:
    """The room of a stepper's label (or note) beside its buttons and count."""
    return width - 2 * TAP - count_width - 6


def labels_size(labels: Iterable[str], width: float, scale: float = 1.0) -> float:
    """One size for the labels of steppers `width` wide, at which each word of each fits: a
    side's labels read alike (Finnish at 2x drew "Puhtaat seiskacanastat" at 3/4 the size of
    "Punaiset kolmoset" beside it, a one-word compound that Flutter cannot break).

    >>> labels_size(["Red threes", "Black threes"], 312, 2.0)
    15
    >>> round(labels_size(["Punaiset kolmoset", "Puhtaat seiskacanastat"], 312, 2.0), 1)
    10.5
    """
    room = stepper_label_room(width)
    return min(
        (fitted_words(label, STEPPER_LABEL, room, scale) for label in labels),
        default=STEPPER_LABEL,
    )


class Stepper(ft.Row):
    """`label  [-]  count  [+]` with 48 px buttons; `identifier` tags the count, -plus/-minus the buttons.

    A compact stepper leaves the label out of sight (screen readers still get it): for grids
    whose rows and columns already say what is counted.
    """

    def __init__(
        self,
        label: str,
        value: int,
        on_step: Callable[[int], None],
        identifier: str,
        *,
        tr: Translator,
        extra: str | tuple[str, ...] = "",
        maximum: int | None = None,
        compact: bool = False,
        scale: float = 1.0,
        width: float | None = None,
        label_size: float | None = None,
        whose: str = "",
    ) -> None:
        """`scale` is the device's text scale and `width` about how wide the stepper may be:
        the count keeps to its box (two digits) and the label's words stay whole (at
        `label_size` where given: `labels_size` of the steppers beside it). `extra` is a grey
        note on what each counts, in parts that are kept whole. `whose`: the side the count
        is of, heard with its buttons and its count (`whose_words`)."""
        count_width = (
            compact_count_width(scale, None if width is None else width - 2 * TAP)
            if compact
            else STEPPER_COUNT
        )
        room = None if width is None else stepper_label_room(width, count_width)
        self.count = ft.Text(
            str(value),
            size=fitted("00", 20 if compact else 22, count_width, scale),
            weight=ft.FontWeight.BOLD,
            width=count_width,
            text_align=ft.TextAlign.CENTER,
            no_wrap=True,
        )
        # A note has a line a part under the label where each part fits there, else it goes
        # under the whole stepper (`placed`), where the side's width keeps each part whole:
        # "minus with no canasta," and Samba's "minus unter 2 / Canastas" wrapped within
        # themselves in the label's column at large text.
        shown_size = label_size or (
            STEPPER_LABEL if room is None else fitted_words(label, STEPPER_LABEL, room, scale)
        )
        # The note no larger than its label ("2 500 p/kpl" under "Puhtaat seiskacanastat").
        note_size = STEPPER_NOTE if compact else min(STEPPER_NOTE, shown_size)
        parts = note_parts(extra)
        self.note_under = room is not None and any(
            text_width(part, note_size, scale, LETTER_ADVANCE) > room for part in parts
        )
        joined = self.note_under and len(parts) > 1
        self.extra = ft.Text(
            whole_parts(parts) if joined else "\n".join(parts),
            size=note_size,
            color=ft.Colors.ON_SURFACE_VARIANT,
            semantics_label=" ".join(parts) if joined else None,  # not the joiners
        )
        self.minus, self.plus = step_buttons(on_step, value, maximum)
        self.maximum = maximum
        heard = whose_words(whose, label)
        buttons: list[ft.Control] = [
            NamedButton(
                f"{identifier}-minus", self.minus, tr._("{what}: one less").format(what=heard)
            ),
            Tagged(identifier, self.count, heard),
            NamedButton(
                f"{identifier}-plus", self.plus, tr._("{what}: one more").format(what=heard)
            ),
        ]
        if not compact:
            buttons.insert(
                0,
                ft.Column(
                    [
                        ft.Text(label, size=shown_size),
                        *([] if self.note_under else [self.extra]),
                    ],
                    spacing=0,
                    tight=True,
                    expand=True,
                ),
            )
        super().__init__(
            controls=buttons,
            spacing=0 if compact else 2,
            tight=compact,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )

    def placed(self) -> ft.Control:
        """The stepper as a row of its own, with a note that does not fit beside its buttons
        under it, and room after the note: under a row of 48 px buttons it stood as far from
        its own label as from the next one ("minus ohne Canasta, …" between "Rote Dreien" and
        "Schwarze Dreien" at 1x on 360 px)."""
        if not self.note_under:
            return self
        note = ft.Container(self.extra, padding=ft.Padding.only(bottom=NOTE_AFTER))
        return ft.Column([self, note], spacing=0, tight=True)

    def show(self, value: int) -> None:
        self.count.value = str(value)
        self.minus.disabled = value <= 0
        self.plus.disabled = self.maximum is not None and value >= self.maximum


# --- text that grows --------------------------------------------------------------------------
# The device's text size multiplies every font size (a phone set to large text: 1.5 or 2
# times). Roboto's characters are about EM_ADVANCE of the font size wide (digits 0.56), so
# the width a text needs is known before it is drawn, and a number can be given a size that
# keeps it on one line, and a label a size that keeps each of its words whole.

#: A character's width in em, a little more than Roboto's widest digits and average letters.
EM_ADVANCE = 0.6


#: A letter's width in em, about Roboto's average (bold) letter: for words, not numbers.
LETTER_ADVANCE = 0.55


def text_width(text: str, size: float, scale: float = 1.0, advance: float = EM_ADVANCE) -> float:
    """About how wide `text` is at `size` with the device's text `scale`, in logical pixels.

    >>> round(text_width("4770", 20, 2.0))
    96
    """
    return len(text) * advance * size * scale


#: A character of a sentence in Roboto, in em, spaces included (a little over its average).
PROSE_ADVANCE = 0.48


def lines_of(text: str, size: float, width: float, scale: float = 1.0) -> int:
    """About how many lines a sentence `text` takes at `size`, wrapped in `width`.

    >>> lines_of("a" * 40, 14, 300), lines_of("a" * 40, 14, 300, 2.0), lines_of("", 14, 300)
    (1, 2, 1)
    """
    return max(1, math.ceil(text_width(text, size, scale, PROSE_ADVANCE) / width))


def wrapped_lines(
    text: str,
    size: float,
    width: float,
    scale: float = 1.0,
    advance: float = PROSE_ADVANCE,
    measure: Callable[[str, float, float], float] | None = None,
) -> int:
    """About how many lines `text` takes at `size` in `width`, broken between words as
    Flutter breaks it (a word that does not fit the rest of a line starts the next, a
    compound may break after its hyphen); bold text with `LETTER_ADVANCE`, names and
    players by the font's widths (`measure=name_width`).

    >>> wrapped_lines("Wild cards, all four jokers", 15, 120)
    2
    >>> wrapped_lines("Ersatzkarten mit allen vier Jokern", 15, 105)  # lines_of guesses 2
    3
    >>> [wrapped_lines("Wilde kaarten met alle vier jokers", 15, 124, 1.0, a)
    ...  for a in (PROSE_ADVANCE, LETTER_ADVANCE)]
    [2, 3]
    >>> wrapped_lines("Canasta-Bonus", 14, 80, 2.0), wrapped_lines("Canasta-Bonus", 14, 200, 2.0)
    (2, 1)
    >>> from canasta_score.ui.components.names import name_width
    >>> wrapped_lines("Jan Willem, Anne Marie", 8, 66, 2.0, measure=name_width)
    4
    """

    def wide(line: str) -> float:
        return (
            text_width(line, size, scale, advance)
            if measure is None
            else measure(line, size, scale)
        )

    lines, line = 1, ""
    for word in BREAKS.split(text.strip()):
        for index, part in enumerate(WORD_ENDS.split(word)):  # a compound after its hyphen
            joined = (f"{line} {part}" if index == 0 else line + part) if line else part
            if line and wide(joined) > width:
                lines, line = lines + 1, part
            else:
                line = joined
    return lines


#: Material's line of body text, in em (20 px at 14): a line of `ft.Text` is this tall.
TEXT_LINE = 1.43


def fitted(text: str, size: float, width: float, scale: float = 1.0) -> float:
    """The font size for `text` on one line in `width`: `size`, or smaller where it does not fit.

    >>> fitted("4770", 34, 150, 1.0), round(fitted("4770", 34, 150, 2.0), 1)
    (34, 31.3)
    """
    needed = text_width(text, size, scale)
    if needed <= width or needed <= 0:
        return size
    return max(size * width / needed, 1.0)


#: Where a line may break: the spaces that hold nothing together (not U+00A0, U+202F).
BREAKS = re.compile(r"[ \t\n]+")
#: A letter, of any language (not a digit, not an underscore).
LETTER = r"[^\W\d_]"
#: A hyphen between letters, where a line may break ("Anna-|Lena"; not a total's "-185").
HYPHEN_IN_WORD = re.compile(rf"(?<={LETTER})-(?={LETTER})")
#: ... and, as Flutter breaks a line, after a hyphen between letters ("Siebener-|Canastas";
#: not "Wir -|1.000"), or after a word cut before its hyphen ("Nachb…-|Wilhelm": `words_cut`).
WORD_ENDS = re.compile(rf"[ \t\n]+|(?<={LETTER}-|\u2026-)(?={LETTER})")


def fitted_words(text: str, size: float, width: float, scale: float = 1.0) -> float:
    """The font size at which the longest word of `text` fits `width` (lines break between words,
    not at a space that holds a number to its word: "Wir\xa0-1.000.000" is one; a compound
    breaks after its hyphen).

    >>> fitted_words("Canasta bonus", 15, 200, 2.0), round(fitted_words("Kanastabonus", 15, 150, 2.0), 1)
    (15, 10.4)
    >>> fitted_words("Wir\xa0-1.000.000", 17, 100) < fitted_words("Wir -1.000.000", 17, 100)
    True
    >>> fitted_words("Echte Siebener-Canastas", 15, 100, 2.0) == fitted("Siebener-", 15, 100, 2.0)
    True
    """
    longest = max(WORD_ENDS.split(text), key=len, default="")
    return fitted(longest, size, width, scale)


def number_large(
    text: str, number: str, size: float, number_size: float, apart: bool = False, **style: Any
) -> ft.Text:
    """`text` at `size` with the `number` in it at `number_size`: at large text, where a long
    word sets a smaller size ("mind. 120 zum Auslegen" in a narrow column), what is read at a
    glance keeps its size, on a line of its own: "mind. / 120 / zum Auslegen" in every
    column alike (a "90 zum" shared its line where "120" did not). So too where `apart`: in
    every column where one column's text would wrap ("åbning / 120" beside "åbning 90").
    Where `text` does not hold the number, all of it at `size`.

    >>> said = number_large("mind. 120 zum Auslegen", "120", 9.5, 15)
    >>> said.value, [(span.text, span.style and span.style.size) for span in said.spans]
    ('mind.\\n', [('120', 15), ('\\nzum Auslegen', None)])
    >>> number_large("avaus 120", "120", 15, 15).value, number_large("avaus 90", "90", 15, 15, True).value
    ('avaus 120', 'avaus\\n')
    """
    before, found, after = text.partition(number)
    if not found or (number_size <= size and not apart):
        return ft.Text(text, size=size, **style)
    before, after = before.rstrip(), after.lstrip()
    return ft.Text(
        f"{before}\n" if before else "",
        size=size,
        spans=[
            ft.TextSpan(number, style=ft.TextStyle(size=number_size)),
            *([ft.TextSpan(f"\n{after}")] if after else []),
        ],
        **style,
    )


#: A dropdown's room besides its text: the padding at each end and the arrow, in pixels.
DROPDOWN_EXTRAS = 64


def dropdown_width(texts: list[str], room: float, scale: float = 1.0, least: float = 170) -> float:
    """A dropdown's width for its longest choice (at least `least`, at most `room`).

    >>> dropdown_width(["Any time"], 336), dropdown_width(["Viimeiset 12 kuukautta"], 336)
    (170, 275.2)
    """
    longest = max(texts, key=len, default="")
    return min(max(least, text_width(longest, 16, scale) + DROPDOWN_EXTRAS), room)


def numbers_held(text: str) -> str:
    r"""`text` whose numbers never start a line: each is held to the word before it.

    A sentence wrapped on a phone reads "Anna deals round 5", not "Anna deals round" over "5".

    >>> numbers_held("Anna gibt Runde 5; tarvittiin -15")
    'Anna gibt Runde\xa05; tarvittiin\xa0-15'
    """
    return re.sub(r" (?=[+\-\u2212]?\d)", "\u00a0", text)


def unbroken(text: str) -> str:
    r"""`text` that a wrapping line never breaks inside: a short note such as "500 p/kpl" moves
    to the next line whole, not "500 p/" over "kpl" (its spaces held, a zero-width no-break
    space between its characters, which draws nothing: the same joiner as U+2060, which the
    web app's Roboto lacks, so Flutter would look for a font with it at every frame).

    >>> unbroken("je 5") == "j\ufeffe\ufeff\xa0\ufeff5"
    True
    """
    return "\ufeff".join(text.replace(" ", "\xa0"))


def note_parts(extra: str | tuple[str, ...]) -> tuple[str, ...]:
    """A stepper's grey note as shown: its parts, each but the last with its comma.

    >>> note_parts(("minus with no canasta", "0 with one canasta")), note_parts("500 each")
    (('minus with no canasta,', '0 with one canasta'), ('500 each',))
    """
    parts = [part for part in ((extra,) if isinstance(extra, str) else extra) if part]
    return tuple(part + ("," if i < len(parts) - 1 else "") for i, part in enumerate(parts))


def whole_parts(parts: Sequence[str]) -> str:
    """A note's parts (`note_parts`) as one text that breaks between its parts only."""
    return " ".join(unbroken(part) for part in parts)


def one_size(texts: Iterable[str], size: float, width: float, scale: float = 1.0) -> float:
    """The one font size at which each of `texts` keeps to a line of `width`: a row of numbers
    shown at one size, so a longer number never looks smaller than a shorter one.

    >>> one_size(["2 320", "-2 000"], 34, 150, 2.0) == fitted("-2 000", 34, 150, 2.0)
    True
    """
    return min((fitted(text, size, width, scale) for text in texts), default=size)


def FitNumber(
    value: str,
    *,
    size: float,
    width: float,
    scale: float,
    color: str | None = None,
    weight: ft.FontWeight | None = ft.FontWeight.BOLD,
    text_align: ft.TextAlign = ft.TextAlign.CENTER,
    expand: bool = False,
    row: Iterable[str] = (),
) -> ft.Text:
    """A number on one line whatever the text size: smaller than `size` where `width` is short.

    `row` holds the numbers shown beside it (as written, in the reader's form): all are
    given the one size at which the widest fits, so a row never mixes sizes.
    """
    text = ft.Text(
        value,
        size=one_size([value, *row], size, width, scale),
        weight=weight,
        color=color,
        text_align=text_align,
        no_wrap=True,
        max_lines=1,
    )
    if expand:
        text.expand = True
    return text


#: A big button's icon at the device's usual text size (Material's), in logical pixels.
BUTTON_ICON = 18
#: A big button's padding and icon beside its label, in logical pixels.
BUTTON_EXTRAS = 16 + 24 + BUTTON_ICON + 8
#: The height of the big buttons (a label wrapped over lines makes them taller).
BIG_BUTTON = 60
#: One line of Roboto (ascent and descent), in em: the least a line of text takes.
ROBOTO_LINE = 1.17


#: Flutter's app bar draws its title at most this much larger, whatever the device's text
#: size (its icons stay as they are); the title is 22 px before that, after the back button.
APP_BAR_MOST_SCALE = 1.34
APP_BAR_TITLE = 22
APP_BAR_LEADING = 72


def fits_app_bar(title: str, width: float, icons: int, scale: float = 1.0) -> bool:
    """Whether `title` fits whole in an app bar `width` wide beside the back button and
    `icons` action icons, at the device's text `scale`.

    >>> fits_app_bar("Klassiek", 390, 4), fits_app_bar("Klassiek", 390, 4, scale=2.0)
    (True, False)
    >>> fits_app_bar("Klassiek", 360, 2, scale=2.0)
    True
    """
    room = width - APP_BAR_LEADING - icons * TAP - 8
    drawn = min(scale, APP_BAR_MOST_SCALE)
    return text_width(title, APP_BAR_TITLE, drawn, LETTER_ADVANCE) <= room


def fit_button(control: ft.Control, width: float, scale: float, height: float = BIG_BUTTON) -> None:
    """Lets the big button in `control` (a Text its content) grow where its label would be cut.

    The button keeps its `height` where the label fits on one line in `width`; else it grows,
    and the label wraps between whole words (each word fits, smaller if need be).
    """
    button = control
    while not isinstance(button, (ft.Button, ft.OutlinedButton)):
        inner = getattr(button, "content", None) or (getattr(button, "controls", None) or [None])[0]
        if not isinstance(inner, ft.Control):
            return
        button = inner
    label = button.content
    if isinstance(label, ft.Container):  # fitted before: the label in its margin
        label = label.content
    if not isinstance(label, ft.Text) or not label.value:
        return
    if label.data is None:
        label.data = label.size or 14  # as the screen made it
    size = float(label.data)
    room = width - BUTTON_EXTRAS - grow_icon(button, scale)
    if text_width(label.value, size, scale, LETTER_ADVANCE) <= room:
        label.size = size
        button.content, button.height = label, height
        return
    longest = max(WORD_ENDS.split(label.value), key=len)  # "runde\xa02" one word
    label.size = size * min(1.0, room / text_width(longest, size, scale, LETTER_ADVANCE))
    label.text_align = ft.TextAlign.CENTER
    # As high as the lines it takes when drawn (the estimate above is wide on purpose, so a
    # label it thinks wraps may still fit one line) and a finger's margin round them: never
    # less than the button it was, for one line of Roboto (1.17 of its size).
    margin = max(8.0, (height - label.size * scale * ROBOTO_LINE) / 2)
    button.height = None
    button.content = ft.Container(content=label, padding=ft.Padding.symmetric(vertical=margin))
    button.style = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=16, vertical=0))


def grow_icon(button: ft.Button | ft.OutlinedButton, scale: float) -> float:
    """The button's icon grown as its label grows with the device's text `scale` (Flutter
    leaves a button's icon at its size whatever the text's); returns how much wider it is.

    >>> button = ft.FilledButton(content=ft.Text("New game"), icon=ft.Icons.ADD)
    >>> grow_icon(button, 2.0), button.icon.size
    (18, 36)
    >>> grow_icon(button, 1.0), button.icon.size  # fitted again at the usual size
    (0, 18)
    >>> plain = ft.FilledButton(content=ft.Text("Save"), icon=ft.Icons.SAVE)
    >>> grow_icon(plain, 1.0), plain.icon == ft.Icons.SAVE
    (0, True)
    """
    if button.icon is None:
        return 0
    size = round(BUTTON_ICON * max(scale, 1.0))
    if isinstance(button.icon, ft.Icon):
        button.icon.size = size
    elif size > BUTTON_ICON and isinstance(button.icon, ft.IconData):
        button.icon = ft.Icon(button.icon, size=size)  # at the usual size, left as it was
    return size - BUTTON_ICON


def scrolling_column(control: ft.BaseControl) -> ft.Column | None:
    """The scrolling column a mounted control is drawn in (None: there is none)."""
    parent = control.parent
    while parent is not None:
        if isinstance(parent, ft.Column) and parent.scroll is not None:
            return parent
        parent = parent.parent
    return None


def tap_height(size: float, scale: float) -> float:
    """A button's height for a label of font `size`: TAP, or more where the device's text
    `scale` makes the label's line taller (a button never cuts its words).

    >>> tap_height(14, 1.0), tap_height(14, 2.0), tap_height(14, 3.0)
    (48, 49, 69)
    """
    return max(TAP, math.ceil(size * scale * LINE_HEIGHT) + 8)


#: A dialog's title before the text scale (Material's is 24).
DIALOG_TITLE = 22


def dialog_title(text: str, screen_width: float, scale: float) -> ft.Text:
    """A dialog's title, each word whole on a phone at large text ("Poistetaanko jako 2?"):
    a dialog keeps 40 px to each edge of the screen (at most 560 wide), its text 24 inside."""
    return ft.Text(text, size=fitted_words(text, DIALOG_TITLE, dialog_room(screen_width), scale))


def dialog_frame(scale: float) -> float:
    """How tall a dialog's frame is around its title and content: the screen's insets (24 at
    each end), the title's and content's padding, and its row of buttons."""
    return 150 + 20 * scale


def dialog_room(screen_width: float) -> float:
    """How wide a dialog's text and buttons may be: a dialog keeps 40 px to each edge of the
    screen (at most 560 wide), its text 24 inside."""
    return min(560, screen_width - 80) - 2 * 24
