"""The door from a round's owner (`ui.state.typed_round`) to storage and the page's loop.

Each request runs through the host's action runner (off the shared event loop on a server),
its outcome handed back on the page's loop as plain data. A database out of reach is the
owner's to meet (it keeps the round and sends the save again, said over Save), so the
runner neither says it nor retries; a game gone or a fault of the app is met by the runner
as on every screen, and the owner hears only that nothing was saved.

The device notes each save from the moment it is sent until its answer comes back
(`ui.state.save_note`): a page opened after this one was closed or lost its connection meanwhile
says whether the round landed (`tell_save_fate`). It notes the round as typed, too, at each
change until its draft is written (`ui.state.typing_note`): such a page goes on from the last
keystroke, not from the draft written at the pause before it (`keep_typed_here`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from canasta_score.core import RoundRefused
from canasta_score.ui.state.save_note import KEY, SaveOnItsWay
from canasta_score.ui.state.typed_round import (
    Failed,
    Outcome,
    Refused,
    Request,
    Saved,
    SaveRound,
    Stale,
    Unreachable,
    WriteDraft,
    Written,
)
from canasta_score.ui.state.typing_note import KEY as TYPING
from canasta_score.ui.state.typing_note import TypedHere
from canasta_score.ui.store import DatabaseUnavailable, GameNotFound, StaleGame, StoredGame

if TYPE_CHECKING:
    from canasta_score.ui.host import Host

log = logging.getLogger(__name__)

#: Seconds a page opened with a save's note that has not landed waits before saying so:
#: another page of this device may be sending it now, and its answer takes the note away.
NOT_LANDED_WAIT = 3.0


class StoredRoundPort:
    """A round's requests for one game, typed on one phone (`host.table.phone`)."""

    def __init__(self, host: Host, game_id: int) -> None:
        self.host = host
        self.game_id = game_id
        #: The round as typed, as this game's note on the device holds it (None: none).
        self._on_device: dict[str, Any] | None = None

    def send(self, request: Request, done: Callable[[Outcome], None]) -> None:
        answered = False
        if isinstance(request, SaveRound):
            note = SaveOnItsWay(self.game_id, request.round_number, request.entry, request.typed)
            self.host.device.note(KEY, note.text())

        def answer(outcome: Outcome) -> None:
            nonlocal answered
            if not answered:
                answered = True
                if isinstance(request, SaveRound) and not isinstance(outcome, Unreachable):
                    self.host.device.note(KEY, "")  # it came back: said on this page
                if isinstance(outcome, Saved) or (
                    isinstance(request, WriteDraft) and isinstance(outcome, Written)
                ):
                    self._written_down(request)
                done(outcome)

        def unreachable(error: DatabaseUnavailable) -> None:
            log.warning("the database did not answer: %s", error)
            answer(Unreachable())

        refused: dict[type[Exception], Callable[[Any], None]] = {
            DatabaseUnavailable: unreachable,
            RoundRefused: lambda refusal: answer(Refused(refusal.problems)),
        }
        if isinstance(request, WriteDraft):
            # A game deleted on another phone: the draft is noted in memory, so an undo of
            # the deletion finds it; nothing to say here.
            refused[GameNotFound] = lambda _gone: answer(Written())
        self.host.actions.attempt(
            self._call(request),
            answer,
            refused=refused,
            always=lambda: answer(Failed()),
        )

    def _call(self, request: Request) -> Callable[[], Outcome]:
        store, game_id, phone = self.host.table.store, self.game_id, self.host.table.phone
        if isinstance(request, WriteDraft):
            draft = request.draft

            def write() -> Outcome:
                store.keep_draft(game_id, draft, phone)
                return Written()

            return write
        save: SaveRound = request

        def save_round() -> Outcome:
            try:
                if save.editing is None:
                    stored = store.add_round(game_id, save.entries, save.version, phone, save.entry)
                else:
                    stored = store.replace_round(
                        game_id, save.editing, save.entries, save.version, save.entry
                    )
            except StaleGame:
                return Stale(store.load_game(game_id))
            return Saved(stored)

        return save_round

    def later(self, seconds: float, action: Callable[[], None]) -> None:
        async def wait() -> None:
            await asyncio.sleep(seconds)
            action()

        self.host.run_task(wait)

    def note(self, draft: dict[str, Any] | None) -> None:
        self.host.table.store.note_draft(self.game_id, draft, self.host.table.phone)
        self._on_device = draft
        self.host.device.note(TYPING, self._note_text())

    def _note_text(self) -> str:
        draft = self._on_device
        return "" if draft is None else TypedHere(self.game_id, draft).text()

    def _written_down(self, request: Request) -> None:
        """The round typed is in the database (its draft written, or the round saved): the
        device lets its note go, unless typed on meanwhile (here, or in another game)."""
        if isinstance(request, SaveRound) or request.draft == self._on_device:
            if self.host.device.noted(TYPING) == self._note_text():
                self.host.device.note(TYPING, "")
            self._on_device = None


