"""A fuzz campaign over the frame decoder and every message handler.

The real gateway, room service, matchmaker and Redis of one node (server.node.app.Node)
receive generated and mutated frames from a player who holds a seat in a game in play,
the host's seat in an open room, and watches a third; frames go straight to
`Gateway.frame`, as the websocket layer hands them over (its own limits are tested
with real sockets elsewhere), so a million frames take minutes, not hours.

Frames are built from every client message type with real room ids and the seat's
legal moves, then mutated: fields dropped, added, retyped or filled with odd values
(huge and negative ints, floats, bytes, long strings, nested containers), moves given
extra, missing or retyped fields, and the packed bytes flipped, cut or spliced; some
frames are random bytes or non-map msgpack. Judged for every frame:
- no crash: no `internal` answer and no traceback logged;
- every `error` carries a documented code (protocol.errors, or a game's own code listed
  in docs/protocol.md), every close a documented close code;
- a refused frame changes nothing: the seq of every room the player is in is unchanged.
Run `python -m tests.fuzz --frames 1000000` for the full campaign.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import msgpack

from protocol.codec import encode
from protocol.errors import CLOSE_POLICY, CLOSE_TOO_LARGE, CODES
from protocol.examples import CLIENT_EXAMPLES
from server.node.app import Node
from server.runtime.config import Settings
from server.transport.session import Session

GAME_CODES = {"wrong_decision"}  # engine codes besides protocol.errors (docs/protocol.md lists them)
CLOSES = {CLOSE_POLICY, CLOSE_TOO_LARGE}


class Wire:
    """The writer of one fuzzed session: what the server sent, and its close."""

    def __init__(self) -> None:
        self.frames: list[bytes] = []
        self.closed: int | None = None

    def write(self, frame: bytes) -> None:
        self.frames.append(frame)

    def hold(self) -> bool:
        return False  # every frame is kept anyway

    def release(self) -> None:
        pass

    def close(self, code: int, reason: str) -> None:
        self.closed = code


class Tracebacks(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1


@dataclass
class Figures:
    frames: int = 0
    refused: int = 0
    accepted: int = 0
    crashes: int = 0
    state_changes: int = 0  # by refused frames: must stay 0
    undocumented: Counter[str] = field(default_factory=Counter)
    codes: Counter[str] = field(default_factory=Counter)
    closes: Counter[int] = field(default_factory=Counter)
    seconds: float = 0.0

    def summary(self) -> str:
        top = ", ".join(f"{c} {n}" for c, n in self.codes.most_common(12))
        return (
            f"{self.frames:,} frames in {self.seconds:.0f} s ({self.frames / max(self.seconds, 1e-9):,.0f}/s): "
            f"{self.refused:,} refused, {self.accepted:,} accepted, crashes {self.crashes}, "
            f"state changes by refused frames {self.state_changes}, undocumented codes {dict(self.undocumented)}, "
            f"closes {dict(self.closes)}; codes: {top}"
        )


def odd_value(rng: random.Random, depth: int = 0) -> Any:
    k = rng.randrange(13 if depth < 2 else 9)
    if k == 0:
        return rng.randrange(-3, 10)
    if k == 1:
        return rng.choice((2**53 + 1, -(2**63), 2**64 - 1, 2**31, -1))
    if k == 2:
        return "".join(rng.choice("ab1_ -:é\x00{}") for _ in range(rng.randrange(0, 12)))
    if k == 3:
        return "x" * rng.choice((65, 201, 4000))
    if k == 4:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(0, 16)))
    if k == 5:
        return rng.choice((0.5, -1e308, float("inf"), float("nan")))
    if k == 6:
        return None
    if k == 7:
        return rng.choice((True, False))
    if k == 8:
        return rng.choice(("a1b2c3d4e5", "", "hunters", "feast", "bid", "play", "seat"))
    if k in (9, 10):
        return [odd_value(rng, depth + 1) for _ in range(rng.choice((0, 1, 3, 70)))]
    return {str(odd_value(rng, depth + 1))[:20]: odd_value(rng, depth + 1) for _ in range(rng.randrange(0, 4))}


class Campaign:
    def __init__(self, node: Node, rng: random.Random) -> None:
        self.node = node
        self.rng = rng
        self.fig = Figures()
        self.rooms: list[str] = []
        self.game_room = ""
        self.wire = Wire()
        self.sess: Session | None = None
        self.token = ""
        self.tracebacks = Tracebacks()

    @property
    def gateway(self) -> Any:
        return self.node.gateway

    async def say(self, sess: Session, msg: dict[str, Any]) -> None:
        assert await self.gateway.frame(sess, encode(msg))

    async def setup(self) -> None:
        """A started Vikings game (the fuzzer in seat 0), an open Feast room it hosts, a
        Hunters room it watches."""
        other = self.gateway.open(Wire())
        await self.say(other, {"t": "hello", "versions": [1], "name": "other"})
        await self.open_session()
        assert self.sess is not None
        await self.new_game(other)
        await self.say(self.sess, {"t": "create", "game": "feast", "seats": 2})
        open_room = self.last_room()
        await self.say(other, {"t": "create", "game": "hunters", "seats": 2})
        watched = next(r for r in other.rooms if r not in (self.game_room, open_room))
        await self.say(self.sess, {"t": "spectate", "room": watched})
        self.rooms = [self.game_room, open_room, watched]
        self.other = other

    async def open_session(self) -> None:
        self.wire = Wire()
        self.sess = self.gateway.open(self.wire)
        hello: dict[str, Any] = {"t": "hello", "versions": [1], "name": "fuzz"}
        if self.token:
            hello["token"] = self.token
        assert await self.gateway.frame(self.sess, encode(hello))
        welcome = msgpack.unpackb(self.wire.frames[-1], raw=False)
        self.token = welcome["token"]
        for room in self.rooms:  # back into every room after a close
            await self.gateway.frame(self.sess, encode({"t": "join", "room": room}))

    def last_room(self) -> str:
        for raw in reversed(self.wire.frames):
            msg = msgpack.unpackb(raw, raw=False)
            if msg.get("t") == "joined":
                return str(msg["room"])
        raise AssertionError("no room joined")

    # -- frames --------------------------------------------------------------------------
    def base(self) -> dict[str, Any]:
        rng = self.rng
        t = rng.choice(list(CLIENT_EXAMPLES))
        msg = dict(CLIENT_EXAMPLES[t])
        if "room" in msg:
            msg["room"] = rng.choice(self.rooms)
        if t == "move":
            msg["room"] = self.game_room
            e = self.node.rooms.cache.get(self.game_room) if self.node.rooms else None
            msg["seq"] = e.seq if e is not None else 0
            if e is not None and e.game is not None and e.doc["state"] is not None:
                legal = e.game.legal_moves(e.doc["state"], 0)
                msg["move"] = dict(rng.choice(legal)) if legal else {"type": "buy", "slot": 3}
        return msg

    def mutate(self, msg: dict[str, Any]) -> bytes:
        rng = self.rng
        for _ in range(rng.choice((1, 1, 2, 3))):
            k = rng.randrange(8)
            keys = [key for key in msg if key != "t"]
            if k == 0 and keys:
                del msg[rng.choice(keys)]
            elif k == 1:
                msg[rng.choice(("pad", "x", "seat", "id", "token", "move"))] = odd_value(rng)
            elif k == 2 and keys:
                msg[rng.choice(keys)] = odd_value(rng)
            elif k == 3 and isinstance(msg.get("move"), dict):
                move = msg["move"]
                fields = list(move)
                choice = rng.randrange(4)
                if choice == 0 and fields:
                    del move[rng.choice(fields)]
                elif choice == 1:
                    move[rng.choice(("extra", "n", "card", "type"))] = odd_value(rng)
                elif choice == 2 and fields:
                    move[rng.choice(fields)] = odd_value(rng)
                else:
                    msg["move"] = odd_value(rng)
            elif k == 4:
                msg["t"] = odd_value(rng) if rng.random() < 0.3 else rng.choice(list(CLIENT_EXAMPLES))
            elif k == 5:
                return self.bytes_mutation(msg)
            elif k == 6:
                return msgpack.packb(odd_value(rng), use_bin_type=True)
            elif k == 7:
                return bytes(rng.randrange(256) for _ in range(rng.randrange(0, 40)))
        try:
            return msgpack.packb(msg, use_bin_type=True)
        except (OverflowError, ValueError, TypeError):
            return self.bytes_mutation({"t": msg.get("t") if isinstance(msg.get("t"), str) else "ping"})

    def bytes_mutation(self, msg: dict[str, Any]) -> bytes:
        rng = self.rng
        try:
            data = bytearray(msgpack.packb(msg, use_bin_type=True))
        except (OverflowError, ValueError, TypeError):
            data = bytearray(b"\x81\xa1t\xa4ping")
        for _ in range(rng.randrange(1, 4)):
            k = rng.randrange(4)
            if k == 0 and data:
                i = rng.randrange(len(data))
                data[i] ^= 1 << rng.randrange(8)
            elif k == 1 and data:
                del data[rng.randrange(len(data)) :]
            elif k == 2:
                i = rng.randrange(len(data) + 1)
                data[i:i] = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 8)))
            elif data:
                i = rng.randrange(len(data))
                data[i:i] = data[i : i + rng.randrange(1, 10)]
        if rng.random() < 0.001:
            data += b"\x00" * (65 * 1024)  # over the frame limit
        return bytes(data)

    # -- judging ---------------------------------------------------------------------------
    def seqs(self) -> list[int]:
        cache = self.node.rooms.cache if self.node.rooms else {}
        return [cache[r].seq if r in cache else -2 for r in self.rooms]

    async def one(self) -> None:
        assert self.sess is not None
        data = self.mutate(self.base())
        before, mark, crashes = self.seqs(), len(self.wire.frames), self.tracebacks.count
        await self.gateway.frame(self.sess, data)
        fig = self.fig
        fig.frames += 1
        answers = [msgpack.unpackb(f, raw=False, strict_map_key=False) for f in self.wire.frames[mark:]]
        errors = [a for a in answers if a.get("t") == "error"]
        for err in errors:
            code = err.get("code", "")
            fig.codes[code] += 1
            if code == "internal":
                fig.crashes += 1
            elif code not in CODES and code not in GAME_CODES:
                fig.undocumented[code] += 1
        fig.crashes += self.tracebacks.count - crashes
        if errors:
            fig.refused += 1
            if self.seqs() != before:
                fig.state_changes += 1
        else:
            fig.accepted += 1
        if self.wire.closed is not None:
            fig.closes[self.wire.closed] += 1
            if self.wire.closed not in CLOSES:
                fig.undocumented[f"close {self.wire.closed}"] += 1
            await self.gateway.gone(self.sess)
            await self.open_session()
        elif len(self.wire.frames) > 10_000:
            self.wire.frames.clear()
        await self.keep_playing()

    async def new_game(self, other: Session) -> None:
        assert self.sess is not None
        await self.say(self.sess, {"t": "create", "game": "vikings", "seats": 2})
        self.game_room = self.last_room()
        await self.say(other, {"t": "join", "room": self.game_room})
        await self.say(self.sess, {"t": "start", "room": self.game_room})

    async def keep_playing(self) -> None:
        """The other seat answers when asked; a game that ended is replaced, so the
        fuzzer's moves keep meeting a live game."""
        assert self.node.rooms is not None and self.sess is not None
        e = self.node.rooms.cache.get(self.game_room)
        if e is not None and e.doc.get("status") == "playing":
            assert e.game is not None
            if 1 in e.game.to_act(e.doc["state"]):
                move = self.rng.choice(e.game.legal_moves(e.doc["state"], 1))
                msg = {"t": "move", "room": self.game_room, "id": f"o{e.seq}", "seq": e.seq, "move": move}
                await self.gateway.frame(self.other, encode(msg))
            return
        await self.new_game(self.other)
        self.rooms[0] = self.game_room


async def run(redis_url: str, frames: int, seed: int = 0) -> Figures:
    settings = Settings(redis_url=redis_url)
    node = Node(settings)
    await node.start()
    campaign = Campaign(node, random.Random(seed))
    logging.getLogger("longhall").addHandler(campaign.tracebacks)
    try:
        await campaign.setup()
        t0 = time.monotonic()
        for _ in range(frames):
            await campaign.one()
        campaign.fig.seconds = time.monotonic() - t0
    finally:
        logging.getLogger("longhall").removeHandler(campaign.tracebacks)
        await node.stop()
    return campaign.fig


def main() -> None:
    from server.storage.embedded import EmbeddedRedis

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--frames", type=int, default=1_000_000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--redis", default="")
    args = p.parse_args()
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        embedded = None
        url = args.redis
        if not url:
            embedded = EmbeddedRedis(__import__("pathlib").Path(tmp))
            url = embedded.start()
        try:
            print(asyncio.run(run(url, args.frames, args.seed)).summary())
        finally:
            if embedded is not None:
                embedded.stop()


if __name__ == "__main__":
    main()
