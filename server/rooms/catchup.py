"""Catching sockets up after the fan-out lost messages.

Pub/sub delivers at most once: while a node's subscription is gone (its Redis connection
dropped, or a Redis Cluster failover moved the shard channel to the promoted replica:
server.storage.channels), commits made meanwhile reach nobody on this node. The hub then asks
for a catch-up: each room this node has sockets in is read again from Redis, and every
socket whose last seq is behind it gets a fresh snapshot (the client's usual answer to a
gap), so a player whose turn came during the gap is told. Spectators of a delayed room
are not: their line starts again from the read, held back like any frame (server.rooms.delay).

A socket can also be ahead of its room: Redis replicates asynchronously, and a master
that dies an instant after a commit (its publish already out) can leave the replica that
takes over without it; a Redis restarted from an AOF not fsynced at every write loses its
last commits the same way. Such a socket shows a change that no longer exists, and the
next commit of that seq would be dropped as already seen. It gets the snapshot too: a
read made after the loss never returns less than what this node delivered unless Redis
lost it (this node delivers a commit of its own before it lets go of the room's lock,
and another node's commit heard meanwhile makes the resync read the room again).

A seq does not name a commit, though: the lost one may have been made again, by another
move, before this node reads the room, and a socket that saw the lost one shows that very
seq. So every socket gets the snapshot, whatever its seq: a pub/sub loss is rare (a Redis
restarted or failed over), and one snapshot a socket then is what the clients' reconnect
costs anyway. A delayed room's line starts again from the read for the same reason.

Each room is read and its sockets resynced under the room's lock, the lock this node's
commits of the room hold until their local delivery: a catch-up that read a commit of
this node before its delivery would send the snapshot first, the commit's diff would
then be dropped as already seen, and a request answered by that diff (`start`, `kick`,
`add_bot`) would never be answered.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from server.rooms.errors import RoomError
from server.rooms.members import HOLD
from server.runtime.outage import STORE_ERRORS

if TYPE_CHECKING:
    from server.rooms.attachments import Attachments
    from server.storage.fanout import Receiver

log = logging.getLogger("longhall.catchup")


async def catch_up(tables: Attachments) -> int:
    """Snapshots sent to the sockets of every room here (see above: whatever their seq). Raises a store error after
    going through every room when some could not be read (the hub tries again)."""
    sent = 0
    unread: BaseException | None = None
    rooms = tables.rooms
    # the lines that outlive their last spectator here start again too
    lingering: dict[str, dict[Receiver, int | None]] = {r: {} for r in tables.delays.lines if r not in rooms.hub.local}
    for room, members in [*rooms.hub.local.items(), *lingering.items()]:
        async with rooms.lock(room):
            try:
                sent += await _room(tables, room, members)
            except STORE_ERRORS as exc:
                unread = exc
    if unread is not None:
        raise unread
    return sent


async def _room(tables: Attachments, room: str, members: dict[Receiver, int | None]) -> int:
    """Snapshots sent in one room (the caller holds its lock)."""
    try:
        e = await tables.rooms.entry(room)  # the hub marked the cache stale: read from Redis
    except RoomError:
        return 0
    sent = 0
    line = tables.delays.lines.get(room)
    if line is not None:  # its spectators see the room late: their line starts again from this read
        tables.delays.again(e)
    for receiver, seat in list(members.items()):
        if seat is None and line is not None:
            continue
        if receiver.seen.get(room, -1) == HOLD:  # being attached: its snapshot is on its way
            continue
        try:
            await tables.resync(receiver, room)  # type: ignore[arg-type]  # (every receiver is a Member)
            sent += 1
        except RoomError:
            pass  # the seat changed hands: the socket was told `left`
        except STORE_ERRORS:
            raise
        except Exception:
            log.warning("catch-up of a socket failed", exc_info=True)
    return sent
