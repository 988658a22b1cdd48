"""Fan-out: forwarding each committed change to this node's sockets in the room.

The committing node computes one diff frame per seat and one public frame, and
publishes them on the room's channel inside the commit. Every node subscribed to the
channel forwards to each of its sockets the one frame for that socket's seat (the
public frame to spectators), so no socket ever receives another seat's diff. The
committing node delivers to its own sockets at once and ignores its own publish.

A node subscribes to a room's channel while it has sockets in the room. The channels are
classic pub/sub on one Redis and sharded pub/sub on a Redis Cluster (server.storage.channels).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any, Protocol

import msgpack
from redis.asyncio import Redis

from protocol.codec import pack
from server.runtime import loops as background
from server.runtime import metrics
from server.runtime.outage import QuietLog
from server.storage import channels
from server.storage.channels import Classic, Lean
from server.storage.client import clustered
from server.storage.keys import channel, node_channel
from server.storage.resp import plain
from server.storage.sharded import Sharded

log = logging.getLogger("longhall.fanout")
quiet = QuietLog(log)


class Receiver(Protocol):
    player: str | None
    seen: dict[str, int]  # room -> the last seq this socket was sent
    pushing: set[str]  # rooms whose seat's legal moves it is sent unasked

    def push(self, room: str, seq: int, frame: bytes | None, over: bytes | None,
             moves: bytes | None = None) -> None: ...  # fmt: skip
    def push_moves(self, room: str, seq: int, moves: bytes) -> None: ...
    def lose(self, room: str) -> None: ...
    def send_frame(self, frame: bytes) -> None: ...


# The kinds of payload a room's channel carries ("k"): a commit's frames, a chat message,
# or a note for every socket in the room (a rematch offered: server.social.rematch).
# A payload without "k" comes from a node of an earlier release (a chat message then had "c").
COMMIT, CHAT, NOTE = "commit", "chat", "note"


def payload(node: str, room: str, seq: int, frames: dict[str, bytes], over: bytes | None, id_key: str,
            holders: list[str | None] | None = None, acting: list[int] | None = None,
            delayed: bool = False) -> bytes:  # fmt: skip
    """The publish of one commit: `<node>|` then msgpack. The prefix lets a node skip its
    own publishes unread; a frame shared by several seats travels once. `holders` is the
    player of each seat in the committed document: the truth every node checks its
    sockets' seats against; `acting` the seats to decide next (their legal moves are
    pushed to the sockets that asked for them); `delayed`: spectators see the room late
    (server.rooms.delay)."""
    unique: dict[int, int] = {}
    blobs: list[bytes] = []
    index: dict[str, int] = {}
    for seat, frame in frames.items():
        if id(frame) not in unique:
            unique[id(frame)] = len(blobs)
            blobs.append(frame)
        index[seat] = unique[id(frame)]
    body = pack({"k": COMMIT, "r": room, "s": seq, "u": blobs, "f": index, "x": over, "i": id_key, "h": holders,
                 "a": acting or [], "w": time.time(), "d": int(delayed)})  # fmt: skip
    return node.encode() + b"|" + body


def chat_payload(node: str, room: str, chan: str, frame: bytes) -> bytes:
    """The publish of one chat message: its `chat` frame for the sockets of channel `chan`
    (players or spectators) in `room` on every node (server.play.chat)."""
    return node.encode() + b"|" + pack({"k": CHAT, "r": room, "c": chan, "m": frame})


def note_payload(node: str, room: str, frame: bytes) -> bytes:
    """The publish of a note: its frame for every socket in `room` on every node."""
    return node.encode() + b"|" + pack({"k": NOTE, "r": room, "m": frame})


def kind(p: dict[str, Any]) -> str:
    """What a read payload is: COMMIT, CHAT or NOTE."""
    k = p.get("k")
    if k is None:  # an earlier release's
        return CHAT if "c" in p else COMMIT
    return str(k)


class Delayed(Protocol):
    """Where a delayed room's public frames go instead of its spectators (server.rooms.delay.Line)."""

    def feed(self, seq: int, frame: bytes | None, over: bytes | None) -> None: ...


class HubEvents(Protocol):
    """What a hub tells the node it serves (server.node.app.Node)."""

    def on_remote(self, room: str, seq: int, id_key: str) -> None:
        """Another node committed `room` at `seq` (with a move id: `id_key`)."""

    def on_resubscribe(self) -> None:
        """The pub/sub connection was made again: what a node caches may be stale."""

    async def on_recovered(self) -> None:
        """After a pub/sub gap: tell sockets what the gap may have swallowed (server.rooms.catchup)."""

    def on_direct(self, msg: dict[str, Any]) -> None:
        """A message sent to this node's own channel (a match told, a token revoked)."""

    def on_acting(self, room: str, seq: int, wanting: list[tuple[Receiver, int]]) -> None:
        """Sockets here to be sent their seat's legal moves after another node's commit."""

    def on_delayed(self, room: str, seq: int) -> None:
        """A room with spectators here became delayed at `seq` (its game started)."""


