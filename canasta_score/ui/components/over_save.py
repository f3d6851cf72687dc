"""What is said over Save in round entry: the round's problems, and each side's likely
miscounts. There they move no row of the screen when they come or go; they take few lines
(at large text a line of 14 px is near a finger's height), a tap opens the whole of them in
a dialog, and a screen reader hears the whole at once."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from canasta_score.ui.components.basics import Tagged, icon_size, lines_of

#: The size of what is said over Save.
SIZE = 14


def warning_lines(scale: float) -> int:
    """How many lines a side's warnings take over Save at the device's text `scale`.

    >>> warning_lines(1.0), warning_lines(1.3), warning_lines(2.0)
    (3, 2, 1)
    """
    return 3 if scale < 1.2 else 2 if scale < 1.5 else 1


def problem_lines(scale: float) -> int:
    """How many lines the round's problems take over Save: more than a warning (a refusal is
    read before Save can be tapped), never a third of a small phone at large text.

    >>> problem_lines(1.0), problem_lines(1.3), problem_lines(2.0)
    (6, 4, 3)
    """
    return 6 if scale < 1.2 else 4 if scale < 1.5 else 3


def lines_needed(said: list[str], width: float, scale: float) -> int:
    """About how many lines `said` (one paragraph each) takes at `SIZE` in `width`.

    >>> lines_needed(["a" * 40, "b" * 10], 300, 1.0), lines_needed(["a" * 40], 300, 2.0)
    (2, 2)
    """
    return sum(lines_of(line, SIZE, width, scale) for line in said)


class OverSave(ft.Container):
    """A few lines over Save, cut short where longer (`lines`); a tap opens the whole."""

    def __init__(
        self,
        tag: str,
        lines: int,
        colour: ft.ColorValue,
        opened: Callable[[str], None] | None,
        *,
        scale: float,
        leading: ft.Control | None = None,
        bgcolor: ft.ColorValue | None = None,
    ) -> None:
        self.opened = opened
        self.said = ""
        self.text = ft.Text(
            "", color=colour, size=SIZE, max_lines=lines, overflow=ft.TextOverflow.ELLIPSIS
        )
        self.tagged = Tagged(tag, self.text, expand=True)
        #: The sign that a tap shows more.
        self.more = ft.Icon(ft.Icons.OPEN_IN_FULL, color=colour, size=icon_size(scale) * 0.75)
        super().__init__(
            content=ft.Row(
                [*([leading] if leading is not None else []), self.tagged, self.more],
                vertical_alignment=ft.CrossAxisAlignment.START,
            ),
            bgcolor=bgcolor,
            border_radius=8,
            padding=8 if bgcolor is not None else 0,
            visible=False,
            on_click=lambda: self.open(),
        )

    def show(self, said: list[str]) -> None:
        self.said = "\n".join(said)
        self.text.value = self.said
        self.text.visible = bool(said)
        self.tagged.label = self.said or None
        self.visible = bool(said)

    def open(self) -> None:
        """The whole of it, read in a dialog."""
        if self.said and self.opened is not None:
            self.opened(self.said)


class SideWarnings(OverSave):
    """What is likely miscounted on a side (never a refusal), with the side's name."""

    def __init__(
        self, n: int, scale: float = 1.0, opened: Callable[[str], None] | None = None
    ) -> None:
        tinted = ft.Colors.ON_TERTIARY_CONTAINER
        super().__init__(
            f"side-{n}-warnings",
            warning_lines(scale),
            tinted,
            opened,
            scale=scale,
            leading=ft.Icon(ft.Icons.WARNING_AMBER, color=tinted),
            bgcolor=ft.Colors.TERTIARY_CONTAINER,
        )


class RoundProblems(OverSave):
    """Why the round cannot be saved yet; the sign of more shown only where it is cut short
    (`width`: about how wide its text may be)."""

    def __init__(
        self,
        scale: float = 1.0,
        opened: Callable[[str], None] | None = None,
        width: float = 360,
    ) -> None:
        self.text_scale, self.room = scale, width
        super().__init__(
            "round-problems", problem_lines(scale), ft.Colors.ERROR, opened, scale=scale
        )

    def show(self, said: list[str]) -> None:
        super().show(said)
        scale = self.text_scale
        room = self.room - icon_size(scale)
        self.more.visible = lines_needed(said, room, scale) > problem_lines(scale)
