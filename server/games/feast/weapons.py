"""The weapon deck: random draws and owed weapons (F-117, F-230, F-595, F-702).

The deck order is hidden (`secret.weapons`); the discard pile is public. A random draw
takes the top card, reshuffling the discard pile when the deck is empty, and falls back
to a fresh virtual deck of the base composition when both are empty (A-A-23). Spending a
weapon puts it on the discard pile (F-597).
"""

from __future__ import annotations

from server.games.contract import State
from server.games.feast.catalog import WEAPON_DECK
from server.games.rng import shuffle


def draw_weapon(s: State) -> str:
    secret = s["secret"]
    if not secret["weapons"]:
        secret["weapons"] = s["weapon_discard"]
        s["weapon_discard"] = []
        if not secret["weapons"]:
            secret["weapons"] = [w for w, n in WEAPON_DECK.items() for _ in range(n)]
        shuffle(secret["rng"], secret["weapons"])
    return str(secret["weapons"].pop())


def discard(s: State, weapon: str, n: int = 1) -> None:
    s["weapon_discard"].extend([weapon] * n)


def owed_weapon(s: State, weapon: str) -> str:
    """F-595: a specific weapon owed comes from the discard pile, else out of the deck
    (which is then shuffled); if none exists anywhere it is created (A-A-23)."""
    if weapon in s["weapon_discard"]:
        s["weapon_discard"].remove(weapon)
        return weapon
    deck = s["secret"]["weapons"]
    if weapon in deck:
        deck.remove(weapon)
        shuffle(s["secret"]["rng"], deck)
    return weapon
