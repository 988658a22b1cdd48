"""The token an HTTP request carries as `Authorization: Bearer <token>` ("" when none):
read the same way by every route that answers only a token's holder (the operators'
console, a player's games list and vacation, tournaments, notifications); and
`the_player`, the check of a route that answers only the player its path names."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

CHALLENGE = 'Bearer realm="longhall"'  # the players' routes' WWW-Authenticate


def bearer(headers: Mapping[str, str]) -> str:
    scheme, _, token = headers.get("authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" else ""


class Verifies(Protocol):
    """What checks a player's token (server.identity.tokens.Tokens): its player, or None."""

    async def verify(self, token: str) -> Any: ...


async def the_player(request: Request, tokens: Verifies) -> str | Response:
    """The player of the request's path (`{player}`) when the bearer's token is theirs;
    else the answer: 401 without a good token, 403 with another player's."""
    token = bearer(request.headers)
    found = await tokens.verify(token) if token else None
    if found is None:
        return JSONResponse({"error": "unauthorized", "detail": "send Authorization: Bearer <your token>"}, 401,
                            {"WWW-Authenticate": CHALLENGE})  # fmt: skip
    player: str = request.path_params["player"]
    if found.player != player:
        return JSONResponse({"error": "forbidden", "detail": "only the player themselves may do this"}, 403)
    return player
