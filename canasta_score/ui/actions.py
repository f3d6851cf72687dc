"""One way to run what a screen asks of storage: off the event loop, each fault met the same way.

Every phone of a server process shares one event loop, so a call that waits on the database
(a file another process holds, a server that does not answer) would freeze every phone. A
screen therefore never calls storage in a handler itself: it hands the call to its host's
`attempt`, which runs it on a worker thread and then, back on the page's loop, hands the
result to the screen. What can go wrong is met here, the same on every screen:

- the database cannot be reached: said, what was typed stays on screen, and the action is
  run again once the database answers (`retry`);
- the game is gone (deleted on another phone): said, with its undo, then home;
- a refusal the screen expects (a stale change, a refused round, a file that is no backup):
  handed to the screen's own handler for it;
- anything else is a fault of the app: logged with its traceback, and said as one; the
  session goes on (Flet's "session crashed" screen is never reached).

Where there are no threads (the web app that runs in the browser) the same runner calls
storage directly; so do unit tests, which build an `App` on a stand-in page.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, TypedDict, TypeVar, Unpack

from canasta_score.storage import DatabaseUnavailable, GameNotFound

log = logging.getLogger(__name__)

_R = TypeVar("_R")

#: Seconds between two tries to reach a database that did not answer.
RETRY_EVERY = 2.0
#: How long a waiting action keeps trying before it is left to the player (saving again).
RETRY_FOR = 15 * 60.0


class Voice(Protocol):
    """How the runner tells the player what happened (the shell is one)."""

    def unreachable(self, *, waiting: bool) -> None:
        """The database did not answer; `waiting`: the action runs again once it does."""

    def reachable_again(self) -> None:
        """The database answered again after it did not."""

    def game_gone(self, error: GameNotFound, undo: Callable[[], None] | None) -> None:
        """A game was deleted (on another phone) while this one worked on it; `undo`, the
        screen's own undo of that, if it has one."""

    def fault(self, error: BaseException) -> None:
        """A fault of the app stopped an action (logged already)."""

    def refresh(self) -> None:
        """Sends what the result changed on the screen to the device."""


RunTask = Callable[[Callable[[], Coroutine[Any, Any, None]]], Any]


class Handling(TypedDict, total=False):
    """How the runner meets what a call may meet, beyond what it meets alike on every screen."""

    #: The refusals the screen handles itself, each with its handler.
    refused: Mapping[type[Exception], Callable[[Any], None]]
    #: The whole action, run again once an unreachable database answers.
    retry: Callable[[], None]
    #: The undo offered when the game is gone (by the game's id).
    undo_gone: Callable[[int], Callable[[], None] | None]
    #: Runs after the action, whatever its outcome (a button enabled again).
    always: Callable[[], None]
    #: Told when the action waits for the database (the screen can say so in sight).
    waits: Callable[[], None]


