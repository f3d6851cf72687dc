"""Saved round entries: each round entry carries the identity its typing began with, and the
entries saved are kept, so a save sent twice is recorded once and no late draft of a saved
entry comes back.

Revision ID: 0008
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "saved_entry",
        sa.Column(
            "game_id",
            sa.Integer,
            sa.ForeignKey("game.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("entry", sa.String, primary_key=True),
        sa.Column("round_number", sa.Integer, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("saved_entry")
