"""The servers `bench.peers` compares, each started fresh on 127.0.0.1 for one measurement.

Longhall is `longhall serve` on its embedded Redis with `appendfsync always` (`bench.procs`),
hosting `bench.peers.highcard` through LONGHALL_EXTRA_GAMES; boardgame.io and Colyseus are
`bgio.js` and `colyseus.js` under Node (NODE_ENV=production). Each system names the
processes whose CPU and memory a move costs, and what an acknowledged move survives.
Installing the Node packages is the bench's own step, as `scripts/setup.sh` does for the
web app: `npm ci` from the pinned lock file when the installed tree is older.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from bench.procs import ROOT, Cluster, cpu_seconds, memory_kib
from bench.scenarios import UNLIMITED
from server.storage.embedded import free_port

HERE = Path(__file__).resolve().parent
NODE_PACKAGES = (HERE, ROOT / "clients" / "js")


def npm_ready() -> None:
    """`npm ci` in each folder whose installed packages are missing or older than its lock."""
    if shutil.which("npm") is None:
        raise RuntimeError("bench.peers needs node and npm")
    for folder in NODE_PACKAGES:
        installed = folder / "node_modules" / ".package-lock.json"
        lock = folder / "package-lock.json"
        if not installed.exists() or lock.stat().st_mtime > installed.stat().st_mtime:
            subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=folder,
                           check=True, stdout=subprocess.DEVNULL)  # fmt: skip


def native_ready() -> bool:
    """Build Longhall's compiled move path if its build is missing or older than its
    sources (scripts/native.py: nothing to do when it is current); whether the node will
    run it (a run on the Python source measures another server)."""
    subprocess.run([sys.executable, str(ROOT / "scripts" / "native.py")], cwd=ROOT, check=False,
                   stdout=subprocess.DEVNULL)  # fmt: skip
    found = subprocess.run([sys.executable, "-c", "from protocol import native; print(native.usable())"], cwd=ROOT,
                           capture_output=True, text=True, check=False)  # fmt: skip
    return found.stdout.strip() == "True"


@dataclass(frozen=True)
class Spec:
    """One system as measured: its name in the report and what it guarantees."""

    name: str
    label: str
    client: str  # load.js --system
    durable: str


SPECS = {
    "longhall": Spec("longhall", "Longhall (fsync always)", "longhall",
                     "yes: committed to Redis with appendfsync always before `ok`; seq and move id checked"),
    "longhall-everysec": Spec("longhall-everysec", "Longhall (fsync every second)", "longhall",
                              "up to the last second's moves lost if the machine dies; seq and move id checked"),
    "bgio": Spec("bgio", "boardgame.io 0.50 (in memory)", "bgio",
                 "no: every match is in the process's memory"),
    "colyseus": Spec("colyseus", "Colyseus 0.16 (broadcastPatch per move)", "colyseus",
                     "no: the room lives in the process; no acknowledgement, no seq"),
    "colyseus-50ms": Spec("colyseus-50ms", "Colyseus 0.16 (default 50 ms patches)", "colyseus",
                          "no: as above, and the move is seen up to 50 ms later"),
    "bgio-flatfile": Spec("bgio-flatfile", "boardgame.io 0.50 (FlatFile)", "bgio",
                          "partly: node-persist writes each match to a file (no fsync), after the update is sent"),
}  # fmt: skip


class Running:
    """A started system: its port and the processes measured (the server's, then Redis's)."""

    spec: Spec
    port: int
    pids: tuple[int, ...]

    def cpu(self) -> tuple[float, ...]:
        return tuple(cpu_seconds(p) for p in self.pids)

    def rss_kib(self) -> int:
        return sum(memory_kib(p, "VmRSS") for p in self.pids)

    def stop(self) -> None:
        raise NotImplementedError


class LonghallRunning(Running):
    def __init__(self, spec: Spec, work: Path) -> None:
        self.spec = spec
        env = {**UNLIMITED, "LONGHALL_EXTRA_GAMES": "bench.peers.highcard:GAME"}
        fsync = "everysec" if spec.name == "longhall-everysec" else "always"
        self.cluster = Cluster(work, nodes=1, fsync=fsync, redis_url="", redis_pids=(), **env)
        node = self.cluster.nodes[0]
        self.port = node.port
        self.pids = (node.pid, *self.cluster.redis_pids)

    def stop(self) -> None:
        self.cluster.stop()


class NodeRunning(Running):
    def __init__(self, spec: Spec, work: Path) -> None:
        self.spec = spec
        self.port = free_port()
        script, *more = {
            "bgio": ["bgio.js"],
            "bgio-flatfile": ["bgio.js", "flatfile", str(work / "matches")],
            "colyseus": ["colyseus.js", "move"],
            "colyseus-50ms": ["colyseus.js", "interval"],
        }[spec.name]
        self.log = open(work / f"{spec.name}.log", "wb")  # noqa: SIM115
        self.proc = subprocess.Popen(["node", script, str(self.port), *more], cwd=HERE, stdout=subprocess.PIPE,
                                     stderr=self.log, env={**os.environ, "NODE_ENV": "production"})  # fmt: skip
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()  # {"listening": port} once it serves
        if not line or json.loads(line).get("listening") != self.port:
            self.stop()
            raise RuntimeError(f"{spec.name} did not start: {(work / f'{spec.name}.log').read_text()[-2000:]}")
        self.pids = (self.proc.pid,)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()


class Started:
    """`with Started(name) as s:` a fresh server of that system in a folder of its own."""

    def __init__(self, name: str) -> None:
        self.spec = SPECS[name]

    def __enter__(self) -> Running:
        self.work = tempfile.TemporaryDirectory()
        kind = LonghallRunning if self.spec.client == "longhall" else NodeRunning
        try:
            self.running: Running = kind(self.spec, Path(self.work.name))
        except BaseException:
            self.work.cleanup()
            raise
        return self.running

    def __exit__(self, *exc: object) -> None:
        self.running.stop()
        self.work.cleanup()
