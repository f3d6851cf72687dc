"""Settings: theme, language and keeping the screen awake, each kept on this device alone."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from canasta_score.i18n import LANGUAGES
from canasta_score.ui.components import Section, Tagged
from canasta_score.ui.screen import Screen

if TYPE_CHECKING:
    from canasta_score.ui.shell import App

#: The language option that follows the device's own preferred languages.
DEVICE = "device"


class SettingsScreen(Screen):
    def __init__(self, app: App, route: str) -> None:
        self.app = app
        self.route = route

    def build(self) -> ft.View:
        app, tr = self.app, self.app.tr
        theme = ft.SegmentedButton(
            segments=[
                ft.Segment(value="system", label=tr._("System")),
                ft.Segment(value="light", label=tr._("Light")),
                ft.Segment(value="dark", label=tr._("Dark")),
            ],
            selected=[app.device_setting("theme", "system")],
            on_change=self.theme_changed,
        )
        language = Tagged(
            "language",
            ft.Dropdown(
                label=tr._("Language"),
                value=app.device_setting("language", DEVICE),
                options=[
                    ft.DropdownOption(key=DEVICE, text=tr._("As on this device")),
                    *[ft.DropdownOption(key=code, text=name) for code, name in LANGUAGES.items()],
                ],
                on_select=self.language_changed,
                expand=True,
            ),
            expand=True,
        )
        awake = ft.Switch(
            label=tr._("Keep the screen on during a game"),
            value=app.device_setting("keep_awake", "on") == "on",
            on_change=self.awake_changed,
        )
        body: list[ft.Control] = [
            Section(ft.Text(tr._("Theme"), size=18, weight=ft.FontWeight.BOLD), theme),
            Section(
                ft.Text(tr._("Language"), size=18, weight=ft.FontWeight.BOLD), ft.Row([language])
            ),
            Section(
                ft.Text(tr._("Screen"), size=18, weight=ft.FontWeight.BOLD),
                awake,
                ft.Text(
                    tr._(
                        "Where the phone or browser allows it; otherwise the screen dims as usual."
                    ),
                    size=13,
                    color=ft.Colors.ON_SURFACE_VARIANT,
                ),
            ),
        ]
        return app.frame(self.route, tr._("Settings"), body, back="/")

    def theme_changed(self, event: ft.Event[ft.SegmentedButton]) -> None:
        theme = (event.control.selected or ["system"])[0]
        self.app.set_device_setting("theme", theme)
        self.app.apply_theme(theme)

    def language_changed(self, event: ft.Event[ft.Dropdown]) -> None:
        code = event.control.value or DEVICE
        self.app.choose_language(None if code == DEVICE else code)

    def awake_changed(self, event: ft.Event[ft.Switch]) -> None:
        self.app.set_device_setting("keep_awake", "on" if event.control.value else "off")
