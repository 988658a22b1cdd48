"""The token an HTTP request carries as `Authorization: Bearer <token>` ("" when none):
read the same way by every route that answers only a token's holder (the operators'
console, a player's games list and vacation, tournaments, hand-over codes); and, for the
routes of one player (`/api/players/{player}/...`), whether it is that player's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from starlette.requests import Request
from starlette.responses import JSONResponse

CHALLENGE = 'Bearer realm="longhall"'  # the players' routes' WWW-Authenticate


class Verifies(Protocol):
    """What checks a player's token (server.identity.tokens.Tokens)."""

    async def verify(self, token: str) -> Any: ...


def bearer(headers: Mapping[str, str]) -> str:
    scheme, _, token = headers.get("authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" else ""


async def path_player(request: Request, signer: Verifies) -> Any:
    """Who the request's token proves (`Verified`) when that is the path's `{player}`; else
    the answer to give: 401 (no token, or one that does not verify) or 403 (another's)."""
    token = bearer(request.headers)
    found = await signer.verify(token) if token else None
    if found is None:
        return JSONResponse({"error": "unauthorized", "detail": "send Authorization: Bearer <your token>"}, 401,
                            {"WWW-Authenticate": CHALLENGE})  # fmt: skip
    if found.player != request.path_params["player"]:
        return JSONResponse({"error": "forbidden", "detail": "only the player themselves may do this"}, 403)
    return found
