"""What a page says and asks: passing messages at the bottom, questions before what cannot be
taken back, the dialogs its screens open, and what the action runner tells the player."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

import flet as ft

from canasta_score.storage import NoticeCode
from canasta_score.ui.components import (
    dialog_room,
    dialog_title,
    fit_button,
    tap_height,
)
from canasta_score.ui.components.basics import WORD_ENDS
from canasta_score.ui.components.names import name_fitted
from canasta_score.ui.news import (
    APP_FAULT,
    CANNOT_REACH_NOW,
    CANNOT_SAVE_NOW,
    GAME_DELETED_ELSEWHERE,
    SAVED_AGAIN,
)

if TYPE_CHECKING:
    from canasta_score.ui.host import Host
    from canasta_score.ui.store import GameNotFound


#: The least size a passing message's words are made smaller to, to keep a word whole.
SMALLEST_SAID = 12


def said_size(text: str, room: float, scale: float) -> float:
    """A passing message's size: 14, or smaller where a word wider than `room` keeps whole
    at `SMALLEST_SAID` or more (a word longer still, a file's path, breaks at 14 as ever).

    >>> said_size("Spiel gelöscht: Nachbarskinder -185", 185.6, 2.0) < 14
    True
    >>> said_size("Saved to /home/anna/.local/share/canasta-score/backups/x.json", 185.6, 2.0)
    14
    """
    sizes = [name_fitted(word, 14, room, scale) for word in WORD_ENDS.split(text) if word]
    return min((size for size in sizes if size >= SMALLEST_SAID), default=14)


class Said(NamedTuple):
    """A message held back: while a question closes, or until the screen on its way is shown."""

    text: str
    action: str | None = None
    #: What the action does.
    on_action: Callable[[], None] | None = None
    #: Stays until it is closed.
    lasting: bool = False
    #: Comes with the screen on its way (`Messages.say_with_screen`).
    with_screen: bool = False


class Messages:
    """One page's messages and dialogs (and the action runner's `Voice`)."""

    def __init__(self, page: ft.Page, app: Host) -> None:
        self.page = page
        self.app = app
        #: The dialogs and menus the screen opened (closed when the route changes).
        self.screen_dialogs: list[ft.DialogControl] = []
        #: While a confirmed action runs, its message waits until the dialog is gone.
        self.quiet = False
        self.held: Said | None = None
        #: Said while a screen is on its way: shown with that screen.
        self.coming: list[Said] = []

    # --- passing messages and questions ---------------------------------------------------

    def say(
        self,
        text: str,
        action: str | None = None,
        on_action: Callable[[], None] | None = None,
        *,
        lasting: bool = False,
    ) -> None:
        """A passing message at the bottom, with an optional action (e.g. Undo); a `lasting`
        one stays until it is closed (what the player must not miss). Said at once (the
        database out of reach, while a screen waits for it); `say_with_screen` for what the
        player just did."""
        self._say(Said(text, action, on_action, lasting))

    def say_with_screen(
        self,
        route: str | None,
        text: str,
        action: str | None = None,
        on_action: Callable[[], None] | None = None,
    ) -> None:
        """Shows the screen of `route` (the screen shown, read again, where it is None) and
        says `text` with it, placed above its bottom bar: "Round 2 deleted", said as round
        detail (no bottom bar) went, lay over the sheet's "Add round 2"."""
        if route is None:
            self.app.nav.show_route()
        else:
            self.app.nav.go(route)
        self._say(Said(text, action, on_action, with_screen=True))

    def _say(self, said: Said) -> None:
        if self.quiet:
            self.held = said
            return
        if said.with_screen and self.app.nav.on_its_way:
            self.coming.append(said)
            return
        on_action = said.on_action
        layout = self.app.layout
        room = layout.message_room(said.action)
        bar = ft.SnackBar(
            content=ft.Text(said.text, size=said_size(said.text, room, layout.text_scale)),
            action=said.action,
            on_action=(lambda: on_action()) if on_action else None,
            duration=ft.Duration(seconds=8 if said.action else 4),
            # Never set where there is no action: the close button would take a line alone.
            action_overflow_threshold=(
                0 if said.action and layout.action_apart(said.action) else None
            ),
            show_close_icon=True,
            persist=True if said.lasting else None,
            # Above the screen's bottom bar: "Round 2 taken back" leaves "Add round 2" in reach.
            behavior=ft.SnackBarBehavior.FLOATING,
            margin=self.app.layout.message_margin(),
        )
        self.page.show_dialog(bar)

    def screen_shown(self) -> None:
        """A screen is shown: what was said while it was on its way is shown with it."""
        coming, self.coming = self.coming, []
        for said in coming:
            self._say(said._replace(with_screen=False))

    def confirm(self, title: str, text: str, yes: str, on_yes: Callable[[], None]) -> None:
        """Ask before something that cannot be taken back; `on_yes` runs on a yes."""
        tr, scale = self.app.tr, self.app.layout.text_scale

        def answer(yes_please: bool) -> None:
            self.page.pop_dialog()
            if yes_please:
                self.quiet = True
                try:
                    on_yes()
                finally:
                    self.quiet = False

        tall = tap_height(14, scale)

        def dismissed() -> None:
            # A message shown while the dialog closes would bring the dialog back.
            if self.held is not None:
                said, self.held = self.held, None
                self._say(said)

        # Two lines where one would cut it ("Ronde terugnemen" at large text on a phone).
        yes_button = ft.FilledButton(
            content=ft.Text(yes, size=14), on_click=lambda: answer(True), height=tall
        )
        fit_button(yes_button, dialog_room(self.app.layout.width), scale, height=tall)
        self.show_dialog(
            ft.AlertDialog(
                modal=True,
                title=dialog_title(title, self.app.layout.width, scale),
                content=ft.Text(text),
                actions=[
                    ft.TextButton(tr._("Cancel"), on_click=lambda: answer(False), height=tall),
                    yes_button,
                ],
                on_dismiss=lambda: dismissed(),
            )
        )

    def show_dialog(self, dialog: ft.DialogControl) -> None:
        """Opens a dialog or bottom sheet a screen made; it closes when the route changes."""
        self.screen_dialogs = [d for d in self.screen_dialogs if d.open]
        self.screen_dialogs.append(dialog)
        self.page.show_dialog(dialog)

    def close_screen_dialogs(self) -> None:
        """Closes what the screen opened and left open (messages at the bottom stay)."""
        for dialog in self.screen_dialogs:
            if dialog.open:
                dialog.open = False
        self.screen_dialogs = []

    def close_dialog(self) -> None:
        self.page.pop_dialog()

    # --- what the action runner says (`canasta_score.ui.actions.Voice`) --------------------

    def unreachable(self, *, waiting: bool) -> None:
        self.say(self.app.tr._(CANNOT_REACH_NOW if waiting else CANNOT_SAVE_NOW))

    def reachable_again(self) -> None:
        self.say(self.app.tr._(SAVED_AGAIN))

    def game_gone(self, error: GameNotFound, undo: Callable[[], None] | None) -> None:
        """The game this phone works on was deleted on another phone: said, with its undo
        (the game restored, and this phone back where it was; what was typed here is kept
        meanwhile), and home is shown."""
        app, tr = self.app, self.app.tr
        if undo is None and error.notice.code == NoticeCode.GAME_DELETED:
            game_id, route, store = error.game_id, self.page.route, app.table.store

            def undo() -> None:
                app.actions.attempt(
                    lambda: store.restore_game(game_id), lambda _: app.nav.go(route)
                )

        self.say_with_screen(
            "/", tr._(GAME_DELETED_ELSEWHERE), tr._("Undo") if undo else None, undo
        )

    def fault(self, error: BaseException) -> None:
        self.say(self.app.tr._(APP_FAULT).format(details=f"{type(error).__name__}: {error}"))

    def refresh(self) -> None:
        self.page.update()
