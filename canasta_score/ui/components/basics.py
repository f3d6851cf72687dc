"""Tagged controls (stable identifiers), steppers with big buttons, numbers readable at arm's length."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from canasta_score.i18n import Translator

#: The smallest tap target, in logical pixels.
TAP = 48


def Tagged(
    identifier: str, control: ft.Control, label: str | None = None, *, expand: bool = False
) -> ft.Semantics:
    """A control with a stable identifier for screen readers and automated journeys."""
    tagged = ft.Semantics(identifier=identifier, label=label, content=control)
    if expand:  # an explicit expand=False breaks the control inside a wrapping Row
        tagged.expand = True
    return tagged


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
        extra: str = "",
        maximum: int | None = None,
        compact: bool = False,
    ) -> None:
        self.count = ft.Text(
            str(value),
            size=20 if compact else 22,
            weight=ft.FontWeight.BOLD,
            width=24 if compact else 34,
            text_align=ft.TextAlign.CENTER,
        )
        self.extra = ft.Text(extra, size=13, color=ft.Colors.ON_SURFACE_VARIANT)
        self.minus = ft.IconButton(
            icon=ft.Icons.REMOVE,
            on_click=lambda: on_step(-1),
            disabled=value <= 0,
            width=TAP,
            height=TAP,
        )
        self.plus = ft.IconButton(
            icon=ft.Icons.ADD,
            on_click=lambda: on_step(1),
            disabled=maximum is not None and value >= maximum,
            width=TAP,
            height=TAP,
            style=ft.ButtonStyle(bgcolor=ft.Colors.SECONDARY_CONTAINER),
        )
        self.maximum = maximum
        buttons: list[ft.Control] = [
            Tagged(f"{identifier}-minus", self.minus, tr._("{what}: one less").format(what=label)),
            Tagged(identifier, self.count, label),
            Tagged(f"{identifier}-plus", self.plus, tr._("{what}: one more").format(what=label)),
        ]
        if not compact:
            buttons.insert(
                0,
                ft.Column(
                    [ft.Text(label, size=15), self.extra], spacing=0, tight=True, expand=True
                ),
            )
        super().__init__(
            controls=buttons,
            spacing=0 if compact else 2,
            tight=compact,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )

    def show(self, value: int, extra: str | None = None) -> None:
        self.count.value = str(value)
        if extra is not None:
            self.extra.value = extra
        self.minus.disabled = value <= 0
        self.plus.disabled = self.maximum is not None and value >= self.maximum
