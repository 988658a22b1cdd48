"""Final scoring with a per-item breakdown, and the winners (F-730…F-780).

One function per item of F-730; the total is the sum of the breakdown. Occupations score
their printed VP (no deck A card scores otherwise). Colour adjacency errors, which
only the lenient placement mode lets through (F-772), cost one Thing each (F-770, F-771).
"""

from __future__ import annotations

from typing import Any

from server.games.contract import State
from server.games.feast.areas import KINDS, adjacency_errors, penalty
from server.games.feast.catalog import ANIMAL_VP, BUILDINGS, EXPLORATION, OCCUPATIONS, SHIPS
from server.games.feast.supply import Player

CROWN_VP = 2


def ships(p: Player) -> int:
    return sum(SHIPS[sh["type"]]["vp"] for sh in p["ships"])


def emigration(p: Player) -> int:
    return sum(SHIPS[t]["emigration"]["vp"] for t in p["emigrated"])


def exploration(p: Player) -> int:
    return sum(EXPLORATION[a["kind"]]["vp"] for a in p["areas"] if a["kind"] in EXPLORATION)


def buildings(p: Player) -> int:
    houses = sum(BUILDINGS[a["kind"]]["vp"] for a in p["areas"] if KINDS[a["kind"]].house)
    return houses + BUILDINGS["shed"]["vp"] * len(p["sheds"])


def animals(p: Player) -> int:
    return sum(vp * p["goods"].get(animal, 0) for animal, vp in ANIMAL_VP.items())


def occupations(p: Player) -> int:
    return sum(OCCUPATIONS[c]["vp"] for c in p["played"])


def english_crown(p: Player) -> int:
    """F-740: the crown scores whether it lies in the supply or on a board."""
    placed = any(piece[0] == "english_crown" for a in p["areas"] for piece in a["pieces"])
    return CROWN_VP if placed or "english_crown" in p["goods"] else 0


def board_penalties(p: Player) -> int:
    """F-750: uncovered penalty cells of every area, plus empty shed slots (6 per shed)."""
    sheds = sum(6 - shed["wood"] - shed["stone"] for shed in p["sheds"])
    return -(sum(penalty(a) for a in p["areas"]) + sheds)


def breakdown(p: Player) -> dict[str, int]:
    return {
        "ships": ships(p),
        "emigration": emigration(p),
        "exploration": exploration(p),
        "buildings": buildings(p),
        "animals": animals(p),
        "occupations": occupations(p),
        "silver": p["silver"],
        "final_income": p["final_income"],
        "english_crown": english_crown(p),
        "board_penalties": board_penalties(p),
        "thing_penalties": -3 * (p["things"] + sum(adjacency_errors(a) for a in p["areas"])),
    }


def result(s: State) -> dict[str, Any]:
    """F-780: most VP wins; ties share the victory."""
    rows = [breakdown(p) for p in s["seats"]]
    scores = [sum(row.values()) for row in rows]
    best = max(scores)
    out: dict[str, Any] = {
        "scores": scores,
        "breakdown": rows,
        "winners": [seat for seat, score in enumerate(scores) if score == best],
    }
    if s["players"] == 1:
        out["solo_benchmark_reached"] = scores[0] >= 100  # F-815
    return out
