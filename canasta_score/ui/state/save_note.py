"""A round's save on its way, noted on the device that sent it.

A save goes to the database as the player taps Save. If the page is closed or loses its
connection before the answer comes back (a table server restarted, a phone's browser closed
0 s after Save), the round either landed or is still the one typed, never both; but the
player, on a page opened again, could not tell which, and might type a saved round again as
the next one. So the device keeps a note of the save on its way (the game, the round and the
entry's identity) from the moment it is sent until its answer comes back; a page opened with
the note still there looks the entry up in the game, says once whether the round was saved,
and lets the note go. A round that was not saved is kept as typed (the note carries it, for a
save sent before its draft was written), to be checked and saved again.

Plain Python: the device's storage is the page's (`ui.device`), the game the store's.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from canasta_score.i18n import Translator

#: The note's name among the device's settings (kept while a save is on its way).
KEY = "saving"


def note_object(text: object) -> dict[str, Any] | None:
    """A note as the device kept it: a JSON object, or None (none, or not this app's).

    >>> note_object('{"game": 3}'), note_object("[3]"), note_object("{"), note_object(None)
    ({'game': 3}, None, None, None)
    """
    try:
        note = json.loads(text) if isinstance(text, str) else None
    except ValueError:
        return None
    return note if isinstance(note, dict) else None


@dataclass(frozen=True)
class SaveOnItsWay:
    """A save sent from this device whose answer has not come back (yet)."""

    game_id: int
    round_number: int
    #: The identity of the round's typing: storage records it with the round it saved.
    entry: str
    #: The next round as typed (its draft; None for an edit): a save that never landed, sent
    #: before any draft was written (Save tapped within the pause), is typed again from it.
    typed: dict[str, Any] | None = None

    def text(self) -> str:
        """As the device keeps it.

        >>> SaveOnItsWay(3, 2, "e1f").text()
        '{"game": 3, "round": 2, "entry": "e1f", "typed": null}'
        """
        note = {"game": self.game_id, "round": self.round_number, "entry": self.entry}
        return json.dumps(note | {"typed": self.typed}, ensure_ascii=False)

    @classmethod
    def read(cls, text: object) -> SaveOnItsWay | None:
        """The note as the device kept it; None for none, or for one this app did not write.

        >>> SaveOnItsWay.read(SaveOnItsWay(3, 2, "e1f", {"number": 2}).text())
        SaveOnItsWay(game_id=3, round_number=2, entry='e1f', typed={'number': 2})
        >>> SaveOnItsWay.read('{"game": "3"}'), SaveOnItsWay.read("3 2 e1f"), SaveOnItsWay.read(None)
        (None, None, None)
        """
        note = note_object(text)
        if note is None:
            return None
        game, number, entry, typed = (note.get(k) for k in ("game", "round", "entry", "typed"))
        if not (isinstance(game, int) and isinstance(number, int) and isinstance(entry, str)):
            return None
        return cls(game, number, entry, typed if isinstance(typed, dict) else None)

    def fate(self, saved_entries: frozenset[str], tr: Translator) -> str:
        """What the player is told of it, given the entries the game has saved."""
        if self.entry in saved_entries:
            return tr._(
                "Round {n} was saved before this page was closed or lost its connection."
            ).format(n=tr.number(self.round_number))
        return tr._(
            "Round {n} was not yet saved when this page was closed or lost its connection. "
            "Check it and save it again: it will not be counted twice."
        ).format(n=tr.number(self.round_number))
