"""players, games, moves, ratings, chat

Revision ID: 0001
Revises:
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

JSON = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")
WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("room", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("options", JSON, nullable=False),
        sa.Column("seats", JSON, nullable=False),
        sa.Column("seed", JSON, nullable=True),
        sa.Column("result", JSON, nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("started", WHEN, nullable=True),
        sa.Column("ended", WHEN, nullable=False),
        sa.Column("moves", sa.Integer(), nullable=False),
    )
    op.create_index("ix_games_ended", "games", ["ended"])
    op.create_index("ix_games_game_ended", "games", ["game", "ended"])
    op.create_table(
        "players",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("created", WHEN, nullable=False),
        sa.Column("last_seen", WHEN, nullable=False),
        sa.Column("tokens_revoked", WHEN, nullable=True),
    )
    op.create_table(
        "game_seats",
        sa.Column("room", sa.String(32), sa.ForeignKey("games.room", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("player", sa.String(64), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("ended", WHEN, nullable=False),
    )
    op.create_index("ix_game_seats_player_ended", "game_seats", ["player", "ended"])
    op.create_table(
        "moves",
        sa.Column("room", sa.String(32), sa.ForeignKey("games.room", ondelete="CASCADE"), primary_key=True),
        sa.Column("seq", sa.Integer(), primary_key=True),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("move", JSON, nullable=False),
        sa.Column("at", WHEN, nullable=False),
    )
    op.create_table(
        "ratings",
        sa.Column("player", sa.String(64), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("score", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated", WHEN, nullable=False),
    )
    op.create_index("ix_ratings_game_score", "ratings", ["game", "score"])
    op.create_table(
        "rating_history",
        sa.Column("player", sa.String(64), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("room", sa.String(32), primary_key=True),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("score", sa.Float(), nullable=False),
        sa.Column("at", WHEN, nullable=False),
    )
    op.create_table(
        "chat",
        sa.Column("room", sa.String(32), sa.ForeignKey("games.room", ondelete="CASCADE"), primary_key=True),
        sa.Column("n", sa.Integer(), primary_key=True),
        sa.Column("player", sa.String(64), nullable=False),
        sa.Column("channel", sa.String(16), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("at", WHEN, nullable=False),
    )


def downgrade() -> None:
    for table in ("chat", "rating_history", "ratings", "moves", "game_seats", "players", "games"):
        op.drop_table(table)
