"""`longhall admin-token NAME` mints an operator's token; `longhall admin ...` asks a node
for the console's reads and actions over HTTP (/api/admin/..., server.console.routes)
with it, and prints the node's JSON answer.

`admin-token` signs with the deployment's keys, so it reads them where the nodes do: the
Redis of `--redis` (or REDIS_URL), else the embedded one running in `--data`, and
`LONGHALL_SECRET` when it is set. `admin` takes the token from `--token` or
`LONGHALL_ADMIN_TOKEN`; the exit status is 0 when the node answered 2xx, 1 otherwise.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

DEFAULT_TTL = 3600
# command -> (method, path, the arguments the path names)
COMMANDS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "whoami": ("GET", "", ()),
    "rooms": ("GET", "/rooms", ()),
    "room": ("GET", "/rooms/{room}", ("room",)),
    "end": ("POST", "/rooms/{room}/end", ("room",)),
    "remove": ("POST", "/rooms/{room}/players/{player}/remove", ("room", "player")),
    "sockets": ("GET", "/sockets", ()),
    "close": ("POST", "/sockets/{socket}/close", ("socket",)),
    "revoke": ("POST", "/players/{player}/revoke", ("player",)),
    "queues": ("GET", "/queues", ()),
    "metrics": ("GET", "/metrics", ()),
    "actions": ("GET", "/actions", ()),
}
HELP = {
    "whoami": "the operator the token names, and the node that answers",
    "rooms": "every room, private ones too: game, status, players, seq, spectators",
    "room": "one room: its public view, its decisions in words, its latest log entries, this node's sockets in it",
    "end": "end a game in play as abandoned (archived as such)",
    "remove": "free a player's seat in a room not started yet and ban them from it",
    "sockets": "this node's open sockets (--player: one player's)",
    "close": "close one socket (close code 4004), on whichever node its name says",
    "revoke": "refuse every token of a player issued until now; every node closes their sockets",
    "queues": "the matchmaking queues and their tickets",
    "metrics": "the headline figures of the node and the deployment",
    "actions": "the operators' latest actions, newest first",
}


def redis_url(args: argparse.Namespace) -> str:
    url: str = args.redis or os.environ.get("REDIS_URL", "")
    if not url:
        found = Path(args.data, "redis.url")
        if not found.exists():
            raise SystemExit(f"no --redis given and no running embedded redis in {args.data}")
        url = found.read_text().strip()
    return url


def admin_token(args: argparse.Namespace) -> int:
    from server.identity.tokens import Tokens
    from server.runtime.config import Settings
    from server.storage.client import connect

    async def mint() -> str:
        r = connect(redis_url(args))
        master = os.environ.get("LONGHALL_SECRET")
        try:
            return await Tokens(r, Settings.from_env(), master.encode() if master else None, None).issue_admin(
                args.name, args.ttl
            )
        finally:
            await r.aclose()

    try:
        print(asyncio.run(mint()))
    except ValueError as exc:
        raise SystemExit(f"longhall admin-token: {exc}") from None
    return 0


def admin(args: argparse.Namespace) -> int:
    method, path, names = COMMANDS[args.action]
    quoted = {n: urllib.parse.quote(getattr(args, n), safe="") for n in names}
    url = f"{args.url.rstrip('/')}/api/admin{path.format(**quoted)}"
    query = {k: v for k, v in {"player": getattr(args, "player_filter", None), "limit": getattr(args, "limit", None)}
             .items() if v is not None}  # fmt: skip
    if query:
        url += "?" + urllib.parse.urlencode(query)
    token = args.token or os.environ.get("LONGHALL_ADMIN_TOKEN", "")
    request = urllib.request.Request(url, method=method, headers={"Authorization": f"Bearer {token}"})
    try:
        with urllib.request.urlopen(request, timeout=60) as res:
            status, body = res.status, res.read()
    except urllib.error.HTTPError as exc:
        status, body = exc.code, exc.read()
    except urllib.error.URLError as exc:
        print(f"longhall admin: no answer from {args.url}: {exc.reason}", file=sys.stderr)
        return 1
    answer: Any = json.loads(body or b"null")
    print(json.dumps(answer, indent=2))
    return 0 if 200 <= status < 300 else 1


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    t = sub.add_parser("admin-token", help="mint an operator's token for the console (/console, longhall admin)")
    t.add_argument("name", help="the operator, as the console's log names them (op:NAME)")
    t.add_argument("--ttl", type=int, default=DEFAULT_TTL,
                   help=f"seconds it stays valid (default {DEFAULT_TTL}; at most LONGHALL_TOKEN_TTL)")  # fmt: skip
    t.add_argument("--redis", default="",
                   help="the deployment's Redis (REDIS_URL; default: the embedded one of --data)")  # fmt: skip
    t.add_argument("--data", default=".longhall", help="the data folder of a node with an embedded Redis")
    t.set_defaults(func=admin_token)
    a = sub.add_parser("admin", help="the operator console's reads and actions, asked of a node")
    a.add_argument("--url", default=os.environ.get("LONGHALL_URL", "http://127.0.0.1:8000"),
                   help="the node to ask (LONGHALL_URL; default %(default)s)")  # fmt: skip
    a.add_argument("--token", default="", help="an operator's token (LONGHALL_ADMIN_TOKEN)")
    actions = a.add_subparsers(dest="action", required=True)
    for name, (_, _, names) in COMMANDS.items():
        p = actions.add_parser(name, help=HELP[name])
        for arg in names:
            p.add_argument(arg)
        if name == "sockets":
            p.add_argument("--player", dest="player_filter", default=None, help="one player's sockets")
        if name == "actions":
            p.add_argument("--limit", type=int, default=None, help="how many (default 50, at most 500)")
    a.set_defaults(func=admin)
