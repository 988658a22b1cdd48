"""Every operator action written down: a line in the text log (`longhall.console`) and an
entry in a Redis list every node shares (`ACTIONS`, the latest KEPT, newest first), which
the console shows. An entry says who (the operator's `op:NAME`), what, on what, through
which node, when and how it went (`ok`, or the refusal)."""

from __future__ import annotations

import json
import logging
import time
from typing import Any

from redis.asyncio import Redis

from server.storage.keys import ACTIONS
from server.storage.store import text

log = logging.getLogger("longhall.console")
KEPT = 500  # actions kept for the console


class Audit:
    def __init__(self, redis: Redis, node: str) -> None:
        self.redis = redis
        self.node = node

    async def record(self, by: str, action: str, target: str, outcome: str = "ok", **detail: Any) -> dict[str, Any]:
        """Write one action down (before its answer leaves: an action not written is not answered)."""
        entry = {**detail, "at": round(time.time(), 3), "by": by, "action": action, "target": target,
                 "outcome": outcome, "node": self.node}  # fmt: skip
        log.info("operator %s: %s %s (%s)%s", by, action, target, outcome,
                 "".join(f" {k}={v}" for k, v in detail.items()))  # fmt: skip
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.lpush(ACTIONS, json.dumps(entry, separators=(",", ":")))
            pipe.ltrim(ACTIONS, 0, KEPT - 1)
            await pipe.execute()
        return entry

    async def latest(self, count: int) -> list[dict[str, Any]]:
        """The latest `count` actions, newest first."""
        raw = await self.redis.lrange(ACTIONS, 0, max(0, count - 1))
        return [json.loads(text(r)) for r in raw]
