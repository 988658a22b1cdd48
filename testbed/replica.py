"""A replica of a Redis on loopback (the embedded binary), for the tests and bench/."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import redis

from server.storage.embedded import _die_with_parent, free_port, redis_binary


@contextlib.contextmanager
def replica_of(master: str, folder: Path) -> Iterator[tuple[int, redis.Redis]]:
    """A replica of the Redis at `master`, in sync when this yields: its pid and a client."""
    port = free_port()
    mport = redis.Redis.from_url(master).connection_pool.connection_kwargs["port"]
    folder.mkdir(parents=True, exist_ok=True)
    proc = subprocess.Popen(
        [redis_binary(), "--bind", "127.0.0.1", "--port", str(port), "--replicaof", "127.0.0.1", str(mport),
         "--save", "", "--appendonly", "no", "--dir", str(folder)],
        stdout=subprocess.DEVNULL, preexec_fn=_die_with_parent,  # noqa: PLW1509
    )  # fmt: skip
    r = redis.Redis(port=port)
    try:
        deadline = time.monotonic() + 15
        while True:
            with contextlib.suppress(redis.RedisError):
                if r.info("replication").get("master_link_status") == "up":
                    break
            if time.monotonic() > deadline:
                raise RuntimeError("the replica did not attach")
            time.sleep(0.05)
        yield proc.pid, r
    finally:
        os.kill(proc.pid, signal.SIGCONT)  # (a test may have paused it)
        proc.kill()
        proc.wait()
        r.close()
