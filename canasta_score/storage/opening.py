"""Opening the database file: created, upgraded, or (when damaged) moved aside and started anew."""

from __future__ import annotations

import shutil
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy.exc import DBAPIError

from canasta_score.storage import backups, paths, schema
from canasta_score.storage.database import Database
from canasta_score.storage.errors import StorageError
from canasta_score.storage.notices import Notice, NoticeCode
from canasta_score.storage.summaries import SummaryRefresh
from canasta_score.storage.tables import SCHEMA_REVISION


def open_database(path: str | Path | None = None) -> Database:
    """Open (or create) the database, upgrading its schema; a damaged file is moved aside.

    A file that is not a database or is damaged is renamed (never deleted), a fresh database
    is made in its place, and `notice` and `backup_to_offer` say so. A database written by a
    newer version of the app raises StorageError and is left exactly as it was.
    """
    db_path = paths.database_path(path)
    if db_path.is_dir():  # never moved aside: it may be any folder, named by mistake
        raise StorageError(
            Notice(
                NoticeCode.DATABASE_IS_FOLDER,
                {"path": str(db_path), "example": str(db_path / paths.DATABASE_NAME)},
            )
        )
    if db_path.exists() and not db_path.is_file():  # a device or a pipe: SQLite would hang or
        raise StorageError(  # leave a journal next to it
            Notice(NoticeCode.DATABASE_NOT_A_FILE, {"path": str(db_path)})
        )
    try:
        db_path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StorageError(
            Notice(
                NoticeCode.FOLDER_CANNOT_BE_MADE,
                {"path": str(db_path), "reason": str(error.strerror or error)},
            )
        ) from error
    backup_folder = paths.backups_folder(db_path)
    notice = offer = None
    state = schema.inspect_file(db_path)
    if state.unopenable:
        raise StorageError(cannot_use(db_path, Exception(state.unopenable)))
    if state.unreadable:
        try:
            aside = _move_aside(db_path)
        except OSError as error:
            raise StorageError(
                Notice(
                    NoticeCode.DATABASE_CANNOT_BE_MOVED,
                    {
                        "path": str(db_path),
                        "why": state.unreadable,
                        "reason": str(error.strerror or error),
                    },
                )
            ) from error
        offer = backups.newest_backup(backup_folder)
        moved: dict[str, str | Notice] = {
            "path": str(db_path),
            "why": state.unreadable,
            "aside": str(aside),
        }
        notice = (
            Notice(NoticeCode.DATABASE_MOVED_ASIDE_BACKUP, {**moved, "backup": offer.name})
            if offer
            else Notice(NoticeCode.DATABASE_MOVED_ASIDE, moved)
        )
    elif state.revisions != (SCHEMA_REVISION,):  # Alembic is loaded only when there is work
        known, head = schema.known_revisions()
        unknown = [r for r in state.revisions if r not in known]
        if unknown:
            raise StorageError(
                Notice(
                    NoticeCode.DATABASE_TOO_NEW,
                    {"path": str(db_path), "unknown": ", ".join(unknown), "head": head},
                )
            )
    engine = schema.make_engine(db_path)
    try:
        if state.revisions != (SCHEMA_REVISION,):
            schema.upgrade(engine)
        with engine.connect():  # a file that cannot be opened is told here, not at first use
            pass
    except (OSError, DBAPIError) as error:
        engine.dispose()
        raise StorageError(cannot_use(db_path, error)) from error
    except Exception:
        engine.dispose()
        raise
    db = Database(
        path=db_path,
        engine=engine,
        notice=notice,
        backup_to_offer=offer,
        _backups=backups.BackupWorker(),
        _summaries=SummaryRefresh(),
    )
    db._summaries.start_if_due(db)
    backups.backup_if_due(db)
    return db


def cannot_use(path: Path, error: BaseException) -> Notice:
    """What to tell the player when SQLite or the system refuses to open or write the file."""
    reason = getattr(error, "orig", None) or error
    reason = getattr(reason, "strerror", None) or reason
    return Notice(NoticeCode.DATABASE_CANNOT_BE_USED, {"path": str(path), "reason": str(reason)})


def _move_aside(path: Path) -> Path:
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.unreadable-{stamp}")
    number = 1
    while aside.exists():
        number += 1
        aside = path.with_name(f"{path.name}.unreadable-{stamp}-{number}")
    shutil.move(path, aside)
    for companion in ("-wal", "-shm", "-journal"):
        extra = path.with_name(path.name + companion)
        if extra.exists():
            shutil.move(extra, aside.with_name(aside.name + companion))
    return aside
