"""A release rehearsed offline, short of publishing: from the repository's files as a
clean checkout holds them, the server's sdist and wheel and the Python client's sdist and
wheel are built as `python -m build` builds them (each wheel from its sdist, so a file the
sdist lacks fails here) and pass `twine check`; `npm pack --dry-run` lists the JS client's
tarball, and the tarball, unpacked into another project, compiles under `nodenext`, loads
in plain Node, and a program typed with its generated types plays a whole game of each
game. Then the client's wheel is installed alone into a fresh virtualenv, with only its
dependencies (copied from this environment: no index is asked), imports without the
server, and plays a game against a server. The server's wheel holds only the server's
packages and every data file they read, and depends on the client's distribution (which
`longhall bot` runs) at the same release.

Offline: `--no-isolation` builds with this environment's setuptools, as
tests/deploy/test_stages.py installs.
"""

from __future__ import annotations

import email
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tomllib
import venv
import zipfile
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from tests.cluster import ServerProc
from tests.web.node import JS, run

ROOT = Path(__file__).resolve().parents[2]
RELEASE = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
SERVER = f"longhall-{RELEASE}"
CLIENT = f"longhall_client-{RELEASE}"
# what the client must run without: the server's packages and the server's dependencies
SERVER_SIDE = ("server", "protocol", "clients", "starlette", "uvicorn", "redis", "sqlalchemy", "ormsgpack")


def checkout(dest: Path) -> Path:
    """The repository's files as a clean checkout holds them (tracked or new, none that git
    ignores: no node_modules, builds or caches), with their contents in this working tree."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, check=True).stdout  # fmt: skip
    for rel in filter(None, listed.decode().split("\0")):
        if (ROOT / rel).is_file():
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / rel, dest / rel)
    return dest


def build(project: Path, out: Path) -> None:
    cmd = [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(project)]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    source = checkout(tmp_path_factory.mktemp("checkout"))
    out = tmp_path_factory.mktemp("dist")
    build(source, out)
    build(source / "clients" / "python", out)
    return out


def names(archive: Path) -> list[str]:
    if archive.suffix == ".whl":
        with zipfile.ZipFile(archive) as z:
            return z.namelist()
    with tarfile.open(archive) as t:
        return [m.name for m in t.getmembers() if m.isfile()]


def wheel_metadata(wheel: Path, dist_info: str) -> email.message.Message:
    with zipfile.ZipFile(wheel) as z:
        return email.message_from_bytes(z.read(f"{dist_info}.dist-info/METADATA"))


def test_the_release_builds_two_sdists_and_two_wheels_that_twine_accepts(dist: Path) -> None:
    built = sorted(p.name for p in dist.iterdir())
    assert built == sorted([f"{SERVER}.tar.gz", f"{SERVER}-py3-none-any.whl",
                            f"{CLIENT}.tar.gz", f"{CLIENT}-py3-none-any.whl"])  # fmt: skip
    check = subprocess.run([sys.executable, "-m", "twine", "check", *map(str, dist.iterdir())],
                           capture_output=True, text=True, timeout=120)  # fmt: skip
    assert check.returncode == 0, check.stdout + check.stderr
    assert check.stdout.count("PASSED") == 4, check.stdout


def test_the_client_passes_twine_strictly_with_its_readme(dist: Path) -> None:
    """The server's metadata has no readme (see pyproject.toml): only the client is strict."""
    client = [str(dist / f"{CLIENT}.tar.gz"), str(dist / f"{CLIENT}-py3-none-any.whl")]
    check = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", *client],
                           capture_output=True, text=True, timeout=120)  # fmt: skip
    assert check.returncode == 0, check.stdout + check.stderr


def test_the_server_wheel_holds_only_its_own_packages_and_data_and_needs_the_client(dist: Path) -> None:
    inside = set(names(dist / f"{SERVER}-py3-none-any.whl"))
    tops = {n.split("/")[0] for n in inside}
    assert tops == {"server", "protocol", f"{SERVER}.dist-info"}  # no clients: `longhall-client` is its own
    # every file of server/ and protocol/ but docs: the games' data, the rule texts, the migrations
    needed = {p.relative_to(ROOT).as_posix() for top in ("server", "protocol") for p in (ROOT / top).rglob("*")
              if p.is_file() and "__pycache__" not in p.parts and p.suffix not in (".md", ".pyc", ".so")}  # fmt: skip
    assert sorted(needed - inside) == []
    assert [n for n in inside if n.endswith(("package-lock.json", "tsconfig.json", ".ts", ".js"))] == []
    assert f"{SERVER}.dist-info/licenses/LICENSE" in inside
    meta = wheel_metadata(dist / f"{SERVER}-py3-none-any.whl", SERVER)
    assert meta["Version"] == RELEASE and meta["License-Expression"] == "MIT"
    assert f"longhall-client=={RELEASE}" in (meta.get_all("Requires-Dist") or [])  # `longhall bot` plays with it
    with zipfile.ZipFile(dist / f"{SERVER}-py3-none-any.whl") as z:
        assert "longhall = server.node.cli:main" in z.read(f"{SERVER}.dist-info/entry_points.txt").decode()


