"""The app around the screens: one player's page, composed of a few parts (`canasta_score.ui.host`
says what each is for) and the page's events handed to them.

Every phone at the table is a page of one server: a change saved on one is told to the others
(`canasta_score.ui.news`), and the screen showing that game or the game list draws itself again.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from concurrent.futures import Future
from typing import Any, ParamSpec, TypeVar

import flet as ft

from canasta_score import runtime
from canasta_score.i18n import LANGUAGES, Translator, translator
from canasta_score.ui.actions import ActionRunner
from canasta_score.ui.connection import (
    BROWSER_LANGUAGES,
    BROWSER_PHONE,
    DEVICE_CHOSEN,
    DEVICE_COPY,
)
from canasta_score.ui.device import Device, locale_tag
from canasta_score.ui.host import Table
from canasta_score.ui.layout import Layout
from canasta_score.ui.messages import Messages
from canasta_score.ui.navigation import Navigator
from canasta_score.ui.news import TableNews
from canasta_score.ui.store import GameStore, ImportRefused
from canasta_score.ui.theme import dress
from canasta_score.ui.views import BrokenScreen

__all__ = ["App", "locale_tag"]

log = logging.getLogger(__name__)

_P = ParamSpec("_P")
_R = TypeVar("_R")


def flutter_locales(code: str) -> ft.LocaleConfiguration:
    """The page's language for Flutter's own words too: what a screen reader hears of a
    dialog, a menu's shade or a field ("Dialogfeld", not "Dialog")."""
    return ft.LocaleConfiguration(
        supported_locales=[ft.Locale(language) for language in LANGUAGES],
        current_locale=ft.Locale(code),
    )


