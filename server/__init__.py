"""Longhall server: the Starlette app, rooms in Redis, the embedded Redis, the CLI."""
