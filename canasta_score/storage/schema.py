"""The schema's revisions: which ones a database has, which this app knows, and migrating."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import Connection, inspect, text

MIGRATIONS = Path(__file__).with_name("migrations")


def revisions(connection: Connection) -> tuple[str, ...]:
    """The schema revisions the database says it has (none for a new, empty one)."""
    if not inspect(connection).has_table("alembic_version"):
        return ()
    return tuple(connection.execute(text("SELECT version_num FROM alembic_version")).scalars())


def _alembic_config() -> Any:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def known_revisions() -> tuple[list[str], str]:
    """Every schema revision this version of the app knows, and the newest one."""
    from alembic.script import ScriptDirectory

    script = ScriptDirectory.from_config(_alembic_config())
    head = script.get_current_head()
    assert head is not None
    return [s.revision for s in script.walk_revisions()], head


def upgrade(connection: Connection, target: str = "head") -> None:
    """Run the missing migrations in the caller's transaction: all of them land, or none."""
    from alembic import command

    config = _alembic_config()
    config.attributes["connection"] = connection
    command.upgrade(config, target)
