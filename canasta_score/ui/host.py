"""What a screen may ask of the app around it: the `Host` (the shell is one).

A screen knows its host by this protocol alone, never the shell's class. The host hands out a
few objects, each with one concern:

- `table`: what the table shares (its store of games, the news of the other phones, this
  phone's mark, the link for the others);
- `nav`: where this page is (go, the screen shown, drawn again, state kept for a screen);
- `messages`: what the page says and asks (messages, questions, a screen's dialogs);
- `device`: this device's settings and services (language, theme, clipboard, files);
- `layout`: the page's size, its text scale and the frame of every screen;
- `actions`: what a screen asks of storage, off the event loop, each fault met the same way;

and `tr`, this phone's words, with `update` and `run_task`, the page's own work.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from concurrent.futures import Future
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ParamSpec, Protocol, TypeVar

from canasta_score.ui.layout import CONTENT_WIDTH

if TYPE_CHECKING:
    from canasta_score.i18n import Translator
    from canasta_score.ui.actions import ActionRunner
    from canasta_score.ui.device import Device
    from canasta_score.ui.layout import Layout
    from canasta_score.ui.messages import Messages
    from canasta_score.ui.navigation import Navigator
    from canasta_score.ui.news import TableNews
    from canasta_score.ui.store import GameStore

__all__ = ["CONTENT_WIDTH", "Host", "Table"]

_P = ParamSpec("_P")
_R = TypeVar("_R")


@dataclass(frozen=True)
class Table:
    """What the phones at one table share."""

    #: The table's games, telling the other phones of each change saved through it.
    store: GameStore
    #: What this phone hears of the others' changes (a screen follows what it shows).
    news: TableNews
    #: This phone's mark (its browser's cookie; empty for an app with one device): a
    #: half-typed round belongs to the phone typing it.
    phone: str
    #: The link the other phones open (with its access token), when the table is served on
    #: the network; None when only this device can reach the app.
    invite: str | None
    #: Whether a machine serves this page and keeps its games (a browser on the table's
    #: server, on the network or on this machine), not this device itself (the phone app,
    #: the desktop window, the web app that runs wholly in the browser).
    served: bool


class Host(Protocol):
    """What a screen may ask of the app it is shown in."""

    @property
    def tr(self) -> Translator:
        """This phone's language: every word and number on its screens goes through it."""
        ...

    @property
    def table(self) -> Table: ...

    @property
    def nav(self) -> Navigator: ...

    @property
    def messages(self) -> Messages: ...

    @property
    def device(self) -> Device: ...

    @property
    def layout(self) -> Layout: ...

    @property
    def actions(self) -> ActionRunner: ...

    def speak(self, code: str) -> bool:
        """Words every screen in the language `code` from now on (the screen shown drawn
        again, what was typed in it kept); whether anything changed."""
        ...

    def update(self) -> None:
        """Sends what changed on the screen to the device."""
        ...

    def run_task(
        self, handler: Callable[_P, Coroutine[Any, Any, _R]], *args: _P.args, **kwargs: _P.kwargs
    ) -> Future[_R]:
        """Runs a coroutine on this page's event loop."""
        ...
