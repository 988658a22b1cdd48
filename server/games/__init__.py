"""The games: one package of pure rules per game (state in, state out; no I/O), the
contract every engine keeps (`contract`), the registry that finds them (`registry`), the
strict shapes of moves (`forms`), seeded randomness (`rng`) and random playouts (`playout`)."""

from protocol import native

native.extend(__path__, __name__)  # compiled modules first, when built from these sources (protocol.native)
