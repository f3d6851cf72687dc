"""Automatic backups: all games written next to the database file (or into the folder the
operator names) on a thread of their own, after every finished game and at most daily; the
newest few kept. On a database server, one process at a time writes them."""

from __future__ import annotations

import contextlib
import json
import logging
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from canasta_score.runtime import threads_available
from canasta_score.storage.atomic_write import WRITING_PREFIX, write_atomically
from canasta_score.storage.database import Database
from canasta_score.storage.export import export_all

#: How many automatic backups are kept; older ones are removed when a new one is written.
KEEP = 7
#: A backup is due when the newest one is older than this.
EVERY = timedelta(days=1)
PREFIX, SUFFIX = "canasta-score-backup-", ".json"


def backups_in(folder: Path) -> list[Path]:
    """The automatic backups in a folder, newest first."""
    if not folder.is_dir():
        return []
    found = [p for p in folder.iterdir() if p.name.startswith(PREFIX) and p.suffix == SUFFIX]
    return sorted(found, key=lambda p: p.name, reverse=True)


def newest_backup(folder: Path) -> Path | None:
    found = backups_in(folder)
    return found[0] if found else None


def taken_at(backup: Path) -> datetime | None:
    """When a backup was written, from its name (UTC).

    >>> taken_at(Path("canasta-score-backup-20261129-213632-123456.json"))
    datetime.datetime(2026, 11, 29, 21, 36, 32, 123456, tzinfo=datetime.timezone.utc)
    """
    stamp = backup.name.removeprefix(PREFIX).removesuffix(SUFFIX)
    try:
        return datetime.strptime(stamp, "%Y%m%d-%H%M%S-%f").replace(tzinfo=UTC)
    except ValueError:
        return None


def backup_due(folder: Path, now: datetime) -> bool:
    newest = newest_backup(folder)
    when = taken_at(newest) if newest else None
    return when is None or now - when >= EVERY


def write_backup(folder: Path, document: dict[str, Any], now: datetime, keep: int = KEEP) -> Path:
    """Write a backup document whole (never half a file), then remove all but the newest `keep`."""
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{PREFIX}{now.astimezone(UTC):%Y%m%d-%H%M%S-%f}{SUFFIX}"
    write_atomically(target, json.dumps(document, ensure_ascii=False))  # 5x faster than json.dump
    for old in backups_in(folder)[keep:]:
        old.unlink(missing_ok=True)
    for unfinished in folder.glob(f"{WRITING_PREFIX}*"):  # left by a process killed while writing
        with contextlib.suppress(OSError):
            if unfinished.stat().st_mtime < now.timestamp() - 60:
                unfinished.unlink()
    return target


# --- written for a database -----------------------------------------------------------------

_backup_lock = threading.Lock()
#: Per backups folder, when the next daily backup is due (so a save does not list the folder).
_next_backup: dict[Path, datetime] = {}


def backup_now(*, db: Database) -> Path | None:
    """Write an automatic backup of all games now (none when there are no games, no folder
    for them, or another server process of the same database is writing one)."""
    folder = db.backups_folder
    if folder is None:
        return None
    with _backup_lock, db.backend.backup_turn(db.engine) as ours:
        if not ours:
            return None
        document = export_all(db=db)
        if not document["games"]:
            return None
        now = datetime.now(UTC)
        written = write_backup(folder, document, now)
        _next_backup[folder] = now + EVERY
        return written


class BackupWorker:
    """Writes automatic backups on a thread of their own, so no save or start waits for one
    (in a browser tab, which has no threads, at once: the save waits for it there).

    A backup after a finished game asked for while one is being written is not lost: the
    worker writes once more, from a transaction that began after the request (so it holds the
    round just saved). A daily backup asked for meanwhile is the one being written, unless
    that one found no games to write.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._fresh = False  # a backup holding every change saved so far
        self._daily = False  # any backup from now on
        self._thread: threading.Thread | None = None

    def request(self, db: Database, *, fresh: bool = True) -> None:
        with self._lock:
            if fresh:
                self._fresh = True
            else:
                self._daily = True
            if self._thread is not None:
                return  # the backup being written writes once more
            if threads_available():
                self._thread = threading.Thread(
                    target=self._run, args=(db,), name="canasta-score-backup"
                )
                self._thread.start()
                return
        self._run(db)  # a browser tab has no threads: written now, before the save returns

    def _run(self, db: Database) -> None:
        while True:
            with self._lock:
                if not (self._fresh or self._daily):
                    self._thread = None
                    return
                self._fresh = self._daily = False
            try:
                written = backup_now(db=db)
            except Exception as error:  # the games are safe in the database; retried later
                logging.getLogger(__name__).warning("automatic backup not written: %s", error)
                continue
            if written is not None:
                with self._lock:
                    self._daily = False  # the daily backup asked for meanwhile: this one

    def wait(self) -> None:
        """Wait until the backup being written (if any) is on disk."""
        with self._lock:
            thread = self._thread
        if thread is not None:
            thread.join()


def backup_if_due(db: Database, worker: BackupWorker) -> None:
    """Ask for the daily backup when the newest one is a day old (or there is none)."""
    folder = db.backups_folder
    if folder is None:
        return
    now = datetime.now(UTC)
    due = _next_backup.get(folder)
    if due is not None and now < due:
        return
    if backup_due(folder, now):
        worker.request(db, fresh=False)  # once written, the next one is due a day later
    else:
        newest = newest_backup(folder)
        taken = taken_at(newest) if newest else None
        _next_backup[folder] = (taken or now) + EVERY


def after_write(db: Database, worker: BackupWorker, *, finished_now: bool) -> None:
    """A backup after every finished game, and at most daily otherwise, written on the backup
    thread: the save has been committed already and does not wait for it."""
    try:
        if finished_now:
            worker.request(db)
        else:
            backup_if_due(db, worker)
    except OSError as error:  # the next save tries again; the games are safe in the database
        logging.getLogger(__name__).warning("automatic backup not asked for: %s", error)
