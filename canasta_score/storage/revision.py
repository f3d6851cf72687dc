"""The schema revision this version of the app writes (a module of its own: read without
SQLAlchemy by `played_file`)."""

#: Alembic revision the tables (`storage.tables`) describe.
SCHEMA_REVISION = "0009"
