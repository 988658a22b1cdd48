"""docs/architecture.md keeps up with the code: every module, function and path it names
exists, every package and module of server/ is in its layout with the rank the layering
test gives it, every Redis key of server.storage.keys is in its Redis model, and every
bench/RESULTS.md section it cites is there."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

from server.storage import keys
from tests.test_layers import RANKS

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
TICKED = re.findall(r"`([^`]+)`", DOC)


def section(title: str) -> str:
    start = DOC.index(f"## {title}\n")
    end = DOC.find("\n## ", start + 1)
    return DOC[start : end if end > 0 else None]


def resolve(dotted: str) -> object:
    """The module, class or function a dotted name names (ImportError/AttributeError if none)."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attr in parts[cut:]:
            obj = getattr(obj, attr)
        return obj
    raise ImportError(dotted)


def unresolved(dotted: set[str]) -> list[str]:
    """The dotted names of a document that name nothing (`resolve`)."""
    missing = []
    for name in sorted(dotted):
        try:
            resolve(name)
        except (ImportError, AttributeError):
            missing.append(name)
    return missing


def test_every_dotted_name_exists() -> None:
    dotted = {t for t in TICKED if re.fullmatch(r"(server|protocol)(\.\w+)+", t)}
    assert len(dotted) > 20
    assert unresolved(dotted) == []


def test_every_path_exists() -> None:
    paths = {t for t in TICKED if re.fullmatch(r"(server|protocol|tests|bench|docs|clients)/[\w/.<>-]*", t)}
    missing = [p for p in sorted(paths) if "<" not in p and not (ROOT / p).exists()]
    assert missing == []


def test_the_layout_lists_every_package_and_module_with_its_rank() -> None:
    layout = section("Layout")
    rows = {m.group(2): (int(m.group(1)), line) for line in layout.splitlines()
            if (m := re.match(r"\| (\d+) \| `server/(\w+)/` \|", line))}  # fmt: skip
    packages = {p.name for p in (ROOT / "server").iterdir() if (p / "__init__.py").exists()}
    assert set(rows) == packages
    assert {f"server.{p}": rank for p, (rank, _) in rows.items()} == RANKS
    unlisted = []
    for pkg, (_, line) in rows.items():
        if pkg == "games":  # the games' own packages: one per game, each with its own modules
            continue
        for module in (ROOT / "server" / pkg).glob("*.py"):
            if module.stem not in ("__init__", "__main__") and f"`{module.stem}`" not in line:
                unlisted.append(f"{pkg}.{module.stem}")
    assert unlisted == []


def test_the_redis_model_names_every_key() -> None:
    model = section("The Redis model")
    names = [n for n, v in vars(keys).items()
             if not n.startswith("_") and getattr(v, "__module__", keys.__name__) == keys.__name__
             and (callable(v) or n.isupper())]  # fmt: skip
    assert "keys" in names and "PLAYING_ROOMS" in names
    assert [n for n in names if f"`{n}`" not in model and f"`{n} " not in model] == []


def test_the_redis_model_spells_keys_as_the_keys_module_does() -> None:
    room = "ID"
    made = {*keys.released(room), keys.claim_key(room), keys.rematch_key(room), keys.channel(room),
            keys.public_key("GAME")}  # fmt: skip
    shown = set(re.findall(r"`((?:room|rooms):[^`]+)`", section("The Redis model")))
    assert shown <= made
    assert set(keys.keys(room)) <= shown


def test_the_benchmark_sections_cited_are_there() -> None:
    results = (ROOT / "bench" / "RESULTS.md").read_text(encoding="utf-8")
    headings = {line.lstrip("#").strip() for line in results.splitlines() if line.startswith("#")}
    cited = re.findall(r'"([^"]+)"', section("The process model"))
    assert cited
    assert [c for c in cited if c not in headings] == []
