"""Bad input gets a stable error code or a clean close; the room is unchanged and the
server keeps serving everyone else."""

from __future__ import annotations

import asyncio
from typing import Any

import msgpack
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from clients.python.client import Client, ServerError
from tests.tables import table


class Raw:
    """A bare websocket speaking msgpack frames, for sending what a client never would."""

    def __init__(self, url: str, local: str | None = None) -> None:
        self.url, self.local = url, local  # local: the loopback address to connect from

    async def __aenter__(self) -> Raw:
        extra = {"local_addr": (self.local, 0)} if self.local else {}
        self.ws = await connect(self.url, max_size=None, **extra)
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.ws.close()

    async def send(self, data: bytes | dict[str, Any]) -> None:
        await self.ws.send(data if isinstance(data, bytes) else msgpack.packb(data))

    async def recv(self) -> dict[str, Any]:
        return msgpack.unpackb(await asyncio.wait_for(self.ws.recv(), 10), raw=False)

    async def ask(self, data: bytes | dict[str, Any]) -> dict[str, Any]:
        await self.send(data)
        return await self.recv()

    async def hello(self, token: str | None = None) -> dict[str, Any]:
        msg: dict[str, Any] = {"t": "hello", "versions": [1]}
        if token:
            msg["token"] = token
        return await self.ask(msg)


async def expect_code(raw: Raw, data: bytes | dict[str, Any], code: str) -> dict[str, Any]:
    reply = await raw.ask(data)
    assert reply["t"] == "error" and reply["code"] == code, reply
    return reply


@pytest.mark.parametrize(
    "data, code",
    [
        (b"\xc1\xc1", "bad_frame"),
        (b"\x93\x01", "bad_frame"),
        ({"t": "teleport"}, "unknown_type"),
        ({"t": "join"}, "bad_field"),
        ({"t": "resync", "room": "x", "seq": "zero"}, "bad_field"),
        ({"t": "create", "game": "highcard"}, "hello_first"),
    ],
)
async def test_frames_refused_before_any_room(server, data, code) -> None:
    async with Raw(server.url) as raw:
        await expect_code(raw, data, code)
        assert (await raw.ask({"t": "ping", "n": 5})) == {"t": "pong", "n": 5}  # still served


async def test_text_frame_and_version_and_token(server) -> None:
    async with Raw(server.url) as raw:
        await raw.ws.send("hello")
        assert (await raw.recv())["code"] == "bad_frame"
        await expect_code(raw, {"t": "hello", "versions": [99]}, "version_unsupported")
        await expect_code(raw, {"t": "hello", "versions": [1], "token": "abc.def"}, "bad_token")
        assert (await raw.hello())["t"] == "welcome"


async def test_oversize_frame_closes_with_1009(server) -> None:
    async with Raw(server.url) as raw:
        await raw.hello()
        await raw.send({"t": "ping", "n": 1, "pad": b"x" * 70_000})
        with pytest.raises(ConnectionClosed) as closed:
            await raw.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009


async def test_flood_is_rate_limited_then_closed(server) -> None:
    async with Raw(server.url) as raw:
        await raw.hello()
        codes: set[str | None] = set()

        async def read() -> None:
            while True:
                codes.add((await raw.recv()).get("code"))

        reader = asyncio.create_task(read())
        for n in range(12000):
            try:
                await raw.send({"t": "ping", "n": n})
            except ConnectionClosed:
                break
        with pytest.raises(ConnectionClosed) as closed:
            await asyncio.wait_for(reader, 20)
        assert "rate_limited" in codes  # told first: frames over the rate are dropped
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008  # then closed


async def test_room_refusals_change_nothing(server, sync_redis) -> None:
    async with table(server.url, players=2, spectators=1) as t:
        a, b = t.players
        spectator = t.spectators[0]
        room = t.room
        doc_before = sync_redis.hgetall(f"room:{{{room}}}:doc")
        seq = a.rooms[room].seq
        to_act = a.rooms[room].view["to_act"]  # bidding: both may act
        assert to_act == [0, 1]

        async def refused(client: Client, move: Any, code: str, at: int | None = None) -> ServerError:
            with pytest.raises(ServerError) as err:
                await client.move(room, move, seq=seq if at is None else at)
            assert err.value.code == code
            return err.value

        await refused(spectator, {"type": "bid", "n": 1}, "spectator_move")
        await refused(a, {"type": "bid", "n": 1}, "stale_seq", at=seq - 1)
        await refused(a, {"type": "bid", "n": 9}, "illegal_move")
        err = await refused(a, {"type": "play", "card": 1}, "illegal_move")
        assert err.rule == "T-2"
        await refused(a, ["not", "a", "map"], "bad_move")
        await refused(a, None, "bad_move")
        with pytest.raises(ServerError) as unknown:
            await a.move("nosuchroom", {"type": "bid", "n": 1}, seq=0)
        assert unknown.value.code == "unknown_room"
        with pytest.raises(ServerError) as unknown:
            await a.join("nosuchroom")
        assert unknown.value.code == "unknown_room"
        assert sync_redis.hgetall(f"room:{{{room}}}:doc") == doc_before
        # a seat that is not asked: after a bids, a may not bid again
        await a.move(room, {"type": "bid", "n": 1}, seq=seq)
        await refused(a, {"type": "bid", "n": 2}, "not_your_turn", at=seq + 1)
        # the room still plays on
        await b.wait_until(lambda: b.rooms[room].seq == seq + 1)
        assert await b.move(room, {"type": "bid", "n": 0}) == seq + 2


async def test_seat_rules(server) -> None:
    async with table(server.url, players=2, spectators=0, start=False) as t:
        a, b = t.players
        outsider = await Client(server.url).connect()
        try:
            with pytest.raises(ServerError) as err:
                await outsider.join(t.room)
            assert err.value.code == "room_full"
            with pytest.raises(ServerError) as err:
                await outsider.start(t.room)
            assert err.value.code == "not_seated"
            with pytest.raises(ServerError) as err:
                await a.move(t.room, {"type": "bid", "n": 0})
            assert err.value.code == "not_started"
            await b.leave(t.room)
            with pytest.raises(ServerError) as err:
                await a.start(t.room)
            assert err.value.code == "seats_open"
            with pytest.raises(ServerError) as err:
                await outsider.join(t.room, seat=0)
            assert err.value.code == "seat_taken"
            await outsider.join(t.room, seat=1)
            await a.start(t.room)
            with pytest.raises(ServerError) as err:
                await b.join(t.room)
            assert err.value.code == "already_started"
        finally:
            await outsider.close()


async def test_unknown_game_and_bad_options(server) -> None:
    c = await Client(server.url).connect()
    try:
        for args, code in [
            (("chess",), "unknown_game"),
            (("highcard", {"bonus": 5}), "bad_option"),
            (("highcard", {"colour": "red"}), "bad_option"),
            (("highcard", None, 9), "bad_option"),
        ]:
            with pytest.raises(ServerError) as err:
                await c.create(*args)
            assert err.value.code == code
    finally:
        await c.close()
