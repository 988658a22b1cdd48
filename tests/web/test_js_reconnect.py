"""The JavaScript client survives a server crash (SIGKILL) and a graceful shutdown
(SIGTERM: every socket closed with 1012), a restart on the same port, and
the clients reconnect by themselves (token, backoff with jitter), take their seats back
and finish the game. clients/js/test/restart_probe.js is the Node side.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from protocol.errors import CLOSE_RESTART
from tests.cluster import ServerProc
from tests.web.node import JS, npm_ready


@pytest.mark.parametrize("end", ["kill", "sigterm"])
def test_clients_reconnect_into_their_seats_after_a_server_crash(redis_url: str, tmp_path: Path, end: str) -> None:
    npm_ready(JS)
    first = ServerProc(tmp_path / "a", redis_url).start()
    probe = subprocess.Popen(
        ["node", "test/restart_probe.js"],
        cwd=JS,
        env={**os.environ, "LONGHALL_HTTP": first.http},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    second = None
    try:
        assert probe.stdout is not None and probe.stdin is not None
        assert probe.stdout.readline().startswith("READY ")
        first.kill() if end == "kill" else first.stop()
        second = ServerProc(tmp_path / "b", redis_url, port=first.port).start()
        probe.stdin.write("go\n")
        probe.stdin.flush()
        line = probe.stdout.readline()
        assert probe.wait(60) == 0
        assert line.startswith("DONE "), line
        done = json.loads(line[5:])
        assert done["reconnects"] == [1, 1]
        if end == "sigterm":
            assert done["closes"] == [[CLOSE_RESTART], [CLOSE_RESTART]]
        else:
            assert CLOSE_RESTART not in done["closes"][0]
        assert done["players"] == done["before"], "the same players after the reconnect"
        assert done["seats"] == [0, 1]
        assert done["same"], "both mirrors end with the same result"
    finally:
        probe.kill()
        first.stop()
        if second is not None:
            second.stop()
