"""Copy the published JSON schemas the deploy files are checked against into this folder.

The test run has no network, so the schemas live in the repository. They come from two
PyPI packages that ship them (install both in a throwaway virtualenv, then run this):

  kubernetes-validate  the Kubernetes API schemas per version, as JSON Schema ("strict":
                       unknown fields refused); kinds used by deploy/k8s are copied, with
                       `_definitions.json` pruned to the definitions they reach
  check-jsonschema     vendors the Compose Specification schema (compose-spec.json)

    python deploy/schemas/vendor.py [--kubernetes v1.33.0]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import re
import shutil
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
KINDS = [  # schema file names of kubernetes-validate for the kinds deploy/k8s uses
    "configmap-v1.json",
    "secret-v1.json",
    "service-v1.json",
    "deployment-apps-v1.json",
    "statefulset-apps-v1.json",
    "ingress-networking-v1.json",
    "poddisruptionbudget-policy-v1.json",
    "horizontalpodautoscaler-autoscaling-v2.json",
]
REF = re.compile(r'"\$ref": "[^"#]*#/\$defs/([^"]+)"')


def reachable(defs: dict[str, Any], roots: set[str]) -> set[str]:
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        todo += REF.findall(json.dumps(defs[name]))
    return seen


def package_dir(name: str) -> Path:
    """Where an installed package lives, without importing it (only its files are needed)."""
    spec = importlib.util.find_spec(name)
    assert spec is not None and spec.origin is not None, f"install {name} first"
    return Path(spec.origin).parent


def vendor_kubernetes(version: str) -> None:
    src = package_dir("kubernetes_validate") / "kubernetes-json-schema" / f"{version}-local-strict"
    out = HERE / "kubernetes"
    out.mkdir(exist_ok=True)
    roots: set[str] = set()
    for kind in KINDS:
        text = (src / kind).read_text()
        roots |= set(REF.findall(text))
        (out / kind).write_text(text)
    full = json.loads((src / "_definitions.json").read_text())
    keep = reachable(full["$defs"], roots)
    full["$defs"] = {k: v for k, v in full["$defs"].items() if k in keep}
    (out / "_definitions.json").write_text(json.dumps(full, indent=1, sort_keys=True) + "\n")
    (out / "VERSION").write_text(f"{version} (kubernetes-validate, strict)\n")


def vendor_compose() -> None:
    src = package_dir("check_jsonschema") / "builtin_schemas" / "vendor" / "compose-spec.json"
    shutil.copyfile(src, HERE / "compose-spec.json")


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--kubernetes", default="v1.33.0")
    args = p.parse_args()
    vendor_kubernetes(args.kubernetes)
    vendor_compose()


if __name__ == "__main__":
    main()
