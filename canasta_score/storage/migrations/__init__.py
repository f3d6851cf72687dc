"""Alembic migrations of the database schema, run in-process by `storage.schema` (no alembic.ini)."""
