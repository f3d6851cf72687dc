"""Custom rule sets in a table of their own (they were JSON in the "custom_rules" setting).

Revision ID: 0003
Revises: 0002
"""

import json

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "custom_rules",
        sa.Column("id", sa.String, primary_key=True),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("name", sa.String, nullable=False),
        sa.Column("base", sa.String, nullable=False),
        sa.Column("overrides", sa.String, nullable=False),
    )
    _move_the_setting(op.get_bind())


def _move_the_setting(connection: sa.Connection) -> None:
    """Copy the rule sets earlier versions kept in the setting, as they were (whether the core
    can still read them is decided when they are read), then drop the setting."""
    text = connection.execute(
        sa.text("SELECT value FROM setting WHERE key = 'custom_rules'")
    ).scalar()
    try:
        stored = json.loads(text or "[]")
    except ValueError:
        stored = []
    seen = set()
    for item in stored if isinstance(stored, list) else []:
        if not isinstance(item, dict) or not {"id", "name", "base"} <= item.keys():
            continue
        rule_id = str(item["id"])
        if rule_id in seen:
            continue
        seen.add(rule_id)
        overrides = item.get("overrides") or {}
        connection.execute(
            sa.text(
                "INSERT INTO custom_rules (id, position, name, base, overrides) "
                "VALUES (:id, :position, :name, :base, :overrides)"
            ),
            {
                "id": rule_id,
                "position": len(seen) - 1,
                "name": str(item["name"]),
                "base": str(item["base"]),
                "overrides": json.dumps(overrides, ensure_ascii=False),
            },
        )
    connection.execute(sa.text("DELETE FROM setting WHERE key = 'custom_rules'"))
