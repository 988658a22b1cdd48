"""The `longhall` command. `serve --help` documents every flag and names the environment
variable each one overrides (the one the node really reads, listed in the README's
settings tables); `bot` says what it waits for and can fill the other seats with server
bots."""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server.node import cli

README = (Path(__file__).resolve().parents[3] / "README.md").read_text(encoding="utf-8")
VARIABLE = re.compile(r"\b(?:LONGHALL_[A-Z_]+|REDIS_URL|DATABASE_URL)\b")
VALUES = {
    "appendfsync": "everysec",
    "local_archive": "1",
    "log_level": "debug",
}  # what a variable is set to, where "7" will not do
WHERE = {"redis": "redis_url", "database": "database_url"}  # a flag's Settings field, where the names differ


def serve_options() -> list[argparse.Action]:
    sub = next(a for a in cli.parser()._actions if isinstance(a, argparse._SubParsersAction))
    return [a for a in sub.choices["serve"]._actions if a.option_strings and a.dest != "help"]


def test_every_flag_has_help_naming_its_variable() -> None:
    undocumented = [a.option_strings[0] for a in serve_options() if not a.help or not VARIABLE.search(a.help)]
    assert undocumented == []
    named = {v for a in serve_options() for v in VARIABLE.findall(a.help or "")}
    assert [v for v in sorted(named) if f"| `{v}` |" not in README] == []


@pytest.fixture
def root_logging() -> Iterator[None]:
    """Reading the settings sets the process's logging up (server.runtime.logs): put it back."""
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    yield
    root.handlers, root.level = handlers, level


@pytest.mark.parametrize("action", serve_options(), ids=lambda a: a.option_strings[0])
@pytest.mark.usefixtures("root_logging")
def test_the_variable_named_is_the_one_read(action: argparse.Action, monkeypatch: pytest.MonkeyPatch) -> None:
    variable = VARIABLE.findall(action.help or "")[0]
    raw = VALUES.get(action.dest, "7")
    monkeypatch.setenv(variable, raw)
    monkeypatch.setenv("LONGHALL_LOCAL_ARCHIVE", "1")  # an external Redis would need a database otherwise
    args = cli.parser().parse_args(["serve"])
    settings = cli._settings(args)
    # host, port, workers and appendfsync are read by the flag's default; the rest through Settings
    got = getattr(settings, WHERE.get(action.dest, action.dest), getattr(args, action.dest))
    assert got == type(got)(raw), f"{action.option_strings[0]} does not follow {variable}"


async def bot_command(server: Any, *args: str) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "server.node.cli", "bot", "--url", server.url, "--seed", "5", *args,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip


async def test_a_bot_alone_says_what_it_waits_for(server) -> None:
    proc = await bot_command(server, "--game", "highcard", "--seats", "2")
    try:
        assert proc.stdout is not None and proc.stderr is not None
        room = (await asyncio.wait_for(proc.stdout.readline(), 30)).decode().split()[1]
        said = (await asyncio.wait_for(proc.stderr.readline(), 30)).decode()
        assert said.startswith(f"room {room}: waiting for 1 more player (seat 1)")
        assert f"longhall bot --room {room}" in said and "--fill-bots" in said
    finally:
        proc.kill()
        await proc.wait()


async def test_a_bot_can_fill_the_other_seats_with_server_bots(server) -> None:
    proc = await bot_command(server, "--game", "highcard", "--seats", "3", "--fill-bots")
    out, err = await asyncio.wait_for(proc.communicate(), 120)
    assert proc.returncode == 0, err.decode()
    assert b"waiting" not in err  # nobody to wait for
    assert json.loads(out.decode().splitlines()[-1])["winners"]
