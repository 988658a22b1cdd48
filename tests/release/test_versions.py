"""One release version for the server and both clients, said the same way everywhere: the
four manifests, the npm lock files, the newest release of CHANGELOG.md, the versions table
of docs/protocol.md (with the protocol versions the release speaks), the README and
`longhall --version`. The version is written in each manifest because each packaging tool
reads only its own (and the client's sdist cannot reach a file outside its folder): this
test is what keeps them one."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from protocol import SUPPORTED_VERSIONS
from server.node.cli import main

ROOT = Path(__file__).resolve().parents[2]
SEMVER = re.compile(r"^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z.-]+)?$")


def toml(path: str) -> dict[str, Any]:
    return tomllib.loads((ROOT / path).read_text(encoding="utf-8"))


def package(path: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / path).read_text(encoding="utf-8"))
    return data


RELEASE = toml("pyproject.toml")["project"]["version"]


def test_the_release_is_a_semantic_version() -> None:
    assert SEMVER.match(RELEASE), RELEASE


def test_the_server_and_both_clients_have_the_one_release_version() -> None:
    versions = {
        "pyproject.toml": RELEASE,
        "clients/python/pyproject.toml": toml("clients/python/pyproject.toml")["project"]["version"],
        "clients/js/package.json": package("clients/js/package.json")["version"],
        "clients/web/package.json": package("clients/web/package.json")["version"],
    }
    assert {path: v for path, v in versions.items() if v != RELEASE} == {}
    # the server needs the Python client (`longhall bot`) of its own release
    assert f"longhall-client=={RELEASE}" in toml("pyproject.toml")["project"]["dependencies"]


def test_the_lock_files_record_the_same_version() -> None:
    for name in ("js", "web"):
        lock = package(f"clients/{name}/package-lock.json")
        assert lock["version"] == lock["packages"][""]["version"] == RELEASE, f"clients/{name}: npm install"
    assert package("clients/web/package-lock.json")["packages"]["../js"]["version"] == RELEASE


def test_every_package_is_mit_licensed_from_one_repository() -> None:
    assert toml("pyproject.toml")["project"]["license"] == "MIT"
    assert toml("clients/python/pyproject.toml")["project"]["license"] == "MIT"
    assert package("clients/js/package.json")["license"] == package("clients/web/package.json")["license"] == "MIT"
    repository = toml("pyproject.toml")["project"]["urls"]["Repository"]
    assert toml("clients/python/pyproject.toml")["project"]["urls"]["Repository"] == repository
    assert package("clients/js/package.json")["repository"]["url"] == f"git+{repository}.git"


def test_the_changelog_has_an_unreleased_section_and_this_release_on_top() -> None:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?$", text, re.M)
    assert headings[0] == ("Unreleased", "")
    assert headings[1][0] == RELEASE and headings[1][1], "the newest release, with its date"
    for name, _ in headings:
        assert re.search(rf"^\[{re.escape(name)}\]: https://", text, re.M), f"no link for [{name}]"


def test_the_protocol_doc_says_which_protocol_versions_this_release_speaks() -> None:
    doc = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    speaks = ", ".join(str(v) for v in SUPPORTED_VERSIONS)
    assert f"| {RELEASE} | {speaks} |" in doc


def test_the_readme_names_this_release() -> None:
    assert f"Release {RELEASE} ([CHANGELOG.md](CHANGELOG.md))" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_longhall_version_prints_the_installed_release(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"longhall {RELEASE}"  # else the install is stale: scripts/setup.sh
