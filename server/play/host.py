"""The host of a room: the player who created it starts it, may remove a player from
its seats before the start (`kick`) and may seat bots (`add_bot`, server.play.bots).

Hosting passes on when the host gives up their seat before the start (to the player in
the lowest seat, or, in an empty room, to the next one to sit down): see
`server.rooms.document.with_seat`. A removed player's sockets are detached by the fan-out like
any socket whose player no longer holds its seat. What this leaves out: bans (a
removed player may sit down again) and host transfer on request.
"""

from __future__ import annotations

import secrets

from protocol.errors import ErrorCode
from server.play import bots
from server.rooms import document as rm
from server.rooms.cache import Entry
from server.rooms.errors import RoomError
from server.rooms.members import Member
from server.rooms.seating import free_seat
from server.rooms.service import Change, Rooms


def require(doc: rm.Doc, sess: Member) -> None:
    if doc.get("host") != sess.player:
        raise RoomError(ErrorCode.NOT_HOST, "only the room's host (who created it) may do that")


async def kick(rooms: Rooms, sess: Member, room: str, seat: int) -> None:
    """Free `seat` of an open room; its player's sockets get `left`."""

    def free_it(e: Entry, attempt: int) -> Change:
        require(e.doc, sess)
        if e.doc["status"] != rm.OPEN:
            raise RoomError(ErrorCode.ALREADY_STARTED, "seats are fixed once the game runs")
        seats = e.doc["seats"]
        holder = seats[seat] if 0 <= seat < len(seats) else None
        if holder is None:
            raise RoomError(ErrorCode.BAD_FIELD, f"seat {seat} holds nobody")
        player = holder["player"]
        if player == sess.player:
            raise RoomError(ErrorCode.BAD_FIELD, "to give up your own seat, leave")
        return rm.with_seat(e.doc, seat, None), {"k": "kick", "seat": seat, "player": player}

    await rooms.change(room, free_it)


async def add_bot(rooms: Rooms, sess: Member, room: str, seat: int | None, level: str) -> None:
    """Seat a bot (level "random" or "greedy") in a free seat of an open room."""
    if level not in bots.LEVELS:
        raise RoomError(ErrorCode.BAD_FIELD, f"level must be one of {list(bots.LEVELS)}")

    def seat_bot(e: Entry, attempt: int) -> Change:
        require(e.doc, sess)
        at = free_seat(e.doc, seat)
        n = sum(1 for s in e.doc["seats"] if s is not None and s.get("bot")) + 1
        holder: rm.Seat = {"player": f"bot-{secrets.token_hex(4)}", "name": f"Bot {n}", "bot": level}
        return rm.with_seat(e.doc, at, holder), {"k": "join", "seat": at, **holder}

    await rooms.change(room, seat_bot)
