"""The JavaScript client, driven from pytest: Node tests against a real server process.

clients/js/test holds the Node tests (conformance fixtures, full random games of every
registered game, reconnects, resyncs, refusals); here they get a running server and their
output. The TypeScript definitions are checked against protocol/ and compiled.
"""

from __future__ import annotations

import subprocess
import sys

from tests.cluster import ServerProc
from tests.web.node import JS, ROOT, npm_ready, run


def test_types_are_generated_from_protocol() -> None:
    gen = subprocess.run([sys.executable, str(JS / "tools" / "gen_types.py")], cwd=ROOT, capture_output=True, text=True)
    assert gen.returncode == 0, gen.stdout + gen.stderr


def test_types_compile() -> None:
    npm_ready(JS)
    out = run(["npx", "tsc", "-p", "tsconfig.json"], JS, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr


def test_node_client_against_a_real_server(server: ServerProc) -> None:
    npm_ready(JS)
    out = run(["npm", "test", "--silent"], JS, timeout=240, LONGHALL_HTTP=server.http)
    tail = out.stdout[-4000:] + out.stderr[-2000:]
    assert out.returncode == 0, tail
    assert "# fail 0" in out.stdout, tail
    for game in ("vikings", "hunters", "highcard"):
        assert f"a full random game of {game}" in out.stdout, f"no game of {game} was played"
