"""A bare websocket that records every frame it receives, for tests that judge the wire
bytes themselves rather than what a client library makes of them."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import msgpack
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed


class Tap:
    """One socket; `frames` holds every received frame as (raw bytes, decoded)."""

    def __init__(self, url: str, headers: dict[str, str] | None = None) -> None:
        self.url, self.headers = url, headers
        self.frames: list[tuple[bytes, dict[str, Any]]] = []
        self._new = asyncio.Event()
        self.ws: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None

    async def open(self, token: str | None = None) -> dict[str, Any]:
        self.ws = await connect(self.url, max_size=None, ping_interval=None, additional_headers=self.headers)
        self._reader = asyncio.create_task(self._read())
        hello: dict[str, Any] = {"t": "hello", "versions": [1]}
        if token:
            hello["token"] = token
        return await self.ask(hello, "welcome")

    async def _read(self) -> None:
        assert self.ws is not None
        with contextlib.suppress(ConnectionClosed):
            async for data in self.ws:
                raw = data if isinstance(data, bytes) else data.encode()
                self.frames.append((raw, msgpack.unpackb(raw, raw=False, strict_map_key=False)))
                self._new.set()

    async def send(self, msg: dict[str, Any] | bytes) -> None:
        assert self.ws is not None
        await self.ws.send(msg if isinstance(msg, bytes) else msgpack.packb(msg))

    async def wait_for(self, pred: Any, start: int = 0, timeout: float = 10.0) -> dict[str, Any]:
        """The first frame from index `start` on that satisfies `pred`."""

        async def scan() -> dict[str, Any]:
            i = start
            while True:
                while i < len(self.frames):
                    if pred(self.frames[i][1]):
                        return self.frames[i][1]
                    i += 1
                self._new.clear()
                await self._new.wait()

        return await asyncio.wait_for(scan(), timeout)

    async def ask(self, msg: dict[str, Any], *answers: str) -> dict[str, Any]:
        """Send a request; its answer (a frame of one of the `answers` types, or an error)."""
        mark = len(self.frames)
        await self.send(msg)
        want = {*answers, "error"}
        return await self.wait_for(lambda m: m.get("t") in want, mark)

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reader
