"""The operator console: what an operator may see and do across a deployment, over HTTP
(/api/admin/..., `routes`) and from the command line (`longhall admin ...`, `cli`).

`survey` reads (every room, private ones too; a room's view and log; this node's sockets;
the matchmaking queues; the headline figures), `operations` acts through the paths the
players' own changes take (a room ends through `Rooms.change` and the abandonment path, a
player leaves a seat as a host's kick would, a token is revoked with the existing
revocations), and `audit` writes down every action with who did it. Who may: the bearer
of an operator's token (server.identity.tokens, `longhall admin-token`).
"""
