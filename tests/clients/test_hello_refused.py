"""A Python client whose `hello` is refused closes the socket it opened (the server would
otherwise hold it until its hello timeout), and starts no reconnect of its own."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from clients.python import client as client_module
from clients.python.client import Client, ServerError
from tests.cluster import ServerProc


async def test_a_refused_hello_closes_its_socket(server: ServerProc, monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[Any] = []
    real_connect = client_module.connect

    async def noted(*args: Any, **kwargs: Any) -> Any:
        ws = await real_connect(*args, **kwargs)
        opened.append(ws)
        return ws

    monkeypatch.setattr(client_module, "connect", noted)
    monkeypatch.setattr(client_module, "VERSIONS", [999])  # a version no server speaks
    c = Client(server.url, name="old")
    with pytest.raises(ServerError) as refused:
        await c.connect()
    assert refused.value.code == "version_unsupported"
    assert len(opened) == 1 and c.ws is None and not c.ready
    await asyncio.wait_for(opened[0].wait_closed(), 5)
    assert opened[0].close_code == 1000  # closed by the client, cleanly
    await asyncio.sleep(0.3)
    assert len(opened) == 1  # no reconnect was started
    await c.close()
