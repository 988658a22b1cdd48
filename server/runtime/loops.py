"""A node's background loops (matcher, referee, sweepers, archiver, liveness), all run
the same way, and the lease that lets one node at a time run a loop for all (the matcher,
the referee).

`Loops` is the one list: each feature registers its loops in it (`register(loops)`), the
node starts them together and stops them in the reverse order. `every` is the one loop
helper: a look every few seconds, a failure logged (a Redis outage quietly, once in a
while) and the loop going on.

`task.cancel()` once is not enough to stop one: redis-py's asyncio client can swallow a
cancellation that lands at the wrong instant inside a command (redis/redis-py#2028,
#2551), and the loop then goes on to its next sleep as if nothing happened; awaiting it
would hang the node's shutdown forever. `stop` cancels again at every turn until the
task ends, and gives up (with a warning) after `timeout` so the process still exits.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

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


Work = Callable[[], Awaitable[object]]


async def every(seconds: float, work: Work, what: str, quiet: QuietLog | None = None,
                logger: logging.Logger = log) -> None:  # fmt: skip
    """Run `work` every `seconds` until cancelled; a failure is logged (Redis outages
    quietly, once in a while) and the loop goes on."""
    quiet = quiet or QuietLog(logger)
    while True:
        await asyncio.sleep(seconds)
        try:
            await work()
        except asyncio.CancelledError:
            raise
        except STORE_ERRORS as exc:
            quiet.warn(what, f"{what} failed", exc)
        except Exception:
            logger.warning("%s failed", what, exc_info=True)


class Looping(Protocol):
    """A part of the node with background loops of its own."""

    def register(self, loops: Loops) -> None:
        """Add its loops to `loops` (they start and stop with the others)."""


class Loops:
    """The background loops of a process, by name: registered first, then started
    together (`start`) and stopped in the reverse order (`stop`)."""

    def __init__(self) -> None:
        self.bodies: list[tuple[str, Callable[[], Awaitable[None]]]] = []
        self.tasks: list[asyncio.Task[None]] = []
        self.running = False

    def every(self, what: str, seconds: float, work: Work, logger: logging.Logger = log) -> None:
        """Register `work` to run every `seconds` (`every`)."""
        quiet = QuietLog(logger)
        self.run(what, lambda: every(seconds, work, what, quiet, logger))

    def run(self, what: str, body: Callable[[], Awaitable[None]]) -> None:
        """Register a loop of its own making (a queue's consumer, a wait for a database)."""
        self.bodies.append((what, body))
        if self.running:  # registered once running: started at once
            self.tasks.append(self._task(what, body))

    def start(self) -> None:
        self.running = True
        self.tasks = [self._task(what, body) for what, body in self.bodies]

    async def stop(self, timeout: float = 3.0) -> None:
        tasks, self.tasks, self.running = self.tasks, [], False
        await stop(*reversed(tasks), timeout=timeout)

    @staticmethod
    def _task(what: str, body: Callable[[], Awaitable[None]]) -> asyncio.Task[None]:
        async def run() -> None:
            await body()

        return asyncio.create_task(run(), name=what)


# Take the lease if nobody holds it, or renew it if this node does: 1 when held, 0 when not.
LEASE = """
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
return 0
"""


RENEW_AFTER = 1 / 3  # of a lease's time: its holder renews it then, not at every look


class Lease:
    """One node at a time holds `key` for `ms`. The holder renews it once a third of `ms`
    has passed since its last renewal (not at every look: these loops look ten times a
    second), so it is sure of it for two thirds of `ms` more at any look; a node that does
    not hold it asks at every look (one script call), and takes it once it has expired."""

    def __init__(self, redis: Redis, key: str, node: str, ms: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.key, self.node, self.ms = key, node, ms
        self._script: Any = redis.register_script(LEASE)
        self._clock = clock
        self._renew_at = 0.0  # (monotonic) until then this node holds it without asking

    async def hold(self) -> bool:
        asked = self._clock()  # before the call: the lease runs from no later than this
        if asked < self._renew_at:
            return True
        held = bool(await self._script(keys=[self.key], args=[self.node, self.ms]))
        self._renew_at = asked + self.ms / 1000 * RENEW_AFTER if held else 0.0
        return held

    def forget(self) -> None:
        """This node let the lease go (deleted it): ask again at the next look."""
        self._renew_at = 0.0
