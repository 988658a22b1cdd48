"""Sockets at a room's table: a player's socket taking its seat or a spectator's watching
(`attach`: bound to the room's fan-out, then `joined` and a snapshot), leaving, a fresh
snapshot on request (`resync`), and a seat's legal moves — asked (`legal`) or pushed
unasked when the seat is to decide, on this node's commits (server.rooms.service) and on
other nodes' (`on_acting`). What it leaves to the room service: every change of the room
itself (sitting down, giving a seat up: `Rooms.change`).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from redis.exceptions import RedisError

from protocol.codec import encode, snapshot_frame
from protocol.errors import ErrorCode
from server.rooms import document as rm
from server.rooms.cache import Entry, now_ms
from server.rooms.delay import Delays
from server.rooms.errors import RoomError
from server.rooms.members import Member
from server.rooms.service import Change, Rooms
from server.storage.fanout import Receiver

log = logging.getLogger("longhall.rooms")


class Attachments:
    def __init__(self, rooms: Rooms) -> None:
        self.rooms = rooms
        self.hub = rooms.hub
        self.delays = Delays(rooms)  # spectators of delayed rooms (server.rooms.delay)
        self._tasks: set[asyncio.Task[None]] = set()  # pushes of legal moves waiting for a read

    async def spectate(self, sess: Member, room: str) -> None:
        e = await self.rooms.entry(room)  # refuses an unknown room before subscribing
        self.delays.delayed(e)  # a delayed room's line exists before the spectator is added
        await self.attach(sess, room, None)

    async def attach(self, sess: Member, room: str, seat: int | None, push: bool = False) -> None:
        """Bind the socket to the room's fan-out, then send `joined` and a snapshot. With
        `push` (a seat's socket) the seat's legal moves come unasked whenever it is to decide."""
        sess.rooms[room] = seat
        sess.hold(room)  # deliveries wait for the snapshot
        push = push and seat is not None
        if push:
            sess.pushing.add(room)
        else:
            sess.pushing.discard(room)
        try:
            if await self.hub.add(room, sess, seat):
                e = self.rooms.cache.get(room)
                if e is not None:
                    e.stale = True  # not subscribed until now: changes may have been missed
            e = await self.rooms.entry(room)
            if seat is not None and rm.seat_of(e.doc, sess.player or "") != seat:
                raise RoomError(ErrorCode.CONFLICT, "the seat changed hands meanwhile; join again")
        except Exception:  # refused, or the store away: not attached (a socket held back for ever)
            await self.detach(sess, room)
            raise
        joined: dict[str, Any] = {"t": "joined", "room": room, "seat": seat, "game": e.doc["game"]}
        if push:
            joined["push"] = True  # this server pushes (one that does not know the field leaves it out)
        line = self.delays.line(e) if seat is None else None
        if line is not None:
            joined["delay"] = line.delay.as_json()  # the table comes that late
            joined["waiting"] = line.view is None  # True: no snapshot yet (it comes when let go)
        sess.send(joined)
        if line is not None:
            line.show(sess)
        else:
            self.snapshot(sess, e, seat)
        if e.doc["status"] == rm.OVER:
            sess.send({"t": "over", "room": room, "result": e.doc["result"]})

    def snapshot(self, sess: Member, e: Entry, seat: int | None) -> None:
        """Your view at the room's seq, with the server's `now` (ms): a client that
        (re)loads counts the clocks down from it, not from its own clock's idea of the time.
        Then your seat's legal moves, when they are pushed and it is yours to decide."""
        sess.send_frame(snapshot_frame(e.id, e.seq, e.packed_view(seat), now_ms()))
        sess.snapshot_sent(e.id, e.seq)
        if seat is not None and e.id in sess.pushing and seat in e.acting():
            moves = e.pushed(seat)
            if moves is not None:
                sess.push_moves(e.id, e.seq, moves)

    def on_acting(self, room: str, seq: int, wanting: list[tuple[Receiver, int]]) -> None:
        """Another node's commit made these sockets' seats decide: their legal moves, from
        the room as Redis holds it (read again here), if it is still at that seq."""
        e = self.rooms.cache.get(room)
        if e is not None and not e.stale and e.seq == seq:
            self._push_to(e, wanting)
            return
        task = asyncio.get_running_loop().create_task(self._push_later(room, seq, wanting))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _push_later(self, room: str, seq: int, wanting: list[tuple[Receiver, int]]) -> None:
        try:
            e = await self.rooms.entry(room)
        except (RoomError, OSError, RedisError) as exc:  # the client may still ask (`legal`)
            log.debug("legal moves of room %s not pushed: %s", room, exc)
            return
        if e.seq == seq:
            self._push_to(e, wanting)

    def _push_to(self, e: Entry, wanting: list[tuple[Receiver, int]]) -> None:
        """Each socket that still holds its seat here, whose player the room still seats
        there, and whose seat is to decide, gets that seat's moves."""
        holders, members, acting = rm.holders(e.doc), self.hub.local.get(e.id, {}), e.acting()
        for receiver, seat in wanting:
            if seat in acting and members.get(receiver, -1) == seat and holders[seat] == receiver.player:
                moves = e.pushed(seat)
                if moves is not None:
                    receiver.push_moves(e.id, e.seq, moves)

    async def detach(self, sess: Member, room: str) -> None:
        sess.forget(room)
        await self.hub.remove(room, sess)
        self.delays.left(room)

    async def leave(self, sess: Member, room: str) -> None:
        if room not in sess.rooms:
            raise RoomError(ErrorCode.NOT_IN_ROOM, f"not in room {room!r}")
        seat = sess.rooms[room]
        await self.detach(sess, room)
        if seat is not None:

            def give_up(e: Entry, attempt: int) -> Change | None:
                # before the start a seat is given up; once playing it stays the player's
                if e.doc["status"] == rm.OPEN and rm.seat_of(e.doc, sess.player or "") == seat:
                    return rm.with_seat(e.doc, seat, None), {"k": "leave", "seat": seat}
                return None

            await self.rooms.change(room, give_up)
        sess.send({"t": "left", "room": room})

    async def legal(self, sess: Member, room: str) -> bool:
        """Send the seat's legal moves; True when they came from the cache (same seq): the
        frame is kept encoded, so a repeated `legal` costs one send (a Feast seat's list
        is kilobytes to encode)."""
        e = await self.rooms.entry(room)
        seat = self.rooms.seat_for_move(sess, e)
        game, state = e.game, e.doc["state"]
        assert game is not None
        frame, cached = e.kept(
            ("moves", seat),
            lambda: encode({"t": "moves", "room": room, "seq": e.seq, "moves": game.legal_moves(state, seat)}),
        )
        sess.send_frame(frame)
        return cached

    async def resync(self, sess: Member, room: str) -> None:
        """A fresh snapshot, cut from the seat the document gives this player now."""
        if room not in sess.rooms:
            raise RoomError(ErrorCode.NOT_IN_ROOM, f"join or spectate {room!r} first")
        e = await self.rooms.entry(room)
        seat = sess.rooms[room]
        if seat is not None and rm.seat_of(e.doc, sess.player or "") != seat:
            await self.detach(sess, room)
            sess.send({"t": "left", "room": room})
            raise RoomError(ErrorCode.NOT_IN_ROOM, f"you no longer hold seat {seat} of {room!r}")
        line = self.delays.lines.get(room) if seat is None else None
        if line is not None:
            line.show(sess)  # the table as late as the room's delay (nothing yet: it comes)
            return
        self.snapshot(sess, e, seat)
