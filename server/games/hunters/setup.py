"""The opening state (H-9..H-13): start tile at (0, 0), shuffled land and bonus stacks,
supplies of 5 clan members and 2 huts, the first player's first tile drawn.

State shape (all plain JSON):
  public:  map, figures, supply, points, hand, discards, turn, scored, players, options
  hidden:  rng, land, bonus (stack orders; popped from the end)
  working: frontier, base, parent, feats, system, fish (union-find, see features.py)
  at the end: result
"""

from __future__ import annotations

from typing import Any

from server.games.contract import IllegalMove
from server.games.hunters.landscape import lay
from server.games.hunters.scoring import ITEMS
from server.games.hunters.tiles import BONUS, LAND, START
from server.games.hunters.turn import draw, fresh_turn
from server.games.rng import new_rng, shuffle

CLAN_IN_SUPPLY = 5  # H-12: the sixth clan member is the score marker
HUTS = 2


def initial_state(players: int, options: dict[str, Any], seed: int) -> dict[str, Any]:
    if not 2 <= players <= 5:
        raise IllegalMove("bad_option", "H-8", "H-8: Hunters & Gatherers is for 2 to 5 players")
    first = options["first_player"]
    if first >= players:
        raise IllegalMove("bad_option", "H-13", f"H-13: there is no seat {first} among {players} players")
    rng = new_rng(seed)
    land, bonus = list(LAND), list(BONUS)
    shuffle(rng, land)  # H-10
    shuffle(rng, bonus)  # H-11
    state: dict[str, Any] = {
        "players": players,
        "options": dict(options),
        "rng": rng,
        "land": land,
        "bonus": bonus,
        "map": {},
        "frontier": {},
        "base": {},
        "parent": [],
        "feats": [],
        "system": [],
        "fish": [],
        "figures": [],
        "supply": [{"clan": CLAN_IN_SUPPLY, "huts": HUTS} for _ in range(players)],
        "points": [dict.fromkeys(ITEMS, 0) for _ in range(players)],
        "hand": None,
        "discards": [],
        "turn": fresh_turn(first),
        "scored": [],
    }
    lay(state, START, 0, 0, 0)  # H-9
    draw(state, "land")
    return state
