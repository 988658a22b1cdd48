"""What a table may be and where a player sits: a game's table for a player count with
its options resolved (`table_for`: refused when the game, the count or the options are
not taken), whether a player may sit down at all (`admitted`: not banned by the host), and
the seat a join takes (`free_seat`). Pure: no I/O."""

from __future__ import annotations

from typing import Any

from protocol.errors import ErrorCode
from server.games import registry
from server.games.contract import Game, IllegalMove
from server.rooms import document as rm
from server.rooms.errors import RoomError


def table_for(game_name: str, players: int | None, options: Any) -> tuple[Game, dict[str, Any], int]:
    """The game, its full options and the player count for a table of `players` (None:
    the fewest), or a refusal: unknown game, a count it does not take, options it refuses."""
    game = registry.get(game_name)
    if game is None:
        raise RoomError(ErrorCode.UNKNOWN_GAME, f"no game {game_name!r}")
    n = game.info.min_players if players is None else players
    if not game.info.min_players <= n <= game.info.max_players:
        raise RoomError(
            ErrorCode.BAD_OPTION, f"{game_name} takes {game.info.min_players} to {game.info.max_players} players"
        )
    try:
        resolved = game.resolve_options(options)
        game.setup(n, resolved, 0)  # options may be valid alone and not for this player count
    except IllegalMove as exc:
        raise RoomError(ErrorCode.BAD_OPTION, exc.detail, exc.rule) from None
    return game, resolved, n


def admitted(doc: rm.Doc, player: str) -> None:
    """Refuses a player the host removed from the room (server.play.host: the ban list)."""
    if any(b["player"] == player for b in doc.get("banned") or []):
        raise RoomError(ErrorCode.BANNED, "the host removed you from this room; only the host can let you back in")


def free_seat(doc: rm.Doc, want: int | None) -> int:
    if doc["status"] != rm.OPEN:
        raise RoomError(ErrorCode.ALREADY_STARTED, "the game has started; spectate instead")
    seats = doc["seats"]
    if want is not None:
        if not 0 <= want < len(seats):
            raise RoomError(ErrorCode.BAD_FIELD, f"seat must be 0..{len(seats) - 1}")
        if seats[want] is not None:
            raise RoomError(ErrorCode.SEAT_TAKEN, f"seat {want} is taken")
        return want
    for i, s in enumerate(seats):
        if s is None:
            return i
    raise RoomError(ErrorCode.ROOM_FULL, "every seat is taken")
