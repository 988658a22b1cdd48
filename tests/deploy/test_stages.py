"""Each stage of deploy/Dockerfile builds from only what its COPY lines give it.

No container engine: tests/deploy/image_layout.py lays out a folder holding exactly what
a stage copies from a clean checkout (through .dockerignore), and the stage's build
command runs there: the web stage's `npm ci` and `npm run build` (npm offline, from the
cache `scripts/setup.sh web` filled), the build stage's `pip install .` (offline, its
dependencies taken from the test virtualenv); of its mypyc step, that scripts/native.py
runs there and finds every source it compiles (the compile itself, minutes long, is left
to `scripts/image-check`). Then the runtime stage's entry point,
`longhall serve`, runs from that install with that web build, as the image would. A
COPY missing from a stage fails here as it fails `docker build` (the web stage once
lacked the game data the app imports from server/games).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from server.storage.embedded import free_port
from tests.deploy.image_layout import CopyError, Stage, context, copies, lay_out, stage, stages


@pytest.fixture(scope="module")
def web_dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The web stage's RUN lines, run in a folder holding only what the stage copies."""
    root = tmp_path_factory.mktemp("web-stage")
    work = lay_out(stage("web"), root)
    env = {**os.environ, "npm_config_offline": "true", "npm_config_update_notifier": "false"}
    for run in stage("web").runs():
        out = subprocess.run(["sh", "-c", run], cwd=work, env=env, capture_output=True, text=True, timeout=240)
        assert out.returncode == 0, f"{run}\n{out.stdout[-3000:]}\n{out.stderr[-3000:]}"
    return root / "src" / "clients" / "web" / "dist"


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The build stage's `pip install ./clients/python .` (the client, then the server that
    depends on it), from a folder holding only what the stage copies."""
    build = stage("build")
    (line,) = [run.split() for run in build.runs() if run.split()[-1:] == ["."] and "install" in run.split()]
    paths = line[line.index("install") + 1 :]
    assert paths == ["./clients/python", "."], "the build stage installs the client and the server"
    work = lay_out(build, tmp_path_factory.mktemp("build-stage"))
    target = tmp_path_factory.mktemp("site")
    pip = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation", "--no-index"]
    out = subprocess.run([*pip, "--target", str(target), *paths], cwd=work, capture_output=True, text=True,
                         timeout=240)  # fmt: skip
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
    return target


def test_the_web_stage_builds_the_app_from_what_it_copies(web_dist: Path) -> None:
    index = (web_dist / "index.html").read_text()
    assert "<html" in index.lower()
    scripts = list((web_dist / "assets").glob("*.js"))
    assert scripts and any("hunters" in p.read_text() or "feast" in p.read_text() for p in scripts)


def test_the_build_stage_installs_every_package_the_server_imports(installed: Path) -> None:
    probe = (
        "import server.node.app, server.node.cli, protocol.native, longhall_client.bot; print(server.node.app.__file__)"
    )
    env = {**os.environ, "PYTHONPATH": str(installed)}
    out = subprocess.run([sys.executable, "-c", probe], cwd=installed, env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert Path(out.stdout.strip()).is_relative_to(installed)  # not the checkout's sources


def test_the_build_stage_holds_every_source_its_native_build_compiles(installed: Path, tmp_path: Path) -> None:
    """scripts/native.py runs in the stage as its RUN line runs it (the package's install on
    PYTHONPATH) and lists what it compiles: each source is in the stage, and installed where
    the runtime's loader fingerprints it (one left out of the install turns the set off)."""
    build = stage("build")
    assert any("python scripts/native.py" in run for run in build.runs())
    work = lay_out(build, tmp_path)
    env = {**os.environ, "PYTHONPATH": str(installed)}
    out = subprocess.run([sys.executable, "scripts/native.py", "--sources"], cwd=work, env=env, capture_output=True,
                         text=True)  # fmt: skip
    assert out.returncode == 0, out.stderr
    sources = out.stdout.split()
    assert len(sources) > 20
    assert [rel for rel in sources if not (work / rel).is_file() or not (installed / rel).is_file()] == []


