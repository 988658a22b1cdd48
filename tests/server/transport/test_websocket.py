"""The lean websocket layer frames the server's messages itself (server/transport/websocket.py)."""

from __future__ import annotations

import asyncio
import base64
import os
from typing import Any

import msgpack
import pytest
from websockets.frames import Frame, Opcode

from server.transport.websocket import binary_header


@pytest.mark.parametrize("size", [0, 1, 125, 126, 127, 65535, 65536, 70000])
def test_binary_frames_match_the_websockets_librarys_framing(size: int) -> None:
    """RFC 6455 5.2: the same bytes as the websockets library writes for a final,
    unmasked binary frame, at each of the three length encodings' edges."""
    data = bytes(range(256)) * (size // 256) + bytes(size % 256)
    ours = binary_header(size) + data
    theirs = Frame(Opcode.BINARY, data).serialize(mask=False)
    assert ours == theirs


# -- client frames read by the node (RFC 6455 5.2), on a real server and a raw socket -----


def client_frame(opcode: int, payload: bytes, fin: bool = True, masked: bool = True) -> bytes:
    """A client's frame as the RFC has it: masked, with any of the three length forms."""
    n = len(payload)
    first = bytes(((0x80 if fin else 0) | opcode,))
    bit = 0x80 if masked else 0
    if n < 126:
        length = bytes((bit | n,))
    elif n < 1 << 16:
        length = bytes((bit | 126,)) + n.to_bytes(2, "big")
    else:
        length = bytes((bit | 127,)) + n.to_bytes(8, "big")
    if not masked:
        return first + length + payload
    mask = os.urandom(4)
    return first + length + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def message(msg: dict[str, object]) -> bytes:
    return client_frame(0x2, msgpack.packb(msg))


class Raw:
    """A websocket spoken by hand over TCP: what it sends goes out byte for byte."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def open(cls, port: int) -> Raw:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        key = base64.b64encode(os.urandom(16)).decode()
        writer.write(f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                     f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())  # fmt: skip
        head = await reader.readuntil(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 101"), head
        raw = cls(reader, writer)
        await raw.send(message({"t": "hello", "versions": [1]}))
        assert (await raw.next())[1]["t"] == "welcome"
        return raw

    async def send(self, data: bytes, piecemeal: bool = False) -> None:
        for i in range(len(data)) if piecemeal else [0]:
            self.writer.write(data[i : i + 1] if piecemeal else data)
            await self.writer.drain()
            if piecemeal:
                await asyncio.sleep(0.002)  # each byte in a segment of its own

    async def next(self) -> tuple[int, Any]:
        """The next server frame: (opcode, decoded msgpack, or the raw payload of a control frame)."""
        b0, b1 = await asyncio.wait_for(self.reader.readexactly(2), 10)
        n = b1 & 0x7F
        if n == 126:
            n = int.from_bytes(await self.reader.readexactly(2), "big")
        elif n == 127:
            n = int.from_bytes(await self.reader.readexactly(8), "big")
        payload = await self.reader.readexactly(n)
        opcode = b0 & 0x0F
        return opcode, msgpack.unpackb(payload, raw=False) if opcode == 0x2 else payload

    def close(self) -> None:
        self.writer.close()


def mixed_frames() -> tuple[bytes, list[tuple[int, Any]]]:
    """Frames of every kind a client may send, and what the node answers, in order."""
    long_text = "x" * 300  # a 16-bit length
    frames = b"".join((
        client_frame(0x9, b"are you there"),  # a websocket ping: answered by a pong frame
        message({"t": "ping", "n": 1}),
        client_frame(0x1, b"{}"),  # a text frame: refused, the socket stays
        client_frame(0x2, msgpack.packb({"t": "ping", "n": 2})[:3], fin=False),  # a fragmented message
        client_frame(0xA, b"unasked pong"),  # a control frame between the fragments: allowed, ignored
        client_frame(0x0, msgpack.packb({"t": "ping", "n": 2})[3:]),
        message({"t": "ping", "n": 3, "pad": long_text}),
        message({"t": "ping", "n": 4}),
    ))  # fmt: skip
    answers: list[tuple[int, Any]] = [
        (0xA, b"are you there"),
        (0x2, {"t": "pong", "n": 1}),
        (0x2, "bad_frame"),
        (0x2, {"t": "pong", "n": 2}),
        (0x2, {"t": "pong", "n": 3}),
        (0x2, {"t": "pong", "n": 4}),
    ]
    return frames, answers


async def answers(raw: Raw, count: int) -> list[tuple[int, Any]]:
    got = []
    for _ in range(count):
        opcode, body = await raw.next()
        got.append((opcode, body["code"] if isinstance(body, dict) and body.get("t") == "error" else body))
    return got


@pytest.mark.parametrize("piecemeal", [False, True], ids=["one_segment", "byte_by_byte"])
async def test_client_frames_of_every_kind_are_read_in_order(server, piecemeal: bool) -> None:
    """Masked binary frames are read by the node's own reader; pings, text, fragments and
    control frames between fragments by the protocol object, in the order sent, whether
    they come all in one segment or one byte at a time."""
    raw = await Raw.open(server.port)
    try:
        frames, want = mixed_frames()
        await raw.send(frames, piecemeal)
        assert await answers(raw, len(want)) == want
    finally:
        raw.close()


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        (client_frame(0x2, msgpack.packb({"t": "ping", "n": 1}), masked=False), 1002),  # RFC 6455 5.1
        (client_frame(0x2, b"\x00" * (64 * 1024 + 1)), 1009),  # over the frame limit
        (bytes((0x82 | 0x40, 0x80)) + os.urandom(4), 1002),  # a reserved bit, no extension
        (client_frame(0x3, b"?"), 1002),  # an unknown opcode
    ],
    ids=["unmasked", "too_large", "reserved_bit", "unknown_opcode"],
)
async def test_a_frame_the_protocol_forbids_closes_the_socket_with_its_code(server, frame: bytes, code: int) -> None:
    raw = await Raw.open(server.port)
    try:
        await raw.send(message({"t": "ping", "n": 1}))
        assert await raw.next() == (0x2, {"t": "pong", "n": 1})
        await raw.send(message({"t": "ping", "n": 2}) + frame)  # read by the node's reader, then not
        opcode, body = await raw.next()
        while opcode != 0x8:  # the pong of n=2 may come before the close (its answer waits for a task)
            opcode, body = await raw.next()
        assert int.from_bytes(body[:2], "big") == code
    finally:
        raw.close()
