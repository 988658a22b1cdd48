"""The host of a room: the player who created it starts it, may remove a player from
its seats before the start (`kick`) and may seat bots (`add_bot`, server.play.bots).

A removed player is banned from the room: the document lists them (`banned`, with their
name, so the host sees whom they removed) and their `join` is refused (`banned`) until
the host lets them back (`unban`). A ban keeps a player out of the seats, not out of
sight: they may still spectate a public room, as anyone may. A removed bot is not banned
(a bot has no identity to come back with).

Hosting passes on when the host gives up their seat before the start (to the player in
the lowest seat, or, in an empty room, to the next one to sit down): see
`server.rooms.document.with_seat`; the ban list stays with the room. A removed player's
sockets are detached by the fan-out like any socket whose player no longer holds its
seat. An operator removes a player the same way (`remove`, server.console), from any
room not yet started, host or not. What this leaves out: host transfer on request.
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
        return removed(e.doc, seat), {"k": "kick", "seat": seat, "player": player}

    await rooms.change(room, free_it)


async def remove(rooms: Rooms, room: str, player: str, by: str) -> int:
    """An operator (`by`) frees the seat `player` holds in an open room and bans them from
    it, as a host's kick would; the seat freed."""
    freed = -1

    def free_it(e: Entry, attempt: int) -> Change:
        nonlocal freed
        if e.doc["status"] != rm.OPEN:
            raise RoomError(ErrorCode.ALREADY_STARTED, "seats are fixed once the game runs: end the room instead")
        seat = rm.seat_of(e.doc, player)
        if seat is None:
            raise RoomError(ErrorCode.NOT_SEATED, f"{player} holds no seat in this room")
        freed = seat
        return removed(e.doc, seat), {"k": "kick", "seat": seat, "player": player, "by": by}

    await rooms.change(room, free_it)
    return freed


def removed(doc: rm.Doc, seat: int) -> rm.Doc:
    """The document with `seat` freed and its player, unless a bot, banned from the room."""
    holder = doc["seats"][seat]
    new = rm.with_seat(doc, seat, None)
    if holder is None or holder.get("bot") or any(b["player"] == holder["player"] for b in doc.get("banned") or []):
        return new
    return {**new, "banned": [*(doc.get("banned") or []), {"player": holder["player"], "name": holder["name"]}]}


def unbanned(doc: rm.Doc, player: str) -> rm.Doc:
    """The document with `player` let back in (a refusal when they are not banned here)."""
    banned = doc.get("banned") or []
    kept = [b for b in banned if b["player"] != player]
    if len(kept) == len(banned):
        raise RoomError(ErrorCode.BAD_FIELD, "that player is not banned from this room")
    return {**doc, "banned": kept}


async def unban(rooms: Rooms, sess: Member, room: str, player: str) -> None:
    """The host lets a player they removed sit down again (answered by the diff)."""

    def let_back(e: Entry, attempt: int) -> Change:
        require(e.doc, sess)
        return unbanned(e.doc, player), {"k": "unban", "player": player}

    await rooms.change(room, let_back)


async def add_bot(rooms: Rooms, sess: Member, room: str, seat: int | None, level: str) -> None:
    """Seat a bot (a level of server.play.bots: "random", "greedy", "easy", "medium",
    "strong") in a free seat of an open room."""
    if level not in bots.LEVELS:
        raise RoomError(ErrorCode.BAD_FIELD, f"level must be one of {list(bots.LEVELS)}")

    def seat_bot(e: Entry, attempt: int) -> Change:
        require(e.doc, sess)
        at = free_seat(e.doc, seat)
        n = sum(1 for s in e.doc["seats"] if s is not None and s.get("bot")) + 1
        holder: rm.Seat = {"player": f"bot-{secrets.token_hex(4)}", "name": f"Bot {n}", "bot": level}
        return rm.with_seat(e.doc, at, holder), {"k": "join", "seat": at, **holder}

    await rooms.change(room, seat_bot)
