"""Statistics and the whole history: each game's statistics summary, players' name changes,
indexes for the history's filters, and name changes recorded in the change log.

The summaries are left empty here and derived from the facts when statistics first ask for
them (`storage.played_games_summaries`), so an upgrade never waits on scoring every game.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game") as game:
        game.add_column(sa.Column("stats", sa.String, nullable=False, server_default=""))
    op.create_index("ix_game_history_finished", "game", ["deleted_at", "finished", "created_at"])
    op.create_index("ix_game_history_rules", "game", ["deleted_at", "preset", "created_at"])
    op.create_index("ix_side_name", "side", ["name"])
    op.create_table(
        "name_change",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("old", sa.String, nullable=False),
        sa.Column("new", sa.String, nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    # A name change belongs to no game: its record in the change log has none.
    with op.batch_alter_table("change") as change:
        change.alter_column("game_id", existing_type=sa.Integer, nullable=True)


def downgrade() -> None:
    op.execute("DELETE FROM change WHERE game_id IS NULL")
    with op.batch_alter_table("change") as change:
        change.alter_column("game_id", existing_type=sa.Integer, nullable=False)
    op.drop_table("name_change")
    op.drop_index("ix_side_name", "side")
    op.drop_index("ix_game_history_rules", "game")
    op.drop_index("ix_game_history_finished", "game")
    with op.batch_alter_table("game") as game:
        game.drop_column("stats")
