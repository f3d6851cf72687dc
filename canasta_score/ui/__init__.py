"""The table-side app: Flet screens over the scoring core and the game storage."""

from __future__ import annotations

import threading

import flet as ft

_open_stores: dict[str, object] = {}
_opening = threading.Lock()


def start(page: ft.Page, *, db_path: str | None = None, invite: str | None = None) -> None:
    """Build the whole app on the page, with the games kept in `db_path` (default: data folder).

    `invite` is the link the other phones open, when the app is served on the network.

    Every page (browser tab, phone) of one process shares one open database; the first one
    opened tells its player what opening it found (a damaged file moved aside, a backup).
    """
    from canasta_score.storage import StorageError
    from canasta_score.ui.shell import App
    from canasta_score.ui.store import GameStore

    key = str(db_path or "")
    with _opening:
        store = _open_stores.get(key)
        first = store is None
        if store is None:
            try:
                store = _open_stores[key] = GameStore(db_path)
            except StorageError as error:  # e.g. a folder, a locked file, a newer app's file
                show_unusable_database(page, str(error))
                return
    assert isinstance(store, GameStore)
    App(page, store, invite).start(tell_about_opening=first)


def show_unusable_database(page: ft.Page, reason: str) -> None:
    """A plain screen saying why the games cannot be opened; nothing was changed on disk."""
    from canasta_score.i18n import _
    from canasta_score.ui.components.basics import Tagged

    print(f"Canasta Score: {reason}", flush=True)
    page.title = "Canasta Score"
    page.add(
        ft.SafeArea(
            ft.Column(
                [
                    ft.Text(_("The games cannot be opened"), size=24, weight=ft.FontWeight.BOLD),
                    Tagged("database-problem", ft.Text(reason, size=16), label=reason),
                    ft.Text(
                        _(
                            "Close the app, fix this or start it with another database "
                            "(--db PATH), and open it again."
                        ),
                        size=16,
                    ),
                ],
                spacing=16,
            ),
            minimum_padding=16,
        )
    )
