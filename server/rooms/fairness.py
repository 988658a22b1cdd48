"""Fair randomness: every started game commits to its seed and reveals it at the end.

When a game starts, a fresh random seed (256 bits, hex) is drawn; the engine's seed is
derived from it, and only its SHA-256 (`seed_hash`) is shown in every view while the
game runs. The final result carries the seed itself, so anyone can check that it hashes
to the commitment and replay the log from it (server.play.replay): every draw, shuffle and
roll of the game follows from that seed and the moves, nothing else. What this leaves
out: the players cannot contribute entropy of their own (the server still picks the
seed); the commitment only proves it was fixed before the first move.
"""

from __future__ import annotations

import hashlib
import secrets

from server.games.contract import Game
from server.rooms import document as rm

ENGINE_SEED_BITS = 62


def new_seed() -> str:
    return secrets.token_hex(32)


def engine_seed(seed: str) -> int:
    """The engine's integer seed derived from the revealed seed."""
    digest = hashlib.sha256(b"longhall engine seed:" + seed.encode()).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - ENGINE_SEED_BITS)


def commitment(seed: str) -> str:
    return hashlib.sha256(seed.encode()).hexdigest()


def deal(game: Game, doc: rm.Doc, seed: str | None = None) -> rm.Doc:
    """The started document: the engine set up from a fresh seed, its commitment public."""
    seed = seed or new_seed()
    state = game.setup(len(doc["seats"]), doc["options"], engine_seed(seed))
    return {**rm.started(doc, state), "seed": seed, "seed_hash": commitment(seed)}
