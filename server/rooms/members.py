"""A player's socket as the room core and hosted play see it: `Member`, what a room
operation asks of the socket it acts for (who its player is, which rooms it is in, how to
send to it). The websocket's session (server.transport.session.Session) is one; the core
names no transport, so a room operation can be driven by anything that has these parts
(tests and benchmarks drive it from a socket of their own).
"""

from __future__ import annotations

from typing import Any, Protocol

from server.storage.fanout import Receiver

HOLD = 1 << 62  # the `seen` of a room whose snapshot is on its way: its pushes are kept


class Member(Receiver, Protocol):
    name: str
    rooms: dict[str, int | None]  # room -> seat (None: spectator)

    def send(self, msg: dict[str, Any]) -> None: ...
    def hold(self, room: str) -> None:
        """Keep the room's pushes until `snapshot_sent` (`seen` is HOLD meanwhile)."""

    def snapshot_sent(self, room: str, seq: int) -> None:
        """The room's snapshot at `seq` went out: the pushes kept that are newer follow it."""

    def forget(self, room: str) -> None:
        """Out of the room: nothing of it is kept or sent any more."""
