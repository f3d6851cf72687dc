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
import weakref
from collections.abc import Awaitable, Callable, Mapping
from concurrent.futures import Future
from typing import Any, ParamSpec, TypeVar

import flet as ft

from canasta_score import runtime
from canasta_score.i18n import Translator, negotiate, translator
from canasta_score.storage import browser_disk
from canasta_score.ui.actions import ActionRunner
from canasta_score.ui.components import TapIcon
from canasta_score.ui.connection import BROWSER_LANGUAGES, BROWSER_PHONE
from canasta_score.ui.device import DEVICE_WAIT, DeviceServices
from canasta_score.ui.frame import FrameShape, ScreenFrame
from canasta_score.ui.host import CONTENT_WIDTH
from canasta_score.ui.messages import Messages
from canasta_score.ui.news import (
    NOT_KEPT_IN_BROWSER,
    TableNews,
)
from canasta_score.ui.screen import Screen
from canasta_score.ui.store import GameStore, ImportRefused
from canasta_score.ui.theme import dress
from canasta_score.ui.views import BrokenScreen, draw, read_screen, screen_for, screen_for_failure

#: What a device keeps for itself, with the value before any choice.
DEVICE_SETTINGS = {"language": "", "theme": "system", "keep_awake": "on", "entry_mode": "points"}
#: The device settings earlier versions kept in the shared database (the language never was
#: taken from there: it follows the device unless chosen on it).
CARRIED_OVER = ("theme", "keep_awake")
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
        #: What this page says and asks (messages, questions, the screens' dialogs).
        self.messages = Messages(page, self)
        #: This device's services: its settings' storage, clipboard, files, screen lock.
        self.services = DeviceServices(page)
        #: The device's preferred languages, as far as known yet: at first what its browser
        #: said as it connected, then what the device itself says.
        self._device_languages: list[str] = list(BROWSER_LANGUAGES.get())
        #: This phone's language: every word and number on its screens goes through it.
        self.tr: Translator = translator(negotiate(self._device_languages))
        #: This device's own settings, as far as read yet ("language" empty: follow the device).
        self.device: dict[str, str] = {}
        #: Whether the screen should stay awake (a game is shown), and whether the device has
        #: said its settings yet: till then the screen lock waits (`keep_awake`).
        self._awake_wanted = False
        self._device_known = False
        #: Set once the first screen is laid out on the device (its text scale measured).
        self._first_frame = asyncio.Event()
        self.current: Screen | None = None
        #: The screens' state that outlives a screen on this page, one of each kind (`kept`).
        self._kept: dict[type, Any] = {}
        #: How much this phone enlarges text (its text size setting): 1 normal, 2 twice as big.
        self.text_scale = 1.0
        #: The route whose screen is shown (its dialogs close when it changes).
        self._shown_route: str | None = None
        #: The frame of the screen shown, kept for it while it is drawn again (`redraw`).
        self._frame: ScreenFrame | None = None
        self._drawing_again = False
        #: Routes asked for so far (the newest is shown), and the lock of the one screen
        #: being read (`show_route`).
        self._routes_asked = 0
        self._reading = asyncio.Lock()
        #: The screens left: what they still had on its way (a read, a save's outcome) does
        #: not draw them back over the screen shown.
        self._left: weakref.WeakSet[Screen] = weakref.WeakSet()
        #: The room at the end of the screen shown, if it has one (`frame`): half the
        #: tallest the screen has been, so a phone's keyboard opening pulls nothing down.
        self._room: ft.Container | None = None
        self._tallest = 0.0
        #: The layout widths the screen shown was laid out for (`layout`).
        self._layout = self.layout()
        #: The player was told the browser would not keep a change (said once till it does).
        self._told_not_kept = False
        #: Runs what the screens ask of storage: off the shared event loop (`off_loop`, the
        #: table server) or directly (no threads: the browser's own Python, unit tests).
        self.actions = ActionRunner(
            voice=self.messages, run_task=page.run_task, off_loop=off_loop, probe=self.store.answers
        )

    # --- start --------------------------------------------------------------------------

    def start(self, *, tell_about_opening: bool = True) -> None:
        page = self.page
        page.title = "Canasta Score"
        dress(page)
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
        self.services.preferences()
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
        self._device_known = True
        self.keep_awake(self._awake_wanted)

    async def _read_preferences(self) -> dict[str, str]:
        found = await self.services.read(list(DEVICE_SETTINGS))
        # Kept in the shared database by earlier versions: the first device to read its
        # settings takes them over once (for what it has not chosen), keeping its own copy.
        store = self.store
        carried = await self.actions.off_the_loop(
            lambda: store.take_old_device_settings(CARRIED_OVER)
        )
        taken = {name: value for name, value in carried.items() if name not in found}
        found |= taken
        try:
            for name, value in taken.items():
                await self.services.write(name, value)
        except Exception as error:  # the device did not keep them: the next device may
            log.warning("this device did not keep the settings of earlier versions: %r", error)
            await self.actions.off_the_loop(lambda: store.give_back_old_device_settings(taken))
        return found

    def device_setting(self, name: str, default: str) -> str:
        """One of this device's settings (`theme`, `keep_awake`, `language`)."""
        return self.device.get(name) or default

    def set_device_setting(self, name: str, value: str) -> None:
        """Keeps a setting on this device (not in the shared database), from now on."""
        self.device[name] = value
        self.services.keep(name, value)

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

    @property
    def height(self) -> float:
        return float(self.page.height or 844)

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
        elif self._room is not None and self.height > self._tallest:  # turned upright
            self._room.height = self.room_at_end()
            self.update()

    def room_at_end(self) -> float:
        """Half the tallest this screen has been (a keyboard shortens it for a while)."""
        self._tallest = max(self._tallest, self.height)
        return self._tallest / 2

    # --- navigation ---------------------------------------------------------------------

    def go(self, route: str) -> None:
        if browser_disk.pending():  # a browser tab: what was saved is shown once it is kept
            self.page.run_task(self._go_once_kept, route)
            return
        self._go_now(route)

    def _go_now(self, route: str) -> None:
        if route == self.page.route:
            self.show_route()
        else:
            self.page.navigate(route)

    async def _go_once_kept(self, route: str) -> None:
        """Goes once the change is on the phone's storage. Where the browser refused it (its
        storage full), the change is made all the same in the app's memory, so the screen
        shows it as made (Save again would record a round twice): the player is told, once,
        in a message that stays, and the copy is tried again until the browser takes it."""
        try:
            await browser_disk.settled()
            self._told_not_kept = False
        except browser_disk.BrowserStorageRefused:
            if not self._told_not_kept:
                self._told_not_kept = True
                self.message(self.tr._(NOT_KEPT_IN_BROWSER), lasting=True)
            self.page.run_task(browser_disk.keep_trying)
        self._go_now(route)

    def view_pop(self, _event: ft.ViewPopEvent | None = None) -> None:
        self.go(self.parent_route(self.page.route))

    @staticmethod
    def parent_route(route: str) -> str:
        parts = [p for p in route.split("?")[0].split("/") if p]
        if parts[:1] == ["game"] and len(parts) > 2:
            return f"/game/{parts[1]}"
        return "/"

    def show_route(self, _event: ft.RouteChangeEvent | None = None) -> None:
        """Shows the screen the page's route names, read from storage off the page's loop
        where threads exist (a database that is slow to answer freezes no other phone);
        the newest route asked for wins."""
        route = self.page.route or "/"
        if route != self._shown_route:
            # A menu or question of the screen left (by the browser's Back, say) goes with it.
            self.messages.close_screen_dialogs()
            self._shown_route = route
        if self.current is not None:
            self.leave(self.current)
        self.current = None
        # What the screen left waited for the database: it is not done for another screen.
        self.actions.forget()
        self._routes_asked += 1
        if self.actions.off_loop:
            self.page.run_task(self._read_screen, route, self._routes_asked)
        else:
            self._show_screen(*screen_for(self, route))

    async def _read_screen(self, route: str, asked: int) -> None:
        async with self._reading:  # one at a time: each draws in the page's one frame
            if asked != self._routes_asked:
                return  # another route was asked for meanwhile
            words = self.tr
            # Read off the loop (what the screen needs from storage), drawn on it.
            read = await self.actions.off_the_loop(lambda: read_screen(self, route))
        if asked != self._routes_asked:
            self.leave(read)
            return
        screen, view = draw(self, read)
        self._show_screen(screen, view)
        if self.tr is not words:  # the language changed as it was read: said in the new one
            self.redraw(screen)

    def _show_screen(self, screen: Screen, view: ft.View) -> None:
        self.current = screen
        self.show_view(view)
        if isinstance(screen, BrokenScreen) and screen.unreachable:
            # Read again, and shown, once the database answers.
            self.actions.wait_for_database(self.show_route)
        elif not isinstance(screen, BrokenScreen):
            self.actions.reached()

    def closing(self, _event: ft.Event[ft.Page] | None = None) -> None:
        """The page is gone or going (tab closed, session expired): the screen is left (and
        one being read is not shown)."""
        self._routes_asked += 1
        if self.current is not None:
            self.leave(self.current)
        self.news.close()

    def leave(self, screen: Screen) -> None:
        """`screen` is left for good: it keeps what it must and is never drawn again."""
        self._left.add(screen)
        screen.leave()

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
        self.messages.close_screen_dialogs()
        self.show_route()

    def kept(self, kind: type[_State]) -> _State:
        """This page's one `kind()`: a screen's state that outlives the screen."""
        if kind not in self._kept:
            self._kept[kind] = kind()
        kept: _State = self._kept[kind]
        return kept

    def redraw(self, screen: Screen) -> None:
        """Draws a screen again as it now is (what was typed in it kept), on the same route;
        a screen left meanwhile stays left (a late outcome of what it asked)."""
        if screen in self._left:
            return
        self.current = screen
        self._drawing_again = True
        try:
            view = screen.build()
        except Exception as error:  # read as it is drawn: met as a screen shown afresh is
            log.warning("the screen for %s could not be drawn again", screen.route)
            self._drawing_again = False
            self.current, view = screen_for_failure(self, screen.route, error)
        finally:
            self._drawing_again = False
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
        room_at_end: bool = False,
    ) -> ft.View:
        """A screen: app bar with a back button, a centred body and an optional bottom bar (in
        the frame shown when the screen is drawn again: `canasta_score.ui.frame`).

        `room_at_end` puts half a screen of room under the body, for a screen whose parts
        grow and shrink under the finger: a part near the end that gets shorter leaves the
        page as long as the scroll needs, so nothing above it is pulled down (and a field at
        the end can be scrolled above a phone's keyboard).
        """
        self._room = ft.Container(height=self.room_at_end()) if room_at_end else None
        if self._room is not None:
            body = [*body, self._room]
        leading = None
        if back is not None:
            leading = TapIcon("back", ft.Icons.ARROW_BACK, self.tr._("Back"), lambda: self.go(back))
        shape = FrameShape(self.content_width(widest), scroll, bottom is not None)
        # A screen drawn again is drawn in the frame shown: it stays scrolled where it was.
        kept = self._drawing_again and self._frame is not None and self._frame.shape == shape
        if not kept or self._frame is None:
            self._frame = ScreenFrame(shape, self.text_scale_probe())
        main = self._frame.holding(body, bottom, self.text_scale)
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
        waits: Callable[[], None] | None = None,
    ) -> None:
        """Runs a storage call off the shared event loop (where threads exist), then
        `then(result)`; every fault is met the same way on every screen."""
        self.actions.attempt(
            call,
            then,
            refused=refused,
            retry=retry,
            undo_gone=undo_gone,
            always=always,
            waits=waits,
        )

    # --- messages and questions (`canasta_score.ui.messages`) -----------------------------

    def message(
        self,
        text: str,
        action: str | None = None,
        on_action: Callable[[], None] | None = None,
        *,
        lasting: bool = False,
    ) -> None:
        self.messages.say(text, action, on_action, lasting=lasting)

    def confirm(self, title: str, text: str, yes: str, on_yes: Callable[[], None]) -> None:
        """Ask before something that cannot be taken back; `on_yes` runs on a yes."""
        self.messages.confirm(title, text, yes, on_yes)

    def show_dialog(self, dialog: ft.DialogControl) -> None:
        """Opens a dialog or bottom sheet a screen made; it closes when the route changes."""
        self.messages.show_dialog(dialog)

    def close_dialog(self) -> None:
        self.messages.close_dialog()

    # --- the page's work ----------------------------------------------------------------

    def update(self) -> None:
        """Sends what changed on the screen to the device."""
        self.page.update()

    def run_task(
        self, handler: Callable[_P, Awaitable[_R]], *args: _P.args, **kwargs: _P.kwargs
    ) -> Future[_R]:
        return self.page.run_task(handler, *args, **kwargs)

    # --- this device's services (`canasta_score.ui.device`) ----------------------------------

    def copy_text(self, text: str, done: str) -> None:
        """Puts `text` on this phone's clipboard, and says `done` once it is there."""
        self.services.copy_text(text, done, self.message)

    def file_picker(self) -> ft.FilePicker:
        """The page's file picker, for a `PickFiles` action; picks go to `on_files_picked`."""
        return self.services.file_picker()

    @property
    def on_files_picked(self) -> Callable[[list[ft.FilePickerFile]], None] | None:
        return self.services.on_files_picked

    @on_files_picked.setter
    def on_files_picked(self, heard: Callable[[list[ft.FilePickerFile]], None] | None) -> None:
        self.services.on_files_picked = heard

    def save_file(self, name: str, data: bytes) -> None:
        """Offers `data` as a file called `name`: the save dialog, or a download in a browser."""
        tr = self.tr
        self.services.save_file(
            name,
            data,
            tr._("Save {name}").format(name=name),
            lambda reason: tr._("The file could not be saved: {reason}").format(reason=reason),
            self.message,
        )

    def keep_awake(self, on: bool) -> None:
        """Keeps the screen on during a game, where this device's setting allows it: once the
        device has said that setting (switched on before, a phone set to sleep as usual would
        stay awake until the next screen; and the lock is one thing less while the first
        screen is drawn)."""
        self._awake_wanted = on
        if self._device_known:
            self.services.keep_awake(on and self.device_setting("keep_awake", "on") == "on")


def locale_tag(locale: ft.Locale) -> str:
    """`de-DE` for a locale the device reports."""
    return "-".join(part for part in (locale.language_code, locale.country_code) if part)
