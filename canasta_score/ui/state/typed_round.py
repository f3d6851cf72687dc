"""The round being typed on this phone: its one owner, from the first keystroke to the database.

A round entry has one owner, `TypedRound`, whatever screen shows it: it holds the values
typed, has them written as a draft once typing pauses, saves the round, sends the save again
while the database does not answer, and hears what the other phones saved, in one order: one
call to storage at a time, the next sent only once the one before has come back.

Each entry has an identity (`entry`), given as its typing begins and carried by each draft
and by the save. Storage records a saved entry's identity in the save's own transaction, so a
draft written behind the save is dropped there, and a save sent twice is recorded once.

The owner outlives the screen: a save still on its way when the player goes back to the
sheet goes on, and the sheet shows it ("Saving round 2") until it lands or says it did not.
Plain Python: what it asks of storage goes through a `RoundPort`, which the app gives it.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol

from canasta_score.core import Game, Problem, SideEntry
from canasta_score.ui.state.labels import N_
from canasta_score.ui.state.round_entry import ENTRY, RoundDraft

#: Seconds without a change before the half-typed round is written to the database.
DRAFT_PAUSE = 0.7
#: Seconds a save may take before the screen says, over Save, that it waits for the database
#: (a file another process holds answers only after SQLite's own wait, 10 s or more).
SAY_WAITING_AFTER = 3.0
#: Seconds between two tries to reach a database that did not answer, and how long a save
#: goes on trying before it is left to the player (saving again).
RETRY_EVERY = 2.0
RETRY_FOR = 15 * 60.0

#: Said over Save when a save was refused because another phone changed the game first.
CHANGED_ELSEWHERE = N_("This game was changed on another screen. Check the round and save again.")


class Phase(StrEnum):
    TYPING = "typing"  # being typed: Save sends it
    SAVING = "saving"  # the save is on its way
    WAITING = "waiting"  # the database did not answer: the save is sent again until it does
    SAVED = "saved"  # in the game; nothing of it is written any more


class GameAsStored(Protocol):
    """A game as storage hands it out (`storage.StoredGame`)."""

    @property
    def game(self) -> Game: ...

    @property
    def version(self) -> int: ...

    @property
    def saved_entries(self) -> frozenset[str]: ...


# --- what comes back from storage ----------------------------------------------------------


@dataclass(frozen=True)
class Written:
    """A draft written (or dropped, its entry saved already)."""


@dataclass(frozen=True)
class Saved:
    stored: GameAsStored


@dataclass(frozen=True)
class Unreachable:
    """The database did not answer: nothing was changed."""


@dataclass(frozen=True)
class Stale:
    """Another phone changed the game first: nothing was saved; the game as it is now."""

    latest: GameAsStored


@dataclass(frozen=True)
class Refused:
    problems: Sequence[Problem]


@dataclass(frozen=True)
class Failed:
    """A fault of the app, or the game gone: said by the app already; nothing was saved."""


Outcome = Written | Saved | Unreachable | Stale | Refused | Failed


@dataclass(frozen=True)
class WriteDraft:
    """Write this phone's draft of the next round (None: clear it)."""

    draft: dict[str, Any] | None


@dataclass(frozen=True)
class SaveRound:
    """Save the entries as the next round (`editing` None) or as round `editing`, based on
    the game's `version`; `entry` names this typing (a second send records nothing more)."""

    entries: Sequence[SideEntry]
    version: int
    editing: int | None
    entry: str
    #: The round it is saved as (said to the player if the answer never comes back).
    round_number: int
    #: The next round as typed (`TypedRound.kept`; None for an edit), kept by the device
    #: until the answer comes back.
    typed: dict[str, Any] | None = None


Request = WriteDraft | SaveRound


class RoundPort(Protocol):
    """What the owner asks of the app: storage calls off the event loop, timers, and the
    in-memory note of the newest draft (what a page of this phone opened now starts from)."""

    def send(self, request: Request, done: Callable[[Outcome], None]) -> None:
        """Runs `request` against storage; `done(outcome)` on the page's event loop."""
        ...

    def later(self, seconds: float, action: Callable[[], None]) -> None:
        """Runs `action` on the page's event loop after `seconds`."""
        ...

    def note(self, draft: dict[str, Any] | None) -> None:
        """The draft as typed now, before it is written."""
        ...


