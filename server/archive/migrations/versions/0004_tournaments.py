"""tournaments' final results: the tournament, its standings, its tables

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

JSON = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")
WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("rules", JSON, nullable=False),
        sa.Column("rounds", JSON, nullable=False),
        sa.Column("began", WHEN, nullable=True),
        sa.Column("ended", WHEN, nullable=False),
    )
    op.create_index("ix_tournaments_ended", "tournaments", ["ended"])
    op.create_table(
        "tournament_standings",
        sa.Column("tournament", sa.String(32), sa.ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("rank", sa.Integer(), primary_key=True),
        sa.Column("player", sa.String(64), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("points", sa.Float(), nullable=False),
        sa.Column("tiebreaks", JSON, nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
    )
    op.create_index("ix_tournament_standings_player", "tournament_standings", ["player"])
    op.create_table(
        "tournament_tables",
        sa.Column("tournament", sa.String(32), sa.ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("room", sa.String(32), primary_key=True),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("n", sa.Integer(), nullable=False),
        sa.Column("players", JSON, nullable=False),
        sa.Column("bots", sa.Integer(), nullable=False),
        sa.Column("result", JSON, nullable=True),
    )
    op.create_index("ix_tournament_tables_room", "tournament_tables", ["room"])


def downgrade() -> None:
    op.drop_index("ix_tournament_tables_room", table_name="tournament_tables")
    op.drop_table("tournament_tables")
    op.drop_index("ix_tournament_standings_player", table_name="tournament_standings")
    op.drop_table("tournament_standings")
    op.drop_index("ix_tournaments_ended", table_name="tournaments")
    op.drop_table("tournaments")