class Unheard:
    """HubEvents that nobody listens to: a hub alone (benchmarks, tests of the hub)."""

    def on_remote(self, room: str, seq: int, id_key: str) -> None:
        return None

    def on_resubscribe(self) -> None:
        return None

    async def on_recovered(self) -> None:
        return None

    def on_direct(self, msg: dict[str, Any]) -> None:
        return None

    def on_acting(self, room: str, seq: int, wanting: list[tuple[Receiver, int]]) -> None:
        return None

    def on_delayed(self, room: str, seq: int) -> None:
        return None


def bus(redis: Any, url: str = "") -> Classic | Lean | Sharded:
    """The pub/sub bus for this Redis: sharded on a cluster (server.storage.sharded); on one
    Redis the lean reader where its URL allows it (`server.storage.resp.plain`), redis-py's
    PubSub otherwise (server.storage.channels)."""
    if clustered(redis):
        return Sharded(redis)
    return Lean(redis, url) if url and plain(url) else Classic(redis)


class Hub:
    def __init__(self, redis: Redis, node: str, events: HubEvents, url: str = "") -> None:
        self.redis = redis
        self.node = node
        self.events = events
        self.local: dict[str, dict[Receiver, int | None]] = {}
        self.subscribed: set[str] = set()  # rooms whose channel subscription went through
        self.lines: dict[str, Delayed] = {}  # delayed rooms: their spectators' frames go here
        self.bus = bus(redis, url)  # `url`: the lean reader on one Redis (server.storage.channels)
        self._reader: asyncio.Task[None] | None = None
        self._own = node.encode() + b"|"
        self._direct_channel = node_channel(node).encode()
        self._pongs: dict[bytes, asyncio.Future[None]] = {}  # PINGs confirming a subscription

    async def start(self) -> None:
        await self.bus.subscribe(node_channel(self.node))  # messages for this node's sockets
        self._reader = asyncio.create_task(self._read())

    async def stop(self) -> None:
        await background.stop(self._reader)
        with contextlib.suppress(Exception):
            await self.bus.close()

    async def add(self, room: str, receiver: Receiver, seat: int | None) -> bool:
        """Register a socket in a room; True when this call subscribed the room's channel.
        Until a subscription has gone through, every socket added subscribes again: one
        that failed (the store away) raises, and must not leave the room's later sockets
        registered on a channel nobody subscribed. A new subscription is confirmed by
        Redis before this returns: the caller reads the room next, and a commit published
        before the subscription took effect would reach nobody here."""
        self.local.setdefault(room, {})[receiver] = seat
        if room in self.subscribed:
            return False
        await self.bus.subscribe(channel(room))
        await self._confirm(channel(room))
        if room in self.local:
            self.subscribed.add(room)
        else:  # the room's last socket left while this subscription was under way
            await self._unsubscribe(room)
        return True

    async def remove(self, room: str, receiver: Receiver) -> None:
        members = self.local.get(room)
        if members is None or receiver not in members:
            return
        del members[receiver]
        if not members:
            del self.local[room]
            await self._unsubscribe(room)

    def spectators(self) -> dict[str, int]:
        return {room: sum(s is None for s in m.values()) for room, m in self.local.items()}

    def deliver(self, room: str, seq: int, frames: dict[str, bytes], over: bytes | None,
                holders: list[str | None] | None = None, acting: list[int] | None = None,
                moves: Callable[[int], bytes | None] | None = None, delayed: bool = False) -> None:  # fmt: skip
        """Each socket gets its seat's frame. A socket whose player no longer holds its
        seat (given up from another socket, on any node) is detached first: a seat belongs
        to a player, and the committed document says who holds it now.

        A socket that asked for its legal moves unasked (`push`) and whose seat is `acting`
        gets them after the frame: from `moves` (the committing node's fresh room) in the
        same write, else through `HubEvents.on_acting` (the room read again here, which also decides
        who acts when a publish does not say).

        In a room with a line (`lines`: spectators see it late) the spectators get nothing
        here: the public frame goes to the line. A `delayed` commit in a room without one
        (its game just started) goes to the spectators this once, and the node makes a line."""
        members = self.local.get(room, {})
        line = self.lines.get(room)  # (it outlives the room's last socket here a while: `Delays.left`)
        if not members and line is None:
            return
        wanting: list[tuple[Receiver, int]] = []
        watched = False
        for receiver, seat in list(members.items()):
            if seat is None:
                watched = True
                if line is not None:
                    continue
            if seat is not None and holders is not None and (seat >= len(holders) or holders[seat] != receiver.player):
                # only a newer commit than the socket has seen speaks for now: another node's
                # publish can arrive after the commit that seated this socket was delivered here
                if seq > receiver.seen.get(room, -1):
                    self.drop(room, receiver)
                continue
            frame = frames.get("p" if seat is None else str(seat))
            # acting None: a publish without it (a node of an older release): the room read says
            if seat is not None and room in receiver.pushing and (acting is None or seat in acting):
                if moves is None:
                    wanting.append((receiver, seat))
                else:
                    receiver.push(room, seq, frame, over, moves(seat))
                    continue
            receiver.push(room, seq, frame, over)
        if wanting:
            self.events.on_acting(room, seq, wanting)
        if line is not None:
            line.feed(seq, frames.get("p"), over)
        elif delayed and watched and over is None:
            self.events.on_delayed(room, seq)

    def deliver_chat(self, room: str, chan: str, frame: bytes) -> None:
        """A chat message (server.play.chat): the players' channel to everyone in the room,
        the spectators' channel to spectators only."""
        for receiver, seat in list(self.local.get(room, {}).items()):
            if chan == "players" or seat is None:  # (a delayed room's spectators read the players' chat live)
                receiver.send_frame(frame)

    async def announce(self, room: str, frame: bytes) -> None:
        """`frame` to every socket in `room`, players and spectators, on every node."""
        await self.bus.publish(channel(room), note_payload(self.node, room, frame))
        for receiver in list(self.local.get(room, {})):
            receiver.send_frame(frame)

    def drop(self, room: str, receiver: Receiver) -> None:
        """Detach a socket from a room at once (it is told `left`); unsubscribe later."""
        members = self.local.get(room)
        if members is not None and members.pop(receiver, "absent") != "absent":
            receiver.lose(room)
            if not members:
                del self.local[room]
                asyncio.get_running_loop().create_task(self._unsubscribe(room))

    async def release(self, room: str) -> None:
        """A delayed room's line is gone: its channel goes too, when no socket here is in the room."""
        await self._unsubscribe(room)

    async def _unsubscribe(self, room: str) -> None:
        if room not in self.local and room not in self.lines:  # a line lingering keeps its frames coming
            self.subscribed.discard(room)
            with contextlib.suppress(Exception):
                await self.bus.unsubscribe(channel(room))

    async def _confirm(self, chan: str) -> None:
        """Wait for the pong of a PING sent after subscribing `chan` (read by `_read`).
        Not confirmed in time (the connection lost meanwhile): the recovery that follows a
        loss catches every room here up, this one included."""
        token = channels.ping_token("confirm")
        done = self._pongs[token] = asyncio.get_running_loop().create_future()
        try:
            await self.bus.ping(chan, token)
            await asyncio.wait_for(done, channels.CONFIRM)
        except (TimeoutError, ConnectionError, OSError) as exc:
            quiet.warn("confirm", "a subscription was not confirmed; the room is caught up after recovery", exc)
        finally:
            self._pongs.pop(token, None)

    def _direct(self, data: bytes) -> None:
        try:
            msg = msgpack.unpackb(data, raw=False)
        except Exception:
            log.warning("unreadable message on this node's channel")
            return
        self.events.on_direct(msg)

    async def tell(self, node: str, msg: dict[str, Any]) -> None:
        """A message for the sockets another node (or this one) holds."""
        await self.bus.publish(node_channel(node), msgpack.packb(msg))

    async def _recover(self) -> None:
        """Subscriptions back, then the catch-up (sockets behind their room get a snapshot:
        server.rooms.catchup), both tried again until they succeed: while Redis restarts, the
        first tries fail, and a catch-up skipped would leave a player whose turn came
        during the gap waiting for a diff that was published to nobody.

        The rooms are marked stale again once the subscriptions are confirmed: a request
        in the gap may have read a room afresh, and a commit of another node after that
        read reached nobody here; the catch-up must read every room after that point."""
        delay = 0.2
        while True:
            await asyncio.sleep(delay)
            delay = min(2 * delay, 2.0)
            try:
                await self.bus.recover()
                self.events.on_resubscribe()
                await self.events.on_recovered()
                return
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                quiet.warn("pubsub", "catching up after a pub/sub loss failed; trying again", exc)

    async def _read(self) -> None:
        while True:
            try:
                msg = await self.bus.get()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the connection dropped (or a slot moved): subscribe again
                quiet.warn("pubsub", "pub/sub connection lost; rooms resync from Redis", exc)
                self.events.on_resubscribe()
                await self._recover()
                continue
            if msg is None:
                continue
            if msg.get("type") == "pong":
                waiter = self._pongs.get(msg.get("data") or b"")
                if waiter is not None and not waiter.done():
                    waiter.set_result(None)
                continue
            data: bytes = msg["data"]
            if data.startswith(self._own):
                continue
            if msg["channel"] == self._direct_channel:
                self._direct(data)
                continue
            try:
                p: dict[str, Any] = msgpack.unpackb(data.partition(b"|")[2], raw=False)
                if kind(p) == CHAT:
                    self.deliver_chat(p["r"], p["c"], p["m"])
                    continue
                if kind(p) == NOTE:
                    for receiver in list(self.local.get(p["r"], {})):
                        receiver.send_frame(p["m"])
                    continue
                frames = {seat: p["u"][i] for seat, i in p["f"].items()}
            except Exception:
                log.warning("unreadable fan-out payload on %r", msg.get("channel"))
                continue
            self.events.on_remote(p["r"], p["s"], p["i"])
            self.deliver(p["r"], p["s"], frames, p["x"], p.get("h"), p.get("a"), None, bool(p.get("d")))
            if "w" in p:  # the committing node's clock: nodes are expected to keep NTP time
                metrics.fanout_lag(time.time() - p["w"])
