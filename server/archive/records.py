"""A finished game, and a tournament's final result, as plain data: what leaves Redis and
what the archive gives back. No database code here, so the live side (the archiver, the
replay route, the tournament director) stays light."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

FINISHED, ABANDONED = "finished", "abandoned"


class ArchiveOpening(Exception):
    """The node's archive is still opening (answered 503: ask again)."""


@dataclass
class MoveRecord:
    seq: int
    seat: int
    move: Any
    at: datetime


@dataclass
class GameRecord:
    """A finished (or abandoned) game as it leaves Redis."""

    room: str
    game: str
    options: dict[str, Any]
    seats: list[dict[str, Any] | None]
    seed: int | str | None  # the engine's seed, or the revealed seed of fair randomness
    result: dict[str, Any] | None
    status: str
    started: datetime | None
    ended: datetime
    moves: list[MoveRecord] = field(default_factory=list)
    chat: list[dict[str, Any]] = field(default_factory=list)  # {player, channel, text, at}
    rated: bool = False  # a timed game, which counts for ratings (server.rooms.document.rated)
    engine: int = 1  # the engine version it was played on: what replays it (server.games.registry.engine)

    def as_json(self) -> dict[str, Any]:
        return {
            "room": self.room, "game": self.game, "engine": self.engine, "options": self.options, "seats": self.seats,
            "seed": self.seed, "status": self.status, "result": self.result,
            "started": iso(self.started), "ended": iso(self.ended),
            "moves": [{"seq": m.seq, "seat": m.seat, "move": m.move, "at": iso(m.at)} for m in self.moves],
        }  # fmt: skip


@dataclass
class TournamentRecord:
    """A tournament's final result as it leaves Redis (server.tournaments.final makes it).

    `rules`: the terms it ran under (kind, game, size, rounds or minutes, clock, byes...)
    and its `scoring`. `standings`: [{rank, player, name, points, games, tiebreaks: {name:
    value}}], best first. `rounds`: [{number, seated (ms), byes, tables: [{room, players,
    bots, result}]}]; read back, each table also says whether its game is `archived`."""

    id: str
    name: str
    game: str
    kind: str
    rules: dict[str, Any]
    began: datetime | None
    ended: datetime
    standings: list[dict[str, Any]]
    rounds: list[dict[str, Any]]


def utc(t: datetime | None) -> datetime | None:
    """SQLite hands datetimes back without their zone; everything stored is UTC."""
    if t is None:
        return None
    return t.replace(tzinfo=UTC) if t.tzinfo is None else t.astimezone(UTC)


def ms(t: datetime | None) -> int | None:
    """Milliseconds since the epoch, as the routes show a time (None stays None)."""
    t = utc(t)
    return None if t is None else round(t.timestamp() * 1000)


def from_ms(n: int) -> datetime:
    return datetime.fromtimestamp(n / 1000, UTC)


def iso(t: datetime | None) -> str | None:
    t = utc(t)
    return None if t is None else t.isoformat(timespec="milliseconds")
