"""Every SQLModel table of the database, as the newest migration leaves it.

The tables hold the facts players entered (rule set, sides, players, each round's entries, the
first dealer, timestamps). The columns marked *cache* are derived by the core from those facts,
written in the same transaction as the facts, and can be rebuilt at any time
(`storage.rebuild_summaries`).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Index, MetaData, String, UniqueConstraint
from sqlmodel import Field, SQLModel

from canasta_score.storage.revision import SCHEMA_REVISION as SCHEMA_REVISION


class GameRow(SQLModel, table=True):
    """One game: its rule set and first dealer, its version for optimistic concurrency."""

    __tablename__ = "game"
    __table_args__ = (
        Index("ix_game_listing", "deleted_at", "created_at"),
        Index("ix_game_unfinished", "deleted_at", "archived", "finished", "updated_at"),
        # The history's filters, each walked newest first (the id rides along as the rowid).
        Index("ix_game_history_finished", "deleted_at", "finished", "created_at"),
        Index("ix_game_history_rules", "deleted_at", "preset", "created_at"),
        Index("ix_game_uid", "uid"),
    )

    id: int | None = Field(default=None, primary_key=True)
    #: The game's identity wherever it travels (a backup, a game file, another database):
    #: a game imported where it is already is not added twice.
    uid: str | None = None
    #: Preset id the rule set was copied from, and the values changed from it (JSON object).
    preset: str
    rule_overrides: str = "{}"
    #: The name players gave their own rule set, as they wrote it ("" for a preset or a copy
    #: they did not name: `core.rules_title` words those in the reader's language).
    own_rules_name: str = ""
    #: Seat (in `core.seat_order`) of the first round's dealer.
    first_dealer: int = 0
    #: Goes up by one with every change to the rounds; a write names the version it was based on.
    version: int = 1
    created_at: datetime
    updated_at: datetime
    archived: bool = False
    #: Set when the game is deleted; it is purged when the app closes, and can be restored before.
    deleted_at: datetime | None = None
    # cache: derived by the core from the facts above and the rounds.
    rules_name: str = ""
    round_count: int = 0
    totals: str = "[]"
    finished: bool = False
    winner: int | None = None
    #: The statistics' summary of the game (`statistics.summarize`) as JSON; "" until derived.
    stats: str = ""


class SideRow(SQLModel, table=True):
    """A side (team or single player) of a game, in side order."""

    __tablename__ = "side"
    __table_args__ = (
        UniqueConstraint("game_id", "position", name="uq_side_position"),
        # The history's search by side name: the names (few) and then their games.
        Index("ix_side_name", "name"),
    )

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", ondelete="CASCADE")
    position: int
    name: str
    # cache: the side's total after the last round.
    total: int = 0


class PlayerRow(SQLModel, table=True):
    """A player's name, remembered across games (offered when the next game is set up)."""

    __tablename__ = "player"
    __table_args__ = (Index("ix_player_key", "key", unique=True),)

    id: int | None = Field(default=None, primary_key=True)
    #: The name as first entered (SQLite compares it NOCASE, as earlier versions did).
    name: str = Field(
        sa_type=String().with_variant(String(collation="NOCASE"), "sqlite"), unique=True
    )
    #: Who the name is (`core.player_key`): "Åsa" and " åsa " are one player.
    key: str
    last_played_at: datetime


class SeatRow(SQLModel, table=True):
    """A player on a side, in seat order, with the name as entered for this game."""

    __tablename__ = "seat"
    __table_args__ = (
        UniqueConstraint("game_id", "side_position", "position", name="uq_seat_position"),
        Index("ix_seat_player", "player_id"),
    )

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", ondelete="CASCADE")
    side_position: int
    position: int
    name: str
    player_id: int = Field(foreign_key="player.id")


class RoundRow(SQLModel, table=True):
    """One round of a game: each side's entry as game-file data (`core.gamefile.entry_data`)."""

    __tablename__ = "round"
    __table_args__ = (UniqueConstraint("game_id", "number", name="uq_round_number"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", ondelete="CASCADE")
    #: Counted from 1.
    number: int
    #: JSON list with one entry object per side, in side order.
    entries: str
    saved_at: datetime


class ChangeRow(SQLModel, table=True):
    """One recorded change to a game (or, without a game, to the players' names), so a
    disputed score can be traced."""

    __tablename__ = "change"
    __table_args__ = (Index("ix_change_game", "game_id", "id"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int | None = Field(default=None, foreign_key="game.id", ondelete="CASCADE")
    at: datetime
    #: e.g. "round added", "round edited", "game deleted" (see `storage.Change`).
    what: str
    round_number: int | None = None
    #: The round's entries before and after the change (JSON), where a round changed.
    before: str | None = None
    after: str | None = None
    #: The game's version after the change.
    version: int


class DraftRow(SQLModel, table=True):
    """A round entry typed halfway, kept so a closed app or a lost tab does not lose it."""

    __tablename__ = "draft"

    game_id: int = Field(foreign_key="game.id", ondelete="CASCADE", primary_key=True)
    data: str
    saved_at: datetime


class SavedEntryRow(SQLModel, table=True):
    """A round entry saved, by the identity it was given when its typing began: the same entry
    sent again (a retry after a lost answer) is recorded once, and no late copy of its draft
    comes back as a round still to be typed. Kept after the round is undone, for the same
    reasons."""

    __tablename__ = "saved_entry"

    game_id: int = Field(foreign_key="game.id", ondelete="CASCADE", primary_key=True)
    entry: str = Field(primary_key=True)
    #: The round it was saved as.
    round_number: int


class SettingRow(SQLModel, table=True):
    """A named app setting (language, theme, last rule set, ...)."""

    __tablename__ = "setting"

    key: str = Field(primary_key=True)
    value: str


class CustomRulesRow(SQLModel, table=True):
    """A rule set players made: a preset and the values changed from it, under a name."""

    __tablename__ = "custom_rules"

    #: The rule set's id (as a game's rules name it), e.g. "custom-1".
    id: str = Field(primary_key=True)
    #: Where it stands among the custom rule sets (the order players keep them in).
    position: int
    name: str
    #: Preset id it was copied from, and the values changed from it (JSON object).
    base: str
    overrides: str = "{}"


class NameChangeRow(SQLModel, table=True):
    """A rename or a merge of players' names (`statistics.NameChange`), applied to the whole
    history by the statistics, in the order made; undone by deleting it."""

    __tablename__ = "name_change"

    id: int | None = Field(default=None, primary_key=True)
    old: str
    new: str
    created_at: datetime


metadata: MetaData = SQLModel.metadata
