"""Clan members and huts: where one may go on the tile just placed (H-22..H-27, HA-17).

A figure on the board is {"seat", "role", "at": "x,y", "segment": i} plus "shrine": True
for a hunter on the shrine's meadow area (H-77, HA-3). Its role follows from the
segment: hunter (meadow), gatherer (forest), fisher (river) or hut. Occupation is
worked out on whole features through the union-find roots, however far the other
figure stands (H-25, H-26). The supply is per seat {"clan": n, "huts": n}.

Scoring and the return of followers are in scoring.py.
"""

from __future__ import annotations

from typing import Any

from server.games.contract import IllegalMove
from server.games.hunters.features import root
from server.games.hunters.tiles import TILES

State = dict[str, Any]
ROLE = {"meadow": "hunter", "forest": "gatherer", "river": "fisher"}


def segment_of(state: State, figure: dict[str, Any]) -> int:
    """The union-find number of the segment a figure stands on."""
    return int(state["base"][figure["at"]] + figure["segment"])


def occupation(state: State) -> tuple[set[int], set[int]]:
    """(roots of features holding a follower, roots of river systems holding a hut)."""
    followed, hutted = set(), set()
    for fig in state["figures"]:
        seg = segment_of(state, fig)
        if fig["role"] == "hut":
            hutted.add(root(state["system"], seg))
        else:
            followed.add(root(state["parent"], seg))
    return followed, hutted


def free_clan(state: State, seat: int) -> int:
    """Clan members the seat may place now: returned ones wait a turn unless the option
    says otherwise (HA-13)."""
    free = state["supply"][seat]["clan"]
    if not state["options"]["reuse_returned_same_turn"]:
        free -= state["turn"]["returned"]
    return int(free)


def refusal(state: State, seat: int, kind: str, i: int, occ: tuple[set[int], set[int]]) -> IllegalMove | None:
    """Why `kind` ("clan" or "hut") may not go on segment i of the tile just placed."""
    k = state["turn"]["at"]
    seg = TILES[state["map"][k]["tile"]].segments[i]
    g = state["base"][k] + i
    if kind == "clan":
        if free_clan(state, seat) <= 0:
            if state["supply"][seat]["clan"] > 0:
                return IllegalMove("illegal_move", "HA-13", "HA-13: a returned clan member waits a turn")
            return IllegalMove("illegal_move", "H-22", "H-22: you have no clan member left in your supply")
        if seg.kind == "lake":
            return IllegalMove("illegal_move", "H-24", "H-24: a clan member cannot stand on a lake")
        if root(state["parent"], g) in occ[0]:
            return IllegalMove("illegal_move", "H-25", f"H-25: that {seg.kind} already has a clan member")
        return None
    if state["supply"][seat]["huts"] <= 0:
        return IllegalMove("illegal_move", "H-22", "H-22: you have no hut left in your supply")
    if seg.kind not in ("river", "lake"):
        return IllegalMove("illegal_move", "H-26", "H-26: a hut goes on a river piece or a lake")
    if root(state["system"], g) in occ[1]:
        return IllegalMove("illegal_move", "H-26", "H-26: that river system already has a hut")
    return None


def spots(state: State, seat: int) -> list[dict[str, Any]]:
    """Every legal figure move on the tile just placed, then the choice of placing none."""
    moves: list[dict[str, Any]] = []
    placed = state["map"][state["turn"]["at"]]["tile"]
    occ = occupation(state)
    for kind in ("clan", "hut"):
        for i in range(len(TILES[placed].segments)):
            if refusal(state, seat, kind, i, occ) is None:
                moves.append({"type": kind, "segment": i})
    moves.append({"type": "pass"})
    return moves


def put(state: State, seat: int, kind: str, i: int) -> None:
    """Place the figure (already checked); mutates apply's copy."""
    k = state["turn"]["at"]
    seg = TILES[state["map"][k]["tile"]].segments[i]
    role = "hut" if kind == "hut" else ROLE[seg.kind]
    fig: dict[str, Any] = {"seat": seat, "role": role, "at": k, "segment": i}
    if seg.shrine and fig["role"] == "hunter":
        fig["shrine"] = True
    state["figures"].append(fig)
    state["supply"][seat]["clan" if kind == "clan" else "huts"] -= 1
