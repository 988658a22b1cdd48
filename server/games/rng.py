"""Seeded, counter-based randomness kept inside the game state.

A game's randomness is a dict `{"seed": int, "n": int}` in the hidden part of its
state. Each draw hashes (seed, n) with SplitMix64 and advances n, so a game replays
exactly from (seed, moves) and the generator is just data in the state tree.
"""

from __future__ import annotations

from typing import Any, TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


def new_rng(seed: int) -> dict[str, int]:
    return {"seed": seed & _MASK, "n": 0}


def _next64(rng: dict[str, int]) -> int:
    rng["n"] += 1
    z = (rng["seed"] + rng["n"] * 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def below(rng: dict[str, int], n: int) -> int:
    """A uniform int in [0, n). Mutates `rng` (the caller works on its own copy)."""
    if n <= 0:
        raise ValueError("below() needs n > 0")
    limit = _MASK - (_MASK + 1) % n
    while True:
        x = _next64(rng)
        if x <= limit:
            return x % n


def shuffle(rng: dict[str, int], items: list[T]) -> None:
    """Fisher–Yates in place."""
    for i in range(len(items) - 1, 0, -1):
        j = below(rng, i + 1)
        items[i], items[j] = items[j], items[i]


def choice(rng: dict[str, int], items: list[Any]) -> Any:
    return items[below(rng, len(items))]


def drawn(tree: Any) -> int:
    """How many draws the generators ({seed, n} dicts) anywhere in a state tree made."""
    if isinstance(tree, dict):
        if tree.keys() == {"seed", "n"}:
            return int(tree["n"])
        return sum(drawn(v) for v in tree.values())
    if isinstance(tree, list):
        return sum(drawn(v) for v in tree)
    return 0
