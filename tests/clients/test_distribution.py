"""The Python client as a distribution of its own (clients/python/pyproject.toml,
`longhall-client`, imported as `longhall_client`): it imports nothing but the standard
library, its own modules and the dependencies it declares, writes the wire's numbers as
protocol/ defines them (it does not import protocol/), and ships its license and
`py.typed`. tests/release/test_dry_run.py builds its wheel and installs it alone."""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from pathlib import Path

from clients.python import client
from protocol import SUPPORTED_VERSIONS
from protocol.errors import CLOSE_RESTART

ROOT = Path(__file__).resolve().parents[2]
CLIENT = ROOT / "clients" / "python"
PYPROJECT = tomllib.loads((CLIENT / "pyproject.toml").read_text(encoding="utf-8"))


def imports() -> list[ast.Import | ast.ImportFrom]:
    found: list[ast.Import | ast.ImportFrom] = []
    for path in sorted(CLIENT.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found += [n for n in ast.walk(tree) if isinstance(n, ast.Import | ast.ImportFrom)]
    return found


def test_the_client_imports_the_stdlib_and_exactly_the_dependencies_it_declares() -> None:
    tops = set()
    for node in imports():
        if isinstance(node, ast.Import):
            tops |= {alias.name.split(".")[0] for alias in node.names}
        elif node.level == 0 and node.module:
            tops.add(node.module.split(".")[0])
    declared = {re.split(r"[<>=!~;\[ ]", dep, maxsplit=1)[0] for dep in PYPROJECT["project"]["dependencies"]}
    assert tops - sys.stdlib_module_names == declared  # these three distributions are imported by their own names


def test_the_client_names_its_own_modules_relatively() -> None:
    """So that the same files are `clients.python` here and `longhall_client` installed."""
    absolute = [n.module for n in imports() if isinstance(n, ast.ImportFrom) and n.level == 0]
    assert [m for m in absolute if m and m.split(".")[0] in ("clients", "longhall_client", "protocol", "server")] == []


def test_the_wire_numbers_written_in_the_client_are_protocols() -> None:
    assert list(SUPPORTED_VERSIONS) == client.VERSIONS
    assert CLOSE_RESTART == client.CLOSE_RESTART


def test_the_distribution_maps_its_folder_to_longhall_client_and_ships_py_typed() -> None:
    tool = PYPROJECT["tool"]["setuptools"]
    assert tool["packages"] == ["longhall_client"] and tool["package-dir"] == {"longhall_client": "."}
    assert tool["package-data"] == {"longhall_client": ["py.typed"]}
    assert (CLIENT / "py.typed").is_file()


def test_each_package_carries_the_repository_license_word_for_word() -> None:
    license_text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert "MIT License" in license_text and "the Longhall authors" in license_text
    for copy in (CLIENT / "LICENSE", ROOT / "clients" / "js" / "LICENSE"):
        assert copy.read_text(encoding="utf-8") == license_text, f"{copy.relative_to(ROOT)} differs from LICENSE"
