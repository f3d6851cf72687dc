"""The round being typed, noted on the device at each change until its draft is written.

A half-typed round reaches the database once typing pauses (`typed_round.DRAFT_PAUSE`): what
was typed in the moment before a page died (a web-app tab reloaded 0.5 s after a keystroke, a
table server restarted as a player typed) lived in that page's memory alone, and a page
opened again showed the draft from before the last keystrokes. So the device keeps the round
as typed at each change, in its own storage (a small write, no database), and lets it go once
its draft is written or the round saved. A page opened with the note still there keeps it as
the phone's draft where no newer typing of the phone stands (`stands_over`).

Plain Python: the device's storage is the page's (`ui.device`), the draft the store's.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from canasta_score.ui.state.save_note import note_object

#: The note's name among the device's settings (kept while a round is typed, not yet written).
KEY = "typing"
#: The key of a draft's identity (`round_entry.ENTRY`; not imported: the device reads the note
#: as the first screen opens, and round entry's modules wait until round entry is shown).
ENTRY = "entry"


@dataclass(frozen=True)
class TypedHere:
    """A round typed on this device, as far as typed, for one game."""

    game_id: int
    #: The round as typed: its draft (with the identity of its typing, `entry`).
    typed: dict[str, Any]

    def text(self) -> str:
        """As the device keeps it.

        >>> TypedHere(3, {"entry": "e1f"}).text()
        '{"game": 3, "typed": {"entry": "e1f"}}'
        """
        return json.dumps({"game": self.game_id, "typed": self.typed}, ensure_ascii=False)

    @classmethod
    def read(cls, text: object) -> TypedHere | None:
        """The note as the device kept it; None for none, or for one this app did not write.

        >>> TypedHere.read(TypedHere(3, {"entry": "e1f"}).text())
        TypedHere(game_id=3, typed={'entry': 'e1f'})
        >>> TypedHere.read('{"game": 3, "typed": {}}'), TypedHere.read("3"), TypedHere.read(None)
        (None, None, None)
        """
        note = note_object(text)
        if note is None:
            return None
        game, typed = note.get("game"), note.get("typed")
        if not (isinstance(game, int) and isinstance(typed, dict)):
            return None
        if not isinstance(typed.get(ENTRY), str):
            return None
        return cls(game, typed)

    def stands_over(self, draft: dict[str, Any] | None) -> bool:
        """Whether it is kept in place of the phone's draft `draft`: there is none, or it is
        an earlier state of the same typing (a typing begun since stands, and one that is the
        same needs no keeping).

        >>> note = TypedHere(3, {"entry": "e1f", "melded": "45"})
        >>> note.stands_over(None), note.stands_over({"entry": "e1f", "melded": "4"})
        (True, True)
        >>> note.stands_over({"entry": "b07", "melded": "4"}), note.stands_over(note.typed)
        (False, False)
        """
        if draft is None:
            return True
        return draft.get(ENTRY) == self.typed[ENTRY] and draft != self.typed
