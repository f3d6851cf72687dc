"""The frame every screen is drawn in: a body that scrolls, the text size it was laid out for,
and an optional bottom bar (Save, say).

A screen drawn again (news from another phone, the text size measured, a question over Save)
is drawn in the frame the device already shows: only its body and bottom bar are new, so the
body stays scrolled where the finger is. Another screen gets a frame of its own, shown from
its top.
"""

from __future__ import annotations

from dataclasses import dataclass

import flet as ft


@dataclass(frozen=True)
class FrameShape:
    """What a frame is made of: drawn again in another shape, it is a new frame."""

    #: The body's width (None: the whole screen, on phones).
    width: float | None
    scroll: bool
    bottom: bool


class ScreenFrame:
    def __init__(self, shape: FrameShape, probe: ft.Control) -> None:
        self.shape = shape
        self.body = ft.Column(
            spacing=12,
            scroll=ft.ScrollMode.AUTO if shape.scroll else None,
            expand=True,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        )
        # The probe is a row of no height over the body (an app bar caps its own text scale);
        # under it, a line saying which text size the body was laid out for (`holding`).
        self.content = ft.Column(
            [probe, ft.Container(), self.body],
            spacing=0,
            expand=True,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        )
        column: list[ft.Control] = [
            ft.Container(
                content=self.content, expand=True, padding=ft.Padding.symmetric(horizontal=12)
            )
        ]
        self.bottom: ft.Container | None = None
        #: How tall the bottom bar is on the device (None: not yet laid out, or no bar).
        self.bottom_height: float | None = None
        if shape.bottom:
            self.bottom = ft.Container(
                padding=ft.Padding.only(left=12, right=12, bottom=12),
                on_size_change=self.bottom_sized,
            )
            column.append(self.bottom)
        width = shape.width
        self.main: ft.Control = ft.Column(column, expand=width is None, spacing=8, width=width)
        if width is not None:
            # Centred at a readable width; the row stretches it to the full height.
            self.main = ft.Row(
                [self.main],
                alignment=ft.MainAxisAlignment.CENTER,
                vertical_alignment=ft.CrossAxisAlignment.STRETCH,
                expand=True,
            )

    def bottom_sized(self, event: ft.LayoutSizeChangeEvent[ft.LayoutControl]) -> None:
        self.bottom_height = event.height

    def holding(
        self, body: list[ft.Control], bottom: ft.Control | None, text_scale: float
    ) -> ft.Control:
        """The frame with this drawing's body and bottom bar in it."""
        self.body.controls = body
        # Says for which text size the body was laid out (automated journeys wait for it): a
        # node of its own at each drawing (a browser does not take a changed identifier in),
        # a pixel high (a node of no size is left out of what the browser is told).
        self.content.controls[1] = ft.Semantics(
            identifier=f"text-scale-{text_scale:.1f}",
            container=True,
            content=ft.Container(height=1),
        )
        if self.bottom is not None:
            self.bottom.content = bottom
        return self.main
