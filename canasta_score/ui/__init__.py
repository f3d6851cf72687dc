"""The table-side app: Flet screens over the scoring core and the game storage."""

from __future__ import annotations

import asyncio
import threading
from typing import TYPE_CHECKING

import flet as ft

from canasta_score.runtime import IN_BROWSER

if TYPE_CHECKING:
    from canasta_score.i18n import Translator
    from canasta_score.storage import Notice
    from canasta_score.ui.shell import App
    from canasta_score.ui.store import GameStore

_open_stores: dict[str, GameStore] = {}
#: The databases a page has been shown from (the first one is told what opening found).
_served: set[str] = set()
_opening = threading.Lock()


def open_store(db_path: str | None = None, *, look_first: bool = False) -> GameStore:
    """The open database every page of this process shares, opened at the first call (by
    the server while the first browser still fetches the client, else by the first page);
    raises StorageError when it cannot be used, and tries again at the next call.

    `look_first`: a first call that finds a sound file of this version leaves the opening to
    the first use beyond the home screen (`GameStore`)."""
    from canasta_score.ui.store import GameStore

    key = str(db_path or "")
    with _opening:
        store = _open_stores.get(key)
        if store is None:
            store = _open_stores[key] = GameStore(db_path, look_first=look_first)
        return store


def start(
    page: ft.Page,
    *,
    db_path: str | None = None,
    invite: str | None = None,
    look_first: bool = False,
) -> App | None:
    """Build the whole app on the page, with the games kept in `db_path` (default: data folder).

    `invite` is the link the other phones open, when the app is served on the network.
    `look_first`: the home screen may be drawn from a first look at the file, the database
    opened at its first use after (`GameStore`).

    Every page (browser tab, phone) of one process shares one open database; the first one
    shown tells its player what opening it found (a damaged file moved aside, a backup).
    Returns the app (None where the database cannot be used: the page says why).
    """
    from canasta_score.runtime import threads_available
    from canasta_score.storage import StorageError
    from canasta_score.ui.late_answers import take_late_answers
    from canasta_score.ui.shell import App

    take_late_answers()

    try:
        store = open_store(db_path, look_first=look_first)
    except StorageError as error:  # e.g. a folder, a locked file, a newer app's file
        show_unusable_database(page, error.notice)
        return None
    key = str(db_path or "")
    with _opening:
        first = key not in _served
        _served.add(key)
        if first:
            store.read_statistics_soon()
            store.listen_to_others(page.pubsub)
    # A server's phones share one event loop: storage is asked off it, where threads exist.
    app = App(page, store, invite, off_loop=threads_available())
    app.start(tell_about_opening=first)
    return app


def show_unusable_database(page: ft.Page, reason: Notice) -> None:
    """A plain screen saying why the games cannot be opened; nothing was changed on disk.

    Worded at once in the language the browser sent as it connected (else English), then
    again in the device's own language once the device says it, if that differs.
    """
    from canasta_score.i18n import negotiate, translator
    from canasta_score.ui.connection import BROWSER_LANGUAGES
    from canasta_score.ui.device import DEVICE_WAIT
    from canasta_score.ui.shell import locale_tag

    print(f"Canasta Score: {reason}", flush=True)
    page.title = "Canasta Score"
    first = negotiate(BROWSER_LANGUAGES.get())
    page.add(unusable_database_text(reason, translator(first)))

    async def in_device_language() -> None:
        try:
            info = await asyncio.wait_for(page.get_device_info(), DEVICE_WAIT)
        except Exception:  # the page is gone or cannot say: the first language stays
            return
        code = negotiate([locale_tag(locale) for locale in info.locales]) if info else "en"
        if code != first:
            page.controls = [unusable_database_text(reason, translator(code))]
            page.update()

    page.run_task(in_device_language)


def unusable_database_text(reason: Notice, tr: Translator) -> ft.Control:
    from canasta_score.ui.components.basics import Tagged

    said = tr.said(reason)
    return ft.SafeArea(
        ft.Column(
            [
                ft.Text(tr._("The games cannot be opened"), size=24, weight=ft.FontWeight.BOLD),
                Tagged("database-problem", ft.Text(said, size=16), label=said),
                *(
                    []  # a browser tab: the notice itself says what to do
                    if IN_BROWSER
                    else [
                        ft.Text(
                            tr._(
                                "Close the app, fix this or start it with another database "
                                "(--db PATH), and open it again."
                            ),
                            size=16,
                        )
                    ]
                ),
            ],
            spacing=16,
        ),
        minimum_padding=16,
    )
