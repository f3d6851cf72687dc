"""News of changed games between the server processes of one shared database: PostgreSQL's
LISTEN / NOTIFY on one channel. A process announces each change it saved; every other process
hears of it within moments, and after a lost connection listens again and is told to reload.

A SQLite file is one process's: nothing is announced or heard (`Database.backend.shared`).
"""

from __future__ import annotations

import json
import logging
import threading
import uuid
from collections.abc import Callable
from typing import Any

from sqlalchemy import text

from canasta_score.runtime import threads_available
from canasta_score.storage.database import Database

#: The one channel every process of the app listens on.
CHANNEL = "canasta_score"
#: How long the listener waits for news before it checks that it should go on; and how long
#: it waits before trying a lost server again.
WAKE_SECONDS = 1.0
RETRY_SECONDS = 1.0

log = logging.getLogger(__name__)


def announce(*, db: Database, game_id: int | None, sender: str) -> None:
    """Tell the other processes that a game changed (None: only the game list did)."""
    if not db.backend.shared:
        return
    payload = json.dumps({"game": game_id, "from": sender})
    with db.engine.begin() as connection:
        connection.execute(
            text("SELECT pg_notify(:channel, :payload)"), {"channel": CHANNEL, "payload": payload}
        )


class ChangeListener:
    """Listens on the channel on a thread of its own; `heard(game_id)` for each change another
    process announced, `reconnected()` once listening again after the connection was lost
    (news may have been missed meanwhile: whatever is shown is read again)."""

    def __init__(
        self,
        db: Database,
        *,
        heard: Callable[[int | None], None],
        reconnected: Callable[[], None],
        lost: Callable[[], None] = lambda: None,
    ) -> None:
        self.db = db
        self.heard = heard
        self.reconnected = reconnected
        self.lost = lost
        #: This process's name in its announcements: its own news is not heard again.
        self.sender = uuid.uuid4().hex
        self._stop = threading.Event()
        self._listening = threading.Event()
        self._thread = threading.Thread(target=self._run, name="canasta-score-listen", daemon=True)

    def start(self) -> ChangeListener:
        if not threads_available():  # a browser tab's SQLite file is shared with nobody
            raise RuntimeError("listening to other processes needs a thread")
        self._thread.start()
        return self

    def wait_listening(self, timeout: float | None = None) -> bool:
        """Wait until the channel is listened on (for a caller that must not miss news)."""
        return self._listening.wait(timeout)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=2 * WAKE_SECONDS + 5)

    def _run(self) -> None:
        from canasta_score.storage.postgres_server import psycopg_connection

        first = True
        while not self._stop.is_set():
            try:
                connection = psycopg_connection(self.db.engine)
            except Exception as error:  # the server is down: try again shortly
                log.debug("listening: cannot connect: %s", error)
                self._stop.wait(RETRY_SECONDS)
                continue
            try:
                connection.execute(f"LISTEN {CHANNEL}")
                self._listening.set()
                if not first:
                    # The pool's connections went with the server: the next save starts afresh.
                    self.db.engine.dispose()
                    self._call(self.reconnected)
                first = False
                while not self._stop.is_set():
                    for notice in connection.notifies(timeout=WAKE_SECONDS):
                        self._deliver(notice.payload)
                    connection.execute("SELECT 1")  # a dead connection is found out here
            except Exception as error:
                log.warning("listening: connection lost: %s", error)
                self._listening.clear()
                self._call(self.lost)
                self._stop.wait(RETRY_SECONDS)
            finally:
                try:
                    connection.close()
                except Exception:  # already gone
                    log.debug("listening: closing a lost connection failed")

    def _deliver(self, payload: str) -> None:
        try:
            news: Any = json.loads(payload)
            game_id = news.get("game")
            sender = news.get("from")
        except (ValueError, AttributeError):
            return  # not ours
        if sender == self.sender:
            return
        self._call(lambda: self.heard(game_id if isinstance(game_id, int) else None))

    def _call(self, callback: Callable[[], None]) -> None:
        try:
            callback()
        except Exception:  # a screen's trouble must not end the listening
            log.exception("listening: a callback failed")
