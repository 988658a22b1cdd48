"""Reading a finished room out of Redis as a GameRecord (see server/storage/store.py for the keys).

The log stream holds every committed change; its entry ids are the commit times in ms.
The seed is in the entry that started the game ("start", or "matched" for rooms the
matchmaker made). A room that is still open or in play is not a finished game: None.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, cast

import msgpack
from redis.asyncio import Redis

from server.archive.records import ABANDONED, FINISHED, GameRecord, MoveRecord, from_ms
from server.play import chat
from server.rooms import document as rm
from server.storage.keys import keys

STARTS = ("start", "matched")


def is_over(doc: dict[str, Any]) -> bool:
    return doc.get("status") in (rm.OVER, ABANDONED)


def _at(stream_id: bytes) -> datetime:
    return from_ms(int(stream_id.split(b"-")[0]))


async def read_room(redis: Redis, room: str) -> GameRecord | None:
    k = keys(room)
    async with redis.pipeline(transaction=False) as pipe:
        pipe.hget(k[0], "doc")
        pipe.xrange(k[1], "-", "+")
        raw, log = await pipe.execute()
    if raw is None:
        return None
    doc = msgpack.unpackb(raw, raw=False)
    if not is_over(doc) or not log:
        return None
    rec = record(room, doc, log)
    rec.chat = await chat.read_all(redis, room)
    return rec


def record(room: str, doc: dict[str, Any], log: list[tuple[bytes, dict[bytes, bytes]]]) -> GameRecord:
    started, seed, moves = None, doc.get("seed"), []
    for sid, fields in log:
        entry = msgpack.unpackb(fields[b"entry"], raw=False)
        kind = entry.get("k")
        if kind in STARTS and started is None:
            started = _at(sid)
            seed = seed if seed is not None else entry.get("seed")
        elif kind == "move":
            moves.append(MoveRecord(int(fields[b"seq"]), entry["seat"], entry.get("move"), _at(sid)))
        elif kind == "undo" and moves:  # taken back (server.play.undo): the archive keeps the decisions that stand
            moves.pop()
    result = doc.get("result")
    abandoned = doc.get("status") == ABANDONED or (isinstance(result, dict) and bool(result.get("abandoned")))
    return GameRecord(
        room=room,
        game=doc["game"],
        options=doc["options"],
        seats=doc["seats"],
        seed=seed,
        result=result,
        status=ABANDONED if abandoned else FINISHED,
        started=started,
        ended=_at(log[-1][0]),
        moves=moves,
        rated=rm.rated(cast(rm.Doc, doc)),
        engine=rm.engine_of(doc),
    )
