"""Real server processes: `longhall serve` on 127.0.0.1, on a real Redis (its embedded one
unless given a URL), each with a log file beside its data folder."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx

from server.storage.embedded import free_port

ROOT = Path(__file__).resolve().parent.parent
# every client here comes from 127.0.0.1, standing for many addresses: per-IP budgets are
# off unless a caller sets them (tests/server/transport/test_limits.py, test_quotas.py do)
PER_IP_OFF = {"LONGHALL_IP_RATE": "0", "LONGHALL_IP_ROOMS_PER_MINUTE": "0"}
# nodes on one machine sharing a Redis may keep their archives in their own folders unless
# a caller gives them a database (DATABASE_URL or --database)
ONE_MACHINE = {**PER_IP_OFF, "LONGHALL_LOCAL_ARCHIVE": "1"}


def listens(pid: int, port: int) -> bool:
    """Whether process `pid` holds a socket listening on `port` (Linux's /proc; True where
    there is none to read)."""
    try:
        table = Path("/proc/net/tcp").read_text().splitlines()[1:]
        if Path("/proc/net/tcp6").exists():
            table += Path("/proc/net/tcp6").read_text().splitlines()[1:]
        fds = os.listdir(f"/proc/{pid}/fd")
    except OSError:
        return not Path("/proc/net/tcp").exists()
    want = f":{port:04X}"  # (on whichever address: 127.0.0.1 here, any address elsewhere)
    inodes = {f[9] for f in (line.split() for line in table) if f[1].endswith(want) and f[3] == "0A"}
    for fd in fds:
        try:
            link = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:
            continue
        if link.startswith("socket:[") and link[8:-1] in inodes:
            return True
    return False


class ServerProc:
    def __init__(
        self, data: Path, redis_url: str = "", port: int | None = None, args: tuple[str, ...] = (), **env: str
    ) -> None:
        self.data = data
        self.args = args
        self.redis_url = redis_url
        self.port = port or free_port()
        self.picked = not port  # (a port picked here may be picked again: start)
        self.env = env
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 180.0) -> ServerProc:
        """The node started and answering /health on its port; `timeout` only bounds how
        long a node that never answers is waited for (a loaded machine may take a minute to
        start one). A port picked here (none given) may be taken by another process between
        the pick and the node's bind (a node of another test answering /health on it, or
        the node failing to bind): then the node starts again on another port."""
        for _ in range(3):
            if self._start(timeout):
                return self
            self.port = free_port()
        raise RuntimeError(f"no free port held for a node after 3 picks (last: {self.port})")

    def _start(self, timeout: float) -> bool:
        """True: started; False: its port was another's (only when the port was picked here)."""
        env = {**os.environ, "PYTHONPATH": str(ROOT), **ONE_MACHINE, **self.env}
        env.pop("REDIS_URL", None)
        args = [sys.executable, "-m", "server.node.cli", "serve", "--port", str(self.port)]
        args += ["--data", str(self.data), "--log-level", "warning"]
        if self.redis_url:
            args += ["--redis", self.redis_url]
        args += list(self.args)
        path = self.data.parent / f"server-{self.port}.log"
        self.log = open(path, "ab")  # noqa: SIM115
        self.proc = subprocess.Popen(args, cwd=ROOT, env=env, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                self.log.close()
                said = path.read_bytes()[-3000:].decode(errors="replace")
                if self.picked and "address already in use" in said.lower():
                    return False
                raise RuntimeError(f"server exited with {self.proc.returncode}: {said[-1500:]}")
            try:
                if httpx.get(self.http + "/health", timeout=0.5).status_code == 200:
                    if listens(self.proc.pid, self.port):
                        return True
                    # another process answers on this port: this node cannot bind it
                    self.kill()
                    self.log.close()
                    if not self.picked:
                        raise RuntimeError(f"port {self.port} is another process's")
                    return False
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.kill()  # a server that never answered must not outlive the test that started it
        self.log.close()
        raise RuntimeError("server did not become healthy")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs."""
        assert self.proc is not None
        self.proc.kill()
        self.proc.wait()
