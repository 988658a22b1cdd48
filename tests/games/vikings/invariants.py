"""What must hold after every move of any Vikings game: conservation of tiles,
vikings, special tiles and gold, scores equal to their tallies, nothing negative,
nothing hidden in a view; every seat's VP conversions listed (V-50, VA-2); bids in gold
only (V-111); forced transport carried to the end (V-83). `Invariants` adds what holds
from one move to the next: VP turns into gold only by a conversion of its own, and the
auction winner pays the bid in gold."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from server.games.vikings import GAME
from server.games.vikings.boatsman import can_transport
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
        check_decisions(s)
    else:
        assert result["scores"] == [sum(b.values()) for b in result["breakdown"]]
        # V-83: the last large scoring left nobody a boatsman could still carry
        assert not any(can_transport(s, seat) for seat in range(t["players"]))


def check_decisions(s: dict[str, Any]) -> None:
    """V-50 / VA-2: every seat lists every conversion 1..VP, last; V-111: bids are the
    amounts above the high bid up to the gold in hand; V-83: no early stop when forced."""
    t, prompt = s["table"], s["table"]["prompt"]
    for seat, f in enumerate(t["fjords"]):
        moves = GAME.legal_moves(s, seat)
        tail = moves[len(moves) - f["vp"] :] if f["vp"] else []
        assert tail == [{"type": "convert", "vp": n} for n in range(1, f["vp"] + 1)]
        if seat != prompt["seat"]:
            assert len(moves) == f["vp"]
        elif prompt["ask"] == "bid":
            bids = [m["amount"] for m in moves if m["type"] == "bid"]
            assert bids == list(range(t["auction"]["high"] + 1, f["gold"] + 1))
        elif prompt["ask"] in ("boatsman", "carry"):
            assert prompt["forced"] == (t["round"] == 6)
            if prompt["forced"]:
                assert not {"done", "land"} & {m["type"] for m in moves}
    if t["auction"] and t["auction"]["leader"] is not None:
        assert t["auction"]["high"] <= t["fjords"][t["auction"]["leader"]]["gold"]  # V-111


class Invariants:
    """`check`, plus what must hold between one state and the next of the same game."""

    def __init__(self) -> None:
        self.before: dict[str, Any] | None = None

    def __call__(self, s: dict[str, Any]) -> None:
        check(s)
        if self.before is not None:
            check_step(self.before, s)
        self.before = s


def check_step(a: dict[str, Any], b: dict[str, Any]) -> None:
    ta, tb = a["table"], b["table"]
    for seat, (fa, fb) in enumerate(zip(ta["fjords"], tb["fjords"], strict=True)):
        converted = fa["vp_items"]["converted"] - fb["vp_items"]["converted"]
        if converted:  # V-50: an explicit conversion, and nothing else happened
            assert converted > 0 and fb["gold"] - fa["gold"] == converted
            assert ta["prompt"] == tb["prompt"] and ta["auction"] == tb["auction"], seat
            assert tb["bank"] == ta["bank"] - converted
    won = ta["auction"] and not tb["auction"] and ta["auction"]["leader"] is not None
    if won:  # V-111: the winner pays the bid in gold; no VP moves at payment
        leader, high = ta["auction"]["leader"], ta["auction"]["high"]
        fa, fb = ta["fjords"][leader], tb["fjords"][leader]
        assert (fa["gold"] - fb["gold"], fa["vp"]) == (high, fb["vp"])


def one_control(rng: random.Random, moves: list[dict[str, Any]]) -> dict[str, Any]:
    """A random player for whom every conversion sits behind one control (as in the
    browser app): "convert" is one choice among the decisions, then an amount."""
    others = [m for m in moves if m["type"] != "convert"]
    converts = len(moves) - len(others)
    k = rng.randrange(len(others) + (1 if converts else 0))
    return others[k] if k < len(others) else moves[len(others) + rng.randrange(converts)]
