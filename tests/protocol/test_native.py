"""The compiled move path (protocol.native, built by scripts/native.py): used where it could
be built, only while its sources are the ones compiled, and playing exactly the games the
Python source plays."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import json
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
    out = subprocess.run([sys.executable, "-c", PLAY], cwd=native.ROOT, env={**os.environ, **env}, capture_output=True,
                         text=True, timeout=300, check=True)  # fmt: skip
    used, moves, digest = out.stdout.split()
    return used, moves, digest


def build_list() -> list[str]:
    """What scripts/native.py compiles (its `--sources`)."""
    script = native.ROOT / "scripts" / "native.py"
    out = subprocess.run([sys.executable, str(script), "--sources"], capture_output=True, text=True, check=True)
    return out.stdout.split()


def sources() -> list[str]:
    """What the build in use compiled, by its manifest."""
    found = native.manifest(native.out_dir())
    assert found is not None
    return found["sources"]


def test_the_compiled_set_is_used_where_a_compiler_is() -> None:
    if shutil.which("cc") is None:
        pytest.skip("no C compiler here: the server runs as Python")
    assert native.usable(), f"scripts/setup.sh compiles {native.out_dir()}; see its .log beside it"
    assert sources() == build_list(), "the build predates scripts/native.py's list: run scripts/setup.sh"
    for rel in sources():
        module = importlib.import_module(rel.removesuffix(".py").replace("/", "."))
        assert native.compiled(module), f"{module.__name__} was loaded from {module.__file__}"


def test_an_edited_source_turns_the_whole_set_off(tmp_path: Path) -> None:
    """A build is used only with the very sources it was compiled from."""
    if not native.usable():
        pytest.skip("no compiled set here")
    for rel in sources():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(native.ROOT / rel, tmp_path / rel)
    assert native.fresh(native.out_dir(), tmp_path)
    edited = tmp_path / sources()[-1]
    edited.write_text(edited.read_text() + "\n# an edit\n")
    assert not native.fresh(native.out_dir(), tmp_path)


def test_the_manifest_alone_says_what_is_fingerprinted(tmp_path: Path) -> None:
    """No compiler needed: a folder is a usable build only with a manifest whose sources
    are, byte for byte, under the root it is checked against."""
    root, out = tmp_path / "tree", tmp_path / "out"
    (root / "pkg").mkdir(parents=True)
    out.mkdir()
    (root / "pkg" / "a.py").write_text("x = 1\n")
    assert not native.fresh(out, root)  # no manifest: no build, or one from before manifests
    manifest = {"sources": ["pkg/a.py"], "fingerprint": native.fingerprint(["pkg/a.py"], root), "library": "lib.so"}
    (out / native.MANIFEST).write_text(json.dumps(manifest))
    assert native.fresh(out, root)
    (root / "pkg" / "a.py").write_text("x = 2\n")
    assert not native.fresh(out, root)
    (root / "pkg" / "a.py").unlink()
    assert not native.fresh(out, root)  # a compiled source gone
    (out / native.MANIFEST).write_text('{"sources": ["pkg/a.py"]')
    assert native.manifest(out) is None  # cut short


def test_the_loader_names_no_file_of_the_server() -> None:
    """What is compiled is the build's word (scripts/native.py, then the manifest): the
    wire package holds no path of the server's layout."""
    tree = ast.parse((native.ROOT / "protocol" / "native.py").read_text())
    strings = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    assert [s for s in strings if "server/" in s or "server." in s] == []


def test_compiled_and_python_play_the_same_games() -> None:
    """The same seeded games, move by move, in a process running the compiled modules
    and in one running the sources: the same states, legal moves, wording, views and diffs."""
    if not native.usable():
        pytest.skip("no compiled set here")
    compiled, python = play({}), play({"LONGHALL_NATIVE": "0"})
    assert compiled[0] == "True" and python[0] == "False"
    assert int(compiled[1]) > 100
    assert compiled[1:] == python[1:]


def test_a_long_compile_says_how_far_it_is(tmp_path: Path) -> None:
    """scripts/native.py prints a line every PROGRESS_S seconds of a compile: its stage,
    read from the build's own log (mypyc first, then build_ext's C compiler lines)."""
    spec = importlib.util.spec_from_file_location("native_build", native.ROOT / "scripts" / "native.py")
    assert spec is not None and spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    log = tmp_path / "native.log"
    log.write_text("")
    assert build.stage(tmp_path, log).startswith(f"type-checking {len(build.COMPILED)} modules")
    (tmp_path / "__native_x.c").write_text("")
    (tmp_path / "x.c").write_text("")
    log.write_text("building 'longhall_native__mypyc' extension\n")
    log.write_text(log.read_text() + "gcc -O3 -fPIC -c build/native-c/__native_x.c -o obj/a.o\n")
    assert build.stage(tmp_path, log).startswith("C compiler on file 1 of 2")
    log.write_text(log.read_text() + "gcc -O3 -fPIC -c build/native-c/x.c -o obj/b.o\n")
    assert build.stage(tmp_path, log).startswith("C compiler on file 2 of 2")
    assert 0 < build.PROGRESS_S <= 60
