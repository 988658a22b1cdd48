"""The initial state of A Feast for Odin for 1–4 players, long or short (F-100…F-152, F-800…F-805).

The state is one plain tree. Public parts: the round and phase, the action board
(`spaces`: occupied spaces this round), the copy spaces of a 4-player game, the
exploration boards with their silver, the revealed mountain strips, the building stacks,
the special tiles still on the oval board, the weapon discard pile and each player's
table. Hidden parts live under `secret`: the RNG, the order of the face-down mountain
strips, the weapon deck and the occupation deck; a player's `hand` is private to him.
The solo game's second Viking colour is tracked only as counts (F-809: colour is cosmetic).
"""

from __future__ import annotations

from typing import Any

from server.games.contract import State
from server.games.feast.areas import new_area
from server.games.feast.catalog import (
    BANQUET,
    BUILDINGS,
    EXTENSION_TILES,
    OCCUPATIONS,
    PAIRS,
    SPECIALS,
    STARTING_ITEMS,
    STARTING_WEAPONS,
    STRIPS,
    WEAPON_DECK,
)
from server.games.feast.occupations.cards import dealable
from server.games.rng import below, new_rng, shuffle

ROUNDS = {"long": 7, "short": 6}
DECK_CHOICES = ("A", "B", "C", "mixed")
START_CHOICES = ("matching", "all", "none")
LETTERS = {"A": "A", "B": "B", "C": "C", "mixed": "ABC"}


def banquet_cells(length: str) -> dict[int, int]:
    """Printed banquet number -> cell index (F-122)."""
    table = BANQUET["long_game" if length == "long" else "short_game"]
    return {int(k): v for k, v in table["numbered_cells"].items()}


def _table(length: str, solo: bool) -> list[int]:
    """Vikings per banquet cell at setup: one per numbered cell (F-123); solo F-802."""
    table = [0] * 12
    for number, cell in banquet_cells(length).items():
        table[cell] = 1 if not solo else (1 if length == "long" and number == 1 else 2)
    return table


def _player(length: str, solo: bool, hand: list[str], lenient: bool) -> dict[str, Any]:
    table = _table(length, solo)
    return {
        "thing": 5 if length == "long" or solo else 6,  # F-123; solo F-803
        "waiting": (5 if length == "long" else 6) if solo else 0,
        "table": table,
        "emigrated": [],
        "silver": 0,
        "wood": 0,
        "stone": 0,
        "ore": 0,
        "goods": dict(STARTING_ITEMS),
        "weapons": {w: STARTING_WEAPONS.get(w, 0) for w in WEAPON_DECK},
        "ships": [],
        "hand": hand,
        "played": [],
        "card_state": {},
        "areas": [new_area("home", lenient)],
        "sheds": [],
        "things": 0,
        "final_income": 0,
        "passed": False,
        "draft": None,
    }


def _occupation_decks(letters: str, start: str) -> tuple[list[str], list[str]]:
    """Starting (light-brown) and regular (dark-brown) cards of the chosen deck letters (F-115,
    A-A-15); only cards whose effects are implemented are dealt."""
    chosen = set(letters)
    start_letters = {"matching": chosen, "all": set("ABC"), "none": set()}[start]
    starting = [
        cid for cid, c in OCCUPATIONS.items() if c["starting"] and c["deck"].upper() in start_letters and dealable(cid)
    ]
    regular = [cid for cid, c in OCCUPATIONS.items() if not c["starting"] and c["deck"] in chosen and dealable(cid)]
    return starting, regular


def _weapon_deck(players: int) -> list[str]:
    """The weapon deck less the starting weapons of every player (F-117)."""
    deck: list[str] = []
    for weapon, count in WEAPON_DECK.items():
        deck += [weapon] * (count - STARTING_WEAPONS.get(weapon, 0) * players)
    return deck


def _copy_spaces(rng: dict[str, int], players: int) -> dict[str, int]:
    """F-111: with 4 players each extension tile shows a random face (its column)."""
    copies: dict[str, int] = {}
    if players == 4:
        for tile in EXTENSION_TILES:
            side = tile["side_a"] if below(rng, 2) == 0 else tile["side_b"]
            copies[tile["id"]] = side["imitation_space_column"]
    return copies


def _shown(players: int) -> int:
    return 3 if players == 4 else 2  # F-130: revealed mountain strips


def _table_state(players: int, strips: list[int], rng: dict[str, int]) -> dict[str, Any]:
    """The shared table: action board, exploration boards, mountains, stacks (F-110…F-145)."""
    shown = _shown(players)
    return {
        "spaces": {},
        "copies": _copy_spaces(rng, players),
        "exploration": {pair: {"face": sides["front"], "silver": 0, "owner": None} for pair, sides in PAIRS.items()},
        "mountains": [{"id": sid, "slots": list(STRIPS[sid])} for sid in strips[:shown]],
        "buildings": {bid: b["count"] for bid, b in BUILDINGS.items()},
        "specials": list(SPECIALS),
        "weapon_discard": [],
        "weapons_created": dict.fromkeys(WEAPON_DECK, 0),  # F-702: stand-ins, weapons are unlimited
    }


def setup(players: int, options: dict[str, Any], seed: int) -> State:
    length = options.get("length", "long")
    letters = LETTERS[options.get("decks", "A")]
    solo = players == 1
    rng = new_rng(seed)
    start = below(rng, players)  # F-150
    starting, regular = _occupation_decks(letters, options.get("start_cards", "matching"))
    shuffle(rng, starting)
    shuffle(rng, regular)  # F-118
    weapons = _weapon_deck(players)
    shuffle(rng, weapons)
    strips = sorted(STRIPS)
    shuffle(rng, strips)  # F-130
    state = {
        "players": players,
        "length": length,
        "rounds": ROUNDS[length],
        "decks": letters,
        "final_income_mode": options.get("final_income", "silver"),
        "raid_exact_match": options.get("raid_exact_match", False),
        "round": 1,
        "phase": 1,
        "stage": "before",
        "queue": [],
        "action": None,
        "start": start,
        "turn": start,
        "last_placer": start,
        **_table_state(players, strips, rng),
        "placement": options.get("placement", "strict"),
        "seats": [
            _player(length, solo, starting[i : i + 1], options.get("placement") == "lenient") for i in range(players)
        ],
        "prompt": None,
        "secret": {
            "rng": rng,
            "strips": strips[_shown(players) :],
            "weapons": weapons,
            "occupations": regular,
        },
        "over": False,
    }
    if solo and starting and options.get("solo_start_card") == "choose":  # F-805: pick the starting card
        state["seats"][0]["hand"] = []
        state["prompt"] = {"kind": "start_card", "seat": 0, "cards": sorted(starting)}
    return state
