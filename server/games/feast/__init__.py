"""A Feast for Odin (base game): the rules engine, registered as `feast`.

Spec: ../shared/rules/feast-for-odin.md (rules F-…); component data: data/ (verbatim
copies of ../shared/data/feast, checked by tests/games/feast/test_catalog.py).
RULES-CHECKLIST.md says which numbered rules are implemented and tested and which are not
yet. Not yet implemented: occupation card effects (a played card scores its VP only).

Spec-vs-seed: where the spec's review log names a deliberate exception to the seed the
spec is followed — raiding takes a tile of sword value *at most* the result (O-1, not
"equal to"). No other departure from the seed was needed so far.
"""

from server.games.feast.game import GAME

__all__ = ["GAME"]
