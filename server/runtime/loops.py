"""Stopping a node's background loops (matcher, sweepers, pub/sub reader, archiver), and
the lease that lets one node at a time run a loop for all (the matcher, the referee).

`task.cancel()` once is not enough: redis-py's asyncio client can swallow a cancellation
that lands at the wrong instant inside a command (redis/redis-py#2028, #2551), and the
loop then goes on to its next sleep as if nothing happened; awaiting it would hang the
node's shutdown forever. `stop` cancels again at every turn until the task ends, and
gives up (with a warning) after `timeout` so the process still exits.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from redis.asyncio import Redis

from server.runtime.outage import STORE_ERRORS, QuietLog

log = logging.getLogger("longhall")
RETRY = 0.05  # seconds between cancellations of a task that went on running


async def stop(*tasks: asyncio.Task[object] | None, timeout: float = 3.0) -> None:
    deadline = time.monotonic() + timeout
    for task in tasks:
        if task is None:
            continue
        while not task.done():
            task.cancel()
            await asyncio.wait({task}, timeout=RETRY)
            if time.monotonic() >= deadline and not task.done():
                log.warning("background task %s did not stop", task.get_name())
                break
        if task.done() and not task.cancelled():
            with contextlib.suppress(BaseException):
                task.result()  # retrieved: no "exception was never retrieved" at exit


async def every(seconds: float, work: Callable[[], Awaitable[object]], key: str, what: str, quiet: QuietLog,
                logger: logging.Logger) -> None:  # fmt: skip
    """Run `work` every `seconds` until cancelled; a failure is logged (Redis outages once
    per `key`, quietly) and the loop goes on."""
    while True:
        await asyncio.sleep(seconds)
        try:
            await work()
        except STORE_ERRORS as exc:
            quiet.warn(key, f"{what} failed", exc)
        except Exception:
            logger.warning("%s failed", what, exc_info=True)


# Take the lease if nobody holds it, or renew it if this node does: 1 when held, 0 when not.
LEASE = """
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
return 0
"""


class Lease:
    """One node at a time holds `key` for `ms`, renewed at every look: one script call per
    look (these loops look ten times a second on every node, busy or idle)."""

    def __init__(self, redis: Redis, key: str, node: str, ms: int) -> None:
        self.key, self.node, self.ms = key, node, ms
        self._script: Any = redis.register_script(LEASE)

    async def hold(self) -> bool:
        return bool(await self._script(keys=[self.key], args=[self.node, self.ms]))
