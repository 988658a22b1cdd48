"""Players among themselves: a rematch after a game, invitations to a room, friends and
who of them is online, blocking and reporting (issue 41)."""
