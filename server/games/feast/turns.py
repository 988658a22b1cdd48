"""Turn order of the actions phase: placing, passing and who is next (F-240…F-248, F-255).

Starting with the start player and going round the table, each player places Vikings on
one space or passes. A player without Vikings on his Thing square passes automatically
at the start of his turn (F-245); a player with Vikings but no legal placement must pass
himself (F-248). The phase ends when everybody has passed.
"""

from __future__ import annotations

from server.games.contract import State


def begin_actions(s: State) -> None:
    for p in s["seats"]:
        p["passed"] = False
    s["turn"] = s["start"]
    _offer_turn(s, s["start"])


def next_turn(s: State) -> None:
    """After an action (or a pass): the next player who has not passed, or the end of the phase."""
    _offer_turn(s, (s["turn"] + 1) % s["players"])


def _offer_turn(s: State, first: int) -> None:
    n = s["players"]
    for i in range(n):
        seat = (first + i) % n
        p = s["seats"][seat]
        if p["passed"]:
            continue
        if p["thing"] == 0:
            p["passed"] = True  # F-245: no Vikings left
            continue
        s["turn"] = seat
        s["prompt"] = {"kind": "turn", "seat": seat}
        return
    s["prompt"] = None
