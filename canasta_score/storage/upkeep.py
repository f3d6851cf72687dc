"""What runs beside an open database, built when it is opened: the automatic backups, the
summaries derived again after an update of the app, and the statistics summaries read before."""

from __future__ import annotations

from typing import Any

from canasta_score.storage import backups
from canasta_score.storage.database import Database
from canasta_score.storage.summaries import SummaryRefresh


class DatabaseUpkeep:
    """The threads and the cache of one open database (`Database.upkeep`)."""

    def __init__(self) -> None:
        self.backups = backups.BackupWorker()
        self.summaries = SummaryRefresh()
        self.played: dict[int, tuple[str, Any, Any]] = {}

    def start(self, db: Database) -> None:
        """Derive the summaries again if the app was updated; the daily backup if due."""
        self.summaries.start_if_due(db)
        backups.backup_if_due(db, self.backups)

    def after_write(self, db: Database, *, finished_now: bool) -> None:
        backups.after_write(db, self.backups, finished_now=finished_now)

    def close(self) -> None:
        self.summaries.finish()
        self.backups.wait()