@dataclass
class ActionRunner:
    """Runs storage calls for one page: off its event loop where threads exist (`off_loop`)."""

    voice: Voice
    run_task: RunTask
    off_loop: bool
    #: The action waiting for the database to answer again (the newest one asked for).
    waiting: Callable[[], None] | None = field(default=None, init=False)
    #: Whether the player was told the database does not answer (and not yet that it does).
    out_of_reach: bool = field(default=False, init=False)
    _probing: bool = field(default=False, init=False)
    #: The waiting action runs again now (the runner's try, not a player's tap).
    _retrying: bool = field(default=False, init=False)
    #: Asks the database whether it answers (a cheap read); set by the shell.
    probe: Callable[[], object] | None = None

    def attempt(
        self,
        call: Callable[[], _R],
        then: Callable[[_R], None] | None = None,
        **handling: Unpack[Handling],
    ) -> None:
        """Runs `call`, then `then(result)` on the page's loop; faults met as the module says,
        and as `handling` asks (`Handling`)."""
        # Whether this is the runner's own try of a waiting action (not a player's tap): it
        # travels with the call, which may come back long after `back` has returned.
        faults = _Faults(handling, retrying=self._retrying)
        always = handling.get("always")
        if not self.off_loop:
            self._finish(call, then, faults, always, ran=None)
            return

        async def run() -> None:
            try:
                result: Any = await asyncio.to_thread(call)
            except Exception as error:
                self._finish(call, then, faults, always, ran=error)
            else:
                self._finish(call, then, faults, always, ran=_Done(result))

        self.run_task(run)

    async def off_the_loop(self, call: Callable[[], _R]) -> _R:
        """`call`'s result, awaited off the loop where threads exist (else called now); for
        the shell's own coroutines, which meet its faults themselves."""
        return await asyncio.to_thread(call) if self.off_loop else call()

    def _finish(
        self,
        call: Callable[[], _R],
        then: Callable[[_R], None] | None,
        faults: _Faults,
        always: Callable[[], None] | None,
        ran: _Done | Exception | None,
    ) -> None:
        """What follows a call, on the page's loop (`ran`: its result or error; None: the
        call is yet to be made, here and now)."""
        try:
            try:
                if ran is None:
                    result = call()
                elif isinstance(ran, _Done):
                    result = ran.value
                else:
                    raise ran
            except Exception as error:
                self._met(error, faults)
            else:
                self.reached()
                if then is not None:
                    then(result)
        except Exception as error:  # a fault in what the screen did with the outcome
            self._bug(error)
        finally:
            if always is not None:
                try:
                    always()
                except Exception as error:
                    self._bug(error)
            self._refresh()

    def _met(self, error: Exception, faults: _Faults) -> None:
        for kind, handle in faults.refused.items():
            if isinstance(error, kind):
                handle(error)
                return
        if isinstance(error, DatabaseUnavailable):
            log.warning("the database did not answer: %s", error)
            self.wait_for_database(faults.retry, retrying=faults.retrying)
            if faults.waits is not None:
                faults.waits()
        elif isinstance(error, GameNotFound):
            undo = faults.undo_gone(error.game_id) if faults.undo_gone is not None else None
            self.voice.game_gone(error, undo)
        else:
            self._bug(error)

    def _bug(self, error: BaseException) -> None:
        log.error("an action stopped on a fault of the app", exc_info=error)
        self.voice.fault(error)

    def _refresh(self) -> None:
        try:
            self.voice.refresh()
        except Exception:  # the page went away meanwhile
            log.debug("the page could not be updated", exc_info=True)

    # --- an unreachable database ------------------------------------------------------------

    def wait_for_database(
        self, retry: Callable[[], None] | None, *, retrying: bool = False
    ) -> None:
        """Says the database did not answer (once, until it does); runs `retry` once it
        answers again (`retrying`: this was the runner's own try of it)."""
        if retry is not None:
            self.waiting = retry
        # Said once while it lasts, and again to a player whose own tap now waits (not at
        # each try of the runner's own).
        if not self.out_of_reach or (retry is not None and not retrying):
            self.voice.unreachable(waiting=retry is not None)
        self.out_of_reach = True
        if retry is not None and self.probe is not None and not self._probing:
            self._probing = True
            self.run_task(self._probe_until_back)

    async def _probe_until_back(self) -> None:
        probe = self.probe
        assert probe is not None
        try:
            tries = int(RETRY_FOR / RETRY_EVERY)
            for _ in range(tries):
                await asyncio.sleep(RETRY_EVERY)
                if self.waiting is None:
                    return
                try:
                    if self.off_loop:
                        await asyncio.to_thread(probe)
                    else:
                        probe()
                except Exception:
                    continue
                self.back()  # waits again if the action does not get through yet
                if self.waiting is None:
                    return
        finally:
            self._probing = False

    def reached(self) -> None:
        """The database answered: said, if the player was told it did not."""
        if self.out_of_reach:
            self.out_of_reach = False
            self.voice.reachable_again()

    def back(self) -> None:
        """The database answers again: the waiting action runs once more (and says so when
        it gets through; if it does not, it waits again)."""
        retry, self.waiting = self.waiting, None
        if retry is None:
            return
        self._retrying = True
        try:
            retry()
        except Exception as error:
            self._bug(error)
        finally:
            self._retrying = False
        self._refresh()

    def forget(self) -> None:
        """The screen that asked is gone: its waiting action is not run again."""
        self.waiting = None


@dataclass(frozen=True)
class _Faults:
    """How a call's faults are met (`Handling`), and whether the call is the runner's own try
    of a waiting action."""

    handling: Handling
    retrying: bool = False

    @property
    def refused(self) -> Mapping[type[Exception], Callable[[Any], None]]:
        return self.handling.get("refused") or {}

    @property
    def retry(self) -> Callable[[], None] | None:
        return self.handling.get("retry")

    @property
    def undo_gone(self) -> Callable[[int], Callable[[], None] | None] | None:
        return self.handling.get("undo_gone")

    @property
    def waits(self) -> Callable[[], None] | None:
        return self.handling.get("waits")


@dataclass(frozen=True)
class _Done:
    """A call's result (which may itself be None)."""

    value: Any
