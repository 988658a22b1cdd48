"""The room core: the pure room document and the views cut from it (`document`), the turn
clocks and bot seats it keeps (`clocks`), a room as a node caches it with the frames a
commit sends (`cache`), a commit's pure part (`transition`), tables and seats (`seating`),
fair randomness (`fairness`), refusals (`errors`), a socket as the core sees it (`members`),
the room service where game engines meet I/O (`service`), sockets at a room's table
(`attachments`), and catching sockets up after a pub/sub gap (`catchup`)."""

from protocol import native

native.extend(__path__, __name__)  # compiled modules first, when built from these sources (protocol.native)
