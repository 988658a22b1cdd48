"""Server settings: from the command line, passed to workers through the environment."""

from __future__ import annotations

import os
from dataclasses import dataclass, fields
from pathlib import Path

from protocol.codec import DEFAULT_FRAME_LIMIT


@dataclass
class Settings:
    redis_url: str = ""
    data: str = ".longhall"
    frame_limit: int = DEFAULT_FRAME_LIMIT
    rate: float = 1000.0  # frames per second per connection, sustained (a request-answer bot stays under)
    burst: float = 2000.0
    flood_close: int = 2000  # frames dropped by the rate limit before the socket is closed
    max_buffer: int = 4 * 1024 * 1024  # unsent bytes before a slow reader is closed
    finished_ttl: int = 7 * 24 * 3600  # a finished room's log and result stay this long
    open_ttl: int = 24 * 3600  # a room nobody starts is dropped after this long without a change
    abandon_after: float = 1800.0  # seconds a started game may have no player connected before it ends
    redis_timeout: float = 5.0  # seconds a commit may wait for Redis before the move is "unavailable"
    web: str = ""  # folder of the built web client, served at /
    drain_seconds: float = 0.0  # after SIGTERM, /ready fails this long before sockets are closed (1012)
    log_level: str = "info"  # debug, info, warning, error
    log_format: str = "text"  # "json": one JSON object per line (server.logs)
    fanout: str = "diff"  # "snapshot": send whole views instead of diffs (a benchmark baseline)
    database_url: str = ""  # the archive (DATABASE_URL); empty: an SQLite file in `data`
    archiver: str = "on"  # "off": this node only announces finished games (`longhall archive run` archives)
    archive_grace: float = 30.0  # seconds before other nodes take over a finished room its node left
    archived_ttl: int = 60  # seconds an archived room stays in Redis (clients still at the table)

    @classmethod
    def from_env(cls) -> Settings:
        s = cls()
        for f in fields(cls):
            raw = os.environ.get(f"LONGHALL_{f.name.upper()}")
            if raw is not None:
                setattr(s, f.name, type(getattr(s, f.name))(raw))
        if not s.redis_url:
            s.redis_url = os.environ.get("REDIS_URL", "")
        if not s.database_url:
            s.database_url = os.environ.get("DATABASE_URL", "")
        return s

    def to_env(self) -> dict[str, str]:
        return {f"LONGHALL_{f.name.upper()}": str(getattr(self, f.name)) for f in fields(self)}

    @property
    def data_dir(self) -> Path:
        return Path(self.data)
