"""The schema revision this version of the app writes, and the setting naming the version that
derived the summary columns (a module of its own: read without SQLAlchemy by `played_file`
and `home_file`)."""

#: Alembic revision the tables (`storage.tables`) describe.
SCHEMA_REVISION = "0009"

#: Setting naming the app version whose core derived the summary columns.
SUMMARIES_KEY = "storage.summaries_derived_by"
