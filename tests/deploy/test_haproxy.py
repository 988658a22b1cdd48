"""deploy/haproxy.cfg takes a dead node out of rotation within about 2 s, measured.

HAProxy (Debian's, `scripts/setup.sh deploy`) runs the deploy file's `global`,
`defaults` and backend settings in front of two real `longhall serve` nodes on
127.0.0.1 sharing one Redis; only what Docker provides is replaced (the DNS-discovered
server template becomes the two nodes' addresses, the listener 127.0.0.1) and a header
naming the node that answered is added. One node is SIGKILLed; the test measures how
long until HAProxy reports it DOWN, with no traffic (the health checks alone) and with
clients connecting meanwhile (a connection that fails on the dead node is redispatched
to the other one and counts against it), and that every new connection, meanwhile and
after, is answered by the other node; and that a GET the dead node took and never
answered is answered by the other one (the node stopped with the request in it, then killed),
while a POST is never sent twice.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from server.storage.embedded import EmbeddedRedis, free_port

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(shutil.which("haproxy") is None, reason="bash scripts/setup.sh deploy installs haproxy")


def config(nodes: list[int], port: int, stats: Path) -> str:
    """deploy/haproxy.cfg with Docker's parts replaced by loopback addresses."""
    text = (ROOT / "deploy" / "haproxy.cfg").read_text()
    text = re.sub(r"\nresolvers docker\n(?:    .*\n)+", "\n", text)
    text = text.replace(" resolvers docker init-addr none", "")
    text = text.replace("    bind :8000", f"    bind 127.0.0.1:{port}")
    servers = "".join(f"    server node{i} 127.0.0.1:{p}\n" for i, p in enumerate(nodes, 1))
    text = re.sub(r"    server-template .*\n", servers + "    http-response set-header X-Node %[srv_name]\n", text)
    text = text.replace("global\n", f"global\n    stats socket {stats} level admin\n", 1)
    assert "server-template" not in text and "127.0.0.11" not in text
    return text


def stat(stats: Path, server: str) -> dict[str, str]:
    """The server's row of HAProxy's statistics, by column (status, scur, wretr, ...)."""
    with socket.socket(socket.AF_UNIX) as s:
        s.connect(str(stats))
        s.sendall(b"show stat\n")
        out = b""
        while chunk := s.recv(65536):
            out += chunk
    head, *lines = out.decode().splitlines()
    names = head.removeprefix("# ").split(",")
    rows = [dict(zip(names, line.split(","), strict=False)) for line in lines if line.startswith("longhall,")]
    return next(r for r in rows if r["svname"] == server)


def state(stats: Path, server: str) -> str:
    """The server's state in HAProxy's own words (UP, DOWN, ...)."""
    return stat(stats, server)["status"]


