"""The lean commit connection (server.storage.resp) against a real Redis 7 that is loading its
data after a restart: a commit then is a store error (the move is answered `unavailable`
and sent again), not an unknown reply error answered `internal` (seen in the node chaos
soak, just after Redis was killed and started again). The loading is slowed down with
Redis's own test settings (`key-load-delay`) so that it lasts while the test asks."""

from __future__ import annotations

import asyncio
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis

from server.runtime.outage import STORE_ERRORS
from server.storage.embedded import _die_with_parent, free_port
from server.storage.resp import ScriptRunner
from testbed.redis_cluster import SERVER, missing


@pytest.fixture
def loading(tmp_path: Path) -> Iterator[str]:
    """A Redis 7 loading 20 000 keys for a few seconds."""
    why = missing()
    if why is not None:
        pytest.skip(why)
    port = free_port()
    args = [SERVER, "--bind", "127.0.0.1", "--port", str(port), "--dir", str(tmp_path), "--save", "",
            "--appendonly", "no", "--daemonize", "no", "--logfile", str(tmp_path / "redis.log")]  # fmt: skip
    first = subprocess.Popen(args, preexec_fn=_die_with_parent)  # noqa: PLW1509
    r = redis.Redis(port=port, socket_connect_timeout=0.5)
    try:
        for _ in range(100):  # until it takes connections
            try:
                r.mset({f"k{i}": i for i in range(20_000)})
                break
            except redis.ConnectionError:
                time.sleep(0.05)
        r.save()
        r.shutdown(nosave=True)
    finally:
        first.wait(10)
        r.close()
    slow = ["--key-load-delay", "200", "--loading-process-events-interval-bytes", "1024"]
    second = subprocess.Popen(args + slow, preexec_fn=_die_with_parent)  # noqa: PLW1509
    try:
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        second.kill()
        second.wait()


async def test_a_commit_while_redis_loads_its_data_is_a_store_error(loading: str) -> None:
    run = ScriptRunner(loading, "return 1", timeout=5)
    try:
        for _ in range(100):  # until the restarted Redis takes connections
            try:
                await run([], [])
            except ConnectionRefusedError:
                await asyncio.sleep(0.05)
                continue
            except STORE_ERRORS as exc:
                assert "LOADING" in str(exc)
                return
            raise AssertionError("the script ran before Redis had loaded its data")
        raise AssertionError("Redis did not come back")
    finally:
        run.close()
