"""Matchmaking: who plays whom, a pure grouping of one queue's tickets by rating
(`grouping`), and the matcher that keeps tickets in Redis and seats each group under a
lease held by one node at a time (`matchmaker`)."""

from protocol import native

native.extend(__path__, __name__)  # compiled modules first, when built from these sources (protocol.native)
