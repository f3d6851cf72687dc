"""The app around the screens: routes, theme, the open database, messages and confirmations.

The route is the single source of truth for what is on screen:

    /                           home (resume, new game, history)
    /new                        new game;  /new/from/ID  with the players of game ID
    /game/ID                    score sheet
    /game/ID/round              round entry for the next round
    /game/ID/round/R            round detail (breakdown, edit, delete)
    /game/ID/round/R/edit       round entry for an earlier round
    /rules, /rules/game/ID      rule sets (active one, presets side by side, custom copy)
    /settings                   theme, language, keep screen awake
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

import flet as ft

from canasta_score.i18n import Translator, _, set_language, translator
from canasta_score.ui.screen import Screen
from canasta_score.ui.store import GameStore

THEMES = {"system": ft.ThemeMode.SYSTEM, "light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK}
#: The size of the icon that measures the device's text scale.
PROBE_SIZE = 40
#: Widest the content grows on a desktop, so the sheet stays a pad and not a spreadsheet.
CONTENT_WIDTH = 760


class App:
    """One player's session: the page, the database and the screen the route asks for."""

    def __init__(self, page: ft.Page, store: GameStore) -> None:
        self.page = page
        self.store = store
        #: This phone's language: every word and number on its screens goes through it.
        self.tr: Translator = translator("en")
        self.wakelock: ft.Wakelock | None = None
        self._awake = False
        self.current: Screen | None = None
        #: How much this phone enlarges text (its text size setting): 1 normal, 2 twice as big.
        self.text_scale = 1.0
        #: While a confirmed action runs, its message waits until the dialog is gone.
        self._quiet = False
        self._held_message: tuple[str, str | None, Callable[[], None] | None] | None = None

    # --- start --------------------------------------------------------------------------

    def start(self, *, tell_about_opening: bool = True) -> None:
        page = self.page
        page.title = "Canasta Score"
        set_language(self.store.setting("language", "en"))
        seed = ft.Colors.GREEN_800
        page.theme = ft.Theme(color_scheme_seed=seed)
        page.dark_theme = ft.Theme(color_scheme_seed=seed)
        self.apply_theme(self.store.setting("theme", "system"))
        page.on_route_change = self.show_route
        page.on_view_pop = self.view_pop
        page.on_resize = self.resized
        # A closed tab (or a session that expired) is left like any screen: what is
        # waiting to be kept, such as a half-typed round, is written now.
        page.on_disconnect = self.closing
        page.on_close = self.closing
        self._layout = self.layout()
        self.show_route()
        if tell_about_opening:
            self.tell_about_opening()

    def tell_about_opening(self) -> None:
        """Say what opening the database found; offer the newest backup after a damaged file."""
        store = self.store
        backup = store.db.backup_to_offer
        if backup is None:
            if store.notice:
                self.message(store.notice)
            return

        def restore() -> None:
            restored = store.restore_backup(backup)
            self.message(_("{n} games restored from the backup").format(n=len(restored)))
            self.show_route()

        self.confirm(
            _("Restore your games?"),
            (store.notice or "")
            + "\n\n"
            + _("The newest backup is {name}.").format(name=backup.name),
            _("Restore"),
            restore,
        )

    def apply_theme(self, theme: str) -> None:
        self.page.theme_mode = THEMES.get(theme, ft.ThemeMode.SYSTEM)

    # --- layout -------------------------------------------------------------------------

    @property
    def width(self) -> float:
        return float(self.page.width or 390)

    def layout(self) -> tuple[bool, ...]:
        """Which layout widths the screen reaches; a screen is rebuilt when this changes."""
        # 700: wide screens; 800: centred body; 800, 1180, 1560: 2, 3, 4 sides side by side.
        return tuple(self.width >= edge for edge in (700, 800, 1180, 1240, 1560))

    def text_scale_probe(self) -> ft.Control:
        """An unseen icon that grows with the device's text size; its width tells the scale.

        Screens size numbers and labels for the text scale (a number on one line, a label
        with whole words), so a change redraws the screen.
        """
        # A row of no height: the icon is as wide as it would be, and takes no room.
        return ft.Row(
            [
                ft.Container(
                    content=ft.Icon(ft.Icons.CIRCLE, size=PROBE_SIZE, apply_text_scaling=True),
                    opacity=0,
                    on_size_change=self.text_scale_measured,
                )
            ],
            height=0,
        )

    def text_scale_measured(self, event: ft.LayoutSizeChangeEvent[ft.LayoutControl]) -> None:
        scale = round(max(event.width / PROBE_SIZE, 0.5), 2)
        if abs(scale - self.text_scale) < 0.05:
            return
        self.text_scale = scale
        if self.current is not None:
            self.redraw(self.current)

    def body_width(self, widest: float = CONTENT_WIDTH) -> float:
        """About how wide a screen's body is, inside the frame's padding."""
        return (self.content_width(widest) or self.width) - 24

    def is_wide(self) -> bool:
        return self.width >= 700

    def content_width(self, widest: float = CONTENT_WIDTH) -> float | None:
        """The body's width: None (the whole screen) on phones, at most `widest` elsewhere."""
        return widest if self.width > widest + 40 else None

    def resized(self, _event: ft.PageResizeEvent | None = None) -> None:
        layout = self.layout()
        if layout != self._layout:
            self._layout = layout
            self.show_route()

    # --- navigation ---------------------------------------------------------------------

    def go(self, route: str) -> None:
        if route == self.page.route:
            self.show_route()
        else:
            self.page.navigate(route)

    def view_pop(self, _event: ft.ViewPopEvent | None = None) -> None:
        self.go(self.parent_route(self.page.route))

    @staticmethod
    def parent_route(route: str) -> str:
        parts = [p for p in route.split("?")[0].split("/") if p]
        if parts[:1] == ["game"] and len(parts) > 2:
            return f"/game/{parts[1]}"
        return "/"

    def show_route(self, _event: ft.RouteChangeEvent | None = None) -> None:
        from canasta_score.ui.views import screen_for

        route = self.page.route or "/"
        if self.current is not None:
            self.current.leave()
        self.current, view = screen_for(self, route)
        self.show_view(view)

    def closing(self, _event: ft.Event[ft.Page] | None = None) -> None:
        """The page is gone or going (tab closed, session expired): the screen is left."""
        if self.current is not None:
            self.current.leave()

    def redraw(self, screen: Screen) -> None:
        """Draws a screen again as it now is (what was typed in it kept), on the same route."""
        self.current = screen
        self.show_view(screen.build())

    def show_view(self, view: ft.View) -> None:
        views = self.page.views
        if len(views) == 1:
            # The same view with new contents: a new view would be a new page route, and a
            # dialog closing at that moment would come back.
            shown = views[0]
            shown.route = view.route
            shown.appbar = view.appbar
            shown.controls = view.controls
            shown.padding = view.padding
        else:
            views.clear()
            views.append(view)
        self.page.update()

    def frame(
        self,
        route: str,
        title: str,
        body: list[ft.Control],
        *,
        back: str | None = None,
        actions: list[ft.Control] | None = None,
        bottom: ft.Control | None = None,
        scroll: bool = True,
        widest: float = CONTENT_WIDTH,
        subtitle: str | None = None,
    ) -> ft.View:
        """A screen: app bar with a back button, a centred body and an optional bottom bar."""
        leading = None
        if back is not None:
            leading = ft.IconButton(
                icon=ft.Icons.ARROW_BACK, tooltip=_("Back"), on_click=lambda: self.go(back)
            )
        content: ft.Control = ft.Column(
            body,
            spacing=12,
            scroll=ft.ScrollMode.AUTO if scroll else None,
            expand=True,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        )
        # Says for which text size the screen was laid out (automated journeys wait for it).
        content = ft.Semantics(
            identifier=f"text-scale-{self.text_scale:.1f}", content=content, expand=True
        )
        # The probe is a row of no height over the body (an app bar caps its own text scale).
        content = ft.Column(
            [self.text_scale_probe(), content],
            spacing=0,
            expand=True,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        )
        column: list[ft.Control] = [
            ft.Container(content=content, expand=True, padding=ft.Padding.symmetric(horizontal=12))
        ]
        if bottom is not None:
            column.append(
                ft.Container(content=bottom, padding=ft.Padding.only(left=12, right=12, bottom=12))
            )
        width = self.content_width(widest)
        main: ft.Control = ft.Column(column, expand=width is None, spacing=8, width=width)
        if width is not None:
            # Centred at a readable width; the row stretches it to the full height.
            main = ft.Row(
                [main],
                alignment=ft.MainAxisAlignment.CENTER,
                vertical_alignment=ft.CrossAxisAlignment.STRETCH,
                expand=True,
            )
        return ft.View(
            route=route,
            appbar=ft.AppBar(
                title=ft.Text(title)
                if subtitle is None
                else ft.Column(
                    [
                        ft.Text(title),
                        ft.Text(subtitle, size=13, color=ft.Colors.ON_SURFACE_VARIANT),
                    ],
                    spacing=0,
                    tight=True,
                ),
                leading=leading,
                automatically_imply_leading=False,
                actions=actions or [],
            ),
            controls=[main],
            padding=ft.Padding.only(top=8),
        )

    # --- messages -----------------------------------------------------------------------

    def message(
        self, text: str, action: str | None = None, on_action: Callable[[], None] | None = None
    ) -> None:
        if self._quiet:
            self._held_message = (text, action, on_action)
            return
        bar = ft.SnackBar(
            content=ft.Text(text),
            action=action,
            on_action=(lambda: on_action()) if on_action else None,
            duration=ft.Duration(seconds=8 if action else 4),
            show_close_icon=True,
        )
        self.page.show_dialog(bar)

    def confirm(self, title: str, text: str, yes: str, on_yes: Callable[[], None]) -> None:
        """Ask before something that cannot be taken back; `on_yes` runs on a yes."""

        def answer(yes_please: bool) -> None:
            self.page.pop_dialog()
            if yes_please:
                self._quiet = True
                try:
                    on_yes()
                finally:
                    self._quiet = False

        def dismissed() -> None:
            # A message shown while the dialog closes would bring the dialog back.
            if self._held_message is not None:
                held, self._held_message = self._held_message, None
                self.message(*held)

        self.page.show_dialog(
            ft.AlertDialog(
                modal=True,
                title=ft.Text(title),
                content=ft.Text(text),
                actions=[
                    ft.TextButton(_("Cancel"), on_click=lambda: answer(False)),
                    ft.FilledButton(yes, on_click=lambda: answer(True)),
                ],
                on_dismiss=lambda: dismissed(),
            )
        )

    # --- keep the screen awake during a game ------------------------------------------------

    def keep_awake(self, on: bool) -> None:
        on = on and self.store.setting("keep_awake", "on") == "on"
        if on == self._awake:
            return
        self._awake = on
        if self.wakelock is None:
            self.wakelock = ft.Wakelock()
            self.page.services.append(self.wakelock)
        wakelock = self.wakelock

        async def switch() -> None:
            # Browsers without the Wake Lock API refuse; the game goes on regardless.
            with contextlib.suppress(Exception):
                await asyncio.wait_for(wakelock.enable() if on else wakelock.disable(), 5)

        self.page.run_task(switch)
