"""A tournament's terms, as its organiser sets them and the director keeps them (pure).

    {"name": "Friday Swiss", "kind": "swiss", "game": "vikings", "options": {...},
     "size": 2, "rounds": 5, "starts": <ms>, "clock": {"total": 600, "increment": 5},
     "byes": "points"}

`kind` is "swiss" (`rounds` rounds, server.tournaments.swiss) or "arena" (`minutes` of
continuous pairing, server.tournaments.arena). `size` is the seats of a table: any count
the game takes; a table may be smaller down to `least` (the game's fewest, at least 2)
where the players do not divide evenly. Every game is timed (`clock`, as a room's
`create` takes it: a tournament's games always finish). A Swiss player left without a
table gets a bye worth a win (`byes: "points"`), or plays at a table of its own with
bots of `bot_level` for the points it scores there (`byes: "bots"`).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

from server.play.bots import LEVELS
from server.rooms import clocks as clock
from server.rooms.errors import RoomError
from server.rooms.seating import table_for

KINDS = ("swiss", "arena")
BYES = ("points", "bots")
MAX_ROUNDS = 20
MINUTES = (1, 24 * 60)  # an arena's shortest and longest
AHEAD_MS = 90 * 24 * 3600 * 1000  # the latest start accepted, from now
NAME_CHARS = 60


class EventError(ValueError):
    """Terms that cannot make a tournament: what is wrong, in words."""


@dataclass(frozen=True)
class Event:
    id: str
    name: str
    kind: str
    game: str
    size: int
    least: int
    starts: int  # ms since the epoch
    clock: dict[str, Any]
    options: dict[str, Any] = field(default_factory=dict)
    rounds: int = 0  # swiss
    minutes: int = 0  # arena
    byes: str = "points"
    bot_level: str = "greedy"

    def dump(self) -> str:
        return json.dumps(asdict(self), sort_keys=True)

    @staticmethod
    def load(raw: str | bytes) -> Event:
        return Event(**json.loads(raw))


def terms(tid: str, body: Any, now: int) -> Event:
    """The event `body` asks for, checked; EventError says what is wrong."""
    if not isinstance(body, dict):
        raise EventError("a tournament is a JSON object")
    name = body.get("name")
    if not isinstance(name, str) or not 0 < len(name.strip()) <= NAME_CHARS:
        raise EventError(f"name: 1 to {NAME_CHARS} characters")
    kind = body.get("kind")
    if kind not in KINDS:
        raise EventError(f"kind: one of {list(KINDS)}")
    size = body.get("size")
    if type(size) is not int:
        raise EventError("size: the seats of a table, a whole number")
    try:
        game, options, _ = table_for(str(body.get("game")), size, body.get("options") or {})
    except RoomError as exc:
        raise EventError(f"game: {exc.detail}") from None
    if size < 2:
        raise EventError("size: a tournament's tables seat at least 2")
    starts = body.get("starts")
    if type(starts) is not int or not now <= starts <= now + AHEAD_MS:
        raise EventError("starts: a time in ms from now to 90 days ahead")
    try:
        timing = clock.settings(body.get("clock"))
    except clock.ClockError as exc:
        raise EventError(f"clock: {exc}") from None
    if timing is None:
        raise EventError("clock: a tournament's games are timed")
    rounds, minutes = body.get("rounds", 0), body.get("minutes", 0)
    if kind == "swiss" and (type(rounds) is not int or not 1 <= rounds <= MAX_ROUNDS):
        raise EventError(f"rounds: 1 to {MAX_ROUNDS}")
    if kind == "arena" and (type(minutes) is not int or not MINUTES[0] <= minutes <= MINUTES[1]):
        raise EventError(f"minutes: {MINUTES[0]} to {MINUTES[1]}")
    byes, level = body.get("byes", "points"), body.get("bot_level", "greedy")
    if byes not in BYES:
        raise EventError(f"byes: one of {list(BYES)}")
    if level not in LEVELS:
        raise EventError(f"bot_level: one of {list(LEVELS)}")
    return Event(
        id=tid, name=name.strip(), kind=kind, game=game.info.name, size=size,
        least=max(2, game.info.min_players), starts=starts, clock=timing, options=options,
        rounds=rounds if kind == "swiss" else 0, minutes=minutes if kind == "arena" else 0,
        byes=byes, bot_level=level,
    )  # fmt: skip
