"""What the websocket gateway asks of players among themselves (`Social`): marks of who is
online, the blocking checks before a seat is taken or a chat message said, invitations
sent and dismissed, and rematches answered (server.social.rematch). Built by the node
with its collaborators; the HTTP side (lists, follows, blocks, reports) is
server.social.routes."""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable
from typing import Any

from redis.asyncio import Redis

from protocol.errors import ErrorCode
from server.rooms import document as rm
from server.rooms.errors import RoomError
from server.rooms.members import Member
from server.rooms.service import Rooms
from server.runtime import loops as background
from server.runtime.outage import STORE_ERRORS
from server.social import allowance, blocks, invitations, online
from server.social.online import Online
from server.social.rematch import Rematches

# Queues a notification to a player (server.notify.service.Notifications.notify), given by
# the node: (player, kind, payload).
Notify = Callable[[str, str, dict[str, Any]], Awaitable[None]]


class Social:
    def __init__(self, redis: Redis, rooms: Rooms, bot_delay: int, notify: Notify | None = None) -> None:
        self.redis, self.rooms = redis, rooms
        self.notify = notify  # a push or e-mail to a player away (server.notify), where the node has them
        self.online = Online(redis, rooms.node)
        self.rematches = Rematches(redis, rooms, bot_delay)

    def register(self, loops: background.Loops) -> None:
        self.online.register(loops)
        self.rematches.register(loops)

    async def arrived(self, player: str) -> None:
        """A socket of `player` said hello here (a missed mark only hides them a while)."""
        with contextlib.suppress(*STORE_ERRORS):
            await self.online.arrived(player)

    async def gone(self, player: str) -> None:
        with contextlib.suppress(*STORE_ERRORS):
            await self.online.gone(player)

    async def may_sit(self, sess: Member, room: str) -> None:
        """Refuses a seat in `room` to a player that one of its seated players blocked
        (a seat they hold already stays theirs)."""
        assert sess.player is not None
        against = await blocks.blockers(self.redis, sess.player)
        if against:
            doc = (await self.rooms.entry(room)).doc
            if rm.seat_of(doc, sess.player) is None:
                blocks.refused(doc, against, "sit down")

    async def may_speak(self, sess: Member, room: str) -> None:
        """Refuses a chat message at a table where a seated player blocked its sender."""
        assert sess.player is not None
        against = await blocks.blockers(self.redis, sess.player)
        if against and room in sess.rooms:
            blocks.refused((await self.rooms.entry(room)).doc, against, "chat")

    async def joined(self, player: str, room: str) -> None:
        """`player` sat down in `room`: an invitation to it has been taken up."""
        with contextlib.suppress(*STORE_ERRORS):
            await invitations.dismiss(self.redis, player, room)

    async def invite(self, sess: Member, room: str, player: str) -> tuple[dict[str, Any], list[str]]:
        """`sess`'s player invites `player` to `room`: the invitation, kept, and the nodes
        holding a socket of `player` now (the gateway tells them)."""
        assert sess.player is not None
        if room not in sess.rooms:
            raise RoomError(ErrorCode.NOT_IN_ROOM, f"join {room!r} first, then invite to it")
        if player == sess.player:
            raise RoomError(ErrorCode.BAD_FIELD, "you are in the room already")
        doc = (await self.rooms.entry(room)).doc
        if doc["status"] != rm.OPEN:
            raise RoomError(ErrorCode.ALREADY_STARTED, "the game has started: invite to a room not started")
        if await blocks.blocks(self.redis, player, sess.player):
            raise RoomError(ErrorCode.BLOCKED, "this player takes no invitations from you")
        if not await allowance.within(self.redis, sess.player, "invites", invitations.PER_MINUTE, 60):
            raise RoomError(ErrorCode.RATE_LIMITED, f"at most {invitations.PER_MINUTE} invitations a minute")
        inv = invitations.invitation(room, doc["game"], sess.player, sess.name)
        await invitations.keep(self.redis, player, inv)
        nodes = await online.nodes(self.redis, player)
        if not nodes and self.notify is not None:  # away: told where their settings say (push, e-mail)
            await self.notify(player, "invite", {"room": room, "game": doc["game"], "from": sess.name})
        return inv, nodes
