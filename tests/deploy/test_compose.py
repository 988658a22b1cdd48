"""deploy/compose.yaml run for real: a game through HAProxy survives a node's SIGKILL.

Marked `container` (`bash scripts/image-check compose` runs it; it skips where no
container engine answers). Brings up Redis, PostgreSQL, three Longhall nodes and HAProxy
from the compose file (the image `longhall:latest`, the load balancer on 127.0.0.1),
plays a two-player game through the load balancer, SIGKILLs the node one player is
connected to mid-game; that client reconnects through HAProxy and the game ends. Then
the game's replay and both players' pages answer 200 from every node: the archive is
one for all of them.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from clients.python.bot import play
from clients.python.client import Client
from server.storage.embedded import free_port
from tests.deploy.test_image import engine_answers

ROOT = Path(__file__).resolve().parents[2]
PROJECT = "longhall-check"
pytestmark = pytest.mark.container


def compose_cmd() -> list[str]:
    if subprocess.run(["docker", "compose", "version"], capture_output=True).returncode == 0:
        return ["docker", "compose", "-f", "deploy/compose.yaml", "-p", PROJECT]
    if shutil.which("docker-compose"):
        # Compose v1 (Debian's docker-compose 1.29) refuses the top-level `name`: it reads
        # the file without it from beside the original, so relative paths resolve alike
        text = (ROOT / "deploy" / "compose.yaml").read_text()
        (ROOT / "deploy" / ".compose-v1.yaml").write_text(re.sub(r"(?m)^name: .*\n", "", text))
        return ["docker-compose", "-f", "deploy/.compose-v1.yaml", "-p", PROJECT]
    pytest.skip("neither `docker compose` nor docker-compose is installed")


@pytest.fixture(scope="module")
def stack() -> Iterator[tuple[list[str], str]]:
    """(the compose command for this project, the load balancer's URL)."""
    why = engine_answers()
    if why is not None:
        pytest.skip(why)
    port = free_port()
    cmd = compose_cmd()
    env = {"LB_ADDRESS": "127.0.0.1", "LB_PORT": str(port), "PATH": "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin"}
    started = time.monotonic()
    up = subprocess.run([*cmd, "up", "-d", "--scale", "longhall=3"], cwd=ROOT, env=env, capture_output=True, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        assert up.returncode == 0, up.stdout[-3000:] + up.stderr[-3000:]
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and len(ready_nodes(cmd)) < 3:
            time.sleep(1)
        assert len(ready_nodes(cmd)) == 3, logs(cmd)
        assert httpx.get(base + "/ready", timeout=3).status_code == 200
        print(f"\nimage-check: compose up, 3 nodes ready through HAProxy in {time.monotonic() - started:.1f} s")
        yield cmd, base
    finally:
        subprocess.run([*cmd, "down", "-v", "-t", "30"], cwd=ROOT, env=env, capture_output=True)
        (ROOT / "deploy" / ".compose-v1.yaml").unlink(missing_ok=True)


def logs(cmd: list[str]) -> str:
    return subprocess.run([*cmd, "logs", "--tail", "30"], cwd=ROOT, capture_output=True, text=True).stdout[-6000:]


def nodes(cmd: list[str]) -> list[str]:
    out = subprocess.run([*cmd, "ps", "-q", "longhall"], cwd=ROOT, capture_output=True, text=True)
    return out.stdout.split()


def inside(cid: str, path: str) -> tuple[int, str]:
    """(status, body) of GET http://127.0.0.1:8000{path} asked inside a node's container."""
    probe = (
        "import sys, urllib.request, urllib.error\n"
        "try:\n r = urllib.request.urlopen('http://127.0.0.1:8000' + sys.argv[1], timeout=5); print(r.status)"
        "; print(r.read().decode())\n"
        "except urllib.error.HTTPError as e: print(e.code); print(e.read().decode())\n"
        "except OSError as e: print(0); print(e)\n"
    )
    out = subprocess.run(["docker", "exec", cid, "python", "-c", probe, path], capture_output=True, text=True)
    status, _, body = out.stdout.partition("\n")
    return int(status or 0), body


def ready_nodes(cmd: list[str]) -> list[str]:
    return [cid for cid in nodes(cmd) if inside(cid, "/ready")[0] == 200]


def connections(cid: str) -> float:
    _, metrics = inside(cid, "/metrics")
    lines = [ln for ln in metrics.splitlines() if ln.startswith("longhall_connections")]
    return sum(float(ln.split()[-1]) for ln in lines)


async def test_a_game_through_haproxy_survives_a_node_killed_mid_game(stack: tuple[list[str], str]) -> None:
    cmd, base = stack
    url = base.replace("http", "ws") + "/ws"
    a, b = await Client(url, name="a").connect(), await Client(url, name="b").connect()
    try:
        room = (await a.create("vikings", None, seats=2)).room
        await b.join(room)
        await a.start(room)
        games = asyncio.gather(play(a, room, random.Random(1)), play(b, room, random.Random(2)))
        await a.wait_until(lambda: a.rooms[room].seq >= 10, 60)
        victim = max(nodes(cmd), key=connections)
        assert connections(victim) >= 1
        killed = time.monotonic()
        subprocess.run(["docker", "kill", "-s", "KILL", victim], check=True, capture_output=True)
        finals = await games
        print(f"\nimage-check: node killed at seq >= 10; game over {time.monotonic() - killed:.1f} s later, "
              f"reconnects a={a.reconnects} b={b.reconnects}")  # fmt: skip
        assert finals[0] == finals[1] and finals[0] is not None
        assert a.reconnects + b.reconnects >= 1
        players = [a.player, b.player]
    finally:
        await a.close()
        await b.close()
    subprocess.run([*cmd, "up", "-d", "--scale", "longhall=3", "--no-recreate"], cwd=ROOT, capture_output=True)
    deadline = time.monotonic() + 90
    pages = [f"/api/rooms/{room}/replay", *(f"/api/players/{p}" for p in players)]
    while time.monotonic() < deadline:  # archived once the game ends; the killed node restarts
        answers = {(cid, page): inside(cid, page) for cid in ready_nodes(cmd) for page in pages}
        if len(answers) == 3 * len(pages) and all(s == 200 for s, _ in answers.values()):
            break
        time.sleep(2)
    assert {k: s for k, (s, _) in answers.items()} == {k: 200 for k in answers} and len(answers) == 3 * len(pages)
    replay = json.loads(answers[(ready_nodes(cmd)[0], pages[0])][1])
    assert replay.get("moves"), replay
