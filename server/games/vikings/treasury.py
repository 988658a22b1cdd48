"""Gold and victory points: every change of either goes through here.

Gold moves between a player and the bank, so the bank plus all players' gold always
equals the 195 gold of the coins (the bank is unlimited, VA-14, so it may be overdrawn
on paper). Every VP change is booked to a named item of the player's tally
(`vp_items`), so the score always equals the sum of its breakdown, and no loss takes
the score below 0 (V-10, V-99, VA-10); what a floor swallows is kept in `cut`.
Deciding *when* money moves is left to callers.
"""

from __future__ import annotations

from typing import Any

State = dict[str, Any]

# Every item a score is made of, in the order the result lists them.
VP_ITEMS = (
    "start",
    "converted",
    "warriors",
    "nobles",
    "scouts",
    "noble_tiles",
    "scout_tiles",
    "fisherman_tiles",
    "ships",
    "gold",
    "boatsmen",
    "islands",
    "longest_island",
    "food",
    "buildings",
)


def earn_gold(s: State, seat: int, amount: int) -> None:
    s["table"]["fjords"][seat]["gold"] += amount
    s["table"]["bank"] -= amount


def pay_gold(s: State, seat: int, amount: int) -> None:
    """Pay `amount` (never more than the player holds) to the bank."""
    fjord = s["table"]["fjords"][seat]
    assert 0 <= amount <= fjord["gold"], "callers check what a player can pay"
    fjord["gold"] -= amount
    s["table"]["bank"] += amount


def change_vp(fjord: dict[str, Any], item: str, amount: int) -> int:
    """Add `amount` VP (negative: a loss, stopping at 0, V-99); return the real change."""
    new = max(0, fjord["vp"] + amount)
    delta = new - fjord["vp"]
    fjord["cut"] += delta - amount  # VA-10: what the floor swallowed, for the result
    fjord["vp"] = new
    fjord["vp_items"][item] += delta
    return delta


def convert_vp(s: State, seat: int, amount: int) -> None:
    """V-50: 1 VP becomes 1 gold; the caller has checked the score covers it."""
    change_vp(s["table"]["fjords"][seat], "converted", -amount)
    earn_gold(s, seat, amount)