class App:
    """One player's session: the page, the table's games and the screen the route asks for.

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
        #: The event loop the page last had (see `run_task`).
        self._loop: asyncio.AbstractEventLoop | None = None
        news = TableNews(page)
        news.watch_database(self.database_reachable)
        web = bool(getattr(page, "web", False))
        self.table = Table(
            store=store.telling(news.publish),
            news=news,
            phone=BROWSER_PHONE.get(),
            invite=invite,
            served=invite is not None or (web and not runtime.IN_BROWSER),
        )
        self.device = Device(
            page,
            self,
            list(BROWSER_LANGUAGES.get()),
            dict(DEVICE_CHOSEN.get()),
            copy_to=DEVICE_COPY.get(),
        )
        #: This phone's language: every word and number on its screens goes through it.
        self.tr: Translator = translator(self.device.wanted_language())
        self.messages = Messages(page, self)
        self.nav = Navigator(page, self)
        self.layout = Layout(
            page,
            lambda: self.tr,
            self.nav.go,
            changed=self.nav.redraw_current,
            resized=self.nav.show_route,
        )
        #: Runs what the screens ask of storage: off the shared event loop (`off_loop`, the
        #: table server) or directly (no threads: the browser's own Python, unit tests).
        self.actions = ActionRunner(
            voice=self.messages,
            run_task=self.run_task,
            off_loop=off_loop,
            probe=self.table.store.answers,
        )

    def start(self, *, tell_about_opening: bool = True) -> None:
        page = self.page
        page.title = "Canasta Score"
        page.locale_configuration = flutter_locales(self.tr.code)
        dress(page)
        self.device.apply_theme()
        page.on_route_change = self.nav.show_route
        page.on_view_pop = self.nav.back
        page.on_resize = self.layout.page_resized
        # A closed tab (or a session that expired) is left like any screen: what is
        # waiting to be kept, such as a half-typed round, is written now.
        page.on_disconnect = self.closing
        page.on_close = self.closing
        page.on_connect = self.reconnected
        page.on_locale_change = self.device.locale_changed
        self.layout.laid_out()
        # The device's storage goes out with the first screen: added later, it would be one
        # more change of the page for the device to take in while it draws.
        self.device.services.preferences()
        self.nav.show_route()
        if tell_about_opening:
            self.tell_about_opening()
        # The first screen is drawn at once, in the language chosen on this device if its page
        # said one, else the browser's if it said one; the device's own language and settings
        # follow once that screen is up, and the screen is redrawn in place if they differ.
        self.run_task(self.device.read_once_drawn)

    def speak(self, code: str) -> bool:
        """Words every screen in `code` from now on; the current screen is drawn again,
        whatever was typed in it kept. Whether anything changed."""
        if translator(code) is self.tr:
            return False
        self.tr = translator(code)
        self.page.locale_configuration = flutter_locales(code)
        self.nav.redraw_current()
        return True

    def tell_about_opening(self) -> None:
        """Say what opening the database found; offer the newest backup after a damaged file."""
        store, tr, messages = self.table.store, self.tr, self.messages
        backup = store.backup_to_offer
        if backup is None:
            if store.notice:
                messages.say(tr.said(store.notice))
            return

        def restored(games: list[int]) -> None:
            tr = self.tr
            messages.say(
                tr.ngettext(
                    "{n} game restored from the backup",
                    "{n} games restored from the backup",
                    len(games),
                ).format(n=tr.number(len(games)))
            )
            self.nav.show_route()

        def refused(refusal: ImportRefused) -> None:
            tr = self.tr
            reasons = (d.worded(tr._, tr.ngettext, tr.number) for d in refusal.details[:3])
            nothing = tr._("Nothing was imported from {name}:").format(name=backup.name)
            messages.say(f"{nothing} {'; '.join(reasons)}")

        def restore() -> None:
            self.actions.attempt(
                lambda: store.restore_backup(backup), restored, refused={ImportRefused: refused}
            )

        messages.confirm(
            tr._("Restore your games?"),
            (tr.said(store.notice) if store.notice else "")
            + "\n\n"
            + tr._("The newest backup is {name}.").format(name=backup.name),
            tr._("Restore"),
            restore,
        )

    # --- the page's events ---------------------------------------------------------------

    def closing(self, _event: ft.Event[ft.Page] | None = None) -> None:
        """The page is gone or going (tab closed, session expired): the screen is left (and
        one being read is not shown)."""
        try:
            self.nav.close()
        finally:
            self.table.news.close()

    def database_reachable(self, reachable: bool) -> None:
        """The database went out of reach (a server restarting) or is back: said at once;
        what is typed stays, and a screen that could not be read is read again."""
        actions = self.actions
        if not reachable:
            actions.wait_for_database(None)
        elif actions.waiting is not None:
            actions.back()  # what waited for it runs again (and says it got through)
        else:
            actions.reached()
        if reachable and isinstance(self.nav.current, BrokenScreen):
            self.nav.show_route()

    def reconnected(self, _event: ft.Event[ft.Page] | None = None) -> None:
        """The page is back (reloaded, or the phone online again): its screen is drawn afresh,
        hearing other phones again, as a page opened now would be: no menu left open, and
        told again when the database goes out of reach or comes back. Its screen comes
        whatever else fails: the page would otherwise wait for it for good."""
        try:
            self.table.news.watch_database(self.database_reachable)
            self.messages.close_screen_dialogs()
        finally:
            self.nav.came_back()

    # --- the page's work ----------------------------------------------------------------

    def update(self) -> None:
        """Sends what changed on the screen to the device."""
        self.page.update()

    def run_task(
        self, handler: Callable[_P, Coroutine[Any, Any, _R]], *args: _P.args, **kwargs: _P.kwargs
    ) -> Future[_R]:
        """Runs `handler` on the page's event loop. While the phone is away (a reload, the
        network lost for a moment) Flet's page has no loop to give until it is back; the work
        started before (a draft written once typing paused, a save sent again) still runs, on
        the loop the page had, and what it draws waits for the page."""
        session = getattr(self.page, "session", None)
        connection = session.connection if session is not None else None
        if connection is not None:
            self._loop = connection.loop
        elif session is not None and self._loop is not None:
            return asyncio.run_coroutine_threadsafe(handler(*args, **kwargs), self._loop)
        return self.page.run_task(handler, *args, **kwargs)
