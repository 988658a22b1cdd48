"""The JavaScript client as a package: its type definitions compile in a program that
imports it by name under each TypeScript module resolution a project may use (bundler,
node16, nodenext), plain Node imports it by name, and package.json says what a registry
and a bundler read (license, engines, repository, sideEffects).
tests/release/test_dry_run.py checks the tarball `npm pack` makes of it."""

from __future__ import annotations

import json

import pytest

from tests.web.node import JS, npm_ready, run

PACKAGE = json.loads((JS / "package.json").read_text(encoding="utf-8"))
CONFIGS = {
    "bundler": "tsconfig.json",
    "node16": "test/types/tsconfig.node16.json",
    "nodenext": "test/types/tsconfig.nodenext.json",
}


@pytest.mark.parametrize("resolution", list(CONFIGS))
def test_the_types_compile_under_each_module_resolution(resolution: str) -> None:
    config = json.loads((JS / CONFIGS[resolution]).read_text(encoding="utf-8"))
    options = config["compilerOptions"]
    assert options["moduleResolution"] == resolution
    assert any(f.endswith("consumer.ts") for f in config["files"])  # the program importing "@longhall/client"
    npm_ready(JS)
    out = run(["npx", "tsc", "-p", CONFIGS[resolution]], JS, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr


def test_the_typecheck_script_compiles_every_resolution() -> None:
    assert all(path in PACKAGE["scripts"]["typecheck"] for path in CONFIGS.values())


def test_plain_node_imports_the_package_by_name() -> None:
    npm_ready(JS)
    out = run(["node", "--test", "test/package.test.js"], JS, timeout=60)
    assert out.returncode == 0 and "# fail 0" in out.stdout, out.stdout[-3000:] + out.stderr[-2000:]


def test_the_manifest_says_what_registries_and_bundlers_read() -> None:
    assert PACKAGE["license"] == "MIT"
    assert PACKAGE["type"] == "module" and PACKAGE["sideEffects"] is False
    assert PACKAGE["engines"] == {"node": ">=20"}  # README: Node 20 with the `ws` package
    assert PACKAGE["repository"]["directory"] == "clients/js"
    assert PACKAGE["exports"]["."]["types"] == "./src/index.d.ts"
