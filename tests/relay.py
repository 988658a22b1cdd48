"""A TCP relay between a server node and its Redis, for the tests: a slow link on demand.

The node is given the relay's URL. Armed with `hold`, the relay holds back one request
of the node (or the answer to it) that contains a marker, until `release`: a test can
then make something happen in the gap, exactly where a busy node would leave one.
`watch` notes when a request containing a marker goes through.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable

from server.storage.embedded import free_port


class Relay:
    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.port = free_port()
        self.held = asyncio.Event()  # the marked request (or its answer) is being held
        self.released = asyncio.Event()
        self._marker = b""
        self._reply = False
        self._skip = 0
        self._watch = b""
        self.watched = asyncio.Event()
        self._server: asyncio.Server | None = None
        self._pumps: set[asyncio.Task[None]] = set()

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    async def start(self) -> Relay:
        self._server = await asyncio.start_server(self._link, "127.0.0.1", self.port)
        return self

    async def stop(self) -> None:
        self.released.set()
        assert self._server is not None
        self._server.close()
        for task in list(self._pumps):
            task.cancel()
        await asyncio.gather(*self._pumps, return_exceptions=True)

    def hold(self, marker: bytes, reply: bool = False, skip: int = 0) -> None:
        """Hold back the request after the first `skip` that contain `marker`, or with
        `reply` let it through and hold back the answer to it."""
        self._marker, self._reply, self._skip = marker, reply, skip
        self.held.clear()

    def release(self) -> None:
        self.released.set()

    def watch(self, marker: bytes) -> asyncio.Event:
        self._watch = marker
        self.watched.clear()
        return self.watched

    async def _link(self, node_r: asyncio.StreamReader, node_w: asyncio.StreamWriter) -> None:
        redis_r, redis_w = await asyncio.open_connection("127.0.0.1", self.target_port)
        hold_reply = asyncio.Event()  # the next answer on this link is to be held
        for pump in (self._requests(node_r, redis_w, hold_reply), self._replies(redis_r, node_w, hold_reply)):
            task = asyncio.get_running_loop().create_task(pump)
            self._pumps.add(task)
            task.add_done_callback(self._pumps.discard)

    async def _requests(self, src: asyncio.StreamReader, dst: asyncio.StreamWriter, hold_reply: asyncio.Event) -> None:
        async def forward(data: bytes) -> None:
            if self._marker and self._marker in data:
                if self._skip:
                    self._skip -= 1
                else:
                    self._marker = b""
                    if self._reply:
                        hold_reply.set()
                    else:
                        self.held.set()
                        await self.released.wait()
            if self._watch and self._watch in data:
                self.watched.set()
            dst.write(data)

        await self._pump(src, dst, forward)

    async def _replies(self, src: asyncio.StreamReader, dst: asyncio.StreamWriter, hold_reply: asyncio.Event) -> None:
        async def forward(data: bytes) -> None:
            if hold_reply.is_set():
                hold_reply.clear()
                self.held.set()
                await self.released.wait()
            dst.write(data)

        await self._pump(src, dst, forward)

    @staticmethod
    async def _pump(
        src: asyncio.StreamReader, dst: asyncio.StreamWriter, forward: Callable[[bytes], Awaitable[None]]
    ) -> None:
        try:
            while data := await src.read(65536):
                await forward(data)
                await dst.drain()
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            with contextlib.suppress(Exception):
                dst.close()
