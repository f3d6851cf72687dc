"""Opening the database: a file created, upgraded, or (when damaged) moved aside and started
anew; a server's database upgraded by one process at a time."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import Connection, Engine
from sqlalchemy.exc import DBAPIError

from canasta_score.storage import paths, schema
from canasta_score.storage.backend import Backend, Prepared, backend_for
from canasta_score.storage.database import Database
from canasta_score.storage.errors import StorageError
from canasta_score.storage.notices import Notice, NoticeCode
from canasta_score.storage.tables import SCHEMA_REVISION
from canasta_score.storage.upkeep import DatabaseUpkeep


def open_database(location: str | Path | None = None) -> Database:
    """Open (or create) the database, upgrading its schema: a file path, or a SQLAlchemy URL
    of a PostgreSQL database (`postgresql+psycopg://user@host/name`); None: `CANASTA_SCORE_DB`,
    else the app's file.

    A file that is not a database or is damaged is renamed (never deleted), a fresh database
    is made in its place, and `notice` and `backup_to_offer` say so. A database written by a
    newer version of the app raises StorageError and is left exactly as it was; so does one
    that cannot be reached or used (a server down, a locked file), saying why.
    """
    backend = backend_for(location)
    prepared = backend.prepare()
    if prepared.revisions not in (None, (SCHEMA_REVISION,)):  # a file: refused before it is
        _refuse_newer(backend, prepared.revisions or ())  # opened (WAL would change it)
    engine = backend.make_engine()
    try:
        if prepared.revisions is None:
            with engine.connect() as connection:
                current = schema.revisions(connection)
        else:
            current = prepared.revisions
        if current != (SCHEMA_REVISION,):  # Alembic is loaded only when there is work
            _migrate(backend, engine)
        with engine.connect():  # a database that cannot be opened is told here, not at first use
            pass
    except (OSError, DBAPIError) as error:
        engine.dispose()
        raise StorageError(backend.cannot_use(error)) from error
    except Exception:
        engine.dispose()
        raise
    backups_folder = paths.operator_backups_folder() or backend.default_backups
    notice, offer = _moved_aside(prepared, backups_folder)
    upkeep = DatabaseUpkeep()
    db = Database(
        backend=backend,
        engine=engine,
        notice=notice,
        backup_to_offer=offer,
        backups_folder=backups_folder,
        upkeep=upkeep,
    )
    upkeep.start(db)
    return db


def _moved_aside(
    prepared: Prepared, backups_folder: Path | None
) -> tuple[Notice | None, Path | None]:
    """What to tell of a file moved aside, and the newest automatic backup to offer."""
    if prepared.moved_aside is None:
        return None, None
    from canasta_score.storage.backups import newest_backup

    offer = newest_backup(backups_folder) if backups_folder is not None else None
    if offer is None:
        return Notice(NoticeCode.DATABASE_MOVED_ASIDE, prepared.moved_aside), None
    params = {**prepared.moved_aside, "backup": offer.name}
    return Notice(NoticeCode.DATABASE_MOVED_ASIDE_BACKUP, params), offer


def _refuse_newer(backend: Backend, current: tuple[str, ...]) -> None:
    """Raise StorageError when the database has a revision this version does not know."""
    known, head = schema.known_revisions()
    unknown = [r for r in current if r not in known]
    if unknown:
        raise StorageError(
            Notice(
                NoticeCode.DATABASE_TOO_NEW,
                {"path": backend.where, "unknown": ", ".join(unknown), "head": head},
            )
        )


def _migrate(backend: Backend, engine: Engine) -> None:
    """Run the missing migrations in one transaction, one process at a time; a database of a
    newer version is refused before anything in it changes."""
    with backend.writer(engine).connect() as connection, connection.begin():
        backend.lock_schema(connection)
        current = schema.revisions(connection)  # another process may have migrated meanwhile
        if current == (SCHEMA_REVISION,):
            return
        _refuse_newer(backend, current)
        if not current:
            _refuse_foreign(backend, connection)
        schema.upgrade(connection)


def _refuse_foreign(backend: Backend, connection: Connection) -> None:
    """Raise StorageError when a database without this app's schema already holds tables of
    the names it would make: another program's, which would be refused in the middle of
    making them ("table game already exists")."""
    from sqlalchemy import inspect
    from sqlmodel import SQLModel

    taken = sorted(set(inspect(connection).get_table_names()) & set(SQLModel.metadata.tables))
    if taken:
        raise StorageError(
            Notice(
                NoticeCode.DATABASE_NOT_OURS, {"path": backend.where, "tables": ", ".join(taken)}
            )
        )


def cannot_use(location: str | Path | None, error: BaseException) -> Notice:
    """What to tell a person when the database refuses to open, read or write."""
    return backend_for(location).cannot_use(error)
