"""Where a page is: the screen its route names, read off the event loop and drawn on it, the
screen drawn again as it changes, and the screens left behind.

The route is the single source of truth for what is on screen (`canasta_score.ui.routes`).
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from typing import TYPE_CHECKING, Any, TypeVar

import flet as ft

from canasta_score.storage import browser_disk
from canasta_score.ui.components.basics import Tagged
from canasta_score.ui.news import NOT_KEPT_IN_BROWSER
from canasta_score.ui.routes import draw, parent_route, read_screen, screen_for, screen_for_failure
from canasta_score.ui.views import BrokenScreen

if TYPE_CHECKING:
    from canasta_score.ui.host import Host
    from canasta_score.ui.screen import Screen

log = logging.getLogger(__name__)

_State = TypeVar("_State")


class Navigator:
    """The screens of one page: the one shown, the one being read, the ones left."""

    def __init__(self, page: ft.Page, host: Host) -> None:
        self.page = page
        self.host = host
        #: The screen shown now.
        self.current: Screen | None = None
        #: The screens' state that outlives a screen on this page, one of each kind (`kept`).
        self._kept: dict[type, Any] = {}
        #: The route whose screen is shown (its dialogs close when it changes).
        self._shown_route: str | None = None
        #: Routes asked for so far (the newest is shown), and the lock of the one screen
        #: being read (`show_route`).
        self._routes_asked = 0
        self._reading = asyncio.Lock()
        #: The screens left: what they still had on its way (a read, a save's outcome) does
        #: not draw them back over the screen shown.
        self._left: weakref.WeakSet[Screen] = weakref.WeakSet()
        #: The player was told the browser would not keep a change (said once till it does).
        self._told_not_kept = False
        #: A screen is on its way (asked for, not yet shown): a message said meanwhile comes
        #: with it, placed above that screen's bottom bar (`Messages.say`).
        self.on_its_way = False
        #: The page is away (closed, or reloading, or its phone offline: `close`) until it is
        #: back (`came_back`): no screen is read or drawn for it meanwhile.
        self.away = False

    # --- going somewhere ---------------------------------------------------------------------

    def go(self, route: str) -> None:
        """Shows the screen of `route` (drawn again when it is the route shown)."""
        self.on_its_way = True
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
                self.host.messages.say(self.host.tr._(NOT_KEPT_IN_BROWSER), lasting=True)
            self.page.run_task(browser_disk.keep_trying)
        self._go_now(route)

    def back(self, _event: ft.ViewPopEvent | None = None) -> None:
        """The device's Back: one step up (`canasta_score.ui.routes.parent_route`)."""
        self.go(parent_route(self.page.route))

    # --- showing the route's screen ----------------------------------------------------------

    def show_route(self, _event: ft.RouteChangeEvent | None = None) -> None:
        """Shows the screen the page's route names, read from storage off the page's loop
        where threads exist (a database that is slow to answer freezes no other phone);
        the newest route asked for wins. A page away gets its screen when it is back."""
        if self.away:
            return
        host = self.host
        route = self.page.route or "/"
        self.on_its_way = True
        if route != self._shown_route:
            # A menu or question of the screen left (by the browser's Back, say) goes with it.
            host.messages.close_screen_dialogs()
            self._shown_route = route
        if self.current is not None:
            self.leave(self.current)
        self.current = None
        # What the screen left waited for the database: it is not done for another screen.
        host.actions.forget()
        self._routes_asked += 1
        if host.actions.off_loop:
            self.page.run_task(self._read_screen, route, self._routes_asked)
        else:
            self._show_screen(*screen_for(host, route))

    async def _read_screen(self, route: str, asked: int) -> None:
        host = self.host
        async with self._reading:  # one at a time: each draws in the page's one frame
            if asked != self._routes_asked:
                return  # another route was asked for meanwhile
            words = host.tr
            # Read off the loop (what the screen needs from storage), drawn on it.
            read = await host.actions.off_the_loop(lambda: read_screen(host, route))
        if asked != self._routes_asked:
            self.leave(read)
            return
        screen, view = draw(host, read)
        self._show_screen(screen, view)
        if host.tr is not words:  # the language changed as it was read: said in the new one
            self.redraw(screen)

    def _show_screen(self, screen: Screen, view: ft.View) -> None:
        self.current = screen
        try:
            self.show_view(view)
        finally:
            # Shown or not (a page that could not be updated), what was said for it is said:
            # held, it would wait for a screen that may never come.
            self.on_its_way = False
            self.host.messages.screen_shown()
        actions = self.host.actions
        if isinstance(screen, BrokenScreen) and screen.unreachable:
            # Read again, and shown, once the database answers.
            actions.wait_for_database(self.show_route)
        elif not isinstance(screen, BrokenScreen):
            actions.reached()

    def redraw(self, screen: Screen) -> None:
        """Draws a screen again as it now is (what was typed in it kept), on the same route;
        a screen left meanwhile stays left (a late outcome of what it asked)."""
        if screen in self._left or self.away:
            return
        self.current = screen
        layout = self.host.layout
        layout.drawing_again = True
        try:
            view = screen.build()
        except Exception as error:  # read as it is drawn: met as a screen shown afresh is
            log.warning("the screen for %s could not be drawn again", screen.route)
            layout.drawing_again = False
            self.current, view = screen_for_failure(self.host, screen.route, error)
        finally:
            layout.drawing_again = False
        self.show_view(view)

    def redraw_current(self) -> None:
        """Draws the screen shown again, if there is one (the text size or language changed)."""
        if self.current is not None:
            self.redraw(self.current)

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

    # --- leaving -------------------------------------------------------------------------------

    def leave(self, screen: Screen) -> None:
        """`screen` is left for good: it keeps what it must and is never drawn again."""
        self._left.add(screen)
        screen.leave()

    def close(self) -> None:
        """The page is gone or going: the screen is left (and one being read is not shown),
        and taken off the page. A page that comes back (a reload, the phone online again) is
        sent the page as it is held here and draws it at once, while its screen is read
        afresh: the screen left would be shown meanwhile (seconds, on a busy server), its
        fields typed in for nothing, what was typed there gone as the fresh screen came.
        Nothing asked for while it is away is drawn on it (the database back, a restore's
        outcome): its screen is read when it is back (`came_back`)."""
        self.away = True
        self._routes_asked += 1
        if self.current is not None:
            self.leave(self.current)
            self.current = None
        self.show_view(coming(self.page.route or "/", self.host.tr._("Loading…")))

    def came_back(self) -> None:
        """The page is back: the screen its route names is read afresh and shown."""
        self.away = False
        self.show_route()

    def kept(self, kind: type[_State]) -> _State:
        """This page's one `kind()`: a screen's state that outlives the screen (the screen is
        made anew each time it is shown), made when first asked for."""
        if kind not in self._kept:
            self._kept[kind] = kind()
        kept: _State = self._kept[kind]
        return kept


def coming(route: str, said: str) -> ft.View:
    """A page whose screen is on its way (it came back, and its screen is being read): a
    turning ring says so, where an empty page would look broken; a screen reader says `said`."""
    ring = Tagged("screen-coming", ft.ProgressRing(width=40, height=40, semantics_label=said))
    return ft.View(
        route=route, controls=[ft.Container(ring, expand=True, alignment=ft.Alignment.CENTER)]
    )
