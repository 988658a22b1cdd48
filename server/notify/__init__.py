"""Notifications that reach a player away from the table: Web Push and e-mail, when it
becomes their turn, when a game ends, when they are invited (server.notify.outbox's
`notify` for any other part to call). Sent off the move path, from a queue."""
