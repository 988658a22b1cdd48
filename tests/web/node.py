"""Node and npm for the web tests: install a package's node_modules when missing, run node.

scripts/test runs `npm ci` before pytest; this makes a bare `pytest tests/web` work too.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
JS = ROOT / "clients" / "js"
WEB = ROOT / "clients" / "web"


def npm_ready(package: Path) -> None:
    """`npm ci` in `package` unless its node_modules matches its lock file already."""
    stamp = package / "node_modules" / ".package-lock.json"
    lock = package / "package-lock.json"
    if stamp.exists() and stamp.stat().st_mtime >= lock.stat().st_mtime:
        return
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=package, check=True)


def run(args: list[str], cwd: Path, timeout: float, **env: str) -> subprocess.CompletedProcess[str]:
    node = shutil.which(args[0])
    assert node is not None, f"{args[0]} is not installed"
    return subprocess.run(args, cwd=cwd, env={**os.environ, **env}, capture_output=True, text=True, timeout=timeout)


SHOTS = ROOT / "test-artifacts" / "web"


def browser_suite(http: str, targets: list[str], passes: int, timeout: float, concurrency: int = 1) -> str:
    """Run node:test browser scenarios of the web app against the server at `http`;
    assert that all `passes` tests passed and none failed; their output."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    args = ["node", "--test", f"--test-concurrency={concurrency}", *targets]
    out = run(args, WEB, timeout=timeout, LONGHALL_HTTP=http, LONGHALL_SHOTS=f"{SHOTS}/")
    said = failures(out.stdout) + "\n----- the end of the output -----\n" + out.stdout[-6000:] + out.stderr[-2000:]
    assert out.returncode == 0, said
    assert "# fail 0" in out.stdout and f"# pass {passes}" in out.stdout, said
    return out.stdout


def failures(tap: str, most: int = 6000) -> str:
    """The failed tests' blocks of a node:test TAP output ("not ok N - name" and the
    indented lines that say why), first: a long output's tail may not hold them."""
    blocks: list[str] = []
    lines = tap.splitlines()
    for i, line in enumerate(lines):
        if line.lstrip().startswith("not ok "):
            depth = len(line) - len(line.lstrip())
            block = [line]
            for after in lines[i + 1 :]:
                if after.strip() and len(after) - len(after.lstrip()) <= depth:
                    break
                block.append(after)
            blocks.append("\n".join(block))
    return "\n".join(blocks)[:most] or "(no failed test named in the output)"


def keep_redraws(stdout: str, into: Path) -> list[dict[str, object]]:
    """The click → redraw samples the scenarios printed ("# redraw {json}" lines, see
    clients/web/test/play/redraw.js), written to `into` as JSON and their "# timing"
    lines printed (seen with pytest -s). Only recorded: timings are not asserted."""
    runs = [json.loads(line[line.index("# redraw ") + 9 :]) for line in stdout.splitlines() if "# redraw {" in line]
    into.write_text(json.dumps(runs, indent=1))
    for line in stdout.splitlines():
        if "# timing" in line:
            print(line[line.index("# timing") :])
    return runs
