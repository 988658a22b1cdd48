"""Tournaments: Swiss and arena events of any game and table size (pure pairing and
standings: `standings`, `swiss`, `arena`)."""
