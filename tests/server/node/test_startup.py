"""A node's start: it refuses a shared Redis with an archive of its own, and a node still
waiting for its Redis stops on SIGTERM or SIGINT (only SIGKILL ended it before)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from server.storage.embedded import free_port
from testbed.nodes import PER_IP_OFF, ROOT


def serve(data: Path, *args: str, **env: str) -> subprocess.Popen[str]:
    base = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL")}
    base = {k: v for k, v in base.items() if not k.startswith("LONGHALL_")}
    cmd = [sys.executable, "-m", "server.node.cli", "serve", "--port", str(free_port()), "--data", str(data), *args]
    return subprocess.Popen(cmd, cwd=ROOT, env={**base, "PYTHONPATH": str(ROOT), **PER_IP_OFF, **env},
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)  # fmt: skip


def test_a_shared_redis_without_a_database_is_refused(tmp_path: Path, redis_url: str) -> None:
    node = serve(tmp_path / "n", "--redis", redis_url)
    out, _ = node.communicate(timeout=60)
    assert node.returncode == 2
    assert "DATABASE_URL" in out and "--local-archive" in out


def test_the_same_from_the_environment(tmp_path: Path, redis_url: str) -> None:
    node = serve(tmp_path / "n", REDIS_URL=redis_url)
    out, _ = node.communicate(timeout=60)
    assert node.returncode == 2 and "DATABASE_URL" in out


@pytest.mark.parametrize("how", [("--local-archive",), ("--database", "sqlite+aiosqlite:///{data}/archive.db")])
def test_a_shared_redis_with_a_database_or_on_purpose_starts(tmp_path: Path, redis_url: str, how) -> None:
    data = tmp_path / "n"
    args = [a.format(data=data) for a in how]
    port = free_port()
    node = serve(data, "--redis", redis_url, *args, "--port", str(port))
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and node.poll() is None:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/ready", timeout=0.5).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        assert node.poll() is None and httpx.get(f"http://127.0.0.1:{port}/ready").status_code == 200
    finally:
        node.send_signal(signal.SIGTERM)
        node.communicate(timeout=30)
    assert node.returncode == 0


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_node_waiting_for_redis_stops_on_a_signal(tmp_path: Path, sig: signal.Signals) -> None:
    nobody = f"redis://127.0.0.1:{free_port()}/0"  # nothing listens there
    node = serve(tmp_path / "n", "--redis", nobody, "--local-archive", "--log-level", "info")
    assert node.stdout is not None
    seen = ""
    deadline = time.monotonic() + 60
    while "waiting for redis" not in seen and time.monotonic() < deadline:
        seen += node.stdout.readline()
    assert "waiting for redis" in seen
    node.send_signal(sig)
    try:
        node.communicate(timeout=10)  # at once in practice; SIGKILL alone ended it before
    except subprocess.TimeoutExpired:
        node.kill()
        node.communicate()
        pytest.fail(f"a node waiting for redis ignored {sig.name}")
    assert node.returncode == 3  # uvicorn's "startup failed": the node never served


def test_a_test_node_whose_port_another_process_answers_on_starts_on_another(tmp_path: Path, redis_url: str) -> None:
    # between a port's pick and the node's bind, a node of another test may take it and
    # answer /health there: the harness took that node for its own, and the test failed
    # later, when the other one stopped ("All connection attempts failed")
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    from testbed.nodes import ServerProc, listens

    class Healthy(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802
            self.send_response(200)
            self.end_headers()
            self.wfile.write(b'{"ok": true, "node": "another"}')

        def log_message(self, *args: object) -> None:
            pass

    other = ThreadingHTTPServer(("127.0.0.1", 0), Healthy)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    node = ServerProc(tmp_path / "n", redis_url, LONGHALL_LOCAL_ARCHIVE="1")
    taken = node.port = other.server_address[1]  # as if free_port had handed out the other's port
    try:
        node.start()
        assert node.port != taken and node.proc is not None and listens(node.proc.pid, node.port)
        assert httpx.get(node.http + "/health", timeout=10).json()["node"] != "another"
    finally:
        node.stop()
        other.shutdown()
