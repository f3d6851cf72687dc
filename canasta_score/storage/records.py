"""What storage hands out: stored games, game-list lines, recorded changes, player records,
name changes, pages of the history, half-typed rounds (no SQLAlchemy here: the screens
import them before the database is opened)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from canasta_score.statistics import NameChange

if TYPE_CHECKING:
    from canasta_score.core import Game


@dataclass(frozen=True)
class StoredGame:
    """A game as stored: the core's Game, and the version a change to it must name."""

    id: int
    game: Game
    version: int
    created_at: datetime
    updated_at: datetime
    archived: bool
    #: The identities of the round entries saved in the game (`storage.rounds`): a phone
    #: hearing of a round saved knows whether it was its own entry.
    saved_entries: frozenset[str] = frozenset()


@dataclass(frozen=True)
class GameListEntry:
    """A line of the game list: enough to show and pick a game without loading its rounds."""

    id: int
    side_names: list[str]
    players: list[list[str]]
    totals: list[int]
    rules_name: str
    rounds: int
    created_at: datetime
    updated_at: datetime
    finished: bool
    winner: int | None
    archived: bool
    #: Id of the preset the game's rules were copied from.
    rules_base: str
    version: int
    #: The name players gave their own rule set ("" for a preset or an unnamed copy).
    own_rules_name: str = ""

    def rules_title(self, gettext: Callable[[str], str] = str) -> str:
        """The rule set's name as `core.rules_title` words it, from the stored names alone."""
        # The rule sets, once a game is shown (a first screen with none goes without them).
        from canasta_score.core import ALL_PRESETS, rules_title

        rules = ALL_PRESETS.get(self.rules_base)
        if rules is None:
            return self.rules_name
        if self.own_rules_name or not self.rules_name:  # the players' own set, or a copy
            rules = replace(rules, id="custom", name=self.own_rules_name)
        return rules_title(rules, gettext)


@dataclass(frozen=True)
class Change:
    """One change to a game, as recorded when it was made."""

    id: int
    game_id: int
    at: datetime
    #: "game created", "game imported", "round added", "round edited", "round deleted",
    #: "round undone", "game deleted", "game restored", "game archived", "game unarchived"
    #: (a name change, which belongs to no game, is recorded as "name changed" or
    #: "name change undone", its names in `after`).
    what: str
    round_number: int | None
    #: The round's entries (game-file data, one per side) before and after, where a round changed.
    before: list[dict[str, Any]] | None
    after: list[dict[str, Any]] | None
    version: int

    def __str__(self) -> str:
        what = self.what.replace("round", f"round {self.round_number}", 1)
        return f"{self.at:%Y-%m-%d %H:%M:%S} UTC: {what}"


@dataclass(frozen=True)
class PlayerRecord:
    """A player's games over all stored games (deleted ones left out)."""

    name: str
    games: int
    finished: int
    wins: int
    #: The sum of the final totals of the sides the player played on.
    points: int


@dataclass(frozen=True)
class IncomingGame:
    """A game read from a game file or a backup, checked by the core, not yet stored.

    `created_at` and `updated_at` are None when the file does not say (the time of the import
    is used); `archived` is the file's archive mark.
    """

    game: Game
    created_at: datetime | None
    updated_at: datetime | None
    archived: bool
    #: The game's identity as the file gives it (None: a file of an earlier version, or none).
    uid: str | None = None


@dataclass(frozen=True)
class StoredNameChange:
    """A rename or merge of players' names as stored: undone by its id."""

    id: int
    old: str
    new: str
    created_at: datetime

    @property
    def change(self) -> NameChange:
        return NameChange(self.old, self.new)


@dataclass(frozen=True)
class HistoryQuery:
    """Which games the history shows; the default shows every one."""

    #: Part of a player's or a side's name, case and surrounding spaces aside ("" for all).
    search: str = ""
    #: A preset id: games played with it or with a custom rule set copied from it.
    rules: str | None = None
    #: True: finished games only; False: games in play only; None: both.
    finished: bool | None = None
    #: Days the game was started (UTC), both ends included.
    since: date | None = None
    until: date | None = None


#: The history with no search or filter: every game.
EVERY_GAME = HistoryQuery()


@dataclass(frozen=True)
class HistoryCursor:
    """Where a page ended: the next page starts after this game."""

    #: The game's creation time (UTC).
    created_at: datetime
    game_id: int


@dataclass(frozen=True)
class HistoryPage:
    games: list[GameListEntry]
    #: Where the next page starts; None when this page is the last.
    next: HistoryCursor | None


@dataclass(frozen=True)
class Draft:
    """A half-typed round kept for one phone: what was typed, and when it was kept."""

    phone: str
    data: dict[str, Any]
    saved_at: datetime
