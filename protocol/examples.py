"""One example of every protocol v1 message, and view pairs for the diff conformance.

`python -m protocol.examples --write` regenerates protocol/fixtures/. The fixtures are
golden: once committed they guard wire compatibility, so regenerate only when a message
gains a field, and review the byte diff.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from protocol.codec import encode
from protocol.diff import make_patch

FIXTURES = Path(__file__).resolve().parent / "fixtures"

CLIENT_EXAMPLES: dict[str, dict[str, Any]] = {
    "hello": {"t": "hello", "versions": [1], "token": "3f2a.9c", "name": "Astrid"},
    "create": {
        "t": "create",
        "game": "vikings",
        "options": {"variant": "advanced"},
        "seats": 4,
        "private": False,
    },
    "join": {"t": "join", "room": "a1b2c3d4e5", "seat": 2},
    "spectate": {"t": "spectate", "room": "a1b2c3d4e5"},
    "leave": {"t": "leave", "room": "a1b2c3d4e5"},
    "start": {"t": "start", "room": "a1b2c3d4e5"},
    "kick": {"t": "kick", "room": "a1b2c3d4e5", "seat": 2},
    "add_bot": {"t": "add_bot", "room": "a1b2c3d4e5", "seat": 3, "level": "greedy"},
    "unban": {"t": "unban", "room": "a1b2c3d4e5", "player": "9c1e0f2a3b4c5d6e"},
    "claim": {"t": "claim", "room": "a1b2c3d4e5"},
    "chat": {"t": "chat", "room": "a1b2c3d4e5", "text": "good luck, all"},
    "move": {"t": "move", "room": "a1b2c3d4e5", "id": "m17", "seq": 41, "move": {"type": "buy", "slot": 3}},
    "undo": {"t": "undo", "room": "a1b2c3d4e5", "seq": 42},
    "legal": {"t": "legal", "room": "a1b2c3d4e5"},
    "resync": {"t": "resync", "room": "a1b2c3d4e5", "seq": 40},
    "queue": {"t": "queue", "game": "hunters", "players": 3, "options": {}},
    "unqueue": {"t": "unqueue", "game": "hunters", "players": 3},
    "rematch": {"t": "rematch", "room": "a1b2c3d4e5"},
    "invite": {"t": "invite", "room": "a1b2c3d4e5", "player": "9c1e0f2a3b4c5d6e"},
    "ping": {"t": "ping", "n": 7},
}

SERVER_EXAMPLES: dict[str, dict[str, Any]] = {
    "welcome": {"t": "welcome", "version": 1, "player": "9c1e0f2a3b4c5d6e", "token": "9c1e0f2a3b4c5d6e.0a1b"},
    "joined": {"t": "joined", "room": "a1b2c3d4e5", "seat": None, "game": "vikings"},
    "snapshot": {
        "t": "snapshot",
        "room": "a1b2c3d4e5",
        "seq": 40,
        "view": {"status": "playing", "to_act": [1]},
        "now": 1764000000000,
    },
    "diff": {
        "t": "diff",
        "room": "a1b2c3d4e5",
        "seq": 41,
        "ops": [{"op": "replace", "path": "/to_act/0", "value": 2}],
    },
    "ok": {"t": "ok", "id": "m17", "seq": 41},
    "moves": {"t": "moves", "room": "a1b2c3d4e5", "seq": 41, "moves": [{"type": "buy", "slot": 0}]},
    "matched": {"t": "matched", "room": "a1b2c3d4e5", "seat": 0},
    "over": {"t": "over", "room": "a1b2c3d4e5", "result": {"scores": [31, 27], "winners": [0]}},
    "error": {
        "t": "error",
        "code": "illegal_move",
        "detail": "V-46: the 0 slot ...",
        "rule": "V-46",
        "id": "m17",
    },
    "pong": {"t": "pong", "n": 7},
    "left": {"t": "left", "room": "a1b2c3d4e5"},
    "queued": {"t": "queued", "game": "hunters", "players": 3},
    "chat": {
        "t": "chat",
        "room": "a1b2c3d4e5",
        "channel": "players",
        "messages": [
            {
                "n": "1764000000000-0",
                "player": "9c1e0f2a3b4c5d6e",
                "name": "Astrid",
                "seat": 0,
                "text": "good luck, all",
                "at": 1764000000000,
            },
        ],  # fmt: skip
    },
    "rematch": {
        "t": "rematch",
        "room": "a1b2c3d4e5",
        "state": "started",
        "seats": [{"player": "9c1e0f2a3b4c5d6e", "name": "Astrid"}, {"player": "1f2e3d4c5b6a7980", "name": "Bjorn"}],
        "accepted": ["9c1e0f2a3b4c5d6e", "1f2e3d4c5b6a7980"],
        "deadline": 1764000120000,
        "new": "f0e1d2c3b4",
    },
    "invite": {"t": "invite", "room": "a1b2c3d4e5", "player": "9c1e0f2a3b4c5d6e", "online": True},
    "invited": {
        "t": "invited",
        "room": "a1b2c3d4e5",
        "game": "vikings",
        "player": "1f2e3d4c5b6a7980",
        "name": "Bjorn",
        "at": 1764000000000,
    },
}

DIFF_CASES: list[tuple[str, Any, Any]] = [
    ("no change", {"a": 1}, {"a": 1}),
    ("replace a scalar", {"gold": 20}, {"gold": 17}),
    ("add and remove keys", {"a": 1, "b": 2}, {"a": 1, "c": 3}),
    ("nested replace", {"p": [{"vp": 10}, {"vp": 12}]}, {"p": [{"vp": 10}, {"vp": 9}]}),
    ("append to a list", {"log": [1, 2]}, {"log": [1, 2, 3]}),
    ("insert at the front", {"l": ["b", "c"]}, {"l": ["a", "b", "c"]}),
    ("insert in the middle", {"l": [1, 2, 4, 5]}, {"l": [1, 2, 3, 4, 5]}),
    ("remove from the middle", {"l": [1, 2, 3, 4]}, {"l": [1, 4]}),
    ("remove the tail", {"l": [1, 2, 3]}, {"l": [1]}),
    ("type change", {"x": [1]}, {"x": {"a": 1}}),
    ("null to value", {"x": None}, {"x": {"k": "v"}}),
    ("bool flips", {"x": True}, {"x": False}),
    ("keys needing escapes", {"a/b": 1, "m~n": 2}, {"a/b": 3, "m~n": 4}),
    ("empty key", {"": 1}, {"": 2}),
    ("whole list of dicts changed", {"l": [{"a": 1}, {"a": 2}]}, {"l": [{"a": 2}, {"a": 1}]}),
    ("grid cell", {"g": [[0, 0], [0, 0]]}, {"g": [[0, 0], [0, 5]]}),
    ("root replaced", [1, 2], {"a": 1}),
    ("unicode", {"name": "Åsa"}, {"name": "Þórr"}),
]


def messages_fixture() -> list[dict[str, Any]]:
    out = []
    for side, table in (("client", CLIENT_EXAMPLES), ("server", SERVER_EXAMPLES)):
        for name, msg in table.items():
            out.append({"side": side, "type": name, "message": msg, "hex": encode(msg).hex()})
    return out


def diffs_fixture() -> list[dict[str, Any]]:
    return [{"name": n, "old": old, "new": new, "ops": make_patch(old, new)} for n, old, new in DIFF_CASES]


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--write", action="store_true")
    args = p.parse_args()
    files = {"messages.json": messages_fixture(), "diffs.json": diffs_fixture()}
    for name, data in files.items():
        text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
        if args.write:
            (FIXTURES / name).write_text(text, encoding="utf-8")
        else:
            print(text)


if __name__ == "__main__":
    main()
