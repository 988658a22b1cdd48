"""Points: completed rivers and forests during play (H-36..H-52), huts and meadows at the
end (H-60..H-67), and the result (H-80..H-82).

Points are kept per seat and per item ("rivers", "forests", "mushrooms", "huts",
"meadows") so a score is always the sum of its breakdown. Each scoring also leaves an
event in `state["scored"]` (what scored, how much, for whom) for clients to show.
The value formulas themselves are in features.py; turn order is in turn.py.
"""

from __future__ import annotations

from typing import Any

from server.games.hunters.features import forest_points, meadow_points, river_points, root
from server.games.hunters.figures import segment_of

State = dict[str, Any]
ITEMS = ("rivers", "forests", "mushrooms", "huts", "meadows")


def majority(seats: list[int]) -> list[int]:
    """H-39: every seat with the most figures in the list (all of them on a tie)."""
    if not seats:
        return []
    counts = {s: seats.count(s) for s in seats}
    top = max(counts.values())
    return sorted(s for s, n in counts.items() if n == top)


def _award(state: State, seats: list[int], item: str, points: int) -> None:
    for s in seats:
        state["points"][s][item] += points


def _score_feature(state: State, r: int, figs: list[dict[str, Any]]) -> None:
    rec = dict(state["feats"][r])  # copy-on-write: the record may be the input state's
    state["feats"][r] = rec
    seats = majority([f["seat"] for f in figs])  # H-39, H-40
    if rec["kind"] == "forest":
        tiles, mushrooms = forest_points(rec)
        _award(state, seats, "forests", tiles)
        _award(state, seats, "mushrooms", mushrooms)
        points = tiles + mushrooms
    else:
        points = river_points(state, rec)
        _award(state, seats, "rivers", points)
    rec["done"] = True  # H-41: a complete feature has no open side left to join
    event = {"feature": rec["kind"], "tiles": len(rec["tiles"]), "points": points, "seats": seats}
    state["scored"].append(event)


def score_completed(state: State, roots: list[int]) -> bool:
    """Score every completed river and forest, then send their followers home (H-50).

    Returns whether one of them is a forest with a gold nugget (H-68).
    """
    nugget = False
    going: list[dict[str, Any]] = []
    followers = [f for f in state["figures"] if f["role"] != "hut"]
    for r in roots:
        figs = [f for f in followers if root(state["parent"], segment_of(state, f)) == r]
        _score_feature(state, r, figs)
        going += figs
        nugget = nugget or bool(state["feats"][r].get("nugget"))
    _send_home(state, going)
    active = state["turn"]["seat"]
    state["turn"]["returned"] += sum(1 for f in going if f["seat"] == active)
    return nugget


def _send_home(state: State, going: list[dict[str, Any]]) -> None:
    if not going:
        return
    gone = {id(f) for f in going}
    state["figures"] = [f for f in state["figures"] if id(f) not in gone]
    for f in going:
        state["supply"][f["seat"]]["clan"] += 1


def _huts(state: State) -> None:
    """H-63: each river system pays its fish to the seats with the most huts in it."""
    by_system: dict[int, list[int]] = {}
    for f in state["figures"]:
        if f["role"] == "hut":
            by_system.setdefault(root(state["system"], segment_of(state, f)), []).append(f["seat"])
    for r, seats in by_system.items():
        winners = majority(seats)
        _award(state, winners, "huts", state["fish"][r])
        state["scored"].append({"feature": "river_system", "points": state["fish"][r], "seats": winners})


def _meadows(state: State) -> None:
    """H-64, H-65: each meadow with hunters pays its animals; shrine hunters rule it."""
    by_meadow: dict[int, list[dict[str, Any]]] = {}
    for f in state["figures"]:
        if f["role"] == "hunter":
            by_meadow.setdefault(root(state["parent"], segment_of(state, f)), []).append(f)
    for r, hunters in by_meadow.items():
        shrine = [f["seat"] for f in hunters if f.get("shrine")]
        winners = majority(shrine or [f["seat"] for f in hunters])
        points = meadow_points(state["feats"][r])
        _award(state, winners, "meadows", points)
        state["scored"].append({"feature": "meadow", "points": points, "seats": winners})


def final_scoring(state: State) -> None:
    """The end of the game: H-61/H-62 unfinished rivers and forests pay nothing and their
    followers leave; then huts (H-63) and meadows (H-64..H-66); then the result."""
    _send_home(state, [f for f in state["figures"] if f["role"] in ("gatherer", "fisher")])
    _huts(state)
    _meadows(state)
    totals = [sum(p[item] for item in ITEMS) for p in state["points"]]
    best = max(totals)
    state["result"] = {
        "scores": totals,
        "breakdown": state["points"],
        "winners": [s for s, t in enumerate(totals) if t == best],  # H-81: ties share
    }
