"""Features as union-find over tile segments: forests, rivers, meadows and river systems.

Every placed tile appends its segments to two parent arrays kept in the state:
`parent` joins segments into features (forest, river, meadow; a lake stays alone, since
a lake ends rivers, H-31) and `system` joins river pieces and lakes into river systems
(H-32). The record of a feature lives at its root in `feats`: the open side count that
decides completion (H-33, H-35), the tiles it covers and what it holds for scoring.
A river system's fish total lives at its root in `fish`.

Reads (`root`) never compress paths, so legal_moves leaves the state untouched; writes
(`join`, `settle`) run on apply's own arrays and compress as they go. Records may be
shared with the previous state (copy-on-write), so a writer replaces a record with a
changed copy and never edits one in place.
This module knows nothing of figures, turns or points.
"""

from __future__ import annotations

from typing import Any

from server.games.hunters.tiles import Segment

Record = dict[str, Any]


def root(parent: list[int], i: int) -> int:
    """The root of segment i, without touching the array (safe on a shared state)."""
    while parent[i] != i:
        i = parent[i]
    return i


def settle(parent: list[int], i: int) -> int:
    """The root of segment i, halving the path on the way (apply's copy only)."""
    while parent[i] != i:
        parent[i] = parent[parent[i]]
        i = parent[i]
    return i


def record(seg: Segment, order: int, base: int) -> Record:
    """A fresh record for one segment of the tile placed as number `order`."""
    if seg.kind == "forest":
        return {
            "kind": "forest",
            "open": seg.ends,
            "tiles": [order],
            "nugget": seg.nugget,
            "mushrooms": [order] if seg.mushrooms else [],
        }
    if seg.kind == "river":
        lakes = sorted({base + lake for lake in seg.lakes})
        return {"kind": "river", "open": seg.ends, "tiles": [order], "lakes": lakes}
    if seg.kind == "lake":
        return {"kind": "lake", "fish": seg.fish}
    return {
        "kind": "meadow",
        "deer": seg.animals.get("deer", 0),
        "mammoth": seg.animals.get("mammoth", 0),
        "tiger": seg.animals.get("tiger", 0),
        "aurochs": seg.animals.get("aurochs", 0),
        "fire": int(seg.fire),
    }


def _merged_lists(a: list[int], b: list[int]) -> list[int]:
    return a + [x for x in b if x not in a]


def _absorb(keep: Record, gone: Record) -> None:
    """Fold the record of a feature being joined into the surviving one."""
    if keep["kind"] == "meadow":
        for animal in ("deer", "mammoth", "tiger", "aurochs", "fire"):
            keep[animal] += gone[animal]
        return
    keep["open"] += gone["open"]
    keep["tiles"] = _merged_lists(keep["tiles"], gone["tiles"])
    if keep["kind"] == "forest":
        keep["nugget"] = keep["nugget"] or gone["nugget"]
        keep["mushrooms"] = _merged_lists(keep["mushrooms"], gone["mushrooms"])
    else:
        keep["lakes"] = _merged_lists(keep["lakes"], gone["lakes"])


def join(state: dict[str, Any], a: int, b: int) -> int:
    """Join the features of segments a and b; returns the surviving root."""
    parent, feats = state["parent"], state["feats"]
    ra, rb = settle(parent, a), settle(parent, b)
    if ra == rb:
        return ra
    keep = dict(feats[ra])  # records are shared with the input state: copy, then change
    _absorb(keep, feats[rb])
    feats[ra] = keep
    parent[rb] = ra
    feats[rb] = None
    return ra


def join_systems(state: dict[str, Any], a: int, b: int) -> None:
    """Join the river systems of segments a and b (river pieces or lakes)."""
    system, fish = state["system"], state["fish"]
    ra, rb = settle(system, a), settle(system, b)
    if ra != rb:
        system[rb] = ra
        fish[ra] += fish[rb]
        fish[rb] = 0


def river_points(state: dict[str, Any], rec: Record) -> int:
    """H-37: one point per tile of the river plus the fish of the lakes at its ends."""
    feats = state["feats"]
    return len(rec["tiles"]) + sum(feats[lake]["fish"] for lake in rec["lakes"])


def forest_points(rec: Record) -> tuple[int, int]:
    """H-38: (2 per forest tile, 2 per tile with mushrooms in this forest)."""
    return 2 * len(rec["tiles"]), 2 * len(rec["mushrooms"])


def meadow_points(rec: Record) -> int:
    """H-64: 2 per deer not eaten, mammoth and aurochs; fire sends the tigers away."""
    tigers = 0 if rec["fire"] else rec["tiger"]
    deer = rec["deer"] - min(rec["deer"], tigers)
    return 2 * (deer + rec["mammoth"] + rec["aurochs"])
