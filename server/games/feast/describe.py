"""Each Feast decision as structured data for the move log (see `Game.describe`).

Values, never words: spaces, goods, tiles, ships and cards by their data ids, prices in
silver as the player paid them, read from the state *before* the move (where the player
saw them). The key "k" ("feast.occupy", "feast.serve", …) names the client's wording.
Hidden information follows the view (F-119): the only decision that names a card still
in a hand is the solo player's choice of a starting occupation, which the others read
as "a card"; a card played is public. A die roll's result is in the next view, not here
(it is not known before the move).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from server.games.feast import actions
from server.games.feast.catalog import SHIPS, SPACES, SPECIALS, UPGRADE
from server.games.feast.shapes import COIN_ITEMS

State = dict[str, Any]
Said = dict[str, Any]
Move = dict[str, Any]


def _occupy(s: State, seat: int, m: Move, viewer: int | None) -> Said:
    space = m["space"]
    target = m.get("copy") or space
    column = s["copies"][space] if space in s["copies"] else SPACES[space]["column"]
    said: Said = {"space": target, "vikings": column}
    if m.get("copy"):
        said["copy"] = True
    # the price of a space carried out one way only (its discounts applied), as the
    # player paid it on placing; a space of several ways says its price in "feast.option"
    ways = actions.usable_variants(s, s["seats"][seat], target, column == 3)
    if len(ways) == 1 and ways[0]["cost"]:
        said["cost"] = dict(ways[0]["cost"])
    return said


def _option(s: State, seat: int, m: Move, viewer: int | None) -> Said:
    prompt = s["prompt"]
    option = prompt["options"][m["pick"]]
    said: Said = {
        "space": prompt["space"],
        "pick": m["pick"],
        "cost": option.get("cost", {}),
        "gain": option.get("gain", {}),
    }
    if "explore" in option:
        said["explore"] = option["explore"]
        said["board"] = s["exploration"][option["explore"]]["face"]
    return said


def _place(s: State, seat: int, m: Move, viewer: int | None) -> Said:
    item = m["item"]
    said: Said = {"item": item}
    if item in COIN_ITEMS:
        said["silver"] = COIN_ITEMS[item]
    if "area" in m:
        said["board"] = s["seats"][seat]["areas"][m["area"]]["kind"]
        said["turn"] = m["turn"]
    if "row" in m:
        said["row"], said["col"] = m["row"], m["col"]
    said["step"] = "lay" if "row" in m else "hold" if "area" in m else "pick"
    return said


def _serve(s: State, seat: int, m: Move, viewer: int | None) -> Said:
    f = s["feast"][seat]
    return {"item": m["item"], "lay": m.get("lay", "v") if m["item"] != "silver" else None, "cell": f["pos"]}


def _leave(s: State, seat: int, m: Move, viewer: int | None) -> Said:
    f = s["feast"][seat]
    return {"cells": f["end"] - f["pos"] if m["type"] == "leave_rest" else 1, "cell": f["pos"]}


def _take(s: State, seat: int, m: Move, viewer: int | None) -> Said:
    strip = next(x for x in s["mountains"] if x["id"] == m["strip"])
    return {"strip": m["strip"], "items": list(strip["slots"][: m["n"]])}


def _card(hidden: bool) -> Callable[[State, int, Move, int | None], Said]:
    def said(s: State, seat: int, m: Move, viewer: int | None) -> Said:
        card = m.get("card")
        if hidden and viewer != seat:
            card = None  # F-119: a card in a hand is "a card" to everyone else
        return {"card": card}

    return said


def _value(key: str, price: Callable[[Any], Any] | None = None) -> Callable[[State, int, Move, int | None], Said]:
    def said(s: State, seat: int, m: Move, viewer: int | None) -> Said:
        out: Said = {key: m.get(key)}
        if price:
            out["silver"] = price(m.get(key))
        return out

    return said


def _upgrade(s: State, seat: int, m: Move, viewer: int | None) -> Said:
    return {"good": m["good"], "to": m["to"]}


def _flip(s: State, seat: int, m: Move, viewer: int | None) -> Said:
    return {"good": m["good"], "to": UPGRADE.get(m["good"])}


def _arm(s: State, seat: int, m: Move, viewer: int | None) -> Said:
    return {"ship": s["seats"][seat]["ships"][m["ship"]]["type"]}


def _store(s: State, seat: int, m: Move, viewer: int | None) -> Said:
    where = "shed" if "shed" in m else s["seats"][seat]["areas"][m["area"]]["kind"]
    return {"res": m["res"], "on": where}


def _dice(s: State, seat: int, m: Move, viewer: int | None) -> Said:
    prompt = s["prompt"]
    said: Said = {"space": prompt["space"], "roll": prompt.get("roll")}
    for key in ("res", "tile", "tile2", "wood"):
        if key in m:
            said[key] = m[key]
    return said


def _card_prompt(s: State, seat: int, m: Move, viewer: int | None) -> Said:
    """An occupation card's own question (played cards are public, F-606)."""
    prompt = s["prompt"]
    said: Said = {"card": prompt.get("card")}
    if m["type"] == "choose":
        said["pick"] = m["pick"]
        said["option"] = prompt["options"][m["pick"]]
    return said


def _bare(s: State, seat: int, m: Move, viewer: int | None) -> Said:
    prompt = s["prompt"] or {}
    return {"space": prompt["space"]} if "space" in prompt else {}


DESCRIBE: dict[str, Callable[[State, int, Move, int | None], Said]] = {
    "occupy": _occupy,
    "pass": _bare,
    "option": _option,
    "play": _card(False),
    "use_card": _card(False),
    "choose_card": _card(True),
    "skip": _bare,
    "stop": _bare,
    "ready": _bare,
    "done": _bare,
    "finish": _bare,
    "cancel": _bare,
    "serve": _serve,
    "leave": _leave,
    "leave_rest": _leave,
    "place": _place,
    "take": _take,
    "upgrade": _upgrade,
    "flip": _flip,
    "buy": _value("tile", lambda t: SPECIALS[t]["silver_price"]),
    "buy_ship": _value("ship", lambda sh: SHIPS[sh]["buy_price_silver"]),
    "arm": _arm,
    "store": _store,
    "roll": _dice,
    "offer": _dice,
    "loot": _dice,
    "hunt": _dice,
    "fail": _dice,
    "choose": _card_prompt,
    "decline": _card_prompt,
}


def describe(before: State, seat: int, move: Move, viewer: int | None) -> Said:
    """The accepted decision `move` of `seat` on `before`, as `viewer` may read it."""
    kind = move["type"]
    handler = DESCRIBE.get(kind)
    if handler is None:
        return {"k": "move", "type": kind}
    return {"k": f"feast.{kind}", **handler(before, seat, move, viewer)}
