"""The weapon deck: random draws and owed weapons (F-117, F-230, F-595, F-702).

The deck order is hidden (`secret.weapons`); the discard pile is public. A random draw
takes the top card, reshuffling the discard pile when the deck is empty. Spending a
weapon puts it on the discard pile (F-597).

Weapons are unlimited. The seed says so ("the number of ships, goods, building resources
and weapon cards is considered unlimited") and gives the stand-in for an owed weapon
found nowhere: a Thing-tile back counting as 3 weapons of one type (F-595, F-702). So
when a weapon must come and no card of it is left (an owed type in neither pile, or a
random draw with deck and discard pile both empty), a stand-in is created: the random
one is of a type drawn with the odds of the base deck (12 bows, 12 snares, 12 spears,
11 long swords; A-A-23). No phantom deck is built: every stand-in is counted, per type,
in the public `weapons_created`, so the cards held, in the deck and on the discard pile
always add up to the 47 printed cards plus the stand-ins.
"""

from __future__ import annotations

from server.games.contract import State
from server.games.feast.catalog import WEAPON_DECK
from server.games.rng import below, shuffle

BASE_DECK = [w for w, n in WEAPON_DECK.items() for _ in range(n)]


def draw_weapon(s: State) -> str:
    secret = s["secret"]
    if not secret["weapons"] and s["weapon_discard"]:
        secret["weapons"] = s["weapon_discard"]
        s["weapon_discard"] = []
        shuffle(secret["rng"], secret["weapons"])
    if secret["weapons"]:
        return str(secret["weapons"].pop())
    weapon = BASE_DECK[below(secret["rng"], len(BASE_DECK))]  # F-702: no card left anywhere
    _create(s, weapon)
    return weapon


def discard(s: State, weapon: str, n: int = 1) -> None:
    s["weapon_discard"].extend([weapon] * n)


def owed_weapon(s: State, weapon: str) -> str:
    """F-595: a specific weapon owed comes from the discard pile, else out of the deck
    (which is then shuffled); if none exists in either, a stand-in is created (F-702)."""
    if weapon in s["weapon_discard"]:
        s["weapon_discard"].remove(weapon)
        return weapon
    deck = s["secret"]["weapons"]
    if weapon in deck:
        deck.remove(weapon)
        shuffle(s["secret"]["rng"], deck)
    else:
        _create(s, weapon)
    return weapon


def _create(s: State, weapon: str) -> None:
    created = s.setdefault("weapons_created", dict.fromkeys(WEAPON_DECK, 0))
    created[weapon] += 1
