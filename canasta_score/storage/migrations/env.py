"""Alembic's entry point: runs the migrations on the connection `storage.schema` hands over."""

from alembic import context

from canasta_score.storage.tables import metadata

connection = context.config.attributes["connection"]
# The caller holds a transaction (and the lock against other migrations): every step lands together or not at all.
context.configure(connection=connection, target_metadata=metadata, transactional_ddl=True)
with context.begin_transaction():
    context.run_migrations()
