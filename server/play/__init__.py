"""Hosted play around the rules: the referee that makes timed-out and bot seats decide
(`referee`, `bots`; the clocks themselves are part of the room document:
server.rooms.clocks), undo within a turn (`undo`), the host's powers (`host`), table chat
(`chat`), absent players (`absence`), abandoned games (`abandonment`), a game's decisions in
public words (`wording`) and the replay check of fair randomness (`replay`)."""

from protocol import native

native.extend(__path__, __name__)  # compiled modules first, when built from these sources (protocol.native)
