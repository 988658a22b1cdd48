"""deploy/Dockerfile read as a builder reads it, without a container engine.

Splits the Dockerfile into its stages (Docker's own parser, the `dockerfile` package),
filters the build context through the root .dockerignore the way both builders do (the
last pattern that matches a path, or one of its parent folders, decides), and lays out
in a folder exactly the files a stage's COPY lines put into its image. The context is a
clean checkout: the files git tracks. Left out: COPY --from (another stage's output),
ADD, and the bracket classes of the pattern syntax (the repository uses none).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path, PurePosixPath
from typing import Any

import dockerfile

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = ROOT / "deploy" / "Dockerfile"


@dataclass
class Stage:
    name: str  # its `AS` name, or its index for an unnamed stage
    base: str  # the FROM image, build arguments substituted
    commands: list[Any] = field(default_factory=list)  # dockerfile.Command after FROM

    def runs(self) -> list[str]:
        return [c.value[0] for c in self.commands if c.cmd == "RUN"]


def stages(path: Path = DOCKERFILE) -> list[Stage]:
    args: dict[str, str] = {}
    found: list[Stage] = []
    for c in dockerfile.parse_file(str(path)):
        if c.cmd == "ARG" and not found:
            name, _, default = c.value[0].partition("=")
            args[name] = default
        elif c.cmd == "FROM":
            base = re.sub(r"\$\{(\w+)\}|\$(\w+)", lambda m: args.get(m[1] or m[2], ""), c.value[0])
            name = c.value[2] if len(c.value) == 3 and c.value[1].upper() == "AS" else str(len(found))
            found.append(Stage(name, base))
        elif found:
            found[-1].commands.append(c)
    return found


def stage(name: str, path: Path = DOCKERFILE) -> Stage:
    return next(s for s in stages(path) if s.name == name)


def pattern(glob: str) -> re.Pattern[str]:
    """A .dockerignore or COPY pattern as a regex over slash-separated relative paths."""
    glob = str(PurePosixPath(glob.strip().lstrip("/")))
    out, i = "", 0
    while i < len(glob):
        if glob.startswith("**/", i):
            out, i = out + "(?:.*/)?", i + 3
        elif glob.startswith("**", i):
            out, i = out + ".*", i + 2
        elif glob[i] == "*":
            out, i = out + "[^/]*", i + 1
        elif glob[i] == "?":
            out, i = out + "[^/]", i + 1
        else:
            out, i = out + re.escape(glob[i]), i + 1
    return re.compile(out + r"\Z")


def ignore_rules(text: str) -> list[tuple[bool, re.Pattern[str]]]:
    """(keep, pattern) per line of a .dockerignore: `!` keeps what an earlier line dropped."""
    rules = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            keep = line.startswith("!")
            rules.append((keep, pattern(line.removeprefix("!"))))
    return rules


def sent(path: str, rules: list[tuple[bool, re.Pattern[str]]]) -> bool:
    """Whether a builder sends this file: the last rule matching it or a parent decides."""
    parts = path.split("/")
    prefixes = ["/".join(parts[: n + 1]) for n in range(len(parts))]
    verdict = True
    for keep, rx in rules:
        if any(rx.match(p) for p in prefixes):
            verdict = keep
    return verdict


@cache
def context(root: Path = ROOT) -> tuple[str, ...]:
    """The files of a clean checkout that the builder sends (root .dockerignore applied)."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=root, capture_output=True, text=True, check=True)
    ignore = root / ".dockerignore"
    rules = ignore_rules(ignore.read_text()) if ignore.exists() else []
    return tuple(f for f in listed.stdout.split("\0") if f and (root / f).is_file() and sent(f, rules))


class CopyError(Exception):
    """A COPY source that matches nothing the builder was sent (the build fails on it)."""


def copies(st: Stage, files: tuple[str, ...]) -> dict[str, str]:
    """{path in the stage's file system: path in the context} for every COPY of the stage
    that takes from the context, WORKDIR applied to relative destinations."""
    placed: dict[str, str] = {}
    workdir = "/"
    for c in st.commands:
        if c.cmd == "WORKDIR":
            workdir = str(PurePosixPath(workdir, c.value[0]))
        if c.cmd != "COPY" or any(f.startswith("--from") for f in c.flags):
            continue
        *sources, dest = c.value
        into_dir = dest.endswith("/") or len(sources) > 1 or any(ch in s for s in sources for ch in "*?")
        dest = str(PurePosixPath(workdir, dest))
        for src in sources:
            src = str(PurePosixPath(src.lstrip("/")))
            if src == ".":
                matched = {f: f for f in files}
            elif any(ch in src for ch in "*?"):
                rx = pattern(src)
                matched = {f.rsplit("/", 1)[-1]: f for f in files if rx.match(f)}
            elif src in files:
                matched = {src.rsplit("/", 1)[-1] if into_dir else "": src}
            else:
                matched = {f[len(src) + 1 :]: f for f in files if f.startswith(src + "/")}
            if not matched:
                raise CopyError(f"COPY {src}: nothing in the build context matches it (.dockerignore?)")
            for rel, f in matched.items():
                placed[str(PurePosixPath(dest, rel)) if rel else dest] = f
    return placed


def lay_out(st: Stage, into: Path, root: Path = ROOT) -> Path:
    """Copy into `into` what the stage's COPY lines put in its image (`into` stands for its
    root); returns the stage's last WORKDIR there, where its RUN lines run."""
    for target, src in copies(st, context(root)).items():
        dest = into / target.lstrip("/")
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(root / src, dest)
    workdirs = [c.value[0] for c in st.commands if c.cmd == "WORKDIR"]
    work = into / (workdirs[-1].lstrip("/") if workdirs else "")
    work.mkdir(parents=True, exist_ok=True)
    return work
