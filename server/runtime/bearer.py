"""The token an HTTP request carries as `Authorization: Bearer <token>` ("" when none):
read the same way by every route that answers only a token's holder (the operators'
console, a player's games list and vacation, tournaments, hand-over codes,
notifications); and, for the routes of one player (`/api/players/{player}/...`), whether
it is that player's (`path_player`), with the node's part that answers them (`own`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

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


STARTING = {"error": "unavailable", "detail": "the node is starting"}


def part_of(request: Request, name: str) -> Any:
    """The node's part `name` (set when it starts), or the 503 to answer until then."""
    part = getattr(request.app.state.node, name, None)
    return JSONResponse(STARTING, 503) if part is None else part


async def own(request: Request, name: str) -> tuple[Any, Any] | Response:
    """The node's part `name` and who the request's token proves, when that is the path's
    `{player}`; else the answer (503 while the node starts, 401, 403)."""
    part = part_of(request, name)
    if isinstance(part, Response):
        return part
    found = await path_player(request, request.app.state.node.signer)
    return found if isinstance(found, Response) else (part, found)
