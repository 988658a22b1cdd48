"""Longhall against boardgame.io and Colyseus on one game (`python -m bench.peers`)."""
