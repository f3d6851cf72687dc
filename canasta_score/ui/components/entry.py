"""Inputs for entering a round: points fields, big on/off toggles, steppers under their label."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from canasta_score.core import CanastaKind, RuleSet
from canasta_score.i18n import Translator
from canasta_score.ui.components.basics import TAP, Stepper, note_parts, whole_parts, whose_words

#: A line of text is about this many times its font size high (Material's body text).
LINE_HEIGHT = 1.45

# Flet keeps a field's old text whenever its filter's pattern finds no match in the new text,
# so a filter's pattern matches the whole of each text it allows, the empty one too: without
# `^...*$` the last character could not be erased, and letters beside a digit were taken.

#: Characters a points field takes: digits and the `+` of a sum (and `-`, refused with a reason).
POINTS_FILTER = ft.InputFilter(regex_string=r"^[0-9+\- ]*$", allow=True)
#: A target score: digits, and the thousands grouped as the language writes them ("5.000",
#: "5 000").
TARGET_FILTER = ft.InputFilter(regex_string=r"^[0-9.,'\u00a0\u202f ]*$", allow=True)


def points_field(
    label: str,
    value: str,
    hint: str,
    *,
    on_change: ft.ControlEventHandler[ft.TextField],
    on_submit: ft.ControlEventHandler[ft.TextField] | None = None,
    whose: str = "",
) -> ft.TextField:
    """A field for points, on the phone keypad (which has `+` for sums like 120+35+5); heard
    with the side it is of, where it is a side's (`whose_words`)."""
    return ft.TextField(
        label=field_label(label, value, whose=whose),
        value=value,
        hint_text=hint,
        keyboard_type=ft.KeyboardType.PHONE,
        input_filter=POINTS_FILTER,
        text_size=20,
        dense=True,  # still taller than a 48 px tap target
        on_change=on_change,
        on_submit=on_submit,
    )


def field_label(label: str, value: str, *, shown: bool = True, whose: str = "") -> ft.Text:
    """A field's label that tells a screen reader what the field holds as well: a browser
    hears a field's value only once it was typed in on this page (Flutter's web engine leaves
    it out of a field drawn anew or changed by a button: after a reload, a change of the
    side's way of entering, a panel drawn again, a stepper's tap), so "120+35" on the screen
    was read as an empty field. `shown` False: the words are for the ear alone (a count
    whose row already says what it counts). `whose`: the side the field is of, heard before
    its label (`whose_words`)."""
    heard = whose_words(whose, label)
    return ft.Text(label if shown else "", data=heard, semantics_label=spoken(heard, value))


def spoken(label: str, value: str) -> str:
    """A field's name as heard: its label, and what it holds, if anything.

    >>> spoken("Melded", "120+35"), spoken("In hand", " ")
    ('Melded, 120+35', 'In hand')
    """
    return f"{label}, {value.strip()}" if value.strip() else label


def label_of(field: ft.TextField) -> str:
    """The words of a field's label as shown (a `field_label`, or a plain string)."""
    label = field.label
    return str(label.value) if isinstance(label, ft.Text) else str(label or "")


def say_value(field: ft.TextField, value: str) -> None:
    """The field's label tells its value again (see `field_label`)."""
    label = field.label
    if isinstance(label, ft.Text):
        said = spoken(str(label.data), value)
        if label.semantics_label != said:
            label.semantics_label = said


#: A toggle's room beside its label: its padding either side, its box and the gap after it.
TOGGLE_EXTRAS = 2 * 10 + 20 + 6


class Toggle(ft.Container):
    """A big on/off choice (went out, concealed, dealer bonus) that shows its state in colour."""

    def __init__(
        self,
        label: str,
        on_click: Callable[[], None],
        identifier: str,
        *,
        scale: float = 1.0,
        whose: str = "",
    ) -> None:
        # The label wraps between words rather than being cut (large text, long words); the
        # toggle grows with it and stays at least a tap high. A side's choice is heard with
        # the side's name ("Anna & Bo: Went out", `whose_words`).
        self.label = ft.Text(
            label,
            size=15,
            weight=ft.FontWeight.BOLD,
            expand_loose=True,
            expand=True,
            semantics_label=whose_words(whose, label) if whose else None,
        )
        self.mark = ft.Icon(ft.Icons.CHECK_BOX_OUTLINE_BLANK, size=20)
        line = 15 * scale * LINE_HEIGHT
        super().__init__(
            content=ft.Row(
                [self.mark, self.label],
                spacing=6,
                alignment=ft.MainAxisAlignment.CENTER,
                tight=True,
            ),
            height=TAP if scale < 1.2 else None,
            padding=ft.Padding.symmetric(
                horizontal=10, vertical=0 if scale < 1.2 else max(4, (TAP - line) / 2 + 1)
            ),
            border_radius=TAP // 2,
            border=ft.Border.all(1, ft.Colors.OUTLINE),
            on_click=lambda: on_click(),
            ink=True,
            expand=True,
            alignment=ft.Alignment.CENTER,
        )
        # A screen reader hears it as a choice with its state ("Went out, checked").
        self.tag = ft.Semantics(
            identifier=identifier,
            content=self,
            button=True,
            selected=False,
            checked=False,
            expand=True,
        )

    def show(self, on: bool) -> None:
        self.bgcolor = ft.Colors.PRIMARY if on else None
        self.label.color = ft.Colors.ON_PRIMARY if on else None
        self.mark.color = ft.Colors.ON_PRIMARY if on else None
        self.mark.icon = ft.Icons.CHECK_BOX if on else ft.Icons.CHECK_BOX_OUTLINE_BLANK
        self.tag.selected = on
        self.tag.checked = on


def labelled(label: str, extra: str | tuple[str, ...], stepper: Stepper) -> ft.Control:
    """A compact stepper under its label (and a word on what each counts, whole: on a second
    line where the half is too narrow, as a German "Unechte Asse-Canastas  je 500" is). A
    note of several parts keeps each whole, a line each where they do not fit together
    ("minus with no canasta," over "0 with one canasta")."""
    parts = note_parts(extra)
    note = whole_parts(parts)
    return ft.Column(
        [
            ft.Text(
                spans=[
                    ft.TextSpan(label),
                    ft.TextSpan(
                        f"  {note}" if note else "",
                        style=ft.TextStyle(size=12, color=ft.Colors.ON_SURFACE_VARIANT),
                    ),
                ],
                size=14,
                max_lines=1 + max(len(parts), 1),
                overflow=ft.TextOverflow.ELLIPSIS,
                # Read as words: the joiners that keep the note whole would spell it out.
                semantics_label=", ".join((label, " ".join(parts))) if parts else label,
            ),
            stepper,
        ],
        spacing=0,
        tight=True,
        expand=True,
    )


def canasta_each(rules: RuleSet, kind: CanastaKind, tr: Translator) -> str:
    return tr._("{points} each").format(points=tr.number(rules.canasta_bonuses[kind]))


def pair_row(pair: list[ft.Control]) -> ft.Row:
    """Two cells side by side; a lone last cell keeps half the width. Their steppers stay
    level where one label takes two lines."""
    return ft.Row(
        [*pair, *([ft.Container(expand=True)] * (2 - len(pair)))],
        spacing=8,
        vertical_alignment=ft.CrossAxisAlignment.END,
    )
