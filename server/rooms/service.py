"""The room service: where game engines meet I/O.

Each operation loads the room (in-process cache keyed by seq; Redis on a miss or when
another node has committed since), checks who may do what, asks the engine, and commits
the new room document in one round trip (store.Commit). Per-view diffs are computed
here, once, between the cached old views and the new ones, and handed to the hub.

Within one node a room's changes are serialised by a lock; across nodes the commit
script's seq check decides, and the loser reloads and retries.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from redis.exceptions import RedisError

from protocol.codec import encode, pack, snapshot_frame
from protocol.errors import ErrorCode
from server.games import forms, registry
from server.games.contract import IllegalMove
from server.rooms import clocks as clock
from server.rooms import document as rm
from server.rooms import fairness as fair
from server.rooms import transition
from server.rooms.cache import Entry, now_ms
from server.rooms.errors import RoomError
from server.rooms.members import Member
from server.rooms.seating import free_seat, table_for
from server.storage.fanout import Hub, Receiver, payload
from server.storage.store import Commit, Outcome, Store

log = logging.getLogger("longhall.rooms")
RETRIES = 3
UNCONFIRMED = "the store's replicas have not acknowledged this move yet; send the same move id again"
# A change of a room: the next document and its log entry.
Change = tuple[rm.Doc, dict[str, Any]]
# What a transaction asks of its caller (`Rooms.change`): from the room as it is and the
# attempt (0 first), the change to commit (a tuple), None to change nothing, or an awaitable
# of either.
Decide = Callable[[Entry, int], Any]


AGAIN: Any = object()  # (mypyc compiles no `continue` inside the lock's try/finally)


class Again(Exception):
    """Raised by a `Decide`: this node may not have seen the room's latest commit yet (a
    join or a leave made on another node): read the room from Redis and decide again."""


class RoomEvents(Protocol):
    """What the room service tells the node (server.node.app.Node) after a commit here."""

    def on_over(self, room: str) -> None:
        """A game ended here (the archiver hears of it at once)."""

    def on_clock(self, room: str, due: int | None) -> None:
        """A timed room's next deadline (ms), None when none (the referee indexes it)."""


class Unnoticed:
    """RoomEvents nobody listens to (a room service alone: benchmarks, tests)."""

    def on_over(self, room: str) -> None:
        return None

    def on_clock(self, room: str, due: int | None) -> None:
        return None


