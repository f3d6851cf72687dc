"""Half-typed rounds on their way to the database: the newest state of each wins, and no tap
waits for the disk.

A round entry screen notes its draft at each change and asks for it to be kept once typing
pauses (or at once, after a tap). On a server the writes happen on a thread of their own, one
at a time: a burst of changes is one write of the newest, and a database that does not answer
holds up nobody (the draft stays noted in memory, and is written once it answers). Without
threads (the web app that runs in the browser, unit tests) each is written when kept.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from canasta_score.runtime import threads_available
from canasta_score.storage import DatabaseUnavailable, GameNotFound

log = logging.getLogger(__name__)

#: A phone's draft of a game: (game id, the phone's mark).
Key = tuple[int, str]
Draft = dict[str, Any] | None

#: Seconds between two tries to write to a database that did not answer.
RETRY_PAUSE = 2.0
#: The longest the server's closing waits for the last drafts to be written.
CLOSING_WAIT = 10.0


class DraftWriter:
    """Each phone's newest half-typed round per game, noted in memory until it is written."""

    def __init__(self, write: Callable[[Key, Draft], None]) -> None:
        self._write = write
        self._lock = threading.Condition()
        #: The newest draft of each key not yet known to be on disk (what a reload reads).
        self._noted: dict[Key, Draft] = {}
        #: The drafts asked to be kept and not yet written.
        self._due: dict[Key, Draft] = {}
        self._thread: threading.Thread | None = None
        self._closing = False

    def start_thread(self) -> None:
        """Write on a thread of this writer's own from now on (where threads exist)."""
        if self._thread is None and threads_available():
            self._thread = threading.Thread(
                target=self._run, name="canasta-score-drafts", daemon=True
            )
            self._thread.start()

    def note(self, key: Key, draft: Draft) -> None:
        """The draft as typed now (not yet asked to be written)."""
        with self._lock:
            self._noted[key] = draft

    def noted(self, key: Key) -> tuple[bool, Draft]:
        """Whether a draft of `key` is noted and not yet on disk, and that draft."""
        with self._lock:
            return (key in self._noted, self._noted.get(key))

    def keep(self, key: Key, draft: Draft) -> None:
        """Writes the draft: on the writer's thread when it has one, else now."""
        with self._lock:
            self._noted[key] = draft
            self._due[key] = draft
            self._lock.notify()
        if self._thread is None:
            self.write_now(key)

    def write_now(self, key: Key) -> None:
        """Writes the newest noted draft of `key` now, on the caller's thread."""
        with self._lock:
            if key not in self._noted:
                return
            draft = self._noted[key]
            self._due.pop(key, None)
        self._write_one(key, draft)

    def forget(self, key: Key) -> None:
        """The draft went another way (saved as a round): nothing of it is written any more."""
        with self._lock:
            self._noted.pop(key, None)
            self._due.pop(key, None)

    def _write_one(self, key: Key, draft: Draft) -> bool:
        """Writes one draft; whether it is settled (written, or its game is gone)."""
        try:
            self._write(key, draft)
        except DatabaseUnavailable as error:
            log.warning("half-typed round kept in memory: %s", error)
            with self._lock:
                self._due.setdefault(key, draft)
            return False
        except GameNotFound:
            # Deleted on another phone: kept in memory, so an undo of the deletion finds it.
            return True
        except Exception:
            log.exception("a half-typed round could not be written")
            return True
        with self._lock:
            if self._noted.get(key, draft) is draft:
                self._noted.pop(key, None)  # what was noted is on disk now, or cleared
        return True

    def _run(self) -> None:
        while True:
            with self._lock:
                while not self._due and not self._closing:
                    self._lock.wait()
                if not self._due:
                    return
                due, self._due = self._due, {}
            settled = all([self._write_one(key, draft) for key, draft in due.items()])
            if not settled:
                with self._lock:
                    if self._closing:
                        return
                    self._lock.wait(RETRY_PAUSE)

    def close(self) -> None:
        """Writes what is due (the server closes), waiting at most `CLOSING_WAIT` seconds."""
        thread = self._thread
        with self._lock:
            self._closing = True
            self._lock.notify()
        if thread is not None:
            thread.join(CLOSING_WAIT)
        else:
            for key in list(self._due):
                self.write_now(key)
