"""How many invitations or reports a player may send in a window, counted in Redis so
that every node counts the same: a counter per player and kind that expires with its
window, counted by the room quotas' script (server.identity.quotas). Fixed windows, as
those quotas': a player may send twice the most across a window's edge."""

from __future__ import annotations

from redis.asyncio import Redis

from server.identity.quotas import COUNT
from server.storage.keys import sent_key


async def within(redis: Redis, player: str, what: str, most: int, window: int) -> bool:
    """Count one more `what` of `player`; False (still counted) when over `most` in `window` s."""
    count = await redis.eval(COUNT, 1, sent_key(player, what), window)
    return int(count) <= most
