"""The archive: finished games, players and ratings kept for good in a SQL database.
Redis holds live rooms; see db.py (where it lives), store.py (reads and writes),
archiver.py (moving finished rooms out of Redis)."""
