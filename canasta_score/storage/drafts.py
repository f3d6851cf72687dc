"""Round entries typed halfway, kept so a closed app or a lost tab does not lose them.

A half-typed round belongs to the phone typing it: each phone of a table keeps its own (by the
phone's mark; "" for an app with one device), and two phones typing at once do not overwrite
each other. One row per game holds them all, so a write locks the game's row as every change
of the game does. A row written before drafts had phones holds one draft, of no known phone
(""): the phone that has none of its own is offered to take it over.

A draft names the entry it belongs to (`ENTRY`, the identity its typing began with). Once
that entry is saved as a round (`storage.rounds`), a write of its draft that comes late (from
a thread that waited on the database) is dropped, and a copy already on disk is never handed
out again: a saved round never comes back as one still to be typed.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from sqlmodel import Session, select

from canasta_score.storage.database import (
    Database,
    aware,
    game_row,
    holds_id,
    now,
    reading,
    writing,
)
from canasta_score.storage.records import Draft
from canasta_score.storage.tables import DraftRow, SavedEntryRow

#: The key of the phones' drafts in a row (a row without it is one draft of no known phone).
PHONES = "phones"
#: The key of a draft's entry identity.
ENTRY = "entry"


def _drafts(stored: DraftRow | None) -> dict[str, dict[str, Any]]:
    """The phones' drafts of a row, each `{"draft": ..., "at": ISO time}`."""
    if stored is None:
        return {}
    document = json.loads(stored.data)
    if isinstance(document, dict) and isinstance(document.get(PHONES), dict):
        return dict(document[PHONES])
    return {"": {"draft": document, "at": aware(stored.saved_at).isoformat()}}


def entry_saved(session: Session, game_id: int, entry: object) -> bool:
    """Whether the round entry `entry` was saved as a round of the game."""
    if not isinstance(entry, str):
        return False
    return session.get(SavedEntryRow, (game_id, entry)) is not None


def save_draft(
    *, db: Database, game_id: int, draft: dict[str, Any] | None, phone: str = ""
) -> bool:
    """Keep a phone's half-typed round entry (any JSON-able dict) for a game; None clears it.
    Whether it was kept: a draft of an entry saved as a round meanwhile is not."""
    with writing(db) as session:
        game_row(session, game_id)
        if draft is not None and entry_saved(session, game_id, draft.get(ENTRY)):
            return False
        _keep(session, game_id, phone, draft)
        return True


def drop_draft(session: Session, game_id: int, phone: str) -> None:
    """Clears one phone's half-typed round, in a transaction that writes the game's row."""
    _keep(session, game_id, phone, None)


def _keep(session: Session, game_id: int, phone: str, draft: dict[str, Any] | None) -> None:
    stored = session.get(DraftRow, game_id)
    drafts = _drafts(stored)
    moment = now()
    if draft is None:
        if phone not in drafts:
            return
        del drafts[phone]
    else:
        drafts[phone] = {"draft": draft, "at": moment.isoformat()}
    if not drafts:
        if stored is not None:
            session.delete(stored)
        return
    data = json.dumps({PHONES: drafts}, ensure_ascii=False)
    if stored is None:
        session.add(DraftRow(game_id=game_id, data=data, saved_at=moment))
    else:
        stored.data, stored.saved_at = data, moment
        session.add(stored)


def load_drafts(*, db: Database, game_id: int) -> list[Draft]:
    """Every phone's half-typed round of a game, the newest first."""
    with reading(db) as session:
        stored = session.get(DraftRow, game_id) if holds_id(session, game_id) else None
        drafts = _drafts(stored)
        saved = set(
            session.exec(select(SavedEntryRow.entry).where(SavedEntryRow.game_id == game_id)).all()
            if stored is not None
            else ()
        )
    kept = [
        Draft(phone, dict(entry["draft"]), datetime.fromisoformat(entry["at"]))
        for phone, entry in drafts.items()
        if isinstance(entry, dict)
        and isinstance(entry.get("draft"), dict)
        and entry["draft"].get(ENTRY) not in saved
    ]
    return sorted(kept, key=lambda draft: draft.saved_at, reverse=True)


def load_draft(*, db: Database, game_id: int, phone: str = "") -> dict[str, Any] | None:
    """The half-typed round entry a phone kept for a game, if any."""
    for draft in load_drafts(db=db, game_id=game_id):
        if draft.phone == phone:
            return draft.data
    return None
