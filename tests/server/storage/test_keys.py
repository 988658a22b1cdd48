"""One module spells every Redis key and channel (server.storage.keys): no other module of
the server writes a key's text, and a room's keys all share its hash tag."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from server.storage import keys

ROOT = Path(__file__).resolve().parents[3]
KEYLIKE = re.compile(r"^(room|rooms|mm|lb|quota|longhall|archive|node|referee):\S")


def literals(path: Path) -> list[str]:
    """The text each string literal starts with (an f-string's first constant part)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
            found.append(str(node.values[0].value))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            found.append(node.value)
    return found


def test_no_other_module_spells_a_key() -> None:
    spelled = {}
    for path in (ROOT / "server").rglob("*.py"):
        if path == Path(keys.__file__).resolve() or "games" in path.parts:
            continue
        hits = [text for text in literals(path) if KEYLIKE.match(text)]
        if hits:
            spelled[str(path.relative_to(ROOT))] = hits
    assert spelled == {}


def test_the_check_sees_a_key_spelled_elsewhere(tmp_path: Path) -> None:
    stray = tmp_path / "stray.py"
    stray.write_text('def k(room):\n    return f"room:{{{room}}}:extra"\n\nLEASE = "mm:lease"\n')
    assert {t for t in literals(stray) if KEYLIKE.match(t)} == {"room:{", "mm:lease"}


def test_a_rooms_keys_share_its_hash_tag() -> None:
    room = "r1"
    tagged = [*keys.released(room), keys.claim_key(room), keys.chat_id_key(room, "p", 1), keys.channel(room),
              keys.rematch_key(room)]  # fmt: skip
    assert all("{r1}" in k for k in tagged)
    assert keys.keys(room) == [f"room:{{r1}}:{part}" for part in keys.ROOM_PARTS]
    assert keys.room_of_meta(keys.keys(room)[3]) == room


def test_the_matchmakers_keys_share_one_hash_tag() -> None:
    tagged = [keys.MATCHES, keys.QUEUES, keys.queue_key("vikings", 4, {}), keys.ticket_key("p"),
              keys.match_key("r"), keys.told_key("p")]  # fmt: skip
    assert all(k.startswith("mm:{mm}:") for k in tagged)
