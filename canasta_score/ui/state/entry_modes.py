"""How this phone enters each side's table, kept per side of each game (`EntryMode`): a side
entered meld by meld stays meld by meld in the game's later rounds, the other side as it was;
a new game starts as this phone last entered a side.

Kept on the device, as its language is (`ENTRY_MODE_SETTING`), as a small JSON text:
`{"last": "melds", "games": {"12": ["points", "melds"]}}`; an older phone's plain `"melds"`
reads as the last choice.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from canasta_score.ui.state.round_entry import EntryMode

#: The games whose sides are remembered (the newest ones played on this phone).
GAMES_KEPT = 30


@dataclass(frozen=True)
class EntryModes:
    """This phone's way of entering each side's table."""

    #: The way this phone last entered a side (a new game's sides start in it).
    last: EntryMode = EntryMode.POINTS
    #: Per game (its id), the way of each side, oldest game first.
    games: dict[int, tuple[EntryMode, ...]] = field(default_factory=dict)

    @classmethod
    def read(cls, text: str) -> EntryModes:
        """The kept text, whatever an older version or a damaged setting left (points then)."""
        if text in EntryMode.__members__.values():
            return cls(EntryMode(text))
        try:
            data = json.loads(text)
            last = EntryMode(data.get("last", EntryMode.POINTS))
            games = {
                int(game): tuple(EntryMode(mode) for mode in modes)
                for game, modes in dict(data.get("games") or {}).items()
            }
        except (TypeError, ValueError, AttributeError):
            return cls()
        return cls(last, games)

    def written(self) -> str:
        return json.dumps(
            {
                "last": self.last.value,
                "games": {
                    str(game): [m.value for m in modes] for game, modes in self.games.items()
                },
            },
            separators=(",", ":"),
        )

    def of_game(self, game_id: int, sides: int) -> list[EntryMode]:
        """How each of a game's `sides` starts out."""
        kept = self.games.get(game_id)
        if kept is not None and len(kept) == sides:
            return list(kept)
        return [self.last] * sides

    def chosen(self, game_id: int, sides: int, side: int, mode: EntryMode) -> EntryModes:
        """`side` of the game entered in `mode` from now on (this game the newest kept)."""
        modes = self.of_game(game_id, sides)
        modes[side] = mode
        games = {game: kept for game, kept in self.games.items() if game != game_id}
        games[game_id] = tuple(modes)
        newest = dict(list(games.items())[-GAMES_KEPT:])
        return EntryModes(mode, newest)
