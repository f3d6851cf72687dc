"""Times in one form: SQLite keeps a time as text, and games imported by earlier versions
wrote theirs as `2026-03-01 20:15:00+00:00` where everything else wrote
`2026-03-01 20:15:00.000000`; every time is now written in the second form (UTC), which
sorts as the times do. PostgreSQL keeps times as times: nothing to do there.

Revision ID: 0007
Revises: 0006
"""

from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

#: Every time column, by table.
TIMES = {
    "game": ("created_at", "updated_at", "deleted_at"),
    "player": ("last_played_at",),
    "round": ("saved_at",),
    "change": ("at",),
    "draft": ("saved_at",),
    "name_change": ("created_at",),
}
#: The one form: SQLAlchemy's for SQLite, in UTC.
FORM = "%Y-%m-%d %H:%M:%S.%f"


def upgrade() -> None:
    connection = op.get_bind()
    if connection.dialect.name != "sqlite":
        return
    for table, columns in TIMES.items():
        for column in columns:
            found = connection.execute(
                sa.text(
                    f'SELECT rowid, "{column}" FROM "{table}" WHERE "{column}" IS NOT NULL '
                    f'AND (length("{column}") != 26 OR "{column}" GLOB \'*[+T]*\')'
                )
            ).all()
            for rowid, stored in found:
                moment = datetime.fromisoformat(stored)
                moment = moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment
                connection.execute(
                    sa.text(f'UPDATE "{table}" SET "{column}" = :moment WHERE rowid = :rowid'),
                    {"moment": moment.astimezone(UTC).strftime(FORM), "rowid": rowid},
                )


def downgrade() -> None:
    pass  # the one form is also a form every earlier version reads
