"""An action run once changes pause (a draft saved after typing stops), or at once when asked."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

#: Starts a coroutine function on the page's event loop (`page.run_task`).
RunTask = Callable[[Callable[[], Awaitable[None]]], Any]


class Debounced:
    """Runs `action` `pause` seconds after the last `poke()`; `flush()` runs it now if due.

    One waiting task per burst of changes, not one per change: the task sleeps on while
    pokes keep coming. Everything runs on the page's event loop, so no locks are needed.
    """

    def __init__(self, action: Callable[[], None], pause: float, run_task: RunTask) -> None:
        self.action = action
        self.pause = pause
        self.run_task = run_task
        self.due = False
        self._pokes = 0
        self._waiting = False

    def poke(self) -> None:
        """Something changed: run the action once changes have paused."""
        self.due = True
        self._pokes += 1
        if not self._waiting:
            self._waiting = True
            self.run_task(self._wait)

    async def _wait(self) -> None:
        try:
            while True:
                seen = self._pokes
                await asyncio.sleep(self.pause)
                if seen == self._pokes:
                    break
        finally:
            self._waiting = False
        self.flush()

    def now(self) -> None:
        """Run the action at once (a tap, kept before anything else can happen); a pause
        still running then finds nothing left to do."""
        self.due = True
        self.flush()

    def flush(self) -> None:
        """Run the action now if a change is waiting for it (leaving, closing)."""
        if self.due:
            self.due = False
            self.action()

    def cancel(self) -> None:
        """Forget the waiting change (what it would have kept was saved another way)."""
        self.due = False
