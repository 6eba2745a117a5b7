"""Alembic's entry point: migrations always run on a connection the store hands over (see db/schema.py)."""
from __future__ import annotations

from alembic import context

connection = context.config.attributes["connection"]
context.configure(connection=connection, transactional_ddl=True)
with context.begin_transaction():
    context.run_migrations()
