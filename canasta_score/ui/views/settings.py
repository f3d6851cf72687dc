"""Settings: theme, language and keeping the screen awake during a game."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from canasta_score.i18n import LANGUAGES, _, set_language
from canasta_score.ui.components import Section, fitted_words
from canasta_score.ui.screen import Screen

if TYPE_CHECKING:
    from canasta_score.ui.shell import App


class SettingsScreen(Screen):
    def __init__(self, app: App, route: str) -> None:
        self.app = app
        self.route = route

    def build(self) -> ft.View:
        app = self.app
        store = app.store
        theme = ft.SegmentedButton(
            segments=[
                ft.Segment(value="system", label=_("System")),
                ft.Segment(value="light", label=_("Light")),
                ft.Segment(value="dark", label=_("Dark")),
            ],
            selected=[store.setting("theme", "system")],
            on_change=self.theme_changed,
        )
        language = ft.Dropdown(
            label=_("Language"),
            value=store.setting("language", "en"),
            options=[ft.DropdownOption(key=code, text=name) for code, name in LANGUAGES.items()],
            on_select=self.language_changed,
            expand=True,
        )
        awake = ft.Switch(
            label=_("Keep the screen on during a game"),
            value=store.setting("keep_awake", "on") == "on",
            on_change=self.awake_changed,
        )
        # Large text: each choice's word whole (no tick beside it, smaller if need be), and
        # the switch's words wrapping under one another rather than cut off at the edge.
        inner = app.body_width() - 24
        theme.show_selected_icon = app.text_scale < 1.2
        words = [str(segment.label) for segment in theme.segments]
        size = min(fitted_words(word, 14, inner / 3 - 24, app.text_scale) for word in words)
        for segment in theme.segments:
            segment.label = ft.Text(str(segment.label), size=size, no_wrap=True)
        said = str(awake.label)
        awake.label = None

        def flip() -> None:
            awake.value = not awake.value
            app.store.set_setting("keep_awake", "on" if awake.value else "off")
            awake.update()

        switch = ft.MergeSemantics(
            content=ft.Row([awake, ft.Text(said, expand=True, on_tap=flip)], spacing=8)
        )
        body: list[ft.Control] = [
            Section(ft.Text(_("Theme"), size=18, weight=ft.FontWeight.BOLD), theme),
            Section(ft.Text(_("Language"), size=18, weight=ft.FontWeight.BOLD), ft.Row([language])),
            Section(
                ft.Text(_("Screen"), size=18, weight=ft.FontWeight.BOLD),
                switch,
                ft.Text(
                    _("Where the phone or browser allows it; otherwise the screen dims as usual."),
                    size=13,
                    color=ft.Colors.ON_SURFACE_VARIANT,
                ),
            ),
        ]
        return app.frame(self.route, _("Settings"), body, back="/")

    def theme_changed(self, event: ft.Event[ft.SegmentedButton]) -> None:
        theme = (event.control.selected or ["system"])[0]
        self.app.store.set_setting("theme", theme)
        self.app.apply_theme(theme)

    def language_changed(self, event: ft.Event[ft.Dropdown]) -> None:
        code = event.control.value or "en"
        self.app.store.set_setting("language", code)
        set_language(code)
        self.app.show_route()

    def awake_changed(self, event: ft.Event[ft.Switch]) -> None:
        self.app.store.set_setting("keep_awake", "on" if event.control.value else "off")
