"""One module per screen (`canasta_score.ui.routes` picks the screen a route asks for), and
what a screen that failed shows instead."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from canasta_score.core.problems import N_
from canasta_score.ui.components import Tagged
from canasta_score.ui.store import DatabaseUnavailable

if TYPE_CHECKING:
    from canasta_score.ui.host import Host

#: What a screen shows when the database did not answer as it was read.
UNREACHABLE = N_(
    "The database cannot be reached right now. This screen is shown as soon as it answers again."
)


class BrokenScreen:
    """What a screen that failed shows instead: that it failed, and the way home."""

    def __init__(self, app: Host, route: str, error: Exception) -> None:
        self.app = app
        self.route = route
        self.error = error
        #: The database did not answer: no fault of the app, and the screen comes back.
        self.unreachable = isinstance(error, DatabaseUnavailable)

    def build(self) -> ft.View:
        app, tr = self.app, self.app.tr
        # The error's own words stay as Python gave them: they are for whoever fixes it.
        details = f"{type(self.error).__name__}: {self.error}"
        if isinstance(self.error, DatabaseUnavailable):  # why, in this phone's language
            details = tr.said(self.error.notice)
        body: list[ft.Control] = [
            Tagged(
                "screen-error",
                ft.Text(
                    tr._(UNREACHABLE)
                    if self.unreachable
                    else tr._(
                        "A fault in the app stopped this screen. The details are in its log."
                    ),
                    size=16,
                ),
            ),
            ft.Text(details, size=13, color=ft.Colors.ON_SURFACE_VARIANT, selectable=True),
            ft.Row([ft.FilledButton(tr._("Home"), on_click=lambda: app.nav.go("/"))]),
        ]
        return app.layout.frame(self.route, tr._("This screen could not be shown"), body, back="/")

    def leave(self) -> None:
        return None
