"""Processes a benchmark runs and measures: an embedded Redis, server nodes, load clients.

CPU seconds and peak RSS come from /proc (utime + stime; VmHWM), so the figures are the
kernel's own accounting of each process, not the harness's guess.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from server.storage.embedded import EmbeddedRedis
from testbed.nodes import ServerProc

ROOT = Path(__file__).resolve().parent.parent
TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def memory_kib(pid: int, key: str = "VmHWM") -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1])
    return 0


@dataclass
class Usage:
    cpu: float
    peak_rss_mib: float


class Node(ServerProc):
    """One `longhall serve` process on 127.0.0.1 (the tests' ServerProc), with the
    kernel's accounting of its CPU and memory."""

    def __init__(self, redis_url: str, data: Path, **env: str) -> None:
        data.mkdir(parents=True, exist_ok=True)
        super().__init__(data, redis_url, None, (), **env)
        self.start(timeout=30)
        assert self.proc is not None
        self.pid = self.proc.pid
        self.cpu0 = cpu_seconds(self.pid)

    def usage(self) -> Usage:
        return Usage(cpu_seconds(self.pid) - self.cpu0, memory_kib(self.pid) / 1024)

    def rss_kib(self) -> int:
        return memory_kib(self.pid, "VmRSS")


class Cluster:
    """An embedded Redis (or the Redis at `redis_url`, whose processes are `redis_pids`)
    and `nodes` server processes sharing it."""

    def __init__(self, workdir: Path, nodes: int = 1, fsync: str = "always", redis_url: str = "",
                 redis_pids: tuple[int, ...] = (), **env: str) -> None:  # fmt: skip
        self.redis = None if redis_url else EmbeddedRedis(workdir / "redis", fsync=fsync)
        if self.redis is not None:
            redis_url = self.redis.start()
            redis_pids = (self.redis.proc.pid,) if self.redis.proc else ()
        self.redis_url = redis_url
        self.redis_pids = redis_pids
        self.redis_cpu0 = sum(cpu_seconds(p) for p in redis_pids)
        # every bench client comes from 127.0.0.1, standing for many addresses: the per-IP
        # limits are off (ServerProc turns off the others; per-connection ones stay as shipped)
        env = {"LONGHALL_IP_CONNECTIONS": "0", **env}
        self.nodes = [Node(redis_url, workdir / f"node{i}", **env) for i in range(nodes)]

    def redis_cpu(self) -> float:
        return sum(cpu_seconds(p) for p in self.redis_pids) - self.redis_cpu0

    def stop(self) -> None:
        for n in self.nodes:
            n.stop()
        if self.redis is not None:
            self.redis.stop()


def run_client(module: str, *args: str, timeout: float = 600) -> dict:
    """Run a load client in its own process; its one JSON line of figures."""
    out = subprocess.run(
        [sys.executable, "-m", module, *args],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if out.returncode != 0:
        raise RuntimeError(f"{module} failed: {out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])