def test_the_client_wheel_holds_only_longhall_client(dist: Path) -> None:
    inside = names(dist / f"{CLIENT}-py3-none-any.whl")
    assert [n for n in inside if not n.startswith(("longhall_client/", f"{CLIENT}.dist-info/"))] == []
    package = {n for n in inside if n.startswith("longhall_client/")}
    assert package == {f"longhall_client/{f}" for f in ("__init__.py", "client.py", "bot.py", "py.typed")}
    meta = wheel_metadata(dist / f"{CLIENT}-py3-none-any.whl", CLIENT)
    assert meta["Version"] == RELEASE and meta["License-Expression"] == "MIT"
    requires = sorted(Requirement(r).name for r in meta.get_all("Requires-Dist") or [])
    assert requires == ["jsonpatch", "msgpack", "websockets"]
    sdist = names(dist / f"{CLIENT}.tar.gz")
    assert {f"{CLIENT}/{f}" for f in ("LICENSE", "README.md", "pyproject.toml", "py.typed")} <= set(sdist)


def dependencies(requirements: list[str]) -> set[str]:
    """The installed distributions these requirements need, theirs included (no extras)."""
    found: set[str] = set()
    todo = [Requirement(r) for r in requirements]
    while todo:
        req = todo.pop()
        if req.marker is not None and not req.marker.evaluate({"extra": ""}):
            continue
        name = metadata.distribution(req.name).metadata["Name"]
        if name not in found:
            found.add(name)
            todo += [Requirement(r) for r in metadata.requires(name) or []]
    return found


