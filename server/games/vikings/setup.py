"""The initial state of a game of Vikings from (players, options, seed) (section 3).

State layout: `{"table": ..., "hidden": ...}`. Everything under `table` lies open on
the table and is shown to every seat; `hidden` holds the seeded RNG, the bag, the six
tile stacks and the special-tile draw pile (V-22, V-23, V-26, VA-21), which no view
shows. The first round is laid out by `flow.begin_round`.
"""

from __future__ import annotations

from typing import Any

from server.games.contract import IllegalMove
from server.games.rng import below, new_rng, shuffle
from server.games.vikings.components import (
    COINS,
    COLOURS,
    DISPLAY_SIZE,
    PER_COLOUR,
    SPECIALS,
    STACK_SIZE,
    STACK_TILES,
    STACKS,
    START_GOLD,
    START_TILE,
    START_TILES,
    START_VP,
    TILE_COUNTS,
)
from server.games.vikings.flow import begin_round
from server.games.vikings.treasury import VP_ITEMS

State = dict[str, Any]


def new_fjord(players: int) -> dict[str, Any]:
    """V-21: a home fjord with its start tile still beside it, starting gold and 10 VP."""
    return {
        "gold": START_GOLD[players],
        "vp": START_VP,
        "vp_items": dict.fromkeys(VP_ITEMS, 0) | {"start": START_VP},
        "cut": 0,
        "rows": [[] for _ in range(6)],
        "home": dict.fromkeys(COLOURS, 0),
        "start_tile": True,
        "specials": {},
        "waiting": [],
        "locked": False,
    }


def deal_stacks(rng: dict[str, int]) -> list[list[str]]:
    """V-22: the 72 tiles that are not start tiles, shuffled into 6 stacks of 12."""
    tiles = [kind for kind, n in STACK_TILES.items() for _ in range(n)]
    shuffle(rng, tiles)
    return [tiles[i * STACK_SIZE : (i + 1) * STACK_SIZE] for i in range(STACKS)]


def new_table(players: int, options: dict[str, Any], start: int) -> dict[str, Any]:
    """Everything open on the table before the first offer."""
    fjords = [new_fjord(players) for _ in range(players)]
    return {
        "players": players,
        "options": dict(options),
        "round": 1,
        "start": start,
        "prompt": None,
        "wheel": None,
        "bought": 0,
        "hand": None,
        "drawn": dict.fromkeys(COLOURS, 0),
        "auction": None,
        "display": [None] * DISPLAY_SIZE if options.get("variant") == "advanced" else [],
        "scoring": None,
        "trip": None,
        "fjords": fjords,
        "bank": COINS - sum(f["gold"] for f in fjords),
        "removed": {
            # V-21: start tiles of absent players leave the game.
            "tiles": dict.fromkeys(TILE_COUNTS, 0) | {START_TILE: START_TILES - players},
            "vikings": dict.fromkeys(COLOURS, 0),
            "specials": dict.fromkeys(SPECIALS, 0),
        },
        "over": False,
    }


def setup(players: int, options: dict[str, Any], seed: int) -> State:
    if not 2 <= players <= 4:
        raise IllegalMove("bad_option", "V-20", "V-20: Vikings is for 2 to 4 players")
    rng = new_rng(seed)
    stacks = deal_stacks(rng)
    start = options.get("start_player", "random")
    if start == "random":
        start = below(rng, players)  # V-25 / VD-3
    elif not 0 <= start < players:
        raise IllegalMove("bad_option", "V-25", "V-25: the start player must be one of the seats")
    advanced = options.get("variant") == "advanced"
    pile = [sid for sid, t in SPECIALS.items() for _ in range(t["count"])] if advanced else []
    shuffle(rng, pile)  # V-26
    table = new_table(players, options, start)
    hidden = {"rng": rng, "bag": dict.fromkeys(COLOURS, PER_COLOUR), "stacks": stacks, "pile": pile}
    s = {"table": table, "hidden": hidden}
    begin_round(s)
    return s
