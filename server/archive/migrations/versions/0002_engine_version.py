"""games.engine: the engine version each game was played on

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # games archived before versions were recorded were all played on version 1
    with op.batch_alter_table("games") as games:
        games.add_column(sa.Column("engine", sa.Integer(), nullable=False, server_default="1"))


def downgrade() -> None:
    with op.batch_alter_table("games") as games:
        games.drop_column("engine")
