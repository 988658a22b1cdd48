"""The token an HTTP request carries as `Authorization: Bearer <token>` ("" when none):
read the same way by every route that answers only a token's holder (the operators'
console, a player's games list and vacation, tournaments)."""

from __future__ import annotations

from collections.abc import Mapping

CHALLENGE = 'Bearer realm="longhall"'  # the players' routes' WWW-Authenticate


def bearer(headers: Mapping[str, str]) -> str:
    scheme, _, token = headers.get("authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" else ""
