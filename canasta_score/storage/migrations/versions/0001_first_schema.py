"""The first schema: games, sides, players and seats, rounds, changes, drafts, settings.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "game",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("preset", sa.String, nullable=False),
        sa.Column("rule_overrides", sa.String, nullable=False),
        sa.Column("first_dealer", sa.Integer, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("archived", sa.Boolean, nullable=False),
        sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_game_listing", "game", ["deleted_at", "created_at"])
    op.create_table(
        "side",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "game_id", sa.Integer, sa.ForeignKey("game.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("name", sa.String, nullable=False),
        sa.UniqueConstraint("game_id", "position", name="uq_side_position"),
    )
    op.create_table(
        "player",
        sa.Column("id", sa.Integer, primary_key=True),
        # SQLite compares names NOCASE; PostgreSQL has no such collation (and players are
        # told apart by their key since 0005).
        sa.Column(
            "name",
            sa.String().with_variant(sa.String(collation="NOCASE"), "sqlite"),
            nullable=False,
            unique=True,
        ),
        sa.Column("last_played_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "seat",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "game_id", sa.Integer, sa.ForeignKey("game.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("side_position", sa.Integer, nullable=False),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("name", sa.String, nullable=False),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("player.id"), nullable=False),
        sa.UniqueConstraint("game_id", "side_position", "position", name="uq_seat_position"),
    )
    op.create_index("ix_seat_player", "seat", ["player_id"])
    op.create_table(
        "round",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "game_id", sa.Integer, sa.ForeignKey("game.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("entries", sa.String, nullable=False),
        sa.Column("saved_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("game_id", "number", name="uq_round_number"),
    )
    op.create_table(
        "change",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "game_id", sa.Integer, sa.ForeignKey("game.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("what", sa.String, nullable=False),
        sa.Column("round_number", sa.Integer, nullable=True),
        sa.Column("before", sa.String, nullable=True),
        sa.Column("after", sa.String, nullable=True),
        sa.Column("version", sa.Integer, nullable=False),
    )
    op.create_index("ix_change_game", "change", ["game_id", "id"])
    op.create_table(
        "draft",
        sa.Column(
            "game_id",
            sa.Integer,
            sa.ForeignKey("game.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("data", sa.String, nullable=False),
        sa.Column("saved_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "setting",
        sa.Column("key", sa.String, primary_key=True),
        sa.Column("value", sa.String, nullable=False),
    )


def downgrade() -> None:
    for table in ("setting", "draft", "change", "round", "seat", "player", "side", "game"):
        op.drop_table(table)
