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
from typing import Any, Protocol, cast

from redis.exceptions import RedisError

from protocol.codec import pack
from protocol.errors import ErrorCode
from server.games import forms, registry
from server.games.contract import IllegalMove
from server.rooms import clocks as clock
from server.rooms import delay, transition
from server.rooms import document as rm
from server.rooms import fairness as fair
from server.rooms.cache import Entry, now_ms
from server.rooms.errors import RoomError
from server.rooms.members import Member
from server.rooms.seating import admitted, free_seat, table_for
from server.storage.fanout import Hub, payload
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

    def on_asked(self, room: str, players: list[str], doc: rm.Doc) -> None:
        """These players' seats are asked to decide and were not before (notifications)."""


class Unnoticed:
    """RoomEvents nobody listens to (a room service alone: benchmarks, tests)."""

    def on_over(self, room: str) -> None:
        return None

    def on_clock(self, room: str, due: int | None) -> None:
        return None

    def on_asked(self, room: str, players: list[str], doc: rm.Doc) -> None:
        return None


class Rooms:
    def __init__(self, store: Store, hub: Hub, node: str, finished_ttl: int, fanout: str = "diff",
                 open_ttl: int = 24 * 3600, doc_every: int = 8, stamps: Sequence[transition.Stamp] = (),
                 events: RoomEvents | None = None, bot_delay: int = clock.BOT_DELAY,
                 open_changes: int = 0) -> None:  # fmt: skip
        self.open_ttl = open_ttl
        self.open_changes = open_changes  # changes an open room may take before its start (0: no cap)
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
            doc = cast(rm.Doc, loaded.doc)
            game = registry.engine(doc["game"], rm.engine_of(doc))
            if game is None:
                if registry.get(doc["game"]) is None:
                    raise RoomError(ErrorCode.UNKNOWN_GAME, f"this server does not host {doc['game']!r}")
                raise RoomError(
                    ErrorCode.ENGINE_MISSING,
                    f"room {room!r} plays {doc['game']} version {rm.engine_of(doc)}, which this server does not run",
                )
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
        before = e.doc["seats"]
        was: Sequence[int] = e.view(None)["to_act"] if e.doc["status"] == rm.PLAYING else ()  # (cut by commit_frames)
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
            self.hub.deliver(e.id, seq, m.frames, m.over, m.holders, m.acting, e.pushed, m.delayed)
            if m.doc["seats"] is not before:
                await self._seated(e.id, before, m.doc["seats"])
            if m.timed:
                self.events.on_clock(e.id, clock.next_deadline(m.doc))
            if m.over is not None:
                self.events.on_over(e.id)
            self._asked(e.id, was, m.acting, m.doc)
        elif out.status == "stale":
            e.stale = True
        return out

    def _asked(self, room: str, was: Sequence[int], acting: list[int], doc: rm.Doc) -> None:
        """Tell the node of the players asked to decide by this commit (not before it)."""
        asked: list[str] = []
        for i in acting:
            seat = doc["seats"][i] if i not in was else None
            if seat is not None and not seat.get("bot"):
                asked.append(seat["player"])
        if asked:
            self.events.on_asked(room, asked, doc)

    async def _seated(self, room: str, before: list[rm.Seat | None], after: list[rm.Seat | None]) -> None:
        """Note the players who took a seat in `room` for their games lists (after the
        commit: a join, never a move; a failure loses only that note)."""
        had = {s["player"] for s in before if s is not None}
        came = [s["player"] for s in after if s is not None and not s.get("bot") and s["player"] not in had]
        if not came:
            return
        try:
            await self.store.seated(room, came, now_ms())
        except (OSError, RedisError):
            log.warning("could not note the players seated in room %s for their games lists", room)

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
                    self._bounded(e, doc)
                    out = await self.commit(e, doc, entry, id_key)
                    if out.status != "stale":
                        return out
        raise RoomError(ErrorCode.CONFLICT, "the room changed too often; try again")

    def _bounded(self, e: Entry, doc: rm.Doc) -> None:
        """Refuses a change that would leave a room still open past `open_changes` changes:
        joins, leaves, kicks and bots in a loop would grow its log for ever. Its start is
        always taken; in play the log is bounded by the game's length and the undo budget
        (server.play.undo)."""
        if self.open_changes and e.seq >= self.open_changes and doc["status"] == rm.OPEN:
            raise RoomError(ErrorCode.LOG_FULL, f"this room has changed {e.seq} times before its start, as many as "
                            "a room may: start it, or make a new room")  # fmt: skip

    # -- operations ------------------------------------------------------------------
    async def sit(self, sess: Member, room: str, want: int | None) -> int:
        """The seat the player holds, after sitting them in a free one (`want`: that one)
        if they held none (server.rooms.attachments.Attachments.join attaches them)."""
        player = sess.player
        assert player is not None
        seat = -1

        def sit(e: Entry, attempt: int) -> Change | None:
            nonlocal seat
            held = rm.seat_of(e.doc, player)
            if held is not None:
                seat = held
                return None
            admitted(e.doc, player)
            if attempt == 0 and not rm.free(e.doc, want):
                raise Again  # a leave on another node may not have reached this one yet
            seat = free_seat(e.doc, want)
            holder: rm.Seat = {"player": player, "name": sess.name}
            return rm.with_seat(e.doc, seat, holder), {"k": "join", "seat": seat, **holder}

        await self.change(room, sit)
        return seat

    async def create(self, sess: Member, game_name: str, options: Any, seats: int | None, private: bool,
                     clock_setting: Any = None, undo: bool = False, spectator_delay: Any = None) -> str:  # fmt: skip
        game, resolved, n = table_for(game_name, seats, options)
        try:
            timing = clock.settings(clock_setting)
            late = delay.setting(spectator_delay)
        except (clock.ClockError, delay.DelayError) as exc:
            raise RoomError(ErrorCode.BAD_OPTION, str(exc)) from None
        assert sess.player is not None
        doc: rm.Doc = {**rm.new_doc(game, resolved, n, private, sess.player, sess.name), "clock_setting": timing}
        if undo:
            doc["undo_on"] = True  # the seat that just decided may take it back (server.play.undo)
        if late is not None:
            doc["spectator_delay"] = late  # spectators see the game late (server.rooms.delay)
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
                await self._seated(room, [], doc["seats"])
                return room  # the caller attaches the host (after counting the room: server.identity.quotas)
        raise RoomError(ErrorCode.CONFLICT, "could not allocate a room id")

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
        said = rm.last_for(doc, None)
        return doc, {**entry, "said": said}

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
