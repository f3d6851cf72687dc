"""The table-side app: Flet screens over the scoring core and the game storage."""

from __future__ import annotations

import flet as ft


def start(page: ft.Page, *, db_path: str | None = None) -> None:
    """Build the whole app on the page, with the games kept in `db_path` (default: data folder)."""
    from canasta_score.ui.shell import App
    from canasta_score.ui.store import GameStore

    App(page, GameStore(db_path)).start()
