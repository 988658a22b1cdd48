"""A room set back in Redis as if its last commits were lost, for the tests.

Redis replicates asynchronously: a master killed an instant after a commit can leave the
replica that takes its place without it (and an append-only file not fsynced at every
write loses its last writes the same way). Here the room's document and its tail, move
ids and log are put back by hand to how they stood at an earlier moment (`kept`), as such
a replica holds them.
"""

from __future__ import annotations

from dataclasses import dataclass

import redis

from server.storage.keys import keys


@dataclass
class Kept:
    """A room in Redis at one moment: its document and its tail, move ids, its log's length."""

    room: str
    doc: dict[bytes, bytes]
    ids: dict[bytes, bytes]
    logged: int
    tail: list[bytes]

    @property
    def seq(self) -> int:
        return int(self.doc[b"seq"])


def keep(r: redis.Redis, room: str) -> Kept:
    k = keys(room)
    return Kept(room, r.hgetall(k[0]), r.hgetall(k[2]), r.xlen(k[1]), r.lrange(k[5], 0, -1))


def lose_since(r: redis.Redis, kept: Kept) -> None:
    """Every commit of the room since `kept` is gone."""
    doc, log, ids, tail = keys(kept.room)[0], keys(kept.room)[1], keys(kept.room)[2], keys(kept.room)[5]
    r.hset(doc, mapping=kept.doc)
    r.delete(tail)
    if kept.tail:
        r.rpush(tail, *kept.tail)
    r.delete(ids)
    if kept.ids:
        r.hset(ids, mapping=kept.ids)
    newer = r.xrange(log)[kept.logged :]
    if newer:
        r.xdel(log, *(entry_id for entry_id, _ in newer))
