"""`longhall admin-token` and `longhall admin` against a real node: the token minted from
the deployment's Redis signs the operator in; every read and action of the console is a
command printing the node's JSON, exit 0 when the node agreed and 1 when it refused (no
token, a refused action); each action is a line of the node's text log naming who."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from clients.python.client import Client
from tests.cluster import ServerProc

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def loud_node(redis_url: str, tmp_path: Path) -> Iterator[ServerProc]:
    """A node whose text log is at info, where operators' actions are written."""
    s = ServerProc(tmp_path / "node", redis_url, args=("--log-level", "info"))
    (tmp_path / "node").mkdir()
    s.start()
    yield s
    s.stop()


async def longhall(*args: str, **env: str) -> tuple[int, str, str]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "server.node.cli", *args, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT), **env},
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    out, err = await asyncio.wait_for(proc.communicate(), 120)
    assert proc.returncode is not None
    return proc.returncode, out.decode(), err.decode()


async def admin(node: ServerProc, token: str, *args: str) -> tuple[int, Any]:
    code, out, err = await longhall("admin", "--url", node.http, *args, LONGHALL_ADMIN_TOKEN=token)
    return code, json.loads(out) if out.strip() else err


async def test_an_operator_works_from_the_command_line(loud_node: ServerProc, redis_url: str) -> None:
    code, token, _ = await longhall("admin-token", "ops", "--ttl", "600", "--redis", redis_url)
    token = token.strip()
    assert code == 0 and token.count(".") == 2
    code, _, err = await longhall("admin-token", "not a name", "--redis", redis_url)
    assert code != 0 and "operator's name" in err

    host = await Client(loud_node.url, name="Ann").connect()
    guest = await Client(loud_node.url, name="Bo").connect()
    room = (await host.create("highcard", seats=2, private=True)).room
    await guest.join(room)
    await host.start(room)

    code, listing = await admin(loud_node, token, "rooms")
    assert code == 0 and next(r for r in listing["rooms"] if r["room"] == room)["private"] is True
    code, me, _ = await longhall("admin", "--url", loud_node.http, "--token", token, "whoami")  # the flag this time
    assert code == 0 and json.loads(me) == {"operator": "op:ops", "node": listing["node"]}
    code, seen = await admin(loud_node, token, "room", room)
    assert code == 0 and seen["view"]["status"] == "playing"
    code, sockets = await admin(loud_node, token, "sockets", "--player", guest.player or "")
    assert code == 0 and [s["player"] for s in sockets["sockets"]] == [guest.player]
    assert (await admin(loud_node, token, "queues"))[0] == 0
    code, figures = await admin(loud_node, token, "metrics")
    assert code == 0 and figures["rooms_playing"] >= 1

    assert await admin(loud_node, token, "end", room) == (0, {"room": room, "ended": True, "by": "op:ops"})
    code, again = await admin(loud_node, token, "end", room)
    assert code == 1 and again["error"] == "game_over"
    await host.wait_until(lambda: host.rooms[room].view["result"] is not None)
    assert host.rooms[room].view["result"]["abandoned"] is True
    code, actions = await admin(loud_node, token, "actions", "--limit", "2")
    assert code == 0 and [(a["action"], a["target"], a["outcome"], a["by"]) for a in actions["actions"]] == [
        ("end", room, "game_over", "op:ops"), ("end", room, "ok", "op:ops")
    ]  # fmt: skip
    code, refused = await admin(loud_node, "", "rooms")
    assert code == 1 and refused["error"] == "unauthorized"

    log = (loud_node.data.parent / f"server-{loud_node.port}.log").read_text(encoding="utf-8")
    assert f"operator op:ops: end {room} (ok)" in log and f"operator op:ops: end {room} (game_over)" in log
    for c in (host, guest):
        await c.close()
