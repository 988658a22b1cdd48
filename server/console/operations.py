"""What an operator does, each through the path the same change takes for players, and
each written down (server.console.audit) whether it went through or was refused:

- `end`: a game in play ends as abandoned (server.play.abandonment.end_now, through
  `Rooms.change`): every socket at the table sees the result, the archiver keeps it as
  abandoned;
- `remove`: a player leaves their seat of a room not yet started and is banned from it, as
  a host's kick does (server.play.host.remove); their sockets at the table are detached;
- `close`: one socket is closed (4004); its client may reconnect. A socket of another node
  (its name says which) is closed by that node, asked through its node channel (the way
  nodes already tell each other's sockets of a match), without an answer;
- `revoke`: every token a player (or an operator, `op:NAME`) holds is refused from now on,
  and every node closes the player's sockets within seconds (server.identity.tokens).

Listing another node's sockets is left out: nodes have no request to one another that
is answered, and Redis does not know which node holds a player's socket; `revoke` is the
way to push a player off every node.
"""

from __future__ import annotations

from redis.asyncio import Redis

from protocol.errors import CLOSE_REMOVED, ErrorCode
from server.console.audit import Audit
from server.console.survey import Survey, socket_id, socket_of
from server.identity.tokens import revoke
from server.play import abandonment, host
from server.rooms.errors import RoomError
from server.rooms.service import Rooms
from server.transport.gateway import Gateway


class Operations:
    def __init__(self, redis: Redis, rooms: Rooms, gateway: Gateway, audit: Audit, survey: Survey) -> None:
        self.redis, self.rooms, self.gateway, self.audit, self.survey = redis, rooms, gateway, audit, survey
        self.hub = rooms.hub

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
        """Close a socket (named as `Survey.sockets` names it); what it was, or for a socket
        of another node, which node was asked to."""
        where = socket_of(socket)
        node = self.survey.node
        if where is not None and where[0] != node:
            await self.hub.tell(where[0], {"k": "close", "socket": where[1]})
            await self.audit.record(by, "close", socket, "asked", socket_node=where[0])
            return {"socket": socket, "node": where[0], "asked": True}
        found = next((s for s in self.gateway.sessions if socket_id(node, s) == socket and not s.closed), None)
        if found is None:
            await self.audit.record(by, "close", socket, ErrorCode.BAD_FIELD.value)
            raise RoomError(ErrorCode.BAD_FIELD, f"no open socket {socket!r} on this node ({node})")
        what: dict[str, object] = {"socket": socket, "node": node, "player": found.player,
                                   "rooms": sorted(found.rooms), "asked": False}  # fmt: skip
        found.close(CLOSE_REMOVED, "removed by an operator")
        await self.audit.record(by, "close", socket, player=found.player)
        return what

    async def revoke(self, by: str, player: str) -> float:
        """When the player's tokens stopped being accepted (unix time)."""
        at = await revoke(self.redis, player)
        await self.audit.record(by, "revoke", player)
        return at