class TypedRound:
    """A round typed on this phone (or a round edited): its values, draft and save."""

    def __init__(
        self,
        draft: RoundDraft,
        stored: GameAsStored,
        port: RoundPort,
        shown: Callable[[Game], Game] = lambda game: game,
        entry: str | None = None,
    ) -> None:
        self.draft = draft
        self.stored = stored
        self.port = port
        #: The game as the screens show it (made-up side names in the phone's language).
        self.shown = shown
        #: This typing's identity, carried by each draft and by the save.
        self.entry = entry or uuid.uuid4().hex
        self.phase = Phase.TYPING
        #: A save on its way for a while: said over Save (and on the sheet).
        self.slow = False
        #: The round typed here that another phone saved first: this entry waits for the
        #: player to drop it or keep it as the next round (never renumbered unasked).
        self.overtaken: int | None = None
        #: Why the last save did not go through (said over Save until the next save).
        self.refusal: Sequence[Problem] = ()
        #: Save was tapped on this typing: what may wait for more typing (canastas before
        #: their melded points) is said from then on.
        self.save_tried = False
        #: A save refused as another screen changed the game first (an English msgid), or
        #: the round edited here changed there first (worded with its number by the screen).
        self.changed_elsewhere: str | None = None
        self.edited_elsewhere = False
        #: Told of every change of phase or outcome (the screen showing it draws it again).
        self.watcher: Callable[[], None] | None = None
        #: Something was typed since the draft was last sent to be written.
        self._dirty = False
        #: A call to storage is on its way; what to send once it is back.
        self._busy = False
        self._save_next = False
        self._write_next = False
        #: Changes counted, so a pause is known to be one (`changed`), and whether a timer
        #: waits for it.
        self._changes = 0
        self._pausing = False
        #: Saves sent, so a late timer of an earlier one does nothing.
        self._saves = 0
        self._tries = 0

    def reword(self) -> None:
        """Its game's made-up names as the phone words them now: a round read before the
        phone's language was (a page opened again) kept "We" and "They" on a Finnish phone."""
        self.draft.game = self.shown(self.draft.game)

    # --- what the screen shows -------------------------------------------------------------

    @property
    def editing(self) -> int | None:
        return self.draft.editing

    @property
    def on_its_way(self) -> bool:
        """A save is on its way or waits for the database (Save stays off: one tap, one round)."""
        return self.phase in (Phase.SAVING, Phase.WAITING)

    @property
    def waiting(self) -> bool:
        """Whether the screen says the round waits for the database (did not answer, or slow)."""
        return self.phase == Phase.WAITING or (self.phase == Phase.SAVING and self.slow)

    def can_save(self) -> bool:
        return (
            self.phase == Phase.TYPING
            and self.draft.touched
            and self.overtaken is None
            and not self.draft.problems()
        )

    def kept(self) -> dict[str, Any] | None:
        """The half-typed next round as kept (nothing, for a round not begun)."""
        if not self.draft.worth_keeping:
            return None
        return self.draft.as_dict() | {ENTRY: self.entry}

    # --- typing ----------------------------------------------------------------------------

    def changed(self, *, at_once: bool = False) -> None:
        """The values changed: noted now, written once typing pauses, or `at_once` (a tap,
        which nothing after it may lose)."""
        if self.editing is not None or self.phase == Phase.SAVED:
            return
        self.port.note(self.kept())
        self._dirty = True
        self._changes += 1
        if at_once:
            self._write()
        elif not self._pausing:  # one timer a burst of keystrokes, not one a keystroke
            self._pausing = True
            self._wait_for_pause(self._changes)

    def _wait_for_pause(self, seen: int) -> None:
        self.port.later(DRAFT_PAUSE, lambda: self._paused(seen))

    def _paused(self, seen: int) -> None:
        if seen != self._changes:  # typed on meanwhile: wait for the pause after it
            self._wait_for_pause(self._changes)
            return
        self._pausing = False
        self._write()

    def leave(self) -> None:
        """The screen showing it is left: what is typed and not yet written is written now
        (a save on its way goes on)."""
        self.watcher = None
        if self._dirty:
            self._write()

    def write_now(self) -> None:
        """Writes what is typed and not yet written, without waiting for the pause."""
        self._write()

    def _write(self) -> None:
        """Writes the newest draft, unless a save carries it (or carried it) already."""
        if self.phase != Phase.TYPING or not self._dirty or self.editing is not None:
            return
        if self._busy:
            self._write_next = True
            return
        self._dirty = False
        self._send(WriteDraft(self.kept()), self._written)

    def _written(self, outcome: Outcome) -> None:
        if isinstance(outcome, Unreachable) and self.phase == Phase.TYPING:
            self._dirty = True  # noted in memory meanwhile; written once it answers
            self.port.later(RETRY_EVERY, self._write)

    def clear(self, fresh: RoundDraft) -> None:
        """Starts the round over (`fresh`: empty, or the round as saved): the draft kept so
        far goes; a new typing, with an identity of its own."""
        self.draft = fresh
        self.entry = uuid.uuid4().hex
        self.overtaken = None
        self.refusal = ()
        self.save_tried = False
        self.changed_elsewhere = None
        if self.editing is None:
            self.port.note(None)
            self._dirty = True
            self._write()

    def drop_entry(self, fresh: RoundDraft) -> None:
        """The round another phone saved stands; this phone's entry of it goes."""
        self.clear(fresh)

    def keep_entry(self) -> None:
        """This phone's entry is a round of its own: the next one."""
        self.overtaken = None
        self.changed(at_once=True)

    def take_over(self, typed: RoundDraft) -> None:
        """Goes on with the round another phone typed (theirs stays theirs)."""
        self.draft = typed
        self.changed(at_once=True)

    # --- saving ----------------------------------------------------------------------------

    def save(self) -> bool:
        """Saves the round as it stands; whether it is on its way."""
        self.save_tried = True
        if not self.can_save():
            return False
        self.phase = Phase.SAVING
        self.refusal = ()
        self.changed_elsewhere = None
        self.edited_elsewhere = False
        self._tries = 0
        self._send_save()
        return True

    def _send_save(self) -> None:
        if self._busy:  # a draft on its way: the save follows it
            self._save_next = True
            return
        entries, problems = self.draft.entries()
        if entries is None or problems:
            self.phase = Phase.TYPING
            self.refusal = problems
            self._tell()
            return
        self._saves += 1
        this_save = self._saves
        self.port.later(SAY_WAITING_AFTER, lambda: self._slow(this_save))
        request = SaveRound(
            entries,
            self.stored.version,
            self.editing,
            self.entry,
            self.draft.round_number,
            self.kept() if self.editing is None else None,
        )
        self._send(request, self._save_came_back)

    def _slow(self, this_save: int) -> None:
        if self.phase == Phase.SAVING and self._saves == this_save and not self.slow:
            self.slow = True
            self._tell()

    def _save_came_back(self, outcome: Outcome) -> None:
        self.slow = False
        if isinstance(outcome, Saved):
            self._saved(outcome.stored)
        elif isinstance(outcome, Unreachable):
            self.phase = Phase.WAITING
            self.port.note(self.kept())  # what is typed stays, for a page opened meanwhile
            self._tries += 1
            if self._tries * RETRY_EVERY < RETRY_FOR:
                self.port.later(RETRY_EVERY, self._send_again)
        elif isinstance(outcome, Stale):
            self.phase = Phase.TYPING
            self._stale(outcome.latest)
        else:
            self.phase = Phase.TYPING
            self.refusal = outcome.problems if isinstance(outcome, Refused) else ()
            self._dirty = self.editing is None
            self._write()  # the last keystroke is kept, whatever the save's fate
        self._tell()

    def _send_again(self) -> None:
        """The database is asked again with the round as it now stands (the same entry: if
        an earlier send did land, nothing more is recorded)."""
        if self.phase == Phase.WAITING:
            self.phase = Phase.SAVING
            self._send_save()
            self._tell()

    def _saved(self, stored: GameAsStored) -> None:
        self.phase = Phase.SAVED
        self.stored = stored
        self.draft.game = self.shown(stored.game)
        self._dirty = False

    def _stale(self, latest: GameAsStored) -> None:
        """Another phone changed the game first: its game taken, what was typed kept."""
        if self.editing is not None and not self.same_round(latest):
            self._edited_elsewhere(latest)
            return
        self.note_overtaken(latest)
        self._take(latest)
        if self.overtaken is None:
            self.changed_elsewhere = CHANGED_ELSEWHERE
        self._dirty = self.editing is None
        self._write()

    def _edited_elsewhere(self, latest: GameAsStored) -> None:
        """The round edited here was changed on another phone first: theirs stands, shown."""
        number = self.editing
        assert number is not None
        self.stored = latest
        self.edited_elsewhere = True
        if number <= len(latest.game.rounds):
            self.draft = RoundDraft(self.shown(latest.game), number)

    # --- the other phones ------------------------------------------------------------------

    def game_changed(self, stored: GameAsStored) -> bool:
        """Another phone (or another page of this one) changed the game while this round is
        typed: what was typed stays; whether the screen should be drawn again.

        A new round moves on with the game (its number, dealer and preview on the new
        totals); if another phone saved the very round typed here, the player says what
        becomes of this entry (`overtaken`). This entry saved there (a page of this phone
        opened meanwhile) is this round saved. An edited round takes the new game only while
        its own round is as it was."""
        if self.phase == Phase.SAVED:
            return False
        if self.entry in stored.saved_entries:
            self._saved(stored)
            self._tell()
            return True
        if self.editing is not None and not self.same_round(stored):
            return False
        self.note_overtaken(stored)
        self._take(stored)
        return True

    def note_overtaken(self, stored: GameAsStored) -> None:
        """Whether `stored` holds the round typed here, saved on another phone."""
        before = self.draft.round_number
        saved_there = self.editing is None and len(stored.game.rounds) >= before
        if saved_there and self.draft.touched and self.overtaken is None:
            self.overtaken = before

    def same_round(self, stored: GameAsStored) -> bool:
        """Whether the round edited here is in `stored` as it was when its typing began."""
        number = self.editing
        before = self.stored.game.rounds
        now = stored.game.rounds
        return number is not None and number <= len(now) and now[number - 1] == before[number - 1]

    def _take(self, stored: GameAsStored) -> None:
        self.stored = stored
        self.draft.game = self.shown(stored.game)

    # --- one call at a time ----------------------------------------------------------------

    def _send(self, request: Request, done: Callable[[Outcome], None]) -> None:
        self._busy = True

        def came_back(outcome: Outcome) -> None:
            self._busy = False
            done(outcome)
            if self._save_next and self.phase == Phase.SAVING:
                self._save_next = False
                self._send_save()
            elif self._write_next:
                self._write_next = False
                self._write()

        self.port.send(request, came_back)

    def _tell(self) -> None:
        if self.watcher is not None:
            self.watcher()


class TypedRounds:
    """This page's rounds being typed or on their way, by game and round edited (a page's
    state that outlives its screens: `Host.kept`)."""

    def __init__(self) -> None:
        self._rounds: dict[tuple[int, int | None], TypedRound] = {}

    def on_its_way(self, game_id: int) -> TypedRound | None:
        """The round of the game whose save is on its way, if any (shown on the sheet)."""
        for (game, _), typed in self._rounds.items():
            if game == game_id and typed.on_its_way:
                return typed
        return None

    def unsaved(self, game_id: int, editing: int | None) -> TypedRound | None:
        """The round whose save is on its way, or did not go through after its screen was
        left: round entry opens on it again (a new round, or an edit begun afresh, else)."""
        typed = self._rounds.get((game_id, editing))
        if typed is not None and (typed.on_its_way or typed.refusal or typed.changed_elsewhere):
            return typed
        return None

    def keep(self, game_id: int, typed: TypedRound) -> None:
        self._rounds[(game_id, typed.editing)] = typed
