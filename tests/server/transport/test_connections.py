"""Connections cannot linger or pile up (#12 item 4), and browsers only from allowed pages.

The findings reproduced: 600 sockets that never finished the HTTP upgrade, or never sent
`hello`, were all still open after 90 s; one IP held 5,000 idle connections; the server
never pinged. Here with short timeouts so the test runs in seconds."""

from __future__ import annotations

import asyncio
from typing import Any

import msgpack
import pytest
from websockets.asyncio.client import connect
from websockets.client import ClientProtocol
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.frames import Frame, Opcode
from websockets.uri import parse_uri

from tests.cluster import ServerProc
from tests.tables import table

CAP = 12


@pytest.fixture(scope="module")
def node(redis_url: str, tmp_path_factory: pytest.TempPathFactory) -> Any:
    n = ServerProc(
        tmp_path_factory.mktemp("conns"), redis_url,
        LONGHALL_HANDSHAKE_TIMEOUT="2", LONGHALL_HELLO_TIMEOUT="1.5", LONGHALL_IDLE_TIMEOUT="4",
        LONGHALL_PING_INTERVAL="1", LONGHALL_PING_TIMEOUT="1.5", LONGHALL_IP_CONNECTIONS=str(CAP),
        LONGHALL_ORIGINS="https://app.example.com",
    ).start()  # fmt: skip
    yield n
    n.stop()


async def closed_within(reader: asyncio.StreamReader, seconds: float) -> bool:
    """True when the server ends the TCP connection within `seconds`."""
    try:
        while await asyncio.wait_for(reader.read(4096), seconds):
            pass
        return True
    except TimeoutError:
        return False


async def test_sockets_that_never_finish_the_upgrade_are_closed(node) -> None:
    conns = [await asyncio.open_connection("127.0.0.1", node.port) for _ in range(6)]
    for i, (_, w) in enumerate(conns):
        if i % 2:  # half of them send half a request
            w.write(b"GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n")
            await w.drain()
    assert all(await asyncio.gather(*(closed_within(r, 10) for r, _ in conns)))
    for _, w in conns:
        w.close()


async def test_connections_per_ip_are_capped(node) -> None:
    held = [await asyncio.open_connection("127.0.0.1", node.port) for _ in range(CAP)]
    reader, writer = await asyncio.open_connection("127.0.0.1", node.port)
    answer = await asyncio.wait_for(reader.read(), 10)
    assert answer.startswith(b"HTTP/1.1 429")
    writer.close()
    for _, w in held:
        w.close()
    await asyncio.sleep(0.5)  # once they are gone, the address may connect again
    async with connect(node.url) as ws:
        await ws.send(msgpack.packb({"t": "hello", "versions": [1]}))
        assert msgpack.unpackb(await ws.recv())["t"] == "welcome"


async def close_code(ws: Any, seconds: float = 10) -> int | None:
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            await asyncio.wait_for(ws.recv(), seconds)
    return closed.value.rcvd.code if closed.value.rcvd else None


async def test_no_hello_in_time_closes_with_4000(node) -> None:
    async with connect(node.url) as ws:
        assert await close_code(ws) == 4000


async def test_idle_in_no_room_closes_with_4001_but_a_seated_player_may_stay_silent(node) -> None:
    async with table(node.url, players=2, spectators=1) as t, connect(node.url) as idle:
        await idle.send(msgpack.packb({"t": "hello", "versions": [1]}))
        assert msgpack.unpackb(await idle.recv())["t"] == "welcome"
        assert await close_code(idle) == 4001
        await asyncio.sleep(1.0)  # well past the idle timeout: the table's sockets answered pings
        assert all(c.ws is not None and c.ws.state.name == "OPEN" for c in t.everyone)
        assert await t.players[0].move(t.room, {"type": "bid", "n": 1}) > 0


async def test_a_peer_that_never_answers_pings_is_closed_with_4002(node) -> None:
    """A websocket that says hello, then neither reads nor answers anything (a dead peer)."""
    proto = ClientProtocol(parse_uri(node.url))
    reader, writer = await asyncio.open_connection("127.0.0.1", node.port)
    proto.send_request(proto.connect())
    for chunk in proto.data_to_send():
        writer.write(chunk)
    while proto.state.name == "CONNECTING":  # the upgrade's answer
        proto.receive_data(await asyncio.wait_for(reader.read(4096), 10))
    proto.send_binary(msgpack.packb({"t": "hello", "versions": [1]}))
    for chunk in proto.data_to_send():
        writer.write(chunk)
    await writer.drain()  # from here on, nothing is sent: no pong ever
    codes: list[int] = []
    pinged = False

    async def read() -> None:
        nonlocal pinged
        while data := await reader.read(4096):
            proto.receive_data(data)
            for event in proto.events_received():
                if isinstance(event, Frame) and event.opcode is Opcode.PING:
                    pinged = True
                if isinstance(event, Frame) and event.opcode is Opcode.CLOSE:
                    codes.append(int.from_bytes(event.data[:2], "big"))
                    return

    await asyncio.wait_for(read(), 15)
    writer.close()
    assert pinged and codes == [4002]


@pytest.mark.parametrize(
    "origin, ok",
    [
        (None, True),  # not a browser
        ("https://app.example.com", True),  # configured
        ("https://evil.example", False),
        ("http://app.example.com", False),  # another scheme is another origin
    ],
)
async def test_browser_origins_are_checked(node, origin: str | None, ok: bool) -> None:
    if ok:
        async with connect(node.url, origin=origin) as ws:  # type: ignore[arg-type]
            await ws.send(msgpack.packb({"t": "hello", "versions": [1]}))
            assert msgpack.unpackb(await ws.recv())["t"] == "welcome"
    else:
        with pytest.raises(InvalidStatus) as refused:
            async with connect(node.url, origin=origin):  # type: ignore[arg-type]
                pass
        assert refused.value.response.status_code == 403


async def test_the_servers_own_origin_is_allowed(node) -> None:
    own = f"http://127.0.0.1:{node.port}"
    async with connect(node.url, origin=own) as ws:  # type: ignore[arg-type]
        await ws.send(msgpack.packb({"t": "hello", "versions": [1]}))
        assert msgpack.unpackb(await ws.recv())["t"] == "welcome"
