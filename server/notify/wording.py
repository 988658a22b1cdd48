"""A notification as a device shows it: a title, a line, the link that opens it in the
web app, and its `tag` (the kind and the room: a newer notification of the same room
replaces the older one on the device, pwa/service_worker.js). English only: the
service worker shows what it is sent."""

from __future__ import annotations

from typing import Any

from server.games import registry


def title_of(game: Any) -> str:
    engine = registry.get(game) if isinstance(game, str) else None
    return engine.info.title if engine is not None else "Longhall"


def worded(kind: str, payload: dict[str, Any]) -> dict[str, Any]:
    room = payload.get("room")
    game = title_of(payload.get("game"))
    url = f"/#/room/{room}" if isinstance(room, str) else "/"
    if kind == "turn":
        title, body = "Your turn", f"{game}: it is your turn to play."
    elif kind == "over":
        title, body = "Game over", f"{game}: the game has ended."
    else:
        who = payload.get("from") if isinstance(payload.get("from"), str) else "A player"
        title, body = "An invitation", f"{who} invites you to play {game}."
    tag = f"{kind}:{room}" if isinstance(room, str) else kind
    return {"kind": kind, "room": room, "game": payload.get("game"), "title": title, "body": body, "url": url,
            "tag": tag}  # fmt: skip
