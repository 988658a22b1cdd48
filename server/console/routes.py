"""The console's HTTP routes, /api/admin/...: every one wants an operator's token
(`Authorization: Bearer <token>`, minted by `longhall admin-token`).

No token, or one that does not verify: 401 (with `WWW-Authenticate: Bearer`); a player's
token, valid but not an operator's: 403. Closing a socket of another node answers 202: that
node was asked to (through its node channel) and answers nobody. Refusals of an action answer 404 (no such room)
or 409 with the room service's code (`already_started`, `not_started`, ...), and are
written down like the actions that went through (server.console.audit).

The console's page (clients/web/console/) and `longhall admin` (server.console.cli) call
these; docs/openapi.yaml describes them.
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from protocol.errors import ErrorCode
from server.archive.routes import BadQuery, bounded
from server.console.audit import Audit
from server.console.operations import Operations
from server.console.survey import Survey
from server.identity.tokens import Tokens
from server.rooms.errors import RoomError
from server.runtime.bearer import bearer
from server.social import reports as player_reports

PREFIX = "/api/admin"
NO_STORE = {"Cache-Control": "no-store"}
CHALLENGE = 'Bearer realm="longhall-admin"'


class Console:
    """What the routes use, built by the node once it has started (server.node.app)."""

    def __init__(self, tokens: Tokens, survey: Survey, operations: Operations, audit: Audit) -> None:
        self.tokens, self.survey, self.operations, self.audit = tokens, survey, operations, audit


Handler = Callable[[Request, Console, str], Awaitable[Response]]


def _answer(body: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return JSONResponse(body, status_code=status, headers={**NO_STORE, **(headers or {})})


def _refused(exc: RoomError) -> Response:
    return _answer({"error": exc.code, "detail": exc.detail}, 404 if exc.code == ErrorCode.UNKNOWN_ROOM.value else 409)


def guarded(handler: Handler) -> Callable[[Request], Awaitable[Response]]:
    """`handler` for the bearer of an operator's token only (named to it as `op:NAME`)."""

    @functools.wraps(handler)
    async def endpoint(request: Request) -> Response:
        console: Console | None = request.app.state.node.console
        if console is None:
            return _answer({"error": "unavailable", "detail": "the node is starting"}, 503)
        token = bearer(request.headers)
        operator = await console.tokens.verify_admin(token) if token else None
        if operator is not None:
            try:
                return await handler(request, console, operator)
            except RoomError as exc:
                return _refused(exc)
            except BadQuery as exc:
                return _answer({"error": "bad_field", "detail": str(exc)}, 400)
        if token and await console.tokens.verify(token) is not None:
            return _answer({"error": "forbidden", "detail": "a player's token: the console wants an operator's "
                            "(longhall admin-token)"}, 403)  # fmt: skip
        return _answer({"error": "unauthorized", "detail": "send an operator's token (longhall admin-token) as "
                        "Authorization: Bearer <token>"}, 401, {"WWW-Authenticate": CHALLENGE})  # fmt: skip

    return endpoint


async def whoami(request: Request, console: Console, operator: str) -> Response:
    return _answer({"operator": operator, "node": console.survey.node})


async def rooms(request: Request, console: Console, operator: str) -> Response:
    return _answer({"node": console.survey.node, "rooms": await console.survey.all_rooms()})


async def room(request: Request, console: Console, operator: str) -> Response:
    rid = request.path_params["room"]
    found = await console.survey.room(rid)
    if found is None:
        return _answer({"error": "unknown_room", "detail": f"no room {rid!r}"}, 404)
    return _answer(found)


async def end(request: Request, console: Console, operator: str) -> Response:
    rid = request.path_params["room"]
    await console.operations.end(operator, rid)
    return _answer({"room": rid, "ended": True, "by": operator})


async def remove(request: Request, console: Console, operator: str) -> Response:
    rid, player = request.path_params["room"], request.path_params["player"]
    seat = await console.operations.remove(operator, rid, player)
    return _answer({"room": rid, "player": player, "seat": seat, "by": operator})


async def sockets(request: Request, console: Console, operator: str) -> Response:
    player = request.query_params.get("player")
    return _answer({"node": console.survey.node, "sockets": console.survey.sockets(player)})


async def close(request: Request, console: Console, operator: str) -> Response:
    closed = await console.operations.close(operator, request.path_params["socket"])
    asked = bool(closed["asked"])  # another node's socket: that node closes it
    return _answer({**closed, "closed": not asked, "by": operator}, 202 if asked else 200)


async def revoke(request: Request, console: Console, operator: str) -> Response:
    player = request.path_params["player"]
    at = await console.operations.revoke(operator, player)
    return _answer({"player": player, "revoked_at": at, "by": operator})


async def queues(request: Request, console: Console, operator: str) -> Response:
    return _answer(await console.survey.queues())


async def figures(request: Request, console: Console, operator: str) -> Response:
    return _answer(await console.survey.figures())


async def actions(request: Request, console: Console, operator: str) -> Response:
    count = bounded(request, "limit", 50, 1, 500)
    return _answer({"actions": await console.audit.latest(count)})


async def reports(request: Request, console: Console, operator: str) -> Response:
    """The latest reports of players by players (server.social.reports), newest first."""
    count = bounded(request, "limit", 100, 1, 1000)
    return _answer({"reports": await player_reports.latest(console.audit.redis, count)})


def routes() -> list[Route]:
    post = ["POST"]
    return [
        Route(PREFIX, guarded(whoami)),
        Route(f"{PREFIX}/rooms", guarded(rooms)),
        Route(PREFIX + "/rooms/{room}", guarded(room)),
        Route(PREFIX + "/rooms/{room}/end", guarded(end), methods=post),
        Route(PREFIX + "/rooms/{room}/players/{player}/remove", guarded(remove), methods=post),
        Route(f"{PREFIX}/sockets", guarded(sockets)),
        Route(PREFIX + "/sockets/{socket}/close", guarded(close), methods=post),
        Route(PREFIX + "/players/{player}/revoke", guarded(revoke), methods=post),
        Route(f"{PREFIX}/queues", guarded(queues)),
        Route(f"{PREFIX}/metrics", guarded(figures)),
        Route(f"{PREFIX}/actions", guarded(actions)),
        Route(f"{PREFIX}/reports", guarded(reports)),
    ]