def copy_installed(name: str, site: Path) -> None:
    """An installed distribution's files (as its RECORD lists them) into another site-packages."""
    dist = metadata.distribution(name)
    for rel in dist.files or []:
        if ".." in rel.parts or "__pycache__" in rel.parts:
            continue  # scripts outside site-packages; caches
        (site / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(Path(str(dist.locate_file(rel))), site / rel)


@pytest.fixture(scope="module")
def client_env(dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtualenv holding the client's wheel and its dependencies, nothing else."""
    env = tmp_path_factory.mktemp("client-env")
    venv.create(env, with_pip=False)
    python = env / "bin" / "python"
    pip = [sys.executable, "-m", "pip", "--python", str(python), "--disable-pip-version-check"]
    wheel = dist / f"{CLIENT}-py3-none-any.whl"
    done = subprocess.run([*pip, "install", "--no-index", "--no-deps", str(wheel)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()  # fmt: skip
    for name in dependencies(wheel_metadata(wheel, CLIENT).get_all("Requires-Dist") or []):
        copy_installed(name, Path(site))
    done = subprocess.run([*pip, "check"], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr  # every requirement met, by these alone
    return python


def in_env(python: Path, code: str, *args: str, timeout: float = 60) -> str:
    """Run code in the virtualenv, isolated (-I: neither this checkout nor PYTHONPATH on the path)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    done = subprocess.run([str(python), "-I", "-c", code, *args], cwd=python.parents[2], env=env,
                          capture_output=True, text=True, timeout=timeout)  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return done.stdout


def test_the_client_wheel_alone_imports_without_the_server(client_env: Path) -> None:
    probe = (
        "import importlib.util, json, sys, longhall_client, longhall_client.bot\n"
        f"absent = [m for m in {SERVER_SIDE!r} if importlib.util.find_spec(m) is not None]\n"
        "print(json.dumps({'file': longhall_client.__file__, 'found': absent, 'names': longhall_client.__all__}))"
    )
    seen = json.loads(in_env(client_env, probe))
    assert Path(seen["file"]).is_relative_to(client_env.parents[1])
    assert seen["found"] == []
    assert seen["names"] == ["Client", "RoomMirror", "ServerError"]


PLAY = """
import asyncio, json, random, sys
from longhall_client import Client
from longhall_client.bot import play

async def main(url):
    a = await Client(url, name="a").connect()
    b = await Client(url, name="b").connect()
    room = await a.create("highcard", None, 2)
    await b.join(room.room)
    await a.wait_until(lambda: all(room.view["seats"]), 30)
    await a.start(room.room)
    results = await asyncio.gather(play(a, room.room, random.Random(1), 60), play(b, room.room, random.Random(2), 60))
    print(json.dumps({"results": results, "seq": room.seq, "resyncs": room.resyncs}))
    await a.close()
    await b.close()

asyncio.run(main(sys.argv[1]))
"""


def test_the_client_wheel_alone_plays_a_whole_game(client_env: Path, server: ServerProc) -> None:
    seen = json.loads(in_env(client_env, PLAY, server.url, timeout=120))
    first, second = seen["results"]
    assert first == second and first["winners"], seen  # both seats saw the same end


def test_npm_pack_lists_the_js_client_with_its_license_and_types(dist: Path) -> None:
    out = run(["npm", "pack", "--dry-run", "--json", "--ignore-scripts"], JS, timeout=120)
    assert out.returncode == 0, out.stderr[-3000:]
    (packed,) = json.loads(out.stdout)
    assert packed["name"] == "@longhall/client" and packed["version"] == RELEASE
    files = {f["path"] for f in packed["files"]}
    sources = {f"src/{p.name}" for p in (JS / "src").iterdir() if p.is_file()}
    assert files == {"package.json", "LICENSE", *sources}
    assert {"src/index.js", "src/index.d.ts", "src/protocol.d.ts"} <= files


def consumer_project(tmp_path: Path) -> Path:
    """A Node ESM TypeScript project with the npm tarball unpacked into its node_modules
    (its dependencies beside it, from this checkout's install), as `npm install` of the
    tarball would leave it."""
    packed = run(["npm", "pack", "--json", "--ignore-scripts", "--pack-destination", str(tmp_path)], JS, timeout=120)
    assert packed.returncode == 0, packed.stderr[-3000:]
    (info,) = json.loads(packed.stdout)
    with tarfile.open(tmp_path / info["filename"]) as tar:
        tar.extractall(tmp_path / "unpacked", filter="data")
    project = tmp_path / "project"
    (project / "node_modules" / "@longhall").mkdir(parents=True)
    (tmp_path / "unpacked" / "package").rename(project / "node_modules" / "@longhall" / "client")
    for dependency in ("@msgpack", "fast-json-patch", "ws"):
        (project / "node_modules" / dependency).symlink_to(JS / "node_modules" / dependency)
    (project / "package.json").write_text(json.dumps({"name": "consumer", "private": True, "type": "module"}))
    return project


def nodenext(project: Path, program: str, emit: bool) -> None:
    """Compile `program` (from clients/js/test/types) in `project` under nodenext."""
    shutil.copy(JS / "test" / "types" / program, project / program)
    # ws and Node ship no types here: the project declares what it uses of them (a real one
    # installs @types/ws and @types/node)
    (project / "ws.d.ts").write_text(
        'declare module "ws" {\n  const WebSocket: any;\n  export default WebSocket;\n}\n'
        "declare const process: { argv: string[] };\n"
    )
    options = {"module": "nodenext", "moduleResolution": "nodenext", "target": "es2022", "strict": True,
               "noEmit": not emit, "skipLibCheck": False, "types": [], "outDir": "."}  # fmt: skip
    config = {"compilerOptions": options, "files": [program, "ws.d.ts"]}
    (project / "tsconfig.json").write_text(json.dumps(config))
    tsc = run([str(JS / "node_modules" / ".bin" / "tsc"), "-p", "tsconfig.json"], project, timeout=120)
    assert tsc.returncode == 0, tsc.stdout + tsc.stderr


def test_the_npm_tarball_type_checks_and_runs_in_another_project_under_nodenext(tmp_path: Path) -> None:
    """The consumer program compiles under `nodenext`, and plain Node imports the package by name."""
    project = consumer_project(tmp_path)
    nodenext(project, "consumer.ts", emit=False)
    probe = "import { Client, CLOSE_CODES } from '@longhall/client'; console.log(typeof Client, CLOSE_CODES.RESTART)"
    node = run(["node", "--input-type=module", "-e", probe], project, timeout=60)
    assert node.stdout.split() == ["function", "1012"], node.stderr


def test_a_program_built_from_the_tarball_alone_plays_a_whole_game_of_each_game(
    tmp_path: Path, server: ServerProc
) -> None:
    """whole_games.ts, typed with the tarball's generated types (each decision a move of its
    game's union), compiled under nodenext and run: it plays Vikings, Hunters & Gatherers
    and A Feast for Odin to their ends on a real server, both seats seeing one result."""
    project = consumer_project(tmp_path)
    nodenext(project, "whole_games.ts", emit=True)
    played = run(["node", "whole_games.js", server.url], project, timeout=600)
    assert played.returncode == 0, played.stdout[-2000:] + played.stderr[-3000:]
    games = json.loads(played.stdout)
    assert sorted(games) == ["feast", "hunters", "vikings"]
    for name, game in games.items():
        first, second = game["results"]
        assert first == second and len(first["scores"]) == 2 and first["winners"], (name, game)
        assert game["seq"] > 20, (name, game)  # a whole game: many decisions, not a refusal at the start
