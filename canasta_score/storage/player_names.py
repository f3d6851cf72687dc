"""Players' names changed across the whole history: renames and merges kept as facts.

The games keep the names as entered; the statistics apply these changes in the order they
were made (`statistics.apply_changes`). Undoing one deletes it; both are in the change log.
"""

from __future__ import annotations

import json

from sqlmodel import Session, col, select

from canasta_score.core import table_name
from canasta_score.statistics import NameChange
from canasta_score.storage.database import Database, aware, holds_id, now, reading, writing
from canasta_score.storage.errors import NameChangeNotFound
from canasta_score.storage.records import StoredNameChange
from canasta_score.storage.tables import ChangeRow, NameChangeRow


def _stored(row: NameChangeRow) -> StoredNameChange:
    assert row.id is not None
    return StoredNameChange(id=row.id, old=row.old, new=row.new, created_at=aware(row.created_at))


def _log(session: Session, what: str, row: NameChangeRow) -> None:
    names = json.dumps([{"old": row.old, "new": row.new}], ensure_ascii=False)
    session.add(ChangeRow(game_id=None, at=now(), what=what, after=names, version=0))


def add_name_change(*, db: Database, change: NameChange) -> StoredNameChange:
    """Keep a rename (`old` becomes `new`) or a merge (`old` joins the player `new`).

    Raises ValueError for a blank name or a change to the very same spelling.
    """
    old, new = table_name(change.old), table_name(change.new)
    if not old or not new:
        raise ValueError("a name change needs the old and the new name, neither blank")
    if old == new:
        raise ValueError(f'"{old}" is already spelled that way')
    with writing(db) as session:
        row = NameChangeRow(old=old, new=new, created_at=now())
        session.add(row)
        session.flush()
        _log(session, "name changed", row)
    return _stored(row)


def undo_name_change(*, db: Database, change_id: int) -> StoredNameChange:
    """Take back a name change (the later ones stay); raises NameChangeNotFound."""
    with writing(db) as session:
        row = session.get(NameChangeRow, change_id) if holds_id(session, change_id) else None
        if row is None:
            raise NameChangeNotFound(change_id)
        undone = _stored(row)
        _log(session, "name change undone", row)
        session.delete(row)
    return undone


def name_changes(*, db: Database) -> list[StoredNameChange]:
    """Every name change kept, in the order made (the order they apply in)."""
    with reading(db) as session:
        rows = session.exec(select(NameChangeRow).order_by(col(NameChangeRow.id))).all()
        return [_stored(row) for row in rows]
