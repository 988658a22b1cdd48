"""The archive's tables: players, finished games with their moves, ratings, chat; the
players' push subscriptions and notification settings (server.notify); tournaments'
final results (server.tournaments: their standings and their tables, each a game here).

One schema for SQLite and PostgreSQL (JSON becomes JSONB on PostgreSQL). Times are UTC.
A game row is keyed by its room id: archiving the same room twice inserts nothing the
second time, which is what makes the archiver idempotent.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, Float, ForeignKey, Index, Integer, String, Text
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from server.archive.records import ABANDONED, FINISHED

__all__ = ["ABANDONED", "FINISHED"]

Json = JSON().with_variant(JSONB(), "postgresql")
When = DateTime(timezone=True)


class Base(DeclarativeBase):
    pass


class Player(Base):
    __tablename__ = "players"
    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    created: Mapped[datetime] = mapped_column(When)
    last_seen: Mapped[datetime] = mapped_column(When)
    # tokens issued before this instant are refused (None: none revoked)
    tokens_revoked: Mapped[datetime | None] = mapped_column(When, nullable=True)


class Game(Base):
    __tablename__ = "games"
    room: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    engine: Mapped[int] = mapped_column(Integer, server_default="1")  # the engine version it was played on
    options: Mapped[dict[str, Any]] = mapped_column(Json)
    seats: Mapped[list[Any]] = mapped_column(Json)  # [{player, name}] in seat order
    seed: Mapped[int | str | None] = mapped_column(Json, nullable=True)  # engine seed, or the revealed seed
    result: Mapped[dict[str, Any] | None] = mapped_column(Json, nullable=True)  # scores, breakdown, winners
    status: Mapped[str] = mapped_column(String(16))  # finished | abandoned
    started: Mapped[datetime | None] = mapped_column(When, nullable=True)
    ended: Mapped[datetime] = mapped_column(When)
    moves: Mapped[int] = mapped_column(Integer)
    __table_args__ = (Index("ix_games_ended", "ended"), Index("ix_games_game_ended", "game", "ended"))


class Seat(Base):
    """Who sat where in which game: the index behind a player's page."""

    __tablename__ = "game_seats"
    room: Mapped[str] = mapped_column(ForeignKey("games.room", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player: Mapped[str] = mapped_column(ForeignKey("players.id"))
    ended: Mapped[datetime] = mapped_column(When)
    __table_args__ = (Index("ix_game_seats_player_ended", "player", "ended"),)


class Move(Base):
    __tablename__ = "moves"
    room: Mapped[str] = mapped_column(ForeignKey("games.room", ondelete="CASCADE"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)  # the room's seq when committed
    seat: Mapped[int] = mapped_column(Integer)
    move: Mapped[Any] = mapped_column(Json)
    at: Mapped[datetime] = mapped_column(When)


class Rating(Base):
    """A player's current rating in one game (written by the ratings work, openskill)."""

    __tablename__ = "ratings"
    player: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    score: Mapped[float] = mapped_column(Float)  # what leaderboards sort by (e.g. the ordinal)
    games: Mapped[int] = mapped_column(Integer)
    updated: Mapped[datetime] = mapped_column(When)
    __table_args__ = (Index("ix_ratings_game_score", "game", "score"),)


class RatingChange(Base):
    """One rating update per player per finished game: the key makes updates idempotent."""

    __tablename__ = "rating_history"
    player: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    room: Mapped[str] = mapped_column(String(32), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    score: Mapped[float] = mapped_column(Float)
    at: Mapped[datetime] = mapped_column(When)


class ChatMessage(Base):
    """Chat of a finished game (kept by the hosted-play work)."""

    __tablename__ = "chat"
    room: Mapped[str] = mapped_column(ForeignKey("games.room", ondelete="CASCADE"), primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    player: Mapped[str] = mapped_column(String(64))
    channel: Mapped[str] = mapped_column(String(16))  # players | spectators
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[datetime] = mapped_column(When)


class PushSubscription(Base):
    """One device's Web Push subscription (server.notify): where its push service takes
    messages for it (`endpoint`) and the keys they are encrypted to (RFC 8291)."""

    __tablename__ = "push_subscriptions"
    endpoint: Mapped[str] = mapped_column(String(2048), primary_key=True)
    player: Mapped[str] = mapped_column(String(64))
    device: Mapped[str] = mapped_column(String(64))  # the name the device gave itself ("" when none)
    p256dh: Mapped[str] = mapped_column(String(128))  # the device's public key, base64url
    auth: Mapped[str] = mapped_column(String(64))  # the authentication secret, base64url
    created: Mapped[datetime] = mapped_column(When)
    __table_args__ = (Index("ix_push_subscriptions_player", "player"),)


class NotifySetting(Base):
    """What a player wants to hear of, and how (server.notify): without a row, every event
    by push and none by e-mail."""

    __tablename__ = "notify_settings"
    player: Mapped[str] = mapped_column(String(64), primary_key=True)
    push: Mapped[bool] = mapped_column(Boolean)
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)  # the address (None: no e-mail)
    events: Mapped[list[str]] = mapped_column(Json)  # turn, over, invite
    updated: Mapped[datetime] = mapped_column(When)


class Tournament(Base):
    """A tournament over: its terms (`rules`: the event as it ran, and how it scored) and
    its rounds' byes and times. Keyed by the tournament id: written once, whoever ends it."""

    __tablename__ = "tournaments"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    game: Mapped[str] = mapped_column(String(32))
    kind: Mapped[str] = mapped_column(String(16))  # swiss | arena
    rules: Mapped[dict[str, Any]] = mapped_column(Json)
    rounds: Mapped[list[Any]] = mapped_column(Json)  # [{number, seated, byes}]
    began: Mapped[datetime | None] = mapped_column(When, nullable=True)
    ended: Mapped[datetime] = mapped_column(When)
    __table_args__ = (Index("ix_tournaments_ended", "ended"),)


class TournamentStanding(Base):
    """One line of a tournament's final standings."""

    __tablename__ = "tournament_standings"
    tournament: Mapped[str] = mapped_column(ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True)
    rank: Mapped[int] = mapped_column(Integer, primary_key=True)  # 1 is the winner
    player: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(64))
    points: Mapped[float] = mapped_column(Float)
    tiebreaks: Mapped[dict[str, Any]] = mapped_column(Json)  # by name, in the rules' order
    games: Mapped[int] = mapped_column(Integer)
    __table_args__ = (Index("ix_tournament_standings_player", "player"),)


class TournamentTable(Base):
    """One table of a tournament: its room (a game of `games` once archived), its round,
    players and the result the standings counted."""

    __tablename__ = "tournament_tables"
    tournament: Mapped[str] = mapped_column(ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True)
    room: Mapped[str] = mapped_column(String(32), primary_key=True)
    round: Mapped[int] = mapped_column(Integer)
    n: Mapped[int] = mapped_column(Integer)  # its place in the round
    players: Mapped[list[str]] = mapped_column(Json)
    bots: Mapped[int] = mapped_column(Integer)
    result: Mapped[dict[str, Any] | None] = mapped_column(Json, nullable=True)  # winners, scores, at
    __table_args__ = (Index("ix_tournament_tables_room", "room"),)
