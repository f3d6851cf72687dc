"""Invite phones: the table's link as a QR code to scan across the table, as text, and copied."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from canasta_score.invite import SERVE_COMMAND, qr_code, qr_png
from canasta_score.ui.components import TAP, Section, Tagged, Wide
from canasta_score.ui.screen import Screen

if TYPE_CHECKING:
    from canasta_score.ui.host import Host

#: The widest the code is drawn: beyond this a camera gains nothing.
LARGEST_CODE = 420

#: Light modules around the code, as the QR standard asks (segno's default too).
QUIET_ZONE = 4


def code_scale(link: str, room: float) -> int:
    """Whole pixels a module, so the code fills `room` without blurring (at least 4).

    >>> code_scale("http://192.168.1.20:8550/?token=" + "x" * 32, 366)  # 45 modules
    8
    """
    modules = qr_code(link).symbol_size(scale=1, border=QUIET_ZONE)[0]
    return max(4, int(min(room, LARGEST_CODE) // modules))


class InviteScreen(Screen):
    def __init__(self, app: Host, route: str, back: str = "/") -> None:
        self.app = app
        self.route = route
        self.back = back
        #: The picture on screen, as PNG bytes (kept so a test can read the code it shows).
        self.picture: bytes | None = None

    def build(self) -> ft.View:
        app = self.app
        tr = app.tr
        link = app.table.invite
        body = self.invitation(link) if link is not None else self.how_to_serve()
        return app.layout.frame(self.route, tr._("Invite phones"), body, back=self.back)

    def invitation(self, link: str) -> list[ft.Control]:
        app = self.app
        tr = app.tr
        # The body's width on a phone, less its padding; the code's own quiet zone of light
        # modules is the white frame around it.
        room = (app.layout.content_width() or app.layout.width) - 24
        scale = code_scale(link, room)
        self.picture = qr_png(link, scale=scale)
        size = qr_code(link).symbol_size(scale=scale, border=QUIET_ZONE)[0]
        code = ft.Container(
            content=ft.Image(
                src=self.picture,
                width=size,
                height=size,
                # Modules stay sharp squares on any screen density.
                filter_quality=ft.FilterQuality.NONE,
                semantics_label=tr._("QR code of the link"),
            ),
            # Dark on light whatever the theme, or a camera may not read it.
            bgcolor=ft.Colors.WHITE,
            border_radius=12,
            clip_behavior=ft.ClipBehavior.ANTI_ALIAS,
        )
        return [
            ft.Text(
                tr._(
                    "Scan this code with the camera of each phone at the table, or open the "
                    "link below. The phones need to be on the same network as this device."
                ),
                size=16,
            ),
            ft.Row([Tagged("invite-code", code)], alignment=ft.MainAxisAlignment.CENTER),
            Section(
                ft.Text(tr._("Link"), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
                Tagged("invite-link", ft.Text(link, size=15, selectable=True), link),
            ),
            Wide(
                Tagged(
                    "copy-invite",
                    ft.FilledButton(
                        content=ft.Text(tr._("Copy link"), size=18),
                        icon=ft.Icons.COPY,
                        on_click=lambda: app.device.copy_text(link, tr._("Link copied")),
                        height=TAP + 8,
                    ),
                )
            ),
            ft.Text(
                tr._("The link holds the table's access key: share it only with the players."),
                size=13,
                color=ft.Colors.ON_SURFACE_VARIANT,
            ),
        ]

    def how_to_serve(self) -> list[ft.Control]:
        tr = self.app.tr
        return [
            Tagged(
                "invite-unavailable",
                ft.Text(
                    tr._("Only this device can open the app now, so other phones cannot join."),
                    size=16,
                    weight=ft.FontWeight.BOLD,
                ),
            ),
            ft.Text(
                tr._("To let the phones at the table join, start the app on the network with:"),
                size=16,
            ),
            Section(
                Tagged(
                    "serve-command",
                    ft.Text(SERVE_COMMAND, size=16, selectable=True),
                    SERVE_COMMAND,
                )
            ),
            ft.Text(
                tr._(
                    "Then open Invite phones again: it shows a code that each phone scans to join."
                ),
                size=16,
            ),
        ]