def runtime_env(into: Path) -> dict[str, str]:
    """The runtime stage's context copies laid out in `into` (its root), and its ENV lines
    with their paths moved there."""
    final = stages()[-1]
    lay_out(final, into)
    env: dict[str, str] = {}
    for c in final.commands:
        if c.cmd == "ENV":
            pairs = c.value
            env.update({pairs[i]: pairs[i + 1] for i in range(0, len(pairs) - 1, 2)})
    return {k: str(into / v.lstrip("/")) if v.startswith("/opt/") else v for k, v in env.items()}


@pytest.fixture
def node(installed: Path, web_dist: Path, tmp_path: Path) -> Iterator[str]:
    """`longhall serve` (the runtime's entry point) from the stages' outputs."""
    port = free_port()
    docs = runtime_env(tmp_path / "runtime")["LONGHALL_DOCS"]
    env = {**os.environ, "PYTHONPATH": str(installed), "LONGHALL_WEB": str(web_dist), "LONGHALL_NATIVE": "0",
           "LONGHALL_DOCS": docs}  # fmt: skip
    for name in ("REDIS_URL", "DATABASE_URL"):
        env.pop(name, None)
    cmd = [str(installed / "bin" / "longhall"), "serve", "--host", "127.0.0.1", "--port", str(port)]
    proc = subprocess.Popen([*cmd, "--data", str(tmp_path)], cwd=tmp_path, env=env, stderr=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                if httpx.get(base + "/ready", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.2)
        yield base
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=30)
        assert proc.returncode == 0, err[-3000:]


def test_the_runtime_serves_the_app_and_every_game_from_the_stages_outputs(node: str) -> None:
    page = httpx.get(node + "/")
    assert page.status_code == 200 and "<html" in page.text.lower()
    games = {g["name"] for g in httpx.get(node + "/api/games").json()}
    assert {"vikings", "hunters", "feast"} <= games
    for name in ("openapi.yaml", "asyncapi.yaml"):  # the API descriptions the runtime stage copies in
        described = httpx.get(f"{node}/api/{name}")
        assert described.status_code == 200 and f"\n{name.split('.')[0]}: " in described.text, name


# -- the layout itself: a missing COPY fails as the builder fails -----------------------
def test_a_stage_without_the_game_data_it_imports_fails_to_build(tmp_path: Path) -> None:
    web = stage("web")
    cut = Stage(web.name, web.base, [c for c in web.commands if not (c.cmd == "COPY" and "server/" in c.value[0])])
    work = lay_out(cut, tmp_path)
    env = {**os.environ, "npm_config_offline": "true"}
    # the app's node packages from the checkout stand in for `npm ci` (same lock files)
    checkout = Path(__file__).parents[2] / "clients"
    for pkg in ("js", "web"):
        (work / "clients" / pkg / "node_modules").symlink_to(checkout / pkg / "node_modules")
    out = subprocess.run(["sh", "-c", cut.runs()[-1]], cwd=work, env=env, capture_output=True, text=True, timeout=240)
    assert out.returncode != 0
    assert "server/games/" in out.stdout + out.stderr


def test_a_copy_of_what_the_context_filter_drops_is_refused() -> None:
    web = stage("web")
    assert copies(web, context())  # the real stage lays out
    without_server = tuple(f for f in context() if not f.startswith("server/"))
    with pytest.raises(CopyError, match="server/games/feast/data"):
        copies(web, without_server)


def test_every_stage_is_parsed_with_its_base_image_argument() -> None:
    bases = {s.name: s.base for s in stages()}
    assert bases["web"].startswith("node:20-")
    assert bases["build"] == bases[str(len(bases) - 1)] and bases["build"].startswith("python:3.11-")


def test_the_context_filter_is_the_one_both_builders_read() -> None:
    """BuildKit prefers deploy/Dockerfile.dockerignore; the legacy builder reads only the
    root's. One filter, at the root, sends the same context to both."""
    root = Path(__file__).parents[2]
    assert (root / ".dockerignore").exists()
    assert not (root / "deploy" / "Dockerfile.dockerignore").exists()
    assert not any(f.startswith((".git/", ".venv/", "tests/", "bench/")) or "node_modules" in f for f in context())
