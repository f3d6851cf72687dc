"""Opening the database file: created, upgraded, or (when damaged) moved aside and started anew."""

from __future__ import annotations

import shutil
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy.exc import DBAPIError

from canasta_score.storage import backups, paths, schema
from canasta_score.storage.database import Database
from canasta_score.storage.errors import StorageError
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
            f"The game database {db_path} is a folder, not a database file; name a file, "
            f"e.g. {db_path / paths.DATABASE_NAME}. Nothing was changed."
        )
    if db_path.exists() and not db_path.is_file():  # a device or a pipe: SQLite would hang or
        raise StorageError(  # leave a journal next to it
            f"The game database {db_path} is not a file (a device or a pipe?); name a file. "
            "Nothing was changed."
        )
    try:
        db_path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StorageError(
            f"The game database {db_path} cannot be created: its folder cannot be made "
            f"({error.strerror or error})."
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
                f"The game database {db_path} could not be opened: {state.unreadable}, and it "
                f"cannot be moved aside ({error.strerror or error}). Nothing was changed."
            ) from error
        offer = backups.newest_backup(backup_folder)
        notice = (
            f"The game database {db_path} could not be opened: {state.unreadable}. "
            f"It was moved to {aside} (nothing was deleted) and a new, empty database was "
            "started."
        )
        if offer:
            notice += f" The newest automatic backup, {offer.name}, can be restored."
    elif state.revisions != (SCHEMA_REVISION,):  # Alembic is loaded only when there is work
        known, head = schema.known_revisions()
        unknown = [r for r in state.revisions if r not in known]
        if unknown:
            raise StorageError(
                f"The game database {db_path} was written by a newer version of Canasta Score "
                f"(schema {', '.join(unknown)}; this version knows up to {head}). It was not "
                "changed: update the app to open it."
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


def cannot_use(path: Path, error: BaseException) -> str:
    """What to tell the player when SQLite or the system refuses to open or write the file."""
    reason = getattr(error, "orig", None) or error
    reason = getattr(reason, "strerror", None) or reason
    return (
        f"The game database {path} cannot be used: {reason}. Check that no other program holds it "
        "and that the file and its folder can be written. Nothing was changed."
    )


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
