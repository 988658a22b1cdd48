"""push subscriptions and notification settings

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

JSON = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")
WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "push_subscriptions",
        sa.Column("endpoint", sa.String(2048), primary_key=True),
        sa.Column("player", sa.String(64), nullable=False),
        sa.Column("device", sa.String(64), nullable=False),
        sa.Column("p256dh", sa.String(128), nullable=False),
        sa.Column("auth", sa.String(64), nullable=False),
        sa.Column("created", WHEN, nullable=False),
    )
    op.create_index("ix_push_subscriptions_player", "push_subscriptions", ["player"])
    op.create_table(
        "notify_settings",
        sa.Column("player", sa.String(64), primary_key=True),
        sa.Column("push", sa.Boolean(), nullable=False),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("events", JSON, nullable=False),
        sa.Column("updated", WHEN, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("notify_settings")
    op.drop_index("ix_push_subscriptions_player", table_name="push_subscriptions")
    op.drop_table("push_subscriptions")
