"""What must hold after every move of any Vikings game: conservation of tiles,
vikings, special tiles and gold, scores equal to their tallies, nothing negative,
nothing hidden in a view."""

from __future__ import annotations

from collections import Counter
from typing import Any

from server.games.vikings import GAME
from server.games.vikings.components import COINS, COLOURS, PER_COLOUR, SPECIALS, START_TILE, TILE_COUNTS


def board_cells(fjord: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for row in fjord["rows"] for c in row if c is not None]


def tiles_everywhere(s: dict[str, Any]) -> Counter[str]:
    t = s["table"]
    found: Counter[str] = Counter()
    for stack in s["hidden"]["stacks"]:
        found.update(stack)
    if t["wheel"]:
        found.update(st["tile"] for st in t["wheel"]["spaces"] if st)
    if t["hand"] and t["hand"]["pos"] is None:
        found[t["hand"]["tile"]] += 1
    for f in t["fjords"]:
        found.update(c["t"] for c in board_cells(f) if not c.get("b"))
        found[START_TILE] += f["start_tile"]
    found.update(t["removed"]["tiles"])
    return found


def vikings_everywhere(s: dict[str, Any]) -> Counter[str]:
    t = s["table"]
    found: Counter[str] = Counter(s["hidden"]["bag"])
    found.update(t["drawn"])
    found.update(t["removed"]["vikings"])
    if t["wheel"]:
        found.update(st["viking"] for st in t["wheel"]["spaces"] if st and st["viking"])
    if t["hand"]:
        found[t["hand"]["viking"]] += 1
    for f in t["fjords"]:
        found.update(f["home"])
        found.update(c["v"] for c in board_cells(f) if c.get("v"))
    return found


def specials_everywhere(s: dict[str, Any]) -> Counter[str]:
    t = s["table"]
    found: Counter[str] = Counter(s["hidden"]["pile"])
    found.update(sid for sid in t["display"] if sid)
    found.update(t["removed"]["specials"])
    for f in t["fjords"]:
        found.update(f["specials"])
        found.update(f["waiting"])
        found.update(c["b"] for c in board_cells(f) if c.get("b"))
    return found


def check(s: dict[str, Any]) -> None:
    t = s["table"]
    assert tiles_everywhere(s) == Counter(TILE_COUNTS)
    assert vikings_everywhere(s) == Counter(dict.fromkeys(COLOURS, PER_COLOUR))
    if t["options"]["variant"] == "advanced":
        assert specials_everywhere(s) == Counter({sid: d["count"] for sid, d in SPECIALS.items()})
    assert t["bank"] + sum(f["gold"] for f in t["fjords"]) == COINS
    for f in t["fjords"]:
        assert f["gold"] >= 0 and f["vp"] >= 0  # V-10
        assert f["vp"] == sum(f["vp_items"].values())
        assert all(n >= 0 for n in f["home"].values())
    v = GAME.view(s, None)
    assert "hidden" not in v and v["to_act"] == GAME.to_act(s)
    result = GAME.result(s)
    if result is None:
        assert all(GAME.legal_moves(s, seat) for seat in GAME.to_act(s))
    else:
        assert result["scores"] == [sum(b.values()) for b in result["breakdown"]]
