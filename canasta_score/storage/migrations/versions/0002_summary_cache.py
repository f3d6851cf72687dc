"""Summary columns for a fast game list and player records, filled in by the scoring core.

Revision ID: 0002
Revises: 0001
"""

import json

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game") as game:
        game.add_column(sa.Column("rules_name", sa.String, nullable=False, server_default=""))
        game.add_column(sa.Column("round_count", sa.Integer, nullable=False, server_default="0"))
        game.add_column(sa.Column("totals", sa.String, nullable=False, server_default="[]"))
        game.add_column(sa.Column("finished", sa.Boolean, nullable=False, server_default="0"))
        game.add_column(sa.Column("winner", sa.Integer, nullable=True))
    with op.batch_alter_table("side") as side:
        side.add_column(sa.Column("total", sa.Integer, nullable=False, server_default="0"))
    op.create_index(
        "ix_game_unfinished", "game", ["deleted_at", "archived", "finished", "updated_at"]
    )
    _fill_summaries(op.get_bind())


def _fill_summaries(connection: sa.Connection) -> None:
    """Derive the new columns of every stored game from its facts, through the core."""
    from canasta_score.storage.facts import game_from_facts

    games = connection.execute(
        sa.text("SELECT id, preset, rule_overrides, first_dealer FROM game")
    ).all()
    for game_id, preset, overrides, first_dealer in games:
        sides = connection.execute(
            sa.text("SELECT position, name FROM side WHERE game_id = :id ORDER BY position"),
            {"id": game_id},
        ).all()
        seats = connection.execute(
            sa.text(
                "SELECT side_position, name FROM seat WHERE game_id = :id "
                "ORDER BY side_position, position"
            ),
            {"id": game_id},
        ).all()
        rounds = connection.execute(
            sa.text("SELECT entries FROM round WHERE game_id = :id ORDER BY number"),
            {"id": game_id},
        ).scalars()
        game = game_from_facts(
            preset=preset,
            overrides_json=overrides,
            first_dealer=first_dealer,
            sides=[(name, [p for s, p in seats if s == position]) for position, name in sides],
            rounds=list(rounds),
        )
        connection.execute(
            sa.text(
                "UPDATE game SET rules_name = :rules_name, round_count = :round_count, "
                "totals = :totals, finished = :finished, winner = :winner WHERE id = :id"
            ),
            {
                "id": game_id,
                "rules_name": game.rules.name,
                "round_count": len(game.rounds),
                "totals": json.dumps(list(game.totals)),
                "finished": game.finished,
                "winner": game.winner,
            },
        )
        for position, total in enumerate(game.totals):
            connection.execute(
                sa.text("UPDATE side SET total = :total WHERE game_id = :id AND position = :p"),
                {"total": total, "id": game_id, "p": position},
            )


def downgrade() -> None:
    op.drop_index("ix_game_unfinished", "game")
    with op.batch_alter_table("side") as side:
        side.drop_column("total")
    with op.batch_alter_table("game") as game:
        for column in ("winner", "finished", "totals", "round_count", "rules_name"):
            game.drop_column(column)