class Rooms:
    def __init__(self, store: Store, hub: Hub, node: str, finished_ttl: int, fanout: str = "diff",
                 open_ttl: int = 24 * 3600, doc_every: int = 8, stamps: Sequence[transition.Stamp] = (),
                 events: RoomEvents | None = None, bot_delay: int = clock.BOT_DELAY) -> None:  # fmt: skip
        self.open_ttl = open_ttl
        self.stamps = tuple(stamps)
        self.doc_every = doc_every  # the whole document at least every this many commits (server.storage.store)
        self.snapshots = fanout == "snapshot"
        self.store = store
        self.hub = hub
        self.node = node
        self.finished_ttl = finished_ttl
        self.cache: dict[str, Entry] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.events = events or Unnoticed()
        self.bot_delay = bot_delay  # ms a bot seat waits before its decision
        self._tasks: set[asyncio.Task[None]] = set()  # pushes of legal moves waiting for a read

    # -- cache ---------------------------------------------------------------------
    def on_remote(self, room: str, seq: int, id_key: str) -> None:
        e = self.cache.get(room)
        if e is not None:
            e.known = max(e.known, seq)
            if id_key:
                e.ids[id_key] = seq

    def on_resubscribe(self) -> None:
        for e in self.cache.values():
            e.stale = True

    def lock(self, room: str) -> asyncio.Lock:
        lk = self.locks.get(room)
        if lk is None:
            lk = self.locks[room] = asyncio.Lock()
        return lk

    async def entry(self, room: str) -> Entry:
        e = self.cache.get(room)
        if e is None or e.stale or e.seq < e.known:
            loaded = await self.store.load(room)
            if loaded is None:
                self.cache.pop(room, None)
                raise RoomError(ErrorCode.UNKNOWN_ROOM, f"no room {room!r}")
            game = registry.get(loaded.doc["game"])
            if game is None:
                raise RoomError(ErrorCode.UNKNOWN_GAME, f"this server does not host {loaded.doc['game']!r}")
            doc = loaded.doc
            if loaded.tail:  # the plain moves since the document was written whole, made again
                doc = rm.replayed(doc, game, loaded.tail, loaded.base)
            e = e or self.cache.setdefault(room, Entry(room))
            e.seq, e.doc, e.ids, e.views, e.game = loaded.seq, doc, loaded.ids, {}, game
            e.known, e.stale = max(e.known, loaded.seq), False
            e.base, e.own = loaded.base, False
        e.used = time.monotonic()
        return e

    def evict_idle(self, idle: float) -> None:
        now = time.monotonic()
        for room, e in list(self.cache.items()):
            lk = self.locks.get(room)
            if room not in self.hub.local and now - e.used > idle and not (lk and lk.locked()):
                del self.cache[room]
                self.locks.pop(room, None)

    async def flush(self) -> int:
        """Before this node goes down: write whole the documents of the rooms whose tail in
        Redis this node made (server.storage.store), so that the next node to read them replays no
        move through an engine of another release. The rooms written."""
        written = 0
        for room, e in list(self.cache.items()):
            if not e.tail_here():
                continue
            async with self.lock(room):  # (a commit may have written it whole meanwhile)
                if e.tail_here() and await self.store.flush(room, e.seq, pack(e.doc)):
                    e.base = e.seq
                    written += 1
        return written

    # -- commit ----------------------------------------------------------------------
    async def commit(self, e: Entry, doc: rm.Doc, entry: dict[str, Any], id_key: str = "") -> Outcome:
        """Commit `doc` as seq+1 (server.rooms.transition makes what it writes and
        delivers): one round trip, then the local delivery."""
        m = transition.made(e, doc, entry, self.stamps, now_ms(), self.bot_delay, self.node, id_key, self.snapshots)
        seq = e.seq + 1
        tail = transition.appends(e, m, entry, self.doc_every)
        c = Commit(
            room=e.id,
            expected_seq=e.seq,
            doc=b"" if tail else pack(m.doc),
            entry=entry,
            payload=m.payload,
            id_key=id_key,
            meta=m.lobby,
            ttl=transition.ttl(e.doc, m.doc, self.open_ttl, self.finished_ttl),
            public="rem" if m.over is not None else "",
            created=now_ms(),
        )
        try:
            out = await self.store.commit(c)
        except (OSError, RedisError) as exc:  # ConnectionError is an OSError
            # the script may have run before the connection broke: only a resend with the
            # same move id can tell (it is answered with its first outcome, or applied now)
            e.stale = True
            raise RoomError(ErrorCode.UNAVAILABLE, "the store did not answer; send the same move id again") from exc
        if out.status == "ok":
            e.seq, e.doc, e.views, e.known = seq, m.doc, m.views, max(e.known, seq)
            e.own = True
            if not tail:
                e.base = seq
            if id_key:
                e.ids[id_key] = seq
            self.hub.deliver(e.id, seq, m.frames, m.over, m.holders, m.acting, lambda seat: self.pushed(e, seat))
            if m.timed:
                self.events.on_clock(e.id, clock.next_deadline(m.doc))
            if m.over is not None:
                self.events.on_over(e.id)
        elif out.status == "stale":
            e.stale = True
        return out

    async def change(self, room: str, decide: Decide, id_key: str = "") -> Outcome | None:
        """The one room transaction. Under the room's lock, with the room as it is (the
        cache, or Redis on a miss or after another node's commit), `decide(entry, attempt)`
        makes the next document and its log entry, which are committed in one round trip
        and delivered; it may refuse (RoomError: nothing changes) or change nothing (None:
        the answer). When another node committed first (a stale seq) or `decide` raised
        `Again`, the room is read again and decided again, up to RETRIES times. `id_key`:
        the move id the commit records (a resent id is answered with its first outcome)."""
        for attempt in range(RETRIES):
            async with self.lock(room):
                e = await self.entry(room)
                try:
                    made = decide(e, attempt)
                    if made is not None and type(made) is not tuple:  # an awaitable
                        made = await made
                except Again:
                    e.stale = True
                    made = AGAIN
                if made is None:
                    return None
                if made is not AGAIN:
                    doc, entry = made
                    out = await self.commit(e, doc, entry, id_key)
                    if out.status != "stale":
                        return out
        raise RoomError(ErrorCode.CONFLICT, "the room changed too often; try again")

    # -- operations ------------------------------------------------------------------
    async def create(self, sess: Member, game_name: str, options: Any, seats: int | None, private: bool,
                     clock_setting: Any = None, undo: bool = False) -> str:  # fmt: skip
        game, resolved, n = table_for(game_name, seats, options)
        try:
            timing = clock.settings(clock_setting)
        except clock.ClockError as exc:
            raise RoomError(ErrorCode.BAD_OPTION, str(exc)) from None
        assert sess.player is not None
        doc = {**rm.new_doc(game, resolved, n, private, sess.player, sess.name), "clock_setting": timing}
        if undo:
            doc["undo_on"] = True  # the seat that just decided may take it back (server.play.undo)
        for _ in range(RETRIES):
            room = secrets.token_hex(5)
            c = Commit(
                room=room,
                expected_seq=-1,
                doc=pack(doc),
                entry={"k": "create", "player": sess.player, "name": sess.name},
                payload=payload(self.node, room, 0, {}, None, ""),
                meta={**rm.meta(doc), "private": int(private)},
                ttl=self.open_ttl,
                public="" if private else "add",
                created=now_ms(),
            )
            if (await self.store.commit(c)).status == "ok":
                return room  # the caller attaches the host (after counting the room: server.identity.quotas)
        raise RoomError(ErrorCode.CONFLICT, "could not allocate a room id")

    async def join(self, sess: Member, room: str, want: int | None, push: bool = False) -> None:
        """Take the seat the player holds, or sit them in a free one first, then attach."""
        player = sess.player
        assert player is not None
        seat = -1

        def sit(e: Entry, attempt: int) -> Change | None:
            nonlocal seat
            held = rm.seat_of(e.doc, player)
            if held is not None:
                seat = held
                return None
            if attempt == 0 and not rm.free(e.doc, want):
                raise Again  # a leave on another node may not have reached this one yet
            seat = free_seat(e.doc, want)
            holder = {"player": player, "name": sess.name}
            return rm.with_seat(e.doc, seat, holder), {"k": "join", "seat": seat, **holder}

        await self.change(room, sit)
        await self.attach(sess, room, seat, push)

    async def spectate(self, sess: Member, room: str) -> None:
        await self.entry(room)  # refuses an unknown room before subscribing
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
                e = self.cache.get(room)
                if e is not None:
                    e.stale = True  # not subscribed until now: changes may have been missed
            e = await self.entry(room)
            if seat is not None and rm.seat_of(e.doc, sess.player or "") != seat:
                raise RoomError(ErrorCode.CONFLICT, "the seat changed hands meanwhile; join again")
        except Exception:  # refused, or the store away: not attached (a socket held back for ever)
            await self.detach(sess, room)
            raise
        joined: dict[str, Any] = {"t": "joined", "room": room, "seat": seat, "game": e.doc["game"]}
        if push:
            joined["push"] = True  # this server pushes (one that does not know the field leaves it out)
        sess.send(joined)
        self.snapshot(sess, e, seat)
        if e.doc["status"] == rm.OVER:
            sess.send({"t": "over", "room": room, "result": e.doc["result"]})

    def snapshot(self, sess: Member, e: Entry, seat: int | None) -> None:
        """Your view at the room's seq, with the server's `now` (ms): a client that
        (re)loads counts the clocks down from it, not from its own clock's idea of the time.
        Then your seat's legal moves, when they are pushed and it is yours to decide."""
        sess.send_frame(snapshot_frame(e.id, e.seq, e.packed_view(seat), now_ms()))
        sess.snapshot_sent(e.id, e.seq)
        if seat is not None and e.id in sess.pushing and seat in self.acting(e):
            moves = self.pushed(e, seat)
            if moves is not None:
                sess.push_moves(e.id, e.seq, moves)

    @staticmethod
    def acting(e: Entry) -> list[int]:
        """The seats to decide now (none before the start or after the end)."""
        assert e.game is not None
        return e.game.to_act(e.doc["state"]) if e.doc["status"] == rm.PLAYING else []

    @staticmethod
    def pushed(e: Entry, seat: int) -> bytes | None:
        """The `moves` frame pushed to `seat` at the room's seq (made once per seq); None
        if the engine fails on it (logged: the commit stands, the seat may still ask)."""
        game, state, seq = e.game, e.doc["state"], e.seq
        assert game is not None

        def make() -> bytes:
            moves = game.legal_moves(state, seat)
            return encode({"t": "moves", "room": e.id, "seq": seq, "moves": moves, "push": True})

        try:
            return e.kept(("push", seat), make)[0]
        except Exception:
            log.exception("engine %s failed listing the moves of a seat", game.info.name)
            return None

    def on_acting(self, room: str, seq: int, wanting: list[tuple[Receiver, int]]) -> None:
        """Another node's commit made these sockets' seats decide: their legal moves, from
        the room as Redis holds it (read again here), if it is still at that seq."""
        e = self.cache.get(room)
        if e is not None and not e.stale and e.seq == seq:
            self._push_to(e, wanting)
            return
        task = asyncio.get_running_loop().create_task(self._push_later(room, seq, wanting))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _push_later(self, room: str, seq: int, wanting: list[tuple[Receiver, int]]) -> None:
        try:
            e = await self.entry(room)
        except (RoomError, OSError, RedisError) as exc:  # the client may still ask (`legal`)
            log.debug("legal moves of room %s not pushed: %s", room, exc)
            return
        if e.seq == seq:
            self._push_to(e, wanting)

    def _push_to(self, e: Entry, wanting: list[tuple[Receiver, int]]) -> None:
        """Each socket that still holds its seat here, whose player the room still seats
        there, and whose seat is to decide, gets that seat's moves."""
        holders, members, acting = rm.holders(e.doc), self.hub.local.get(e.id, {}), self.acting(e)
        for receiver, seat in wanting:
            if seat in acting and members.get(receiver, -1) == seat and holders[seat] == receiver.player:
                moves = self.pushed(e, seat)
                if moves is not None:
                    receiver.push_moves(e.id, e.seq, moves)

    async def detach(self, sess: Member, room: str) -> None:
        sess.forget(room)
        await self.hub.remove(room, sess)

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

            await self.change(room, give_up)
        sess.send({"t": "left", "room": room})

    async def start(self, sess: Member, room: str) -> None:
        """Deal and start the game, if this player may."""
        await self.change(room, lambda e, attempt: self._started(sess, e, attempt))

    def _started(self, sess: Member, e: Entry, attempt: int) -> Change:
        """The started room, if this player may start it."""
        if attempt == 0 and (e.doc.get("host") != sess.player or None in e.doc["seats"]):
            raise Again  # a join on another node may not have reached this one yet
        if rm.seat_of(e.doc, sess.player or "") is None:
            raise RoomError(ErrorCode.NOT_SEATED, "only a seated player may start the game")
        if e.doc.get("host") != sess.player:
            raise RoomError(ErrorCode.NOT_HOST, "only the room's host (who created it) may start it")
        if e.doc["status"] != rm.OPEN:
            raise RoomError(ErrorCode.ALREADY_STARTED, "the game has already started")
        if None in e.doc["seats"]:
            raise RoomError(ErrorCode.SEATS_OPEN, "every seat must be taken first")
        assert e.game is not None
        return fair.deal(e.game, e.doc), {"k": "start"}

    def seat_for_move(self, sess: Member, e: Entry) -> int:
        if sess.rooms.get(e.id, -1) is None:
            raise RoomError(ErrorCode.SPECTATOR_MOVE, "spectators cannot move")
        seat = rm.seat_of(e.doc, sess.player or "")
        if seat is None:
            raise RoomError(ErrorCode.NOT_SEATED, "you hold no seat in this room")
        if e.doc["status"] == rm.OPEN:
            raise RoomError(ErrorCode.NOT_STARTED, "the game has not started")
        return seat

    async def move(self, sess: Member, room: str, move_id: str | int, seq: int, move: Any) -> int:
        """Apply and commit one decision; the committed seq (the first one for a re-sent id)."""
        # ids are compared as sent: the string "1" and the integer 1 are two ids
        id_key = f"{sess.player}:{move_id}" if type(move_id) is str else f"{sess.player}#{move_id}"
        answered = -1

        def decide(e: Entry, attempt: int) -> Any:
            seat = self.seat_for_move(sess, e)
            if id_key in e.ids:
                return resent(e, seat)
            return fresh(e, seat)

        async def resent(e: Entry, seat: int) -> Change | None:
            nonlocal answered
            if await self._confirmed(e, id_key):
                answered = e.ids[id_key]
                return None
            return fresh(e, seat)

        def fresh(e: Entry, seat: int) -> Change:
            if e.doc["status"] == rm.OVER:
                raise RoomError(ErrorCode.GAME_OVER, "the game is over")
            if seq != e.seq:
                raise RoomError(ErrorCode.STALE_SEQ, f"the room is at seq {e.seq}, not {seq}: resync")
            entry = {"k": "move", "seat": seat, "player": sess.player, "id": move_id, "move": move}
            return self.decision(e, seat, move, entry)

        out = await self.change(room, decide, id_key)
        if out is None:
            return answered
        if not out.confirmed:
            raise RoomError(ErrorCode.UNAVAILABLE, UNCONFIRMED)
        return out.seq

    def decision(self, e: Entry, seat: int, move: Any, entry: dict[str, Any]) -> Change:
        """The room after `seat` makes `move` (the engine refuses an illegal one), and its
        log entry with the decision in public words (server.play.wording)."""
        new_state, result = self._apply(e, seat, move)
        assert e.game is not None
        doc = rm.decided(e.doc, e.game, seat, move, new_state, result, e.seq + 1)
        return doc, {**entry, "said": doc["last"]["p"]}

    async def _confirmed(self, e: Entry, id_key: str) -> bool:
        """Whether a move id this node knows committed may be answered `ok`: at once, unless
        commits wait for replicas (Store.replicas); then its commit must be in Redis and
        acknowledged by them now. False: Redis lost it (its master died before a replica
        had it), and the move is applied afresh from the room Redis holds."""
        if not self.store.replicas:
            return True
        try:
            confirmed = await self.store.confirm(e.id, id_key)
        except (OSError, RedisError) as exc:
            raise RoomError(ErrorCode.UNAVAILABLE, UNCONFIRMED) from exc
        if confirmed is None:
            e.stale = True
            if id_key in (await self.entry(e.id)).ids:  # read again: in Redis after all (a reload raced)
                raise RoomError(ErrorCode.UNAVAILABLE, UNCONFIRMED)
            return False
        if not confirmed:
            raise RoomError(ErrorCode.UNAVAILABLE, UNCONFIRMED)
        return True

    @staticmethod
    def _apply(e: Entry, seat: int, move: Any) -> tuple[dict[str, Any], dict[str, Any] | None]:
        """The engine decides who may act: some decisions are open out of turn (V-50)."""
        game, state = e.game, e.doc["state"]
        assert game is not None
        try:
            forms.check(game, state, seat, move)
            new_state = game.apply(state, seat, move)
            return new_state, game.result(new_state)
        except IllegalMove as exc:
            raise RoomError(exc.code, exc.detail, exc.rule) from None
        except Exception:
            log.exception("engine %s failed on a move", game.info.name)
            raise RoomError(ErrorCode.INTERNAL, "the engine failed on this move; nothing changed") from None

    async def legal(self, sess: Member, room: str) -> bool:
        """Send the seat's legal moves; True when they came from the cache (same seq): the
        frame is kept encoded, so a repeated `legal` costs one send (a Feast seat's list
        is kilobytes to encode)."""
        e = await self.entry(room)
        seat = self.seat_for_move(sess, e)
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
        e = await self.entry(room)
        seat = sess.rooms[room]
        if seat is not None and rm.seat_of(e.doc, sess.player or "") != seat:
            await self.detach(sess, room)
            sess.send({"t": "left", "room": room})
            raise RoomError(ErrorCode.NOT_IN_ROOM, f"you no longer hold seat {seat} of {room!r}")
        self.snapshot(sess, e, seat)
