"""Which browser pages may open a websocket: the server's own origin plus configured ones.

A browser sends `Origin` with every websocket upgrade, so a page elsewhere cannot use a
visitor's browser (and its stored token) to act on Longhall unless it is allowed.
Clients that are not browsers send no `Origin` and are not affected (anyone can write
one; tokens, not origins, say who a player is). The allow-list (`--origins`) takes
whole origins (`https://app.example.com`) or bare hosts (`app.example.com[:port]`);
`*` allows every origin.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit


def allowed_list(origins: str) -> list[str]:
    return [o.strip().lower().rstrip("/") for o in origins.split(",") if o.strip()]


def origin_allowed(headers: Any, origins: str) -> bool:
    origin = headers.get("Origin")
    if origin is None:
        return True  # not a browser
    origin = origin.strip().lower().rstrip("/")
    netloc = urlsplit(origin).netloc
    host = (headers.get("Host") or "").strip().lower()
    if netloc and netloc == host:
        return True  # same origin: the page this server serves
    extra = allowed_list(origins)
    return "*" in extra or origin in extra or (bool(netloc) and netloc in extra)
