"""A game keeps the name players gave their own rule set (`game.own_rules_name`).

Games stored before kept no such name: they get none, and show what they showed, now in the
reader's language: an unnamed copy's cached name ("Classic (custom)", in English) is left
empty, as the core now derives it, so `core.rules_title` words it.

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

from canasta_score.core import PRESETS

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("game", sa.Column("own_rules_name", sa.String, nullable=False, server_default=""))
    for preset, rules in PRESETS.items():
        op.get_bind().execute(
            sa.text(
                "UPDATE game SET rules_name = '' WHERE preset = :preset AND rules_name <> :name"
            ),
            {"preset": preset, "name": rules.name},
        )


def downgrade() -> None:
    with op.batch_alter_table("game") as game:
        game.drop_column("own_rules_name")
