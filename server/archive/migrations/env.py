"""Alembic environment: runs on the connection server.archive.db.upgrade hands it."""

from __future__ import annotations

from alembic import context
from sqlalchemy import text

from server.archive.models import Base

conn = context.config.attributes.get("connection")
if conn is None:
    raise RuntimeError("run migrations with `longhall db upgrade` (server.archive.db.upgrade)")
context.configure(connection=conn, target_metadata=Base.metadata, render_as_batch=conn.dialect.name == "sqlite")
with context.begin_transaction():
    if conn.dialect.name == "postgresql":
        # several nodes may start at once: one migrates, the others wait and find it done
        conn.execute(text("SELECT pg_advisory_xact_lock(7412209)"))
    context.run_migrations()
