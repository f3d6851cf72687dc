"""What a screen may ask of the app around it: the `Host` (the shell is one).

A screen knows its host by this protocol alone, never the shell's class: where to go, the
words, messages and questions, this device's settings and services, the table's store and
news, and the facts of the layout. Whatever else the shell does (the page, its services, the
device's storage, its language negotiation) stays the shell's business.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any, ParamSpec, Protocol, TypeVar

if TYPE_CHECKING:
    import flet as ft

    from canasta_score.i18n import Translator
    from canasta_score.ui.news import TableNews
    from canasta_score.ui.screen import Screen
    from canasta_score.ui.store import GameStore

_P = ParamSpec("_P")
_R = TypeVar("_R")
_State = TypeVar("_State")

#: Widest the content grows on a desktop, so the sheet stays a pad and not a spreadsheet.
CONTENT_WIDTH = 760


class Host(Protocol):
    """What a screen may ask of the app it is shown in."""

    # --- what the table shares ----------------------------------------------------------

    @property
    def store(self) -> GameStore:
        """The table's games, telling the other phones of each change saved through it."""
        ...

    @property
    def news(self) -> TableNews:
        """What this phone hears of the others' changes (a screen follows what it shows)."""
        ...

    @property
    def phone(self) -> str:
        """This phone's mark: a half-typed round belongs to the phone typing it."""
        ...

    @property
    def invite(self) -> str | None:
        """The link the other phones open, when the table is served on the network."""
        ...

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
        """Runs a storage `call` off the shared event loop, then `then(result)`; a database
        out of reach, a game gone or a fault is met the same way on every screen, a refusal
        in `refused` is the screen's to handle (`canasta_score.ui.actions`)."""
        ...

    @property
    def served(self) -> bool:
        """Whether a machine serves this page and keeps its games, not this device itself."""
        ...

    # --- words --------------------------------------------------------------------------

    @property
    def tr(self) -> Translator:
        """This phone's language: every word and number on its screens goes through it."""
        ...

    # --- where this phone is ------------------------------------------------------------

    @property
    def current(self) -> Screen | None:
        """The screen shown now."""
        ...

    def go(self, route: str) -> None:
        """Shows the screen of `route` (drawn again when it is the route shown)."""
        ...

    def show_route(self) -> None:
        """Draws the screen of the route shown, afresh."""
        ...

    def redraw(self, screen: Screen) -> None:
        """Draws `screen` again as it now is, on the same route."""
        ...

    def kept(self, kind: type[_State]) -> _State:
        """This page's one `kind()`: a screen's state that outlives the screen (the screen is
        made anew each time it is shown), made when first asked for."""
        ...

    # --- messages and questions ---------------------------------------------------------

    def message(
        self, text: str, action: str | None = None, on_action: Callable[[], None] | None = None
    ) -> None:
        """A passing message at the bottom, with an optional action (e.g. Undo)."""
        ...

    def confirm(self, title: str, text: str, yes: str, on_yes: Callable[[], None]) -> None:
        """Asks before something that cannot be taken back; `on_yes` runs on a yes."""
        ...

    def show_dialog(self, dialog: ft.DialogControl) -> None:
        """Opens a dialog or bottom sheet the screen made (a question with a field, a menu);
        it belongs to the route shown, and closes when the route changes."""
        ...

    def close_dialog(self) -> None:
        """Closes the dialog opened last."""
        ...

    # --- the page's work ----------------------------------------------------------------

    def update(self) -> None:
        """Sends what changed on the screen to the device."""
        ...

    def run_task(
        self, handler: Callable[_P, Awaitable[_R]], *args: _P.args, **kwargs: _P.kwargs
    ) -> Future[_R]:
        """Runs a coroutine on this page's event loop."""
        ...

    # --- this device --------------------------------------------------------------------

    def device_setting(self, name: str, default: str) -> str:
        """One of this device's settings (`theme`, `keep_awake`, `language`)."""
        ...

    def set_device_setting(self, name: str, value: str) -> None:
        """Keeps a setting on this device (never in the shared database), from now on."""
        ...

    def choose_language(self, code: str | None) -> None:
        """A language chosen (None: the device's own), kept and shown at once."""
        ...

    def choose_theme(self, theme: str) -> None:
        """A theme chosen (`system`, `light`, `dark`), kept and shown at once."""
        ...

    def keep_awake(self, on: bool) -> None:
        """Keeps the screen on (during a game), where this device's setting allows it."""
        ...

    def copy_text(self, text: str, done: str) -> None:
        """Puts `text` on this phone's clipboard, and says `done` once it is there."""
        ...

    def save_file(self, name: str, data: bytes) -> None:
        """Offers `data` as a file called `name`: the save dialog, or a download."""
        ...

    def file_picker(self) -> ft.FilePicker:
        """The page's file picker, for a `PickFiles` action; picks go to `on_files_picked`."""
        ...

    on_files_picked: Callable[[list[ft.FilePickerFile]], None] | None

    # --- layout -------------------------------------------------------------------------

    @property
    def width(self) -> float:
        """The page's width."""
        ...

    @property
    def text_scale(self) -> float:
        """How much this phone enlarges text (its text size setting): 1 normal, 2 twice."""
        ...

    def is_wide(self) -> bool:
        """Whether the page is wide (a tablet or a desktop window)."""
        ...

    def content_width(self, widest: float = CONTENT_WIDTH) -> float | None:
        """The body's width: None (the whole screen) on phones, at most `widest` elsewhere."""
        ...

    def body_width(self, widest: float = CONTENT_WIDTH) -> float:
        """About how wide a screen's body is, inside the frame's padding."""
        ...

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
        """A screen: app bar with a back button, a centred body and an optional bottom bar;
        with `room_at_end`, half a screen of room under the body."""
        ...
