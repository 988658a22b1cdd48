"""The container image, built and played against (needs a container engine).

Marked `container`: in the default run it skips, saying why, where no engine answers
`docker info`; `bash scripts/image-check` sets an engine up (and stand-in base images
where the official ones cannot be pulled), builds the image and runs these with
LONGHALL_IMAGE naming it. It runs the image with its embedded Redis, checks the probes,
the web app and that the process runs as a non-root user, plays a whole game through
the published port, and stops the container with SIGTERM: exit 0, an open websocket
closed with 1012 (reconnect elsewhere).
"""

from __future__ import annotations

import asyncio
import os
import random
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from clients.python.bot import play
from clients.python.client import Client
from server.storage.embedded import free_port

ROOT = Path(__file__).resolve().parents[2]
TAG = os.environ.get("LONGHALL_IMAGE", "")
pytestmark = pytest.mark.container


def engine_answers() -> str | None:
    """None when a container engine answers, else why not."""
    if shutil.which("docker") is None:
        return "no docker client on PATH"
    try:
        out = subprocess.run(["docker", "info"], capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"docker info failed: {exc}"
    if out.returncode != 0:
        return "no container engine answers `docker info`: " + (out.stderr.strip().splitlines() or ["?"])[-1]
    return None


@pytest.fixture(scope="module")
def container() -> Iterator[tuple[str, str]]:
    """(the base URL, the container id) of the image running with its embedded Redis."""
    why = engine_answers()
    if why is not None:
        pytest.skip(why)
    tag = TAG or "longhall:test"
    if not TAG:
        subprocess.run(["docker", "build", "-f", "deploy/Dockerfile", "-t", tag, "."], cwd=ROOT, check=True)
    port = free_port()
    started = time.monotonic()
    cid = subprocess.run(
        ["docker", "run", "-d", "-p", f"127.0.0.1:{port}:8000", tag], capture_output=True, text=True, check=True
    ).stdout.strip()
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if httpx.get(base + "/ready", timeout=1).status_code == 200:
                    print(f"\nimage-check: ready {time.monotonic() - started:.1f} s after docker run")
                    break
            except httpx.HTTPError:
                pass
            time.sleep(0.5)
        else:
            pytest.fail("the container never became ready: " + subprocess.run(["docker", "logs", cid],
                        capture_output=True, text=True).stderr[-2000:])  # fmt: skip
        yield base, cid
    finally:
        subprocess.run(["docker", "rm", "-f", cid], capture_output=True)


def test_image_serves_probes_and_the_web_app_as_non_root(container: tuple[str, str]) -> None:
    base, cid = container
    assert httpx.get(base + "/live").status_code == 200
    assert httpx.get(base + "/ready").json()["ok"] is True
    assert "<html" in httpx.get(base + "/").text.lower()
    uid = subprocess.run(["docker", "exec", cid, "id", "-u"], capture_output=True, text=True)
    assert uid.stdout.strip() not in ("", "0")


def test_image_runs_the_compiled_move_path(container: tuple[str, str]) -> None:
    probe = "import protocol.native as n, server.rooms.service as r; print(n.usable(), n.compiled(r))"
    out = subprocess.run(["docker", "exec", container[1], "python", "-c", probe], capture_output=True, text=True)
    assert out.stdout.split() == ["True", "True"], out.stderr


async def test_a_game_is_played_through_the_container(container: tuple[str, str]) -> None:
    url = container[0].replace("http", "ws") + "/ws"
    a, b = await Client(url, name="a").connect(), await Client(url, name="b").connect()
    try:
        room = (await a.create("vikings", None, seats=2)).room
        await b.join(room)
        await a.start(room)
        finals = await asyncio.gather(play(a, room, random.Random(1)), play(b, room, random.Random(2)))
        assert finals[0] == finals[1] and finals[0] is not None
    finally:
        await a.close()
        await b.close()


def test_sigterm_stops_the_container_cleanly(container: tuple[str, str]) -> None:
    base, name = container
    with connect(base.replace("http", "ws") + "/ws") as ws:
        started = time.monotonic()
        subprocess.run(["docker", "stop", "-t", "30", name], check=True, capture_output=True)
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=5)
    print(f"\nimage-check: stopped with SIGTERM in {time.monotonic() - started:.1f} s")
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1012
    code = subprocess.run(["docker", "inspect", "-f", "{{.State.ExitCode}}", name], capture_output=True, text=True)
    assert code.stdout.strip() == "0"
