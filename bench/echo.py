"""The ceiling for messages per second: a bare websocket echo on the same stack.

`python -m bench.echo serve PORT` runs a Starlette websocket route (ASGI) that sends
every frame back under uvicorn; `python -m bench.echo serve-lean PORT` echoes through
Longhall's own websocket layer (server/transport/websocket.py in uvicorn's websocket slot), the
one `/ws` uses.
`python -m bench.echo drive URL CONNECTIONS SECONDS` keeps one request in flight per
connection and prints round trips per second and latency percentiles as JSON.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
import time
from collections.abc import AsyncIterator
from typing import Any

import msgpack


def serve(port: int) -> None:
    import uvicorn
    from starlette.applications import Starlette
    from starlette.routing import WebSocketRoute
    from starlette.websockets import WebSocket

    async def echo(ws: WebSocket) -> None:
        await ws.accept()
        try:
            while True:
                await ws.send_bytes(await ws.receive_bytes())
        except Exception:
            return

    app = Starlette(routes=[WebSocketRoute("/ws", echo)])
    uvicorn.run(app, host="127.0.0.1", port=port, ws="websockets-sansio", log_level="warning")


class EchoGateway:
    """What server.transport.websocket asks of a gateway, answering every frame with itself."""

    class settings:  # noqa: N801 - the attributes lean_ws reads
        max_buffer = 4 * 1024 * 1024
        origins = ""  # the driver sends no Origin (not a browser): admitted
        trusted_proxies = ""  # the client's address as the TCP peer (server.transport.proxies)

    class limits:  # noqa: N801 - told of every frame heard (server.transport.liveness); nothing to watch here
        @staticmethod
        def heard(sess: Any) -> None:
            return None

        @staticmethod
        def welcome(ip: str) -> float:  # every upgrade let in (server.transport.limits: an address's floor)
            return 0.0

    class Session:
        def __init__(self, out: Any) -> None:
            self.out, self.closed = out, False

    def open(self, out: Any) -> Any:
        return self.Session(out)

    def admit(self, sess: Any) -> bool:
        return True

    async def frame(self, sess: Any, data: bytes) -> bool:
        sess.out.write(data)
        return True

    async def gone(self, sess: Any) -> None:
        return None


def serve_lean(port: int) -> None:
    import uvicorn
    from starlette.applications import Starlette

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[dict[str, Any]]:
        yield {"gateway": EchoGateway()}  # what each LeanWebSocket reads from the app's state

    uvicorn.run(Starlette(lifespan=lifespan), host="127.0.0.1", port=port,
                ws="server.transport.websocket:LeanWebSocket", log_level="warning")  # fmt: skip


async def drive(url: str, connections: int, seconds: float) -> dict[str, float]:
    from websockets.asyncio.client import connect

    frame = msgpack.packb({"t": "move", "room": "r", "id": 1, "seq": 1, "move": {"type": "buy", "slot": 3}})
    rtts: list[float] = []

    async def one() -> None:
        async with connect(url, ping_interval=None, compression=None) as ws:
            while time.perf_counter() < deadline:
                t0 = time.perf_counter()
                await ws.send(frame)
                await ws.recv()
                rtts.append(time.perf_counter() - t0)

    deadline = time.perf_counter() + seconds
    start = time.perf_counter()
    await asyncio.gather(*(one() for _ in range(connections)))
    elapsed = time.perf_counter() - start
    rtts.sort()
    return {
        "round_trips": len(rtts),
        "per_second": len(rtts) / elapsed,
        "p50_ms": rtts[len(rtts) // 2] * 1000,
        "p99_ms": rtts[int(len(rtts) * 0.99)] * 1000,
    }


if __name__ == "__main__":
    if sys.argv[1] == "serve":
        serve(int(sys.argv[2]))
    elif sys.argv[1] == "serve-lean":
        serve_lean(int(sys.argv[2]))
    else:
        print(json.dumps(asyncio.run(drive(sys.argv[2], int(sys.argv[3]), float(sys.argv[4])))))
