"""A room as a node caches it: its document at a seq, the views cut from it, its
committed move ids, and the bytes packed once per seq (a seat's `moves` frame, a view);
and the frames a commit sends, one per seat, cut from the cached views and the new ones.
Pure: the room service (server.rooms.service) loads, locks and commits entries."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any, cast

from protocol.codec import encode, pack
from protocol.diff import make_patch
from server.games.contract import Game
from server.rooms import document as rm
from server.runtime import wallclock

log = logging.getLogger("longhall.rooms")


def now_ms() -> int:
    return wallclock.now_ms()


def same_as_public(seat_view: dict[str, Any], public: dict[str, Any]) -> bool:
    """A seat's view differs from the public one only in `you` (constant) unless its
    table or its description of the last decision does."""
    return bool(seat_view["table"] == public["table"] and seat_view["last"] == public["last"])


class Entry:
    """A cached room: its document at `seq`, the views cut from it, committed move ids."""

    __slots__ = ("id", "seq", "doc", "game", "views", "ids", "known", "stale", "used", "frames", "base", "own")

    def __init__(self, room: str) -> None:
        self.id = room
        self.seq = -1
        self.doc = cast(rm.Doc, {})  # read before use (server.rooms.service.Rooms.entry)
        self.game: Game | None = None
        self.views: dict[int | None, dict[str, Any]] = {}
        self.ids: dict[str, int] = {}
        self.known = -1  # highest seq this node has heard of (its own or published)
        self.stale = True
        self.used = time.monotonic()
        # bytes packed once per seq: ("moves", seat) a seat's `moves` frame, ("view", seat) a view
        self.frames: tuple[int, dict[tuple[str, int | None], bytes]] = (-1, {})
        self.base = -1  # the seq at which Redis holds the document whole (server.storage.store: its tail after it)
        self.own = False  # this node made the room's last commit (not read from Redis since)

    def tail_here(self) -> bool:
        """Whether Redis holds this room's document with a tail this node made (server.storage.store)."""
        return self.own and not self.stale and self.seq > self.base

    def view(self, seat: int | None) -> dict[str, Any]:
        v = self.views.get(seat)
        if v is None:
            assert self.game is not None
            v = self.views[seat] = rm.view(self.doc, self.game, self.id, seat)
        return v

    def kept(self, key: tuple[str, int | None], make: Callable[[], bytes]) -> tuple[bytes, bool]:
        """Bytes made once per seq (`frames`), and whether they were kept already."""
        if self.frames[0] != self.seq:
            self.frames = (self.seq, {})
        b = self.frames[1].get(key)
        if b is not None:
            return b, True
        b = self.frames[1][key] = make()
        return b, False

    def acting(self) -> list[int]:
        """The seats to decide now (none before the start or after the end)."""
        assert self.game is not None
        return self.game.to_act(self.doc["state"]) if self.doc["status"] == rm.PLAYING else []

    def pushed(self, seat: int) -> bytes | None:
        """The `moves` frame pushed to `seat` at the room's seq (made once per seq); None
        if the engine fails on it (logged: the commit stands, the seat may still ask)."""
        game, state, seq = self.game, self.doc["state"], self.seq
        assert game is not None

        def make() -> bytes:
            moves = game.legal_moves(state, seat)
            return encode({"t": "moves", "room": self.id, "seq": seq, "moves": moves, "push": True})

        try:
            return self.kept(("push", seat), make)[0]
        except Exception:
            log.exception("engine %s failed listing the moves of a seat", game.info.name)
            return None

    def packed_view(self, seat: int | None) -> bytes:
        """The view's msgpack bytes, packed once per seq (resyncs and joins reuse them)."""
        return self.kept(("view", seat), lambda: pack(self.view(seat)))[0]


def commit_frames(
    e: Entry, seq: int, new_views: dict[int | None, dict[str, Any]], snapshots: bool = False
) -> dict[str, bytes]:
    """One frame per seat ("p": the public one). A seat whose table view equals the
    public one before and after gets the public frame: same ops, encoded once (in a game
    of open information every seat's view is the public one: `room.views`).
    `snapshots`: whole views instead of diffs (the "snapshot" fan-out)."""
    frames: dict[str, bytes] = {}
    public_old, public_new = e.view(None), new_views[None]
    shared = e.game is not None and e.game.open_information
    for seat, nv in new_views.items():
        if seat is not None and shared:
            frames[str(seat)] = frames["p"]
            continue
        old = e.view(seat)
        if seat is not None and same_as_public(old, public_old) and same_as_public(nv, public_new):
            frames[str(seat)] = frames["p"]
        elif snapshots:
            frames["p" if seat is None else str(seat)] = encode(
                {"t": "snapshot", "room": e.id, "seq": seq, "view": nv, "now": now_ms()}
            )
        else:
            ops = make_patch(old, nv)
            frames["p" if seat is None else str(seat)] = encode({"t": "diff", "room": e.id, "seq": seq, "ops": ops})
    return frames
