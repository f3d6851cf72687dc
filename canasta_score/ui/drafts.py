"""Half-typed rounds noted in memory, before they are written: what a page opened now (a
reload, a second tab of the phone) starts from, so no page shows an older draft than the
last change.

The writing itself is the round's owner's (`canasta_score.ui.state.typed_round`): once typing
pauses, one write at a time, off the event loop. What is noted and not yet written when the
server closes is written then.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from canasta_score.storage import DatabaseUnavailable, GameNotFound

log = logging.getLogger(__name__)

#: A phone's draft of a game: (game id, the phone's mark).
Key = tuple[int, str]
Draft = dict[str, Any] | None


class NotedDrafts:
    """Each phone's newest half-typed round per game, noted until it is known to be written."""

    def __init__(self, write: Callable[[Key, Draft], object]) -> None:
        self._write = write
        self._lock = threading.Lock()
        self._noted: dict[Key, Draft] = {}

    def note(self, key: Key, draft: Draft) -> None:
        """The draft as typed now."""
        with self._lock:
            self._noted[key] = draft

    def noted(self, key: Key) -> tuple[bool, Draft]:
        """Whether a draft of `key` is noted and not yet written, and that draft."""
        with self._lock:
            return (key in self._noted, self._noted.get(key))

    def written(self, key: Key, draft: Draft) -> None:
        """`draft` is on disk: no longer noted, unless a newer one was noted meanwhile."""
        with self._lock:
            if key in self._noted and self._noted[key] is draft:
                del self._noted[key]

    def saved(self, key: Key, entry: str | None) -> None:
        """The round of `entry` was saved (None: a round saved without an entry): a draft
        noted for it went with it; a newer typing's stays."""
        with self._lock:
            noted = self._noted.get(key)
            if entry is None or noted is None or noted.get("entry") == entry:
                self._noted.pop(key, None)

    def close(self) -> None:
        """Writes what is noted and not yet written (the server closes)."""
        with self._lock:
            noted, self._noted = self._noted, {}
        for key, draft in noted.items():
            try:
                self._write(key, draft)
            except (DatabaseUnavailable, GameNotFound) as error:
                log.warning("a half-typed round could not be written as the app closed: %s", error)
