"""The token bucket every rate limit uses: a socket's frames (server.transport.session),
the cost-weighted requests of a connection, a player and an address
(server.transport.limits), and a player's chat messages (server.play.chat)."""

from __future__ import annotations

import time


class Bucket:
    """Units per second with a burst allowance; full when made."""

    __slots__ = ("rate", "burst", "tokens", "stamp")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst, self.tokens, self.stamp = rate, burst, burst, time.monotonic()

    def level(self, now: float) -> float:
        """The tokens held at `now` (monotonic seconds), refilled since the last look."""
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        return self.tokens

    def full(self, now: float) -> bool:
        return self.level(now) >= self.burst

    def take(self, cost: float = 1.0, now: float | None = None) -> bool:
        """Pay `cost` if the bucket holds it now; False (nothing paid) if not."""
        if self.level(time.monotonic() if now is None else now) >= cost:
            self.tokens -= cost
            return True
        return False
