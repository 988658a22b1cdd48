"""The compiled move path (protocol.native): used where it could be built, only while its
sources are the ones compiled, and playing exactly the games the Python source plays."""

from __future__ import annotations

import importlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from protocol import native

# every move of seeded random Vikings games, as the room sees it: the engine's state,
# legal moves and wording, the room document's views and the diff between them
PLAY = """
import hashlib, random, sys
from protocol import native
from protocol.codec import pack
from protocol.diff import make_patch
from server.rooms import document as rm
from server.games.vikings import GAME
h = hashlib.sha256()
for seed in range(12):
    players, variant = 2 + seed % 3, ("base", "advanced")[seed % 2]
    rng = random.Random(seed)
    options = GAME.resolve_options({"variant": variant})
    seats = [{"player": f"p{i}", "name": f"p{i}"} for i in range(players)]
    doc = {**rm.new_doc(GAME, options, players, False, "p0", "p0"), "seats": seats, "status": rm.PLAYING}
    doc["state"] = GAME.setup(players, options, seed)
    old = rm.views(doc, GAME, "r")
    n = 0
    while GAME.result(doc["state"]) is None:
        seat = rng.choice(GAME.to_act(doc["state"]))
        legal = GAME.legal_moves(doc["state"], seat)
        move = rng.choice(legal)
        last = rm.last_decision(GAME, doc["state"], seat, move, players, n + 1)
        after = GAME.apply(doc["state"], seat, move)
        doc = rm.moved(doc, after, GAME.result(after), last)
        new = rm.views(doc, GAME, "r")
        h.update(pack([legal, last, doc, [make_patch(old[s], new[s]) for s in new]]))
        old, n = new, n + 1
print(native.usable(), n, h.hexdigest())
"""


def play(env: dict[str, str]) -> tuple[str, str, str]:
    root = Path(native.__file__).resolve().parent.parent
    out = subprocess.run([sys.executable, "-c", PLAY], cwd=root, env={**os.environ, **env}, capture_output=True,
                         text=True, timeout=300, check=True)  # fmt: skip
    used, moves, digest = out.stdout.split()
    return used, moves, digest


def test_the_compiled_set_is_used_where_a_compiler_is() -> None:
    if shutil.which("cc") is None:
        pytest.skip("no C compiler here: the server runs as Python")
    assert native.usable(), f"scripts/setup.sh compiles {native.out_dir()}; see its .log beside it"
    for rel in native.COMPILED:
        module = importlib.import_module(rel.removesuffix(".py").replace("/", "."))
        assert native.compiled(module), f"{module.__name__} was loaded from {module.__file__}"


def test_an_edited_source_turns_the_whole_set_off(tmp_path: Path) -> None:
    """A build is used only with the very sources it was compiled from."""
    if not native.usable():
        pytest.skip("no compiled set here")
    for rel in native.COMPILED:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(native.ROOT / rel, tmp_path / rel)
    assert native.fresh(native.out_dir(), tmp_path)
    edited = tmp_path / native.COMPILED[-1]
    edited.write_text(edited.read_text() + "\n# an edit\n")
    assert not native.fresh(native.out_dir(), tmp_path)


def test_compiled_and_python_play_the_same_games() -> None:
    """The same seeded games, move by move, in a process running the compiled modules
    and in one running the sources: the same states, legal moves, wording, views and diffs."""
    if not native.usable():
        pytest.skip("no compiled set here")
    compiled, python = play({}), play({"LONGHALL_NATIVE": "0"})
    assert compiled[0] == "True" and python[0] == "False"
    assert int(compiled[1]) > 100
    assert compiled[1:] == python[1:]
