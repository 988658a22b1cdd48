"""While the store is gone: which exceptions mean "Redis did not answer", and logs that
say so once in a while instead of once per request.

Every request that meets a store error is answered `unavailable` (never `internal`):
the client resends it. A loop that meets one (fan-out, matcher, sweeper) logs one line,
without a traceback, at most every QUIET_SECONDS per place, with the count it swallowed.
"""

from __future__ import annotations

import logging
import time

from redis.exceptions import RedisError

STORE_ERRORS: tuple[type[BaseException], ...] = (RedisError, OSError)  # ConnectionError is an OSError
QUIET_SECONDS = 10.0


class QuietLog:
    """At most one line per `key` every `every` seconds; the rest are counted."""

    def __init__(self, logger: logging.Logger, every: float = QUIET_SECONDS) -> None:
        self.log = logger
        self.every = every
        self.last: dict[str, float] = {}
        self.swallowed: dict[str, int] = {}

    def warn(self, key: str, msg: str, exc: BaseException | None = None) -> bool:
        """Log `msg` (and the exception's one-line text) unless `key` was logged lately."""
        now = time.monotonic()
        if now - self.last.get(key, -1e9) < self.every:
            self.swallowed[key] = self.swallowed.get(key, 0) + 1
            return False
        self.last[key] = now
        n = self.swallowed.pop(key, 0)
        more = f" ({n} more like it since the last report)" if n else ""
        why = f": {type(exc).__name__}: {exc}" if exc is not None else ""
        self.log.warning("%s%s%s", msg, why, more)
        return True
