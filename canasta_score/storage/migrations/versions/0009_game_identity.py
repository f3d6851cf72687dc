"""Each game an identity of its own that travels with it (backups, game files, another
database): importing a game where it already is adds no second copy. The games there are
given one now.

Revision ID: 0009
Revises: 0008
"""

import uuid

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("game", sa.Column("uid", sa.String, nullable=True))
    connection = op.get_bind()
    ids = connection.execute(sa.text("SELECT id FROM game")).scalars().all()
    if ids:
        connection.execute(
            sa.text("UPDATE game SET uid = :uid WHERE id = :id"),
            [{"uid": uuid.uuid4().hex, "id": game_id} for game_id in ids],
        )
    op.create_index("ix_game_uid", "game", ["uid"])


def downgrade() -> None:
    op.drop_index("ix_game_uid", "game")
    with op.batch_alter_table("game") as table:
        table.drop_column("uid")
