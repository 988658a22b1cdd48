"""The import structure of the code, read from its source (every import, function-level ones
included): the wire package and the clients know nothing of the server, the games nothing
of the server outside `server.games`, the server's packages import only the layers below
them, and no module imports itself back through others.

What does not hold yet is listed by name below (`DEBTS`, `CYCLES`): the test fails when one
more appears, and also when a listed one is gone, so that the list only ever shrinks."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# the server's packages, lowest first: each imports only packages of a lower rank (and
# `protocol`); packages of one rank import nothing of each other
RANKS = {
    "server.runtime": 1,  # settings, logs, metrics, outage, loops
    "server.games": 2,  # pure rules
    "server.rulebook": 2,
    "server.storage": 3,  # Redis
    "server.rooms": 4,  # the room core
    "server.identity": 5,
    "server.play": 5,  # hosted play around the rules
    "server.archive": 6,
    "server.social": 6,  # players among themselves: rematches, invitations, friends, blocks
    "server.matchmaking": 7,
    "server.tournaments": 7,  # pure pairing and standings
    "server.notify": 7,  # pushes and e-mails, off the move path
    "server.transport": 8,  # the websocket side
    "server.console": 9,  # the operators' reads and actions
    "server.node": 10,  # the process: composition
}
# imports against the layers that remain, each to be removed
DEBTS: set[tuple[str, str]] = set()  # (none left: keep it so)
# import cycles that remain, each a set of modules (none left: keep it so)
CYCLES: list[set[str]] = []


def modules() -> dict[str, Path]:
    found = {}
    for top in ("protocol", "server", "clients/python"):
        for path in (ROOT / top).rglob("*.py"):
            rel = path.relative_to(ROOT).with_suffix("")
            if "migrations" in rel.parts or "node_modules" in rel.parts:
                continue
            name = ".".join(rel.parts).removesuffix(".__init__")
            found[name] = path
    return found


def imports() -> dict[str, set[str]]:
    """Each module's imports of the modules here (a `from package import module` names the module)."""
    mods = modules()

    def known(name: str) -> str | None:
        while name and name not in mods:
            name = name.rpartition(".")[0]
        return name or None

    out: dict[str, set[str]] = defaultdict(set)
    for name, path in mods.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*parts, *([node.module] if node.module else [])])
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in mods else base for a in node.names]
            for target in targets:
                found = known(target)
                if found is not None and found != name:
                    out[name].add(found)
    return out


def package(module: str) -> str:
    parts = module.split(".")
    return ".".join(parts[:2]) if parts[0] == "server" and len(parts) > 1 else parts[0]


def test_the_wire_package_and_the_clients_know_nothing_of_the_server() -> None:
    wrong = {(a, b) for a, bs in imports().items() for b in bs
             if a.split(".")[0] in ("protocol", "clients") and b.startswith("server")}  # fmt: skip
    assert wrong == set()


def test_the_games_import_nothing_of_the_server_outside_the_games() -> None:
    def outside(b: str) -> bool:
        return b.startswith("server") and not b.startswith("server.games")

    wrong = {(a, b) for a, bs in imports().items() for b in bs if a.startswith("server.games") and outside(b)}
    assert wrong == set()


def test_every_server_package_has_a_rank() -> None:
    packages = {package(m) for m in modules() if m.startswith("server.")}
    assert packages - set(RANKS) == set(), "give a new package of server/ its place in RANKS"


def test_the_server_imports_only_downwards() -> None:
    upward = set()
    for a, bs in imports().items():
        for b in bs:
            pa, pb = package(a), package(b)
            if pa in RANKS and pb in RANKS and pa != pb and RANKS[pb] >= RANKS[pa]:
                upward.add((a, b))
    assert upward - DEBTS == set(), "an import against the layers (RANKS)"
    assert DEBTS - upward == set(), "a debt is paid: take it off DEBTS"


def cycles(graph: dict[str, set[str]]) -> list[set[str]]:
    """Strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(component)

    for v in list(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_cycles_but_the_ones_listed() -> None:
    found = cycles(imports())
    assert [c for c in found if c not in CYCLES] == [], "a new import cycle"
    assert [c for c in CYCLES if c not in found] == [], "a listed cycle is gone (or changed): update CYCLES"


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [{"a", "b", "c"}]
