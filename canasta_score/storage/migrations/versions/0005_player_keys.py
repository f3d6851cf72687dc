"""Players are told apart by one key (`core.player_key`), kept beside the name with an index:
case folded in every alphabet, so "Åsa" and "åsa" are one player (SQLite's NOCASE folded
ASCII only). Players the new key makes one are merged into the first one stored.

Revision ID: 0005
Revises: 0004
"""

from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

from canasta_score.core.players import player_key

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("player", sa.Column("key", sa.String, nullable=False, server_default=""))
    _key_the_players(op.get_bind())
    op.create_index("ix_player_key", "player", ["key"], unique=True)


def _moment(text: str) -> datetime:
    moment = datetime.fromisoformat(text)
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _key_the_players(connection: sa.Connection) -> None:
    kept: dict[str, tuple[int, str]] = {}  # key -> the player that keeps it, last played
    for player_id, name, last_played_at in connection.execute(
        sa.text("SELECT id, name, last_played_at FROM player ORDER BY id")
    ).all():
        key = player_key(name)
        first = kept.get(key)
        if first is None:
            kept[key] = (player_id, last_played_at)
            connection.execute(
                sa.text("UPDATE player SET key = :key WHERE id = :id"),
                {"key": key, "id": player_id},
            )
            continue
        merged = {"into": first[0], "from": player_id}
        connection.execute(
            sa.text("UPDATE seat SET player_id = :into WHERE player_id = :from"), merged
        )
        connection.execute(sa.text("DELETE FROM player WHERE id = :from"), {"from": player_id})
        if _moment(last_played_at) > _moment(first[1]):
            kept[key] = (first[0], last_played_at)
            connection.execute(
                sa.text("UPDATE player SET last_played_at = :at WHERE id = :id"),
                {"at": last_played_at, "id": first[0]},
            )


def downgrade() -> None:
    # Players merged on the way up stay one.
    op.drop_index("ix_player_key", "player")
    with op.batch_alter_table("player") as player:
        player.drop_column("key")
