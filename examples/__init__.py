"""Code to copy, not part of the product: `examples/cairns` is the template game of
docs/adding-a-game.md. Nothing under `server/` imports it; the tests host it through
LONGHALL_EXTRA_GAMES (tests/cluster.py)."""
