"""What an operator does, each through the path the same change takes for players, and
each written down (server.console.audit) whether it went through or was refused:

- `end`: a game in play ends as abandoned (server.play.abandonment.end_now, through
  `Rooms.change`): every socket at the table sees the result, the archiver keeps it as
  abandoned;
- `remove`: a player leaves their seat of a room not yet started and is banned from it, as
  a host's kick does (server.play.host.remove); their sockets at the table are detached;
- `close`: one socket of this node is closed (4004); its client may reconnect;
- `revoke`: every token a player (or an operator, `op:NAME`) holds is refused from now on,
  and every node closes the player's sockets within seconds (server.identity.tokens).

Closing a socket of another node is left out: nodes have no request to one another but
the fan-out, and Redis does not know which node holds a player's socket; `revoke` is the
way to push a player off every node.
"""

from __future__ import annotations

from redis.asyncio import Redis

from protocol.errors import CLOSE_REMOVED, ErrorCode
from server.console.audit import Audit
from server.console.survey import Survey, socket_id
from server.identity.tokens import revoke
from server.play import abandonment, host
from server.rooms.errors import RoomError
from server.rooms.service import Rooms
from server.transport.gateway import Gateway


class Operations:
    def __init__(self, redis: Redis, rooms: Rooms, gateway: Gateway, audit: Audit, survey: Survey) -> None:
        self.redis, self.rooms, self.gateway, self.audit, self.survey = redis, rooms, gateway, audit, survey

    async def end(self, by: str, room: str) -> None:
        try:
            await abandonment.end_now(self.redis, self.rooms, room, by)
        except RoomError as exc:
            await self.audit.record(by, "end", room, exc.code)
            raise
        await self.audit.record(by, "end", room)

    async def remove(self, by: str, room: str, player: str) -> int:
        """The seat freed."""
        try:
            seat = await host.remove(self.rooms, room, player, by)
        except RoomError as exc:
            await self.audit.record(by, "remove", room, exc.code, player=player)
            raise
        await self.audit.record(by, "remove", room, player=player, seat=seat)
        return seat

    async def close(self, by: str, socket: str) -> dict[str, object]:
        """Close one socket of this node (its listing: `Survey.sockets`); what it was."""
        found = next((s for s in self.gateway.sessions if socket_id(s) == socket and not s.closed), None)
        if found is None:
            await self.audit.record(by, "close", socket, ErrorCode.BAD_FIELD.value)
            raise RoomError(ErrorCode.BAD_FIELD, f"this node ({self.survey.node}) has no open socket {socket!r}")
        what: dict[str, object] = {"socket": socket, "player": found.player, "rooms": sorted(found.rooms)}
        found.close(CLOSE_REMOVED, "removed by an operator")
        await self.audit.record(by, "close", socket, player=found.player)
        return what

    async def revoke(self, by: str, player: str) -> float:
        """When the player's tokens stopped being accepted (unix time)."""
        at = await revoke(self.redis, player)
        await self.audit.record(by, "revoke", player)
        return at
