"""The Python reference client: one websocket, protocol v1, a live mirror of each view.

Requests go one at a time (the server answers a connection's frames in order), so each
answer is matched to its request; diffs, `over` and other pushes are applied to the
mirror of their room as they come. A diff whose seq is not the next one triggers a
resync at once. When the socket drops, the client reconnects with its token (exponential
backoff with jitter), takes its seats back, and re-sends an unacknowledged move with
the same id — the server applies a move id at most once. A node that shuts down closes
with 1012 (`CLOSE_RESTART`): the client reconnects the same way, its first try spread
over `RESTART_SPREAD` seconds so a draining node's clients do not all arrive at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import itertools
import logging
import random
import time
from dataclasses import dataclass, field
from typing import Any

import jsonpatch
import msgpack
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

log = logging.getLogger("longhall.client")
# the wire's numbers as protocol/ defines them, written here so that the client installs
# without the server's packages (tests/clients/test_distribution.py holds them equal)
VERSIONS = [1]
CLOSE_RESTART = 1012  # the node is shutting down: reconnect with the token and resync
RESTART_SPREAD = 0.5  # seconds over which clients of a draining node spread their first reconnect
ANSWERS = {"welcome", "joined", "moves", "ok", "error", "left", "pong", "queued"}
RESEND = {"rate_limited", "unavailable"}  # not served, or not known to be: the same request again
RESENDS = 7  # about 13 s of pauses in all
PUSH_WAIT = 2.0  # seconds `legal` waits for moves the server pushes before it asks for them


def _undone(msg: dict[str, Any], mirror: RoomMirror | None) -> bool:
    """Whether a push (already applied to its room's mirror) is the commit that took a
    decision of this mirror's seat back. Another seat's undo pushed meanwhile is not it:
    ours may yet be refused (the room moved on)."""
    if mirror is None or msg.get("room") != mirror.room or msg.get("t") not in ("diff", "snapshot"):
        return False
    last = (mirror.view or {}).get("last") or {}
    return (msg.get("seq") == mirror.seq and last.get("k") == "undo" and last.get("seat") == mirror.seat
            and last.get("seq") == mirror.seq)  # fmt: skip


class ServerError(Exception):
    def __init__(self, msg: dict[str, Any]) -> None:
        super().__init__(f"{msg.get('code')}: {msg.get('detail')}" + (f" ({msg['rule']})" if msg.get("rule") else ""))
        self.code: str = msg.get("code", "")
        self.rule: str | None = msg.get("rule")
        self.detail: str = msg.get("detail", "")
        self.retry_after: float = msg.get("retry_after", 0) / 1000  # seconds the server asks to wait


@dataclass
class RoomMirror:
    room: str
    seat: int | None
    game: str = ""
    seq: int = -1
    view: dict[str, Any] = field(default_factory=dict)
    result: dict[str, Any] | None = None
    resyncs: int = 0
    frames: list[dict[str, Any]] = field(default_factory=list)  # every push, when recording
    chat: dict[str, list[dict[str, Any]]] = field(default_factory=dict)  # channel -> messages, by stream id
    clock_offset: float | None = None  # the server's time minus time.monotonic() (ms), from the last snapshot
    push: bool = False  # the server pushes this seat's legal moves (its `joined` said so)
    pushed: tuple[int, list[Any]] | None = None  # the seq and the legal moves last pushed
    delay: dict[str, Any] | None = None  # a spectator's: the room is shown that late ({"moves": N} or {"seconds": S})

    def server_now(self) -> float | None:
        """The server's time now (ms since the epoch), or None before a snapshot told it:
        what a clock's `deadline` is counted against."""
        return None if self.clock_offset is None else time.monotonic() * 1000 + self.clock_offset


class Client:
    def __init__(self, url: str, name: str | None = None, token: str | None = None, record: bool = False,
                 reconnect: bool = True, push: bool = True) -> None:  # fmt: skip
        self.url, self.name, self.token = url, name, token
        self.push = push  # seats ask the server to push their legal moves (`legal` then waits for them)
        self.player: str | None = None
        self.record = record
        self.reconnect_enabled = reconnect
        self.rooms: dict[str, RoomMirror] = {}
        self.ws: ClientConnection | None = None
        self._welcomed = False  # the socket in `ws` said hello and was welcomed
        self._lock = asyncio.Lock()
        self._waiter: asyncio.Future[list[dict[str, Any]]] | None = None
        self._done: Any = None
        self._got: list[dict[str, Any]] = []
        self._reader: asyncio.Task[None] | None = None
        self._tick = asyncio.Event()
        self._ids = itertools.count(1)
        self._closing = False
        self._reconnecting: asyncio.Task[None] | None = None  # the reconnect under way (close() ends it)
        self.reconnects = 0
        self.close_codes: list[int | None] = []  # the close code of every socket that ended, oldest first
        self.resends = RESENDS  # times a rate_limited or unavailable request is sent again
        self.matches: list[dict[str, Any]] = []  # `matched` frames, oldest first
        self.rematches: dict[str, dict[str, Any]] = {}  # finished room -> its latest `rematch` frame
        self.invitations: list[dict[str, Any]] = []  # `invited` frames, oldest first
        self._queued: dict[str, Any] | None = None  # the `queue` waiting for its match

    # -- connection ------------------------------------------------------------------
    @property
    def ready(self) -> bool:
        """Connected and welcomed: requests may go."""
        return self.ws is not None and self._welcomed and self.ws.state.name == "OPEN"

    async def connect(self) -> Client:
        self._welcomed = False
        ws = self.ws = await connect(self.url, max_size=None, ping_interval=None)
        self._reader = asyncio.create_task(self._read(ws))
        try:
            await self._hello()
        except BaseException:
            # a socket whose hello failed is closed, not left to the server's hello timeout;
            # taken off first, so that its end starts no reconnect of its own
            self.ws = None
            with contextlib.suppress(Exception):
                await asyncio.wait_for(ws.close(), 2)
            raise
        return self

    async def _hello(self) -> None:
        hello: dict[str, Any] = {"t": "hello", "versions": VERSIONS}
        if self.token:
            hello["token"] = self.token
        if self.name:
            hello["name"] = self.name
        try:
            (welcome,) = await self._request(hello, {"welcome"})
        except ServerError as exc:
            if exc.code != "bad_token" or "token" not in hello:
                raise
            # expired or revoked: this player is gone; go on as a new guest
            log.warning("the token no longer verifies (%s); continuing as a new player", exc.detail)
            del hello["token"]
            (welcome,) = await self._request(hello, {"welcome"})
        self.player, self.token = welcome["player"], welcome["token"]
        self._welcomed = True
        self._notify()

    async def close(self) -> None:
        self._closing = True
        reconnecting, self._reconnecting = self._reconnecting, None
        if reconnecting is not None:  # a reconnect under way would open a socket after the close
            reconnecting.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await reconnecting
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reader

    async def drop(self) -> None:
        """Cut the socket abruptly (for tests of reconnects): the client reconnects."""
        if self.ws is not None and self.ws.transport is not None:
            self.ws.transport.abort()

    async def _reconnect(self, spread: float = 0.0) -> None:
        for attempt in itertools.count():
            delay = min(5.0, 0.05 * 2**attempt) * (0.5 + random.random())
            await asyncio.sleep(delay + (random.random() * spread if attempt == 0 else 0.0))
            if self._closing:
                return
            try:
                await self.connect()
                for mirror in list(self.rooms.values()):
                    if mirror.seat is None:
                        await self.spectate(mirror.room)
                    else:
                        await self.join(mirror.room, mirror.seat)
                if self._queued is not None:  # the closed socket withdrew it; matched meanwhile, told now
                    await self._request(self._queued, {"queued"})
                self.reconnects += 1
                self._notify()
                return
            except asyncio.CancelledError:
                raise
            except Exception:  # refused, reset, handshake or hello failed: try again later
                continue

    async def _read(self, ws: ClientConnection) -> None:
        # A socket given up (its hello failed or timed out, and a reconnect opened another)
        # may still deliver its last frames and its end while it closes: they speak for
        # nobody. Taken as the current socket's, a late answer would be matched to the new
        # socket's request (a move sent before that socket's hello was ever welcomed).
        try:
            async for data in ws:
                if isinstance(data, bytes) and ws is self.ws:
                    self._safely(data)
        except ConnectionClosed:
            pass
        finally:
            if ws is self.ws and self._waiter is not None and not self._waiter.done():
                self._waiter.set_exception(ConnectionError("connection lost"))
            self.close_codes.append(ws.close_code)
            self._notify()
            if not self._closing and self.reconnect_enabled and ws is self.ws:
                spread = RESTART_SPREAD if ws.close_code == CLOSE_RESTART else 0.0
                self._reconnecting = asyncio.get_running_loop().create_task(self._reconnect(spread))

    # -- frames ----------------------------------------------------------------------
    def _safely(self, data: bytes) -> None:
        """A frame that cannot be applied costs a resync of its room, not the socket."""
        try:
            self._on_frame(msgpack.unpackb(data, raw=False, strict_map_key=False))
        except Exception:
            log.warning("could not apply a frame; resyncing", exc_info=True)
            for room in self.rooms.values():
                room.resyncs += 1
                asyncio.get_running_loop().create_task(self._quiet(self.resync(room.room)))

    def _on_frame(self, msg: dict[str, Any]) -> None:
        t = msg.get("t")
        # diffs are applied in place and share their values with the mirror: keep a copy
        frame_copy = copy.deepcopy(msg) if self.record else msg
        if t == "joined":
            mirror = self.rooms.setdefault(msg["room"], RoomMirror(msg["room"], msg["seat"]))
            mirror.seat, mirror.game, mirror.push, mirror.pushed = msg["seat"], msg["game"], bool(msg.get("push")), None
            mirror.delay = msg.get("delay")
        room = self.rooms.get(msg.get("room", ""))
        if t == "moves" and msg.get("push"):  # unasked: not the answer to a request
            if room is not None:
                room.pushed = (msg["seq"], msg["moves"])
            self._notify()
            return
        if t == "snapshot" and room is not None:
            room.seq, room.view = msg["seq"], msg["view"]
            room.result = msg["view"].get("result")
            if isinstance(msg.get("now"), int):
                room.clock_offset = msg["now"] - time.monotonic() * 1000
        elif t == "diff" and room is not None:
            self._on_diff(room, msg)
        elif t == "over" and room is not None:
            room.result = msg["result"]
        elif t == "chat" and room is not None:
            kept = room.chat.setdefault(msg["channel"], [])
            seen = {m["n"] for m in kept}
            kept.extend(m for m in msg["messages"] if m["n"] not in seen)
            kept.sort(key=lambda m: tuple(int(x) for x in m["n"].split("-")))
        elif t == "rematch":
            self.rematches[msg["room"]] = msg
        elif t == "invited":
            self.invitations.append(msg)
        elif t == "matched":
            self.matches.append(msg)
            self._queued = None
        elif t == "left":  # given up here or from another socket of this player
            self.rooms.pop(msg["room"], None)
        if self.record and room is not None:
            room.frames.append(frame_copy)
        if self._waiter is not None and not self._waiter.done() and (t in ANSWERS or self._done(msg)):
            self._got.append(msg)
            if t == "error" or self._done(msg):
                self._waiter.set_result(self._got)
        self._notify()

    def _notify(self) -> None:
        """Wake every wait_until: something it may be waiting for has changed."""
        self._tick.set()
        self._tick = asyncio.Event()

    def _on_diff(self, room: RoomMirror, msg: dict[str, Any]) -> None:
        if msg["seq"] <= room.seq:
            return
        if msg["seq"] != room.seq + 1:
            room.resyncs += 1
            asyncio.get_running_loop().create_task(self._quiet(self.resync(room.room)))
            return
        jsonpatch.apply_patch(room.view, msg["ops"], in_place=True)
        room.seq = msg["seq"]

    @staticmethod
    async def _quiet(coro: Any) -> None:
        with contextlib.suppress(Exception):
            await coro

    async def _request(self, msg: dict[str, Any], want: set[str] | Any, timeout: float = 30.0) -> list[dict[str, Any]]:
        """Send one request; every answer frame up to the one `want` names (a set of types
        or a predicate), or raise ServerError on an `error`. A request refused as
        `rate_limited` (not served, nothing changed) or `unavailable` (the store did not
        answer) is sent again as it was, after a growing pause."""
        for attempt in itertools.count():
            try:
                return await self._request_once(msg, want, timeout)
            except ServerError as exc:
                if exc.code not in RESEND or attempt >= self.resends:
                    raise
                pause = 0.1 * 2**attempt * (0.5 + random.random())
                await asyncio.sleep(max(exc.retry_after, pause) if exc.retry_after else pause)
        raise AssertionError("unreachable")

    async def _request_once(self, msg: dict[str, Any], want: set[str] | Any, timeout: float) -> list[dict[str, Any]]:
        done = want if callable(want) else (lambda m: m.get("t") in want)
        async with self._lock:
            # a reconnect opens its socket before its hello is answered: until then the
            # socket speaks for nobody (the server would refuse anything but hello)
            if self.ws is None or (msg["t"] != "hello" and not self._welcomed):
                raise ConnectionError("not connected")
            loop = asyncio.get_running_loop()
            self._waiter, self._done, self._got = loop.create_future(), done, []
            try:
                await self.ws.send(msgpack.packb(msg))
                got = await asyncio.wait_for(self._waiter, timeout)
            except ConnectionClosed as exc:  # the socket died under the send: as if lost after it
                if self._waiter.done():
                    self._waiter.exception()  # (the reader failed it already: retrieved here)
                raise ConnectionError("connection lost") from exc
            finally:
                self._waiter = None
        if got[-1].get("t") == "error":
            raise ServerError(got[-1])
        return got

    async def wait_until(self, predicate: Any, timeout: float = 30.0) -> None:
        async def loop() -> None:
            while not predicate():
                await self._tick.wait()

        await asyncio.wait_for(loop(), timeout)

    # -- rooms -----------------------------------------------------------------------
    async def _enter(self, msg: dict[str, Any]) -> RoomMirror:
        """Create, join or spectate: answered with the room's snapshot — or, for a spectator
        of a room shown late, with `joined` alone when there is nothing to show yet
        (`waiting`: the snapshot follows later; the mirror's seq is -1 until then)."""
        got = await self._request(
            msg, lambda m: m.get("t") == "snapshot" or m.get("t") == "joined" and m.get("waiting")
        )
        joined = next(m for m in got if m["t"] == "joined")
        return self.rooms[joined["room"]]

    async def create(self, game: str, options: dict[str, Any] | None = None, seats: int | None = None,
                     private: bool = False, clock: dict[str, Any] | None = None,
                     undo: bool = False, spectator_delay: dict[str, Any] | None = None) -> RoomMirror:  # fmt: skip
        """A new room; `clock`: {"per_move": s} or {"total": s, "increment": s}, with
        "timeout": "bot" (default) or "forfeit"; `undo`: the seat that just decided may
        take it back while it is still asked and nothing hidden was revealed;
        `spectator_delay`: {"moves": N} or {"seconds": S}, how late spectators see the game
        (a timed room's default: two decisions per seat; {"moves": 0}: none)."""
        msg: dict[str, Any] = {"t": "create", "game": game, "private": private}
        if spectator_delay is not None:
            msg["spectator_delay"] = spectator_delay
        if self.push:
            msg["push"] = True
        if undo:
            msg["undo"] = True
        if options:
            msg["options"] = options
        if clock is not None:
            msg["clock"] = clock
        if seats is not None:
            msg["seats"] = seats
        return await self._enter(msg)

    async def join(self, room: str, seat: int | None = None) -> RoomMirror:
        self.rooms.setdefault(room, RoomMirror(room, seat))
        msg: dict[str, Any] = {"t": "join", "room": room, "seat": seat}
        if self.push:
            msg["push"] = True
        return await self._enter(msg)

    async def spectate(self, room: str) -> RoomMirror:
        self.rooms.setdefault(room, RoomMirror(room, None))
        return await self._enter({"t": "spectate", "room": room})

    async def leave(self, room: str) -> None:
        await self._request({"t": "leave", "room": room}, lambda m: m.get("t") == "left" and m.get("room") == room)
        self.rooms.pop(room, None)

    async def start(self, room: str) -> None:
        """Start the game; returns once this client's mirror shows it started."""
        await self._request({"t": "start", "room": room}, lambda m: m.get("t") == "diff" and m.get("room") == room)

    async def kick(self, room: str, seat: int) -> None:
        """Host only, before the start: free `seat`; returns once this mirror shows it."""
        await self._request({"t": "kick", "room": room, "seat": seat},
                            lambda m: m.get("t") == "diff" and m.get("room") == room)  # fmt: skip

    async def add_bot(self, room: str, seat: int | None = None, level: str = "random") -> None:
        """Host only, before the start: seat a bot; returns once this mirror shows it."""
        await self._request({"t": "add_bot", "room": room, "seat": seat, "level": level},
                            lambda m: m.get("t") == "diff" and m.get("room") == room)  # fmt: skip

    async def unban(self, room: str, player: str) -> None:
        """Host only: let a player removed with `kick` sit down again; returns once this
        mirror shows it."""
        await self._request({"t": "unban", "room": room, "player": player},
                            lambda m: m.get("t") == "diff" and m.get("room") == room)  # fmt: skip

    async def claim(self, room: str) -> dict[str, Any]:
        """Claim the win over the seats gone from the table past the server's limit (the
        view's `claim_at`); the game's result, once this mirror shows it over."""
        await self._request({"t": "claim", "room": room}, lambda m: m.get("t") == "over" and m.get("room") == room)
        mirror = self.rooms[room]
        assert mirror.result is not None
        return mirror.result

    async def chat(self, room: str, text: str, chat_id: str | None = None) -> None:
        """Say `text` at the table; returns once the message came back to this socket. The
        message carries an id: sent again after `unavailable`, it is still posted once."""

        def mine(m: dict[str, Any]) -> bool:
            return (
                m.get("t") == "chat"
                and m.get("room") == room
                and any(x.get("player") == self.player for x in m["messages"])
            )

        await self._request({"t": "chat", "room": room, "text": text, "id": chat_id or f"c{next(self._ids)}"}, mine)

    async def queue(self, game: str, players: int, options: dict[str, Any] | None = None,
                    timeout: float = 60.0) -> RoomMirror:  # fmt: skip
        """Ask the matchmaker for a game; once matched, join the room and return it."""
        before = len(self.matches)
        msg: dict[str, Any] = {"t": "queue", "game": game, "players": players}
        if options:
            msg["options"] = options
        self._queued = msg
        await self._request(msg, {"queued"})
        await self.wait_until(lambda: len(self.matches) > before, timeout)
        match = self.matches[before]
        return await self.join(match["room"], match["seat"])

    async def rematch(self, room: str, accept: bool = True) -> dict[str, Any]:
        """Say yes (offering it if nobody did) or no to playing finished `room` again; the
        `rematch` frame that answers (its `state`, and `new`, the new room, once started)."""

        def answer(m: dict[str, Any]) -> bool:  # not another player's earlier news of the same offer
            if m.get("t") != "rematch" or m.get("room") != room:
                return False
            return m["state"] != "open" or (accept and self.player in m["accepted"])

        got = await self._request({"t": "rematch", "room": room, "accept": accept}, answer)
        return got[-1]

    async def invite(self, room: str, player: str) -> bool:
        """Invite `player` to `room`; True when they were online to be told at once."""
        got = await self._request({"t": "invite", "room": room, "player": player},
                                  lambda m: m.get("t") == "invite" and m.get("room") == room)  # fmt: skip
        return bool(got[-1]["online"])

    async def unqueue(self, game: str, players: int) -> None:
        self._queued = None
        await self._request({"t": "unqueue", "game": game, "players": players}, {"queued"})

    async def undo(self, room: str) -> None:
        """Take back your seat's latest decision of this turn (a room created with undo:
        the view's `undo` says whether you may); returns once this mirror shows it."""
        seq = self.rooms[room].seq
        await self._request({"t": "undo", "room": room, "seq": seq}, lambda m: _undone(m, self.rooms.get(room)))

    async def legal(self, room: str) -> list[Any]:
        """The seat's legal decisions now. Where the server pushes them (`push`), those it
        sent with the change that made the seat decide (waited for up to PUSH_WAIT s: they
        follow that change), else asked for."""
        mirror = self.rooms.get(room)
        if mirror is not None and mirror.push and mirror.seat in mirror.view.get("to_act", []):
            seq = mirror.seq
            with contextlib.suppress(TimeoutError):
                await self.wait_until(
                    lambda: mirror.seq != seq or (mirror.pushed is not None and mirror.pushed[0] >= seq), PUSH_WAIT
                )
            if mirror.pushed is not None and mirror.pushed[0] == mirror.seq:
                return list(mirror.pushed[1])
        got = await self._request({"t": "legal", "room": room}, {"moves"})
        return list(got[-1]["moves"])

    async def resync(self, room: str) -> None:
        mirror = self.rooms[room]
        await self._request({"t": "resync", "room": room, "seq": mirror.seq}, {"snapshot"})

    async def move(self, room: str, move: Any, move_id: str | None = None, seq: int | None = None) -> int:
        """Send a decision; the committed seq. Survives a reconnect: re-sent with the same id."""
        mid = move_id or f"m{next(self._ids)}"
        base = self.rooms[room].seq if seq is None else seq
        for _ in range(8):
            try:
                got = await self._request({"t": "move", "room": room, "id": mid, "seq": base, "move": move}, {"ok"})
                return int(got[-1]["seq"])  # (_request resent it while the store was away)
            except ConnectionError:
                await self.wait_until(lambda: self.ready and self.rooms[room].seq >= 0, timeout=30)
        raise ConnectionError("could not deliver the move")
