"""Round entries typed halfway, kept so a closed app or a lost tab does not lose them."""

from __future__ import annotations

import json
from typing import Any

from canasta_score.storage.database import (
    Database,
    game_row,
    holds_id,
    now,
    reading,
    writing,
)
from canasta_score.storage.tables import DraftRow


def save_draft(*, db: Database, game_id: int, draft: dict[str, Any] | None) -> None:
    """Keep a half-typed round entry (any JSON-able dict) for a game; None clears it."""
    data = None if draft is None else json.dumps(draft, ensure_ascii=False)
    with writing(db) as session:
        game_row(session, game_id)
        stored = session.get(DraftRow, game_id)
        if data is None:
            if stored is not None:
                session.delete(stored)
        elif stored is None:
            session.add(DraftRow(game_id=game_id, data=data, saved_at=now()))
        else:
            stored.data, stored.saved_at = data, now()
            session.add(stored)


def load_draft(*, db: Database, game_id: int) -> dict[str, Any] | None:
    """The half-typed round entry kept for a game, if any."""
    with reading(db) as session:
        stored = session.get(DraftRow, game_id) if holds_id(session, game_id) else None
        return None if stored is None else dict(json.loads(stored.data))
