"""The table-side app: Flet screens over the scoring core and the game storage."""

from __future__ import annotations

import threading

import flet as ft

_open_stores: dict[str, object] = {}
_opening = threading.Lock()


def start(page: ft.Page, *, db_path: str | None = None) -> None:
    """Build the whole app on the page, with the games kept in `db_path` (default: data folder).

    Every page (browser tab, phone) of one process shares one open database; the first one
    opened tells its player what opening it found (a damaged file moved aside, a backup).
    """
    from canasta_score.ui.shell import App
    from canasta_score.ui.store import GameStore

    key = str(db_path or "")
    with _opening:
        store = _open_stores.get(key)
        first = store is None
        if store is None:
            store = _open_stores[key] = GameStore(db_path)
    assert isinstance(store, GameStore)
    App(page, store).start(tell_about_opening=first)
