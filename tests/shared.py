"""Where the project's read-only specs and data live: ``../shared`` beside the repository
root (a worktree of the repository sits beside it as well). Tests that compare the
project's copies with the originals run whenever this directory exists."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
RULES = SHARED / "rules"
DATA = SHARED / "data"
SEEDS = SHARED / "seeds"
