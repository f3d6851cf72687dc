"""What the screens of one game share: reading it again when another phone changed it, and
leaving it (the sheet, the chart, a round's detail and round entry)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from canasta_score.ui.state.sheet import standings_said

if TYPE_CHECKING:
    import flet as ft

    from canasta_score.ui.host import Host
    from canasta_score.ui.state.typed_round import TypedRound
    from canasta_score.ui.store import StoredGame


class GameScreen:
    """A screen of one game, following that game's news."""

    app: Host
    route: str
    game_id: int
    stored: StoredGame

    def build(self) -> ft.View:
        raise NotImplementedError

    def changed_on_another_phone(self) -> None:
        """Another phone changed this game: read again (off the event loop), then shown. A
        game deleted there is said so, with its undo, and home is shown (`Host.attempt`)."""
        store = self.app.table.store
        self.app.actions.attempt(lambda: store.load_game(self.game_id), self.game_changed)

    def game_changed(self, stored: StoredGame) -> None:
        """The game as another phone left it: drawn again."""
        self.stored = stored
        self.app.nav.redraw(self)

    def say_saved(self, typed: TypedRound) -> None:
        """A round typed here is saved: a screen reader says each side's total and next
        minimum to open (or the winner), politely, as the sheet shows them."""
        game = typed.draft.game  # its made-up names in this phone's language
        number = typed.editing or len(game.rounds)
        self.app.device.announce(standings_said(game, number, self.app.tr))

    def leave(self) -> None:
        self.app.table.news.stop()
