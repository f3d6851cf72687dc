"""What every screen offers the shell: its view, and a last word before it goes."""

from __future__ import annotations

from typing import Protocol

import flet as ft


class Screen(Protocol):
    """A screen for one route; the shell builds it and tells it when it is left."""

    route: str

    def build(self) -> ft.View:
        """The screen's view as things now are."""
        ...

    def leave(self) -> None:
        """The screen goes away, or the page closes: keep what must not be lost."""
        return None


class RoundNotFound(LookupError):
    """A route names a round its game does not have (deleted, or a stale or mistyped link)."""

    def __init__(self, game_id: int, number: int) -> None:
        super().__init__(f"game {game_id} has no round {number}")
        self.game_id = game_id
        self.number = number