async def tell_save_fate(host: Host, note: SaveOnItsWay) -> None:
    """Says whether a save noted on this device before this page opened landed, once."""
    store, actions = host.table.store, host.actions

    async def game() -> StoredGame | None:
        try:
            return await actions.off_the_loop(lambda: store.load_game(note.game_id))
        except (GameNotFound, DatabaseUnavailable):
            return None  # the game deleted, or out of reach: nothing to say for sure

    stored = await game()
    if stored is not None and note.entry not in stored.saved_entries:
        await asyncio.sleep(NOT_LANDED_WAIT)
        still = await host.device.services.read([KEY])
        if SaveOnItsWay.read(still.get(KEY)) != note:
            return  # another page of this device had it on its way, and heard back
        stored = await game()
        if stored is not None and note.entry not in stored.saved_entries:
            await keep_as_typed(host, note)
    host.device.note(KEY, "")
    if stored is not None:
        host.messages.say(note.fate(stored.saved_entries, host.tr), lasting=True)


async def keep_typed_here(host: Host, note: TypedHere) -> None:
    """A round typed on this device whose last keystrokes were not yet written when the page
    before was closed or lost its connection: kept as the phone's draft, unless a typing of
    the phone begun since stands, or the round was saved (`keep_draft` keeps no draft of a
    saved entry); round entry, if shown untouched, opens on it."""
    store, phone, game_id = host.table.store, host.table.phone, note.game_id

    def keep() -> bool:
        if not note.stands_over(store.load_draft(game_id, phone)):
            return False
        # The phone's newest typing now (over one noted in memory by a page still open), and
        # written (not kept if its round was saved meanwhile).
        store.note_draft(game_id, note.typed, phone)
        return store.keep_draft(game_id, note.typed, phone)

    try:
        kept = await host.actions.off_the_loop(keep)
    except DatabaseUnavailable:
        return  # the note stays, for the next page
    except GameNotFound:
        kept = False
    if TypedHere.read(host.device.noted(TYPING)) == note:  # not typed on this page meanwhile
        host.device.note(TYPING, "")
    if kept:
        show_kept(host, game_id)


async def keep_as_typed(host: Host, note: SaveOnItsWay) -> None:
    """A round that never landed, typed again from the note where this phone kept no draft
    of it (Save tapped before typing paused): round entry, if shown untouched, opens on it."""
    store, phone, game_id = host.table.store, host.table.phone, note.game_id
    if note.typed is None:
        return

    def keep() -> bool:
        if store.load_draft(game_id, phone) is not None:
            return False  # this phone's own draft (of this round, or typed since) stands
        return store.keep_draft(game_id, note.typed, phone)

    try:
        if not await host.actions.off_the_loop(keep):
            return
    except (GameNotFound, DatabaseUnavailable):
        return
    show_kept(host, game_id)


def show_kept(host: Host, game_id: int) -> None:
    """A round kept as the phone's draft of `game_id`: the screen of that game, if shown
    untouched, is read again with it (round entry opens on it; the sheet says "Continue")."""
    shown = host.nav.current
    if getattr(shown, "game_id", None) == game_id and not getattr(shown, "handled", False):
        host.nav.show_route()  # read again, with the round kept (unless typed in meanwhile)
