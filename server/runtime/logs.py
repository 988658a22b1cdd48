"""Logging of a node: plain text for a terminal, or one JSON object per line for a
collector (`LONGHALL_LOG_FORMAT=json`), at `LONGHALL_LOG_LEVEL`.

A JSON line holds the time, level, logger, the event (the message) and only the fields
named in FIELDS, taken from the record's `extra`: ids and counts, never tokens, seeds,
room documents or anyone's hidden state, whatever a caller passes. Tracebacks of faults
are kept (`exc`): they name code, not data. A text line ends with the same fields as
`name=value` (`join room=a1b2c3d4e5 seq=2 seat=1 player=9c1e…`).

Room events are logged where they are committed (`committed`): creates, joins, leaves,
starts and game ends at info, every move at debug.
"""

from __future__ import annotations

import json
import logging
import sys
import time
from typing import Any

FIELDS = ("event", "node", "room", "seq", "seat", "player", "game", "kind", "code", "rule", "status",
          "seconds", "reason", "count")  # fmt: skip
UVICORN = ("uvicorn", "uvicorn.error", "uvicorn.access")


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "ts": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
        }
        for name in FIELDS:
            value = record.__dict__.get(name)
            if value is not None:
                out[name] = value
        if record.exc_info:
            out["exc"] = self.formatException(record.exc_info)
        return json.dumps(out, separators=(",", ":"), default=str)


class TextFormatter(logging.Formatter):
    """A line for a terminal: time, level, logger, message, then the FIELDS the record
    carries as name=value, so a room's events can be followed in the default log too."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        ids = [f"{name}={value}" for name in FIELDS if (value := record.__dict__.get(name)) is not None
               and not (name == "event" and value == record.getMessage())]  # fmt: skip
        if not ids:
            return line
        head, newline, trace = line.partition("\n")  # a traceback stays below its line
        return f"{head} {' '.join(ids)}{newline}{trace}"


def setup(level: str = "info", fmt: str = "text") -> None:
    """Configure the root logger (and route uvicorn's loggers through it)."""
    handler = logging.StreamHandler(sys.stderr)
    if fmt == "json":
        handler.setFormatter(JsonFormatter())
    else:
        handler.setFormatter(TextFormatter())
    root = logging.getLogger()
    root.handlers = [handler]
    root.setLevel(level.upper())
    logging.captureWarnings(True)  # a Python warning is a log line too (one JSON object in json)
    for name in UVICORN:
        lg = logging.getLogger(name)
        lg.handlers = []
        lg.propagate = True


log = logging.getLogger("longhall.rooms")


def committed(room: str, entry: dict[str, Any], seq: int, meta: dict[str, Any] | None) -> None:
    """A change of a room is in Redis: one event, ids only (never the move's content).
    `meta` holds the lobby fields when they changed (the status, the game)."""
    kind = entry.get("k", "?")
    over = meta is not None and meta.get("status") == "over"
    ids = {"room": room, "seq": seq, "seat": entry.get("seat"), "player": entry.get("player")}
    if kind == "move" and not over:
        if log.isEnabledFor(logging.DEBUG):
            log.debug("move", extra={"event": "move", **ids})
        return
    event = "game_over" if over else kind
    log.info(event, extra={"event": event, "game": (meta or {}).get("game"), **ids})
