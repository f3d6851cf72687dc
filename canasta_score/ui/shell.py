"""The app around the screens: routes, theme, the open database, messages and confirmations.

The route is the single source of truth for what is on screen:

    /                           home (resume, new game, history)
    /new                        new game;  /new/from/ID  with the players of game ID
    /game/ID                    score sheet
    /game/ID/chart              the game's chart (running totals, target, opening bands)
    /game/ID/round              round entry for the next round
    /game/ID/round/R            round detail (breakdown, edit, delete)
    /game/ID/round/R/edit       round entry for an earlier round
    /rules, /rules/game/ID      rule sets (active one, presets side by side, custom copy)
    /settings                   theme, language, keep screen awake, backup and import
    /stats                      statistics: players, partnerships, head-to-head, name changes
    /invite, /game/ID/invite    the link for the other phones at the table, as a QR code

Language, theme and keeping the screen awake belong to the device, not to the table: they are
kept in the device's own storage (`ft.SharedPreferences`), never in the shared database, and
the language starts as the device's preferred one. Theme and screen-awake choices that earlier
versions kept in the database go, once, to the first device that reads its settings (for what
it has not chosen itself), and are then removed from the database.

Every phone at the table is a page of one server: a change saved on one is told to the others
(`canasta_score.ui.news`), and the screen showing that game or the game list draws itself again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Mapping
from concurrent.futures import Future
from typing import Any, ParamSpec, TypeVar

import flet as ft

from canasta_score import runtime
from canasta_score.i18n import Translator, negotiate, translator
from canasta_score.storage import NoticeCode, browser_disk
from canasta_score.ui.actions import ActionRunner
from canasta_score.ui.components import TapIcon, dialog_title, tap_height
from canasta_score.ui.connection import BROWSER_LANGUAGES, BROWSER_PHONE
from canasta_score.ui.host import CONTENT_WIDTH
from canasta_score.ui.news import (
    APP_FAULT,
    CANNOT_REACH_NOW,
    CANNOT_SAVE_NOW,
    GAME_DELETED_ELSEWHERE,
    NOT_KEPT_IN_BROWSER,
    SAVED_AGAIN,
    TableNews,
)
from canasta_score.ui.screen import Screen
from canasta_score.ui.store import GameNotFound, GameStore, ImportRefused
from canasta_score.ui.views import BrokenScreen, screen_for, screen_for_failure

#: Where this app's device settings sit in the device's storage, shared with other apps' keys.
PREFIX = "canasta_score."
#: What a device keeps for itself, with the value before any choice.
DEVICE_SETTINGS = {"language": "", "theme": "system", "keep_awake": "on", "entry_mode": "points"}
#: The device settings earlier versions kept in the shared database (the language never was
#: taken from there: it follows the device unless chosen on it).
CARRIED_OVER = ("theme", "keep_awake")
#: The longest wait for the device to answer (a browser tab that went away never does). The
#: screen is drawn meanwhile; a phone still loading on a busy machine may take long to answer.
DEVICE_WAIT = 60
#: The longest the device's settings wait for the first screen to be laid out.
FIRST_FRAME_WAIT = 5

THEMES = {"system": ft.ThemeMode.SYSTEM, "light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK}
#: The size of the icon that measures the device's text scale.
PROBE_SIZE = 40

log = logging.getLogger(__name__)

_P = ParamSpec("_P")
_R = TypeVar("_R")
_State = TypeVar("_State")


class App:
    """One player's session: the page, the database and the screen the route asks for.

    Screens see it as their `Host` (`canasta_score.ui.host`), and ask nothing else of it.
    """

    def __init__(
        self,
        page: ft.Page,
        store: GameStore,
        invite: str | None = None,
        *,
        off_loop: bool = False,
    ) -> None:
        self.page = page
        #: What this phone hears from the others at the table, and tells them.
        self.news = TableNews(page)
        self.news.watch_database(self.database_reachable)
        self.store = store.telling(self.news.publish)
        #: The link other phones open (with its access token) when the table is served on the
        #: network; None when only this device can reach the app.
        self.invite = invite
        #: This phone's mark (its browser's cookie; empty for an app with one device): what
        #: it types belongs to it.
        self.phone = BROWSER_PHONE.get()
        self.clipboard: ft.Clipboard | None = None
        #: The device's preferred languages, as far as known yet: at first what its browser
        #: said as it connected, then what the device itself says.
        self._device_languages: list[str] = list(BROWSER_LANGUAGES.get())
        #: This phone's language: every word and number on its screens goes through it.
        self.tr: Translator = translator(negotiate(self._device_languages))
        #: This device's own settings, as far as read yet ("language" empty: follow the device).
        self.device: dict[str, str] = {}
        #: Set once the first screen is laid out on the device (its text scale measured).
        self._first_frame = asyncio.Event()
        self._preferences: ft.SharedPreferences | None = None
        self.wakelock: ft.Wakelock | None = None
        self._awake = False
        self.current: Screen | None = None
        #: The file picker service (saving and opening files), made when first needed.
        self._picker: ft.FilePicker | None = None
        #: Who hears of the files a person picked (the screen that asked).
        self.on_files_picked: Callable[[list[ft.FilePickerFile]], None] | None = None
        #: The screens' state that outlives a screen on this page, one of each kind (`kept`).
        self._kept: dict[type, Any] = {}
        #: How much this phone enlarges text (its text size setting): 1 normal, 2 twice as big.
        self.text_scale = 1.0
        #: The dialogs and menus the screen opened, and the route they belong to.
        self._screen_dialogs: list[ft.DialogControl] = []
        self._shown_route: str | None = None
        #: While a confirmed action runs, its message waits until the dialog is gone.
        self._quiet = False
        self._held_message: tuple[str, str | None, Callable[[], None] | None] | None = None
        #: Runs what the screens ask of storage: off the shared event loop (`off_loop`, the
        #: table server) or directly (no threads: the browser's own Python, unit tests).
        self.actions = ActionRunner(
            voice=self, run_task=page.run_task, off_loop=off_loop, probe=self.store.answers
        )

    # --- start --------------------------------------------------------------------------

    def start(self, *, tell_about_opening: bool = True) -> None:
        page = self.page
        page.title = "Canasta Score"
        seed = ft.Colors.GREEN_800
        page.theme = ft.Theme(color_scheme_seed=seed)
        page.dark_theme = ft.Theme(color_scheme_seed=seed)
        self.apply_theme(self.device_setting("theme", "system"))
        page.on_route_change = self.show_route
        page.on_view_pop = self.view_pop
        page.on_resize = self.resized
        # A closed tab (or a session that expired) is left like any screen: what is
        # waiting to be kept, such as a half-typed round, is written now.
        page.on_disconnect = self.closing
        page.on_close = self.closing
        page.on_connect = self.reconnected
        page.on_locale_change = self.locale_changed
        self._layout = self.layout()
        # The device's storage goes out with the first screen: added later, it would be one
        # more change of the page for the device to take in while it draws.
        self.preferences()
        self.show_route()
        if tell_about_opening:
            self.tell_about_opening()
        # The first screen is drawn at once, in the browser's language if it said one; the
        # device's own language and settings follow once that screen is up (asking earlier
        # only holds up its drawing), and the screen is redrawn in place if they differ.
        page.run_task(self.read_device_once_drawn)

    # --- this device's language and settings ------------------------------------------------

    async def read_device_once_drawn(self) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._first_frame.wait(), FIRST_FRAME_WAIT)
        await self.read_device()

    async def read_device(self) -> None:
        """Reads this device's settings and preferred languages, then speaks its language."""
        with contextlib.suppress(Exception):
            found = await asyncio.wait_for(self._read_preferences(), DEVICE_WAIT)
            # A choice made on this page while they were read (a tap) stands.
            self.device = found | self.device
        if not self.device.get("language"):
            with contextlib.suppress(Exception):
                info = await asyncio.wait_for(self.page.get_device_info(), DEVICE_WAIT)
                if info is not None:
                    self._device_languages = [locale_tag(locale) for locale in info.locales]
        theme = self.page.theme_mode
        self.apply_theme(self.device_setting("theme", "system"))
        if not self.speak(self.wanted_language()) and self.page.theme_mode != theme:
            self.page.update()
        # A screen that starts from one of them (round entry: this phone's way of entering).
        device_read = getattr(self.current, "device_read", None)
        if device_read is not None:
            device_read()

    async def _read_preferences(self) -> dict[str, str]:
        preferences = self.preferences()
        found: dict[str, str] = {}
        for name in DEVICE_SETTINGS:
            value = await preferences.get(PREFIX + name)
            if isinstance(value, str):
                found[name] = value
        # Kept in the shared database by earlier versions: the first device to read its
        # settings takes them over once (for what it has not chosen), keeping its own copy.
        store = self.store
        carried = await self.actions.off_the_loop(
            lambda: store.take_old_device_settings(CARRIED_OVER)
        )
        for name, value in carried.items():
            if name not in found:
                found[name] = value
                await preferences.set(PREFIX + name, value)
        return found

    def preferences(self) -> ft.SharedPreferences:
        if self._preferences is None:
            self._preferences = ft.SharedPreferences()
            self.page.services.append(self._preferences)
        return self._preferences

    def device_setting(self, name: str, default: str) -> str:
        """One of this device's settings (`theme`, `keep_awake`, `language`)."""
        return self.device.get(name) or default

    def set_device_setting(self, name: str, value: str) -> None:
        """Keeps a setting on this device (not in the shared database), from now on."""
        self.device[name] = value
        preferences = self.preferences()

        async def keep() -> None:
            with contextlib.suppress(Exception):
                if value:
                    await asyncio.wait_for(preferences.set(PREFIX + name, value), DEVICE_WAIT)
                else:
                    await asyncio.wait_for(preferences.remove(PREFIX + name), DEVICE_WAIT)

        self.page.run_task(keep)

    def wanted_language(self) -> str:
        """The language chosen on this device, else the device's own, else English."""
        chosen = self.device.get("language")
        return chosen or negotiate(self._device_languages)

    def choose_language(self, code: str | None) -> None:
        """A language chosen in Settings (None: the device's own), kept and shown at once."""
        self.set_device_setting("language", code or "")
        self.speak(self.wanted_language())

    def locale_changed(self, event: ft.LocaleChangeEvent) -> None:
        """The device's languages changed: followed unless a language was chosen here."""
        self._device_languages = [locale_tag(locale) for locale in event.locales]
        self.speak(self.wanted_language())

    def speak(self, code: str) -> bool:
        """Words every screen in `code` from now on; the current screen is drawn again,
        whatever was typed in it kept. Whether anything changed."""
        if translator(code) is self.tr:
            return False
        self.tr = translator(code)
        if self.current is not None:
            self.redraw(self.current)
        return True

    def tell_about_opening(self) -> None:
        """Say what opening the database found; offer the newest backup after a damaged file."""
        store = self.store
        backup = store.db.backup_to_offer
        if backup is None:
            if store.notice:
                self.message(self.tr.said(store.notice))
            return

        def restored(games: list[int]) -> None:
            self.message(
                self.tr.ngettext(
                    "{n} game restored from the backup",
                    "{n} games restored from the backup",
                    len(games),
                ).format(n=self.tr.number(len(games)))
            )
            self.show_route()

        def refused(refusal: ImportRefused) -> None:
            tr = self.tr
            reasons = (d.worded(tr._, tr.ngettext, tr.number) for d in refusal.details[:3])
            nothing = tr._("Nothing was imported from {name}:").format(name=backup.name)
            self.message(f"{nothing} {'; '.join(reasons)}")

        def restore() -> None:
            self.attempt(
                lambda: store.restore_backup(backup), restored, refused={ImportRefused: refused}
            )

        self.confirm(
            self.tr._("Restore your games?"),
            (self.tr.said(store.notice) if store.notice else "")
            + "\n\n"
            + self.tr._("The newest backup is {name}.").format(name=backup.name),
            self.tr._("Restore"),
            restore,
        )

    def apply_theme(self, theme: str) -> None:
        self.page.theme_mode = THEMES.get(theme, ft.ThemeMode.SYSTEM)

    def choose_theme(self, theme: str) -> None:
        """A theme chosen in Settings, kept on this device and shown at once."""
        self.set_device_setting("theme", theme)
        self.apply_theme(theme)

    # --- layout -------------------------------------------------------------------------

    @property
    def served(self) -> bool:
        """Whether a machine serves this page and keeps its games (a browser on the table's
        server, on the network or on this machine), not this device itself (the phone app,
        the desktop window, the web app that runs wholly in the browser)."""
        web = bool(getattr(self.page, "web", False))
        return self.invite is not None or (web and not runtime.IN_BROWSER)

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
        self._first_frame.set()
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
        if browser_disk.pending():  # a browser tab: what was saved is shown once it is kept
            self.page.run_task(self._go_once_kept, route)
            return
        if route == self.page.route:
            self.show_route()
        else:
            self.page.navigate(route)

    async def _go_once_kept(self, route: str) -> None:
        try:
            await browser_disk.settled()
        except browser_disk.BrowserStorageRefused:  # in memory still; the next save tries again
            self.message(self.tr._(NOT_KEPT_IN_BROWSER))
            return
        self.go(route)

    def view_pop(self, _event: ft.ViewPopEvent | None = None) -> None:
        self.go(self.parent_route(self.page.route))

    @staticmethod
    def parent_route(route: str) -> str:
        parts = [p for p in route.split("?")[0].split("/") if p]
        if parts[:1] == ["game"] and len(parts) > 2:
            return f"/game/{parts[1]}"
        return "/"

    def show_route(self, _event: ft.RouteChangeEvent | None = None) -> None:
        route = self.page.route or "/"
        if route != self._shown_route:
            # A menu or question of the screen left (by the browser's Back, say) goes with it.
            self.close_screen_dialogs()
            self._shown_route = route
        if self.current is not None:
            self.current.leave()
        # What the screen left waited for the database: it is not done for another screen.
        self.actions.forget()
        self.current, view = screen_for(self, route)
        self.show_view(view)
        if isinstance(self.current, BrokenScreen) and self.current.unreachable:
            # Read again, and shown, once the database answers.
            self.actions.wait_for_database(self.show_route)
        elif not isinstance(self.current, BrokenScreen):
            self.actions.reached()

    def closing(self, _event: ft.Event[ft.Page] | None = None) -> None:
        """The page is gone or going (tab closed, session expired): the screen is left."""
        if self.current is not None:
            self.current.leave()
        self.news.close()

    def database_reachable(self, reachable: bool) -> None:
        """The database went out of reach (a server restarting) or is back: said at once;
        what is typed stays, and a screen that could not be read is read again."""
        if not reachable:
            self.actions.wait_for_database(None)
        elif self.actions.waiting is not None:
            self.actions.back()  # what waited for it runs again (and says it got through)
        else:
            self.actions.reached()
        if reachable and isinstance(self.current, BrokenScreen):
            self.show_route()

    def reconnected(self, _event: ft.Event[ft.Page] | None = None) -> None:
        """The page is back (reloaded, or the phone online again): its screen is drawn afresh,
        hearing other phones again, as a page opened now would be: no menu left open."""
        self.close_screen_dialogs()
        self.show_route()

    def kept(self, kind: type[_State]) -> _State:
        """This page's one `kind()`: a screen's state that outlives the screen."""
        if kind not in self._kept:
            self._kept[kind] = kind()
        kept: _State = self._kept[kind]
        return kept

    def redraw(self, screen: Screen) -> None:
        """Draws a screen again as it now is (what was typed in it kept), on the same route."""
        self.current = screen
        try:
            view = screen.build()
        except Exception as error:  # read as it is drawn: met as a screen shown afresh is
            log.warning("the screen for %s could not be drawn again", screen.route)
            self.current, view = screen_for_failure(self, screen.route, error)
        self.show_view(view)

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
            leading = TapIcon("back", ft.Icons.ARROW_BACK, self.tr._("Back"), lambda: self.go(back))
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

    # --- what a screen asks of storage (`canasta_score.ui.actions`) ------------------------

    def attempt(
        self,
        call: Callable[[], _R],
        then: Callable[[_R], None] | None = None,
        *,
        refused: Mapping[type[Exception], Callable[[Any], None]] | None = None,
        retry: Callable[[], None] | None = None,
        undo_gone: Callable[[int], Callable[[], None] | None] | None = None,
        always: Callable[[], None] | None = None,
    ) -> None:
        """Runs a storage call off the shared event loop (where threads exist), then
        `then(result)`; every fault is met the same way on every screen."""
        self.actions.attempt(
            call, then, refused=refused, retry=retry, undo_gone=undo_gone, always=always
        )

    # --- what the action runner says (`canasta_score.ui.actions`) -----------------------

    def unreachable(self, *, waiting: bool) -> None:
        self.message(self.tr._(CANNOT_REACH_NOW if waiting else CANNOT_SAVE_NOW))

    def reachable_again(self) -> None:
        self.message(self.tr._(SAVED_AGAIN))

    def game_gone(self, error: GameNotFound, undo: Callable[[], None] | None) -> None:
        """The game this phone works on was deleted on another phone: said, with its undo
        (the game restored, and this phone back where it was; what was typed here is kept
        meanwhile), and home is shown."""
        if undo is None and error.notice.code == NoticeCode.GAME_DELETED:
            game_id, route, store = error.game_id, self.page.route, self.store

            def undo() -> None:
                self.attempt(lambda: store.restore_game(game_id), lambda _: self.go(route))

        self.message(self.tr._(GAME_DELETED_ELSEWHERE), self.tr._("Undo") if undo else None, undo)
        self.go("/")

    def fault(self, error: BaseException) -> None:
        self.message(self.tr._(APP_FAULT).format(details=f"{type(error).__name__}: {error}"))

    def refresh(self) -> None:
        self.page.update()

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

        tall = tap_height(14, self.text_scale)

        def dismissed() -> None:
            # A message shown while the dialog closes would bring the dialog back.
            if self._held_message is not None:
                held, self._held_message = self._held_message, None
                self.message(*held)

        self.show_dialog(
            ft.AlertDialog(
                modal=True,
                title=dialog_title(title, self.width, self.text_scale),
                content=ft.Text(text),
                actions=[
                    ft.TextButton(self.tr._("Cancel"), on_click=lambda: answer(False), height=tall),
                    ft.FilledButton(yes, on_click=lambda: answer(True), height=tall),
                ],
                on_dismiss=lambda: dismissed(),
            )
        )

    def show_dialog(self, dialog: ft.DialogControl) -> None:
        """Opens a dialog or bottom sheet a screen made; it closes when the route changes."""
        self._screen_dialogs = [d for d in self._screen_dialogs if d.open]
        self._screen_dialogs.append(dialog)
        self.page.show_dialog(dialog)

    def close_screen_dialogs(self) -> None:
        """Closes what the screen opened and left open (messages at the bottom stay)."""
        for dialog in self._screen_dialogs:
            if dialog.open:
                dialog.open = False
        self._screen_dialogs = []

    def close_dialog(self) -> None:
        self.page.pop_dialog()

    # --- the page's work ----------------------------------------------------------------

    def update(self) -> None:
        """Sends what changed on the screen to the device."""
        self.page.update()

    def run_task(
        self, handler: Callable[_P, Awaitable[_R]], *args: _P.args, **kwargs: _P.kwargs
    ) -> Future[_R]:
        return self.page.run_task(handler, *args, **kwargs)

    # --- the clipboard ----------------------------------------------------------------------

    def copy_text(self, text: str, done: str) -> None:
        """Puts `text` on this phone's clipboard, and says `done` once it is there."""
        if self.clipboard is None:
            self.clipboard = ft.Clipboard()
            self.page.services.append(self.clipboard)
        clipboard = self.clipboard

        async def copy() -> None:
            await clipboard.set(text)
            self.message(done)

        self.page.run_task(copy)

    # --- files a person saves and opens ---------------------------------------------------

    def file_picker(self) -> ft.FilePicker:
        """The page's file picker: saves a file where the person says (a download in a
        browser), and hands files picked with a `PickFiles` action to `on_files_picked`."""
        if self._picker is None:
            self._picker = ft.FilePicker(on_result=self._picked)
            self.page.services.append(self._picker)
        return self._picker

    def _picked(self, event: ft.FilePickerResultEvent) -> None:
        if self.on_files_picked is not None and event.files:
            self.on_files_picked(event.files)

    def save_file(self, name: str, data: bytes) -> None:
        """Offers `data` as a file called `name`: the save dialog, or a download in a browser."""
        picker = self.file_picker()
        tr = self.tr

        async def save() -> None:
            try:
                await picker.save_file(
                    dialog_title=tr._("Save {name}").format(name=name),
                    file_name=name,
                    src_bytes=data,
                )
            except Exception as error:  # a refused dialog must not end the session
                self.message(tr._("The file could not be saved: {reason}").format(reason=error))

        self.page.run_task(save)

    # --- keep the screen awake during a game ------------------------------------------------

    def keep_awake(self, on: bool) -> None:
        on = on and self.device_setting("keep_awake", "on") == "on"
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


def locale_tag(locale: ft.Locale) -> str:
    """`de-DE` for a locale the device reports."""
    return "-".join(part for part in (locale.language_code, locale.country_code) if part)
