"""Round entries typed halfway, kept so a closed app or a lost tab does not lose them.

A half-typed round belongs to the phone typing it: each phone of a table keeps its own (by the
phone's mark; "" for an app with one device), and two phones typing at once do not overwrite
each other. One row per game holds them all, so a write locks the game's row as every change
of the game does. A row written before drafts had phones holds one draft, of no known phone
(""): the phone that has none of its own is offered to take it over.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import Session

from canasta_score.storage.database import (
    Database,
    aware,
    game_row,
    holds_id,
    now,
    reading,
    writing,
)
from canasta_score.storage.tables import DraftRow

#: The key of the phones' drafts in a row (a row without it is one draft of no known phone).
PHONES = "phones"


@dataclass(frozen=True)
class Draft:
    """A half-typed round kept for one phone: what was typed, and when it was kept."""

    phone: str
    data: dict[str, Any]
    saved_at: datetime


def _drafts(stored: DraftRow | None) -> dict[str, dict[str, Any]]:
    """The phones' drafts of a row, each `{"draft": ..., "at": ISO time}`."""
    if stored is None:
        return {}
    document = json.loads(stored.data)
    if isinstance(document, dict) and isinstance(document.get(PHONES), dict):
        return dict(document[PHONES])
    return {"": {"draft": document, "at": aware(stored.saved_at).isoformat()}}


def save_draft(
    *, db: Database, game_id: int, draft: dict[str, Any] | None, phone: str = ""
) -> None:
    """Keep a phone's half-typed round entry (any JSON-able dict) for a game; None clears it."""
    with writing(db) as session:
        game_row(session, game_id)
        _keep(session, game_id, phone, draft)


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
    kept = [
        Draft(phone, dict(entry["draft"]), datetime.fromisoformat(entry["at"]))
        for phone, entry in drafts.items()
        if isinstance(entry, dict) and isinstance(entry.get("draft"), dict)
    ]
    return sorted(kept, key=lambda draft: draft.saved_at, reverse=True)


def load_draft(*, db: Database, game_id: int, phone: str = "") -> dict[str, Any] | None:
    """The half-typed round entry a phone kept for a game, if any."""
    for draft in load_drafts(db=db, game_id=game_id):
        if draft.phone == phone:
            return draft.data
    return None