def wait(cond: object, timeout: float) -> float:
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        if cond():  # type: ignore[operator]
            return time.monotonic() - start
        time.sleep(0.02)
    raise AssertionError(f"not within {timeout} s")


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[tuple[str, Path, list[subprocess.Popen[bytes]]]]:
    """(HAProxy's URL, its stats socket, the two nodes)."""
    redis = EmbeddedRedis(tmp_path / "redis")
    url = redis.start()
    ports = [free_port(), free_port()]
    env = {**os.environ, "REDIS_URL": url, "LONGHALL_LOCAL_ARCHIVE": "1", "LONGHALL_NATIVE": "0"}
    env.pop("DATABASE_URL", None)
    nodes = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "server.node.cli",
                "serve",
                "--host",
                "127.0.0.1",
                "--port",
                str(p),
                "--data",
                str(tmp_path / f"node{p}"),
            ],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        for p in ports
    ]
    lb_port, stats = free_port(), tmp_path / "stats.sock"
    cfg = tmp_path / "haproxy.cfg"
    cfg.write_text(config(ports, lb_port, stats))
    lb = subprocess.Popen(["haproxy", "-db", "-f", str(cfg)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait(lambda: stats.exists() and all(state(stats, f"node{i}") == "UP" for i in (1, 2)), 30)
        yield f"http://127.0.0.1:{lb_port}", stats, nodes
    finally:
        for proc in [lb, *nodes]:
            if proc.poll() is None:
                proc.kill()
            proc.wait(timeout=10)
        redis.stop()


def answered(base: str, method: str, path: str) -> tuple[int, str]:
    """(status, the node that answered) of one request on a new connection."""
    with httpx.Client(timeout=5) as c:
        r = c.request(method, base + path)
    return r.status_code, r.headers.get("x-node", "")


def served_by(base: str) -> str:
    """The node that answered a GET on a new connection (answered it: 200)."""
    status, node = answered(base, "GET", "/live")
    assert status == 200
    return node


def test_a_killed_node_is_out_of_rotation_within_two_seconds_on_health_checks_alone(cluster) -> None:  # type: ignore[no-untyped-def]
    base, stats, nodes = cluster
    assert {served_by(base) for _ in range(6)} == {"node1", "node2"}  # leastconn: both in rotation
    nodes[0].send_signal(signal.SIGKILL)
    took = wait(lambda: state(stats, "node1").startswith("DOWN"), 10)
    print(f"\nhaproxy: a killed node marked DOWN by the health checks alone in {took:.2f} s")
    assert took < 2.5
    assert [served_by(base) for _ in range(20)] == ["node2"] * 20


def test_clients_reconnecting_meanwhile_are_never_sent_to_the_killed_node(cluster) -> None:  # type: ignore[no-untyped-def]
    base, stats, nodes = cluster
    nodes[0].send_signal(signal.SIGKILL)
    start, answers = time.monotonic(), []
    while not state(stats, "node1").startswith("DOWN") and time.monotonic() - start < 10:
        answers.append(served_by(base))  # a reconnecting client: each answered, redispatched
    took = time.monotonic() - start
    print(f"\nhaproxy: a killed node marked DOWN {took:.2f} s after it was killed, clients connecting")
    answers += [served_by(base) for _ in range(10)]
    assert set(answers) == {"node2"}  # none reached the dead node, even before it was marked down
    assert took < 2.5


def killed_with_requests_in_it(
    base: str, stats: Path, node: subprocess.Popen[bytes], method: str, path: str
) -> tuple[int, list[tuple[int, str]], dict[str, str]]:
    """Requests sent while node 1 is stopped, until one waits in it; then node 1 killed: (how many
    waited in it, every request's (status, node), node 1's statistics after). Stopped first, the node
    surely holds the request unanswered when it dies, however busy the machine."""
    node.send_signal(signal.SIGSTOP)
    with ThreadPoolExecutor(8) as pool:
        sent = []
        while int(stat(stats, "node1")["scur"]) == 0 and len(sent) < 8:
            sent.append(pool.submit(answered, base, method, path))
            time.sleep(0.05)
        waiting = int(stat(stats, "node1")["scur"])
        node.send_signal(signal.SIGKILL)
        answers = [f.result() for f in sent]
    node1 = stat(stats, "node1")
    retried, redispatched = node1["wretr"], node1["wredis"]
    print(f"\nhaproxy: {method}, {waiting} in a node as it was killed: retried {retried}, redispatched {redispatched}")
    return waiting, answers, node1


def test_a_read_a_node_took_and_never_answered_is_answered_by_the_other_node(cluster) -> None:  # type: ignore[no-untyped-def]
    """A node killed with a GET in it (taken by its socket, not yet answered) gives the client no 502:
    HAProxy sends it again to the other node (deploy/haproxy.cfg `retry-on`)."""
    base, stats, nodes = cluster
    waiting, answers, node1 = killed_with_requests_in_it(base, stats, nodes[0], "GET", "/live")
    assert waiting >= 1
    assert set(answers) == {(200, "node2")}
    assert int(node1["wretr"]) + int(node1["wredis"]) >= waiting


def test_a_post_a_node_took_and_never_answered_is_never_sent_twice(cluster) -> None:  # type: ignore[no-untyped-def]
    """Another method is not sent again (it may have been applied): the client is told 502 and decides."""
    base, stats, nodes = cluster
    waiting, answers, _ = killed_with_requests_in_it(base, stats, nodes[0], "POST", "/api/passkeys/options")
    assert waiting >= 1
    # the one(s) in the node; any sent just then, as the node died, with them
    assert answers.count((502, "")) >= waiting
    # any other (sent while node 1 stood stopped, before one waited in it) answered by node 2 (400: no body)
    assert {node for status, node in answers if status != 502} <= {"node2"}
