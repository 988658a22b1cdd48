"""A commit's pure part: from the room as a node holds it and the next document a decision
made, everything the commit writes and delivers — no I/O, no clock of its own.

`made` is the transition: the document stamped (`stamped`: who decided for the seat, the
features' stamps, the clocks at the time given), the views cut from it, each seat's frame
(diffs against the views before), the `over` frame when the game just ended, the fan-out
payload, the lobby fields when seats or status changed. `Rooms.commit`
(server.rooms.service) sends what it gives in one round trip; a replay of a room's log
(server.play.replay.documents) marks every document with the same `marked`, so a rebuilt
document is the one the commit made. `ttl` and `appends` are the commit's two policies:
how long Redis keeps the room, and whether a move goes to the document's tail.

What it leaves out: deciding (the engine and the operations do, server.rooms.service),
and time (the caller passes `now`: a commit reads the wall clock, a test fixes it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from protocol.codec import encode
from server.games.contract import Game
from server.rooms import clocks as clock
from server.rooms import delay
from server.rooms import document as rm
from server.rooms.cache import Entry, commit_frames
from server.storage.fanout import payload

# A feature's mark on every commit (undo's record of what a seat may take back, server.play.undo):
# (game, the document before, the document after, the log entry, the seq) -> the document to
# commit; the same document when it has nothing to add. The node passes them to the room
# service, so the core imports no feature.
Stamp = Callable[[Game, rm.Doc, rm.Doc, dict[str, Any], int], rm.Doc]


class Made:
    """What one commit of a room writes and delivers (`made`)."""

    __slots__ = ("doc", "views", "frames", "over", "holders", "acting", "payload", "lobby", "timed", "marked",
                 "delayed")  # fmt: skip

    def __init__(self, doc: rm.Doc, views: dict[int | None, dict[str, Any]], frames: dict[str, bytes],
                 over: bytes | None, holders: list[str | None], acting: list[int], packed: bytes,
                 lobby: dict[str, str | int] | None, timed: bool, marked: bool, delayed: bool) -> None:  # fmt: skip
        self.doc = doc  # the document committed, stamped
        self.views = views  # every seat's view of it and the spectators' (None)
        self.frames = frames  # "p" and each seat's: the diff (or snapshot) that brings a view to it
        self.over = over  # the `over` frame when this commit ended the game
        self.holders = holders  # the player of each seat
        self.acting = acting  # the seats to decide next
        self.payload = packed  # the fan-out publish (server.storage.fanout.payload)
        self.lobby = lobby  # the lobby fields when seats or status changed (else None)
        self.timed = timed  # the room has clocks (the referee watches its deadline)
        self.marked = marked  # a feature's stamp added something
        self.delayed = delayed  # spectators see the room late (server.rooms.delay)


def marked(game: Game, before: rm.Doc, doc: rm.Doc, entry: dict[str, Any], seq: int, stamps: Sequence[Stamp]) -> rm.Doc:
    """`doc` marked with who decided for the seat (an entry's `by`: "timeout", "bot") and
    with each feature's stamp, in order."""
    return _featured(game, before, _by(doc, entry), entry, seq, stamps)


def stamped(game: Game, before: rm.Doc, doc: rm.Doc, entry: dict[str, Any], seq: int, stamps: Sequence[Stamp],
            now: int, bot_delay: int) -> tuple[rm.Doc, bool, bool]:  # fmt: skip
    """`doc` as committed at `now` (ms): `marked`, then the clocks started (at the game's
    start) and charged and restarted (server.rooms.clocks); whether the room is timed, and
    whether a feature's stamp added anything."""
    unmarked = _by(doc, entry)
    doc = _featured(game, before, unmarked, entry, seq, stamps)
    was_marked = doc is not unmarked
    timed = clock.timed(doc)
    if timed:
        if before["status"] == rm.OPEN and doc["status"] == rm.PLAYING:
            doc = clock.started(doc, now)
        mover = entry.get("seat") if entry.get("k") == "move" else None
        doc = clock.tick(game, before, doc, mover, now, bot_delay)
    return doc, timed, was_marked


def _by(doc: rm.Doc, entry: dict[str, Any]) -> rm.Doc:
    if entry.get("by"):  # a decision the seat's player did not make (server.play.referee)
        return rm.made_by(doc, entry["by"])
    return doc


def _featured(game: Game, before: rm.Doc, doc: rm.Doc, entry: dict[str, Any], seq: int,
              stamps: Sequence[Stamp]) -> rm.Doc:  # fmt: skip
    for stamp in stamps:
        doc = stamp(game, before, doc, entry, seq)
    return doc


def made(e: Entry, doc: rm.Doc, entry: dict[str, Any], stamps: Sequence[Stamp], now: int, bot_delay: int,
         node: str, id_key: str, snapshots: bool = False) -> Made:  # fmt: skip
    """The commit of `doc` (made from the room `e` holds, by a decision logged as `entry`)
    as the room's next seq, at `now`, by `node`, for the move id `id_key` ("" for none).
    `snapshots`: whole views instead of diffs in the frames (the "snapshot" fan-out)."""
    game = e.game
    assert game is not None
    seq = e.seq + 1
    doc, timed, was_marked = stamped(game, e.doc, doc, entry, seq, stamps, now, bot_delay)
    views = rm.views(doc, game, e.id)
    frames = commit_frames(e, seq, views, snapshots)
    over = None
    if doc["status"] == rm.OVER and e.doc["status"] != rm.OVER:
        over = encode({"t": "over", "room": e.id, "result": doc["result"]})
    holders = rm.holders(doc)
    acting: list[int] = views[None]["to_act"] if doc["status"] == rm.PLAYING else []
    delayed = delay.of(doc) is not None
    packed = payload(node, e.id, seq, frames, over, id_key, holders, acting, delayed)
    lobby = doc["seats"] is not e.doc["seats"] or doc["status"] != e.doc["status"]
    return Made(doc, views, frames, over, holders, acting, packed, rm.meta(doc) if lobby else None, timed, was_marked,
                delayed)  # fmt: skip


def appends(e: Entry, made: Made, entry: dict[str, Any], doc_every: int) -> bool:
    """Whether this commit appends its entry to the document's tail in Redis instead of
    writing the document whole (server.storage.store): a plain move — the seat's player's own
    decision that nothing stamped (no bot, no clock, no undo record: `document.replayed`
    makes nothing else again) and that leaves the game in play — on a node that made the
    room's last commit itself (a room whose players sit on several nodes is read again at
    nearly every move: it keeps its document whole), fewer than `doc_every` commits after
    the document was last written whole."""
    return (doc_every > 1 and e.own and e.seq + 1 - e.base < doc_every and entry.get("k") == "move"
            and not entry.get("by") and not made.timed and not made.marked
            and made.doc["status"] == rm.PLAYING)  # fmt: skip


def ttl(old: rm.Doc, new: rm.Doc, open_ttl: int, finished_ttl: int) -> int:
    """Seconds Redis keeps the room past this commit (-1: for ever, 0: as it was): open rooms
    live `open_ttl` past their last change; a started game lives until it ends; a finished
    one keeps its log `finished_ttl`."""
    if new["status"] == rm.OPEN:
        return open_ttl
    if new["status"] == rm.OVER:
        return finished_ttl if old["status"] != rm.OVER else 0
    return -1 if old["status"] == rm.OPEN else 0
