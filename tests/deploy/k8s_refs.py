"""What the API server and the controllers check of deploy/k8s beyond its schema.

A manifest can match the published schema and still break a rollout: a Deployment whose
selector misses its own pod labels is refused by the API server; a Service that selects
no pod, an Ingress naming a missing Service, an HPA or PDB aimed at nothing, an envFrom
naming a missing ConfigMap, a probe on a port name the container lacks — each is
accepted and fails later, quietly. `problems(docs)` lists them all, one line each:

- names: every metadata.name a DNS-1123 subdomain, Service, container and port names
  DNS-1123 labels (port names at most 15 characters, as IANA service names);
- quantities (resources, storage) in the API's Quantity syntax ("512Mi", not "512 Mi");
- selectors: a workload's selector matches its pod template's labels; a Service and a
  PodDisruptionBudget select the pods of some workload;
- references: every Service, Deployment, StatefulSet, ConfigMap and Secret (and key) a
  manifest names exists among the manifests, except `EXTERNAL` (made by someone else);
- ports: probes and a Service's targetPort name ports the pods have; an Ingress backend
  names a port of its Service.
Left out: what only a live cluster knows (storage classes, the ingress class, quotas).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

Doc = dict[str, Any]

# Secrets a manifest names but the operator provides: the Ingress's TLS certificate
# (cert-manager or `kubectl create secret tls`)
EXTERNAL = {("Secret", "longhall-tls")}
WORKLOADS = ("Deployment", "StatefulSet")
SUBDOMAIN = re.compile(r"[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\Z")
LABEL = re.compile(r"[a-z0-9]([-a-z0-9]*[a-z0-9])?\Z")
PORT_NAME = re.compile(r"(?=.*[a-z])[a-z0-9]([-a-z0-9]*[a-z0-9])?\Z")
QUANTITY = re.compile(
    r"[+-]?(\d+(\.\d*)?|\.\d+)(([KMGTPE]i)|[numkMGTPE]|[eE][+-]?(\d+(\.\d*)?|\.\d+))?\Z"
)  # k8s.io/apimachinery/pkg/api/resource, the Quantity grammar


def problems(docs: list[Doc]) -> list[str]:
    return [*names(docs), *quantities(docs), *selectors(docs), *references(docs), *ports(docs)]


def find(docs: list[Doc], kind: str, name: str) -> Doc | None:
    return next((d for d in docs if d["kind"] == kind and d["metadata"]["name"] == name), None)


def ident(doc: Doc) -> str:
    return f"{doc['kind']} {doc['metadata']['name']}"


def pod_specs(docs: list[Doc]) -> Iterator[tuple[Doc, Doc]]:
    """(workload, its pod template) for every Deployment and StatefulSet."""
    for d in docs:
        if d["kind"] in WORKLOADS:
            yield d, d["spec"]["template"]


def containers(pod: Doc) -> list[Doc]:
    spec = pod["spec"]
    return [*spec.get("initContainers", []), *spec["containers"]]


def selects(selector: Doc, labels: dict[str, str]) -> bool:
    """A LabelSelector's matchLabels and matchExpressions against a set of labels."""
    if any(labels.get(k) != v for k, v in selector.get("matchLabels", {}).items()):
        return False
    for e in selector.get("matchExpressions", []):
        have, op = e["key"] in labels, e["operator"]
        value = labels.get(e["key"])
        ok = {
            "In": have and value in e.get("values", []),
            "NotIn": not have or value not in e.get("values", []),
            "Exists": have,
            "DoesNotExist": not have,
        }[op]
        if not ok:
            return False
    return bool(selector.get("matchLabels") or selector.get("matchExpressions"))


def names(docs: list[Doc]) -> Iterator[str]:
    for d in docs:
        name = d["metadata"]["name"]
        if not (len(name) <= 253 and SUBDOMAIN.match(name)):
            yield f"{ident(d)}: name {name!r} is not a DNS-1123 subdomain (lower case, digits, '-', '.')"
        if d["kind"] == "Service" and not (len(name) <= 63 and LABEL.match(name)):
            yield f"{ident(d)}: a Service name must be a DNS-1123 label"
    for w, pod in pod_specs(docs):
        for c in containers(pod):
            if not (len(c["name"]) <= 63 and LABEL.match(c["name"])):
                yield f"{ident(w)}: container name {c['name']!r} is not a DNS-1123 label"
            for p in c.get("ports", []):
                if "name" in p and not (len(p["name"]) <= 15 and PORT_NAME.match(p["name"])):
                    yield f"{ident(w)}: port name {p['name']!r} is not an IANA service name"


def quantities(docs: list[Doc]) -> Iterator[str]:
    def check(where: str, values: dict[str, Any]) -> Iterator[str]:
        for key, value in values.items():
            if not QUANTITY.match(str(value)):
                yield f"{where}: {key} {value!r} is not a quantity (e.g. 512Mi, 500m, 5Gi)"

    for w, pod in pod_specs(docs):
        for c in containers(pod):
            for part in ("requests", "limits"):
                yield from check(f"{ident(w)}/{c['name']} {part}", c.get("resources", {}).get(part, {}))
        for claim in w["spec"].get("volumeClaimTemplates", []):
            yield from check(f"{ident(w)} claim {claim['metadata']['name']}", claim["spec"]["resources"]["requests"])


def selectors(docs: list[Doc]) -> Iterator[str]:
    pods = [pod["metadata"].get("labels", {}) for _, pod in pod_specs(docs)]
    for w, pod in pod_specs(docs):
        if not selects(w["spec"]["selector"], pod["metadata"].get("labels", {})):
            yield f"{ident(w)}: spec.selector does not match the pod template's labels"
    for d in docs:
        selector = {
            "Service": lambda d: {"matchLabels": d["spec"].get("selector", {})},
            "PodDisruptionBudget": lambda d: d["spec"]["selector"],
        }.get(d["kind"], lambda d: None)(d)
        if selector is not None and not any(selects(selector, labels) for labels in pods):
            yield f"{ident(d)}: its selector matches no pod of any workload"


def references(docs: list[Doc]) -> Iterator[str]:
    def missing(kind: str, name: str, key: str | None = None) -> str | None:
        if (kind, name) in EXTERNAL:
            return None
        target = find(docs, kind, name)
        if target is None:
            return f"{kind} {name!r} does not exist"
        stored = {**target.get("data", {}), **target.get("stringData", {})}
        if key is not None and key not in stored:
            return f"{kind} {name!r} has no key {key!r}"
        return None

    def refs(d: Doc) -> Iterator[tuple[str, str, str | None]]:
        if d["kind"] == "HorizontalPodAutoscaler":
            yield d["spec"]["scaleTargetRef"]["kind"], d["spec"]["scaleTargetRef"]["name"], None
        if d["kind"] == "StatefulSet":
            yield "Service", d["spec"]["serviceName"], None
        if d["kind"] == "Ingress":
            for rule in d["spec"].get("rules", []):
                for path in rule.get("http", {}).get("paths", []):
                    yield "Service", path["backend"]["service"]["name"], None
            for tls in d["spec"].get("tls", []):
                yield "Secret", tls["secretName"], None
        if d["kind"] in WORKLOADS:
            pod = d["spec"]["template"]["spec"]
            for c in containers(d["spec"]["template"]):
                for src in c.get("envFrom", []):
                    for kind, field in (("ConfigMap", "configMapRef"), ("Secret", "secretRef")):
                        if field in src and not src[field].get("optional"):
                            yield kind, src[field]["name"], None
                for env in c.get("env", []):
                    for kind, field in (("ConfigMap", "configMapKeyRef"), ("Secret", "secretKeyRef")):
                        ref = env.get("valueFrom", {}).get(field)
                        if ref is not None and not ref.get("optional"):
                            yield kind, ref["name"], ref["key"]
            for v in pod.get("volumes", []):
                if "configMap" in v:
                    yield "ConfigMap", v["configMap"]["name"], None
                if "secret" in v:
                    yield "Secret", v["secret"]["secretName"], None

    for d in docs:
        for kind, name, key in refs(d):
            why = missing(kind, name, key)
            if why is not None:
                yield f"{ident(d)}: refers to {why}"


def ports(docs: list[Doc]) -> Iterator[str]:
    def named(pod: Doc) -> set[str | int]:
        have: set[str | int] = set()
        for c in containers(pod):
            for p in c.get("ports", []):
                have |= {p["containerPort"], *([p["name"]] if "name" in p else [])}
        return have

    for w, pod in pod_specs(docs):
        have = named(pod)
        for c in containers(pod):
            for probe in ("readinessProbe", "livenessProbe", "startupProbe"):
                action = c.get(probe, {})
                port = (action.get("httpGet") or action.get("tcpSocket") or action.get("grpc") or {}).get("port")
                if isinstance(port, str) and port not in have:
                    yield f"{ident(w)}/{c['name']} {probe}: no container port is named {port!r}"
    for svc in (d for d in docs if d["kind"] == "Service"):
        chosen = [pod for _, pod in pod_specs(docs) if selects({"matchLabels": svc["spec"].get("selector", {})},
                                                                pod["metadata"].get("labels", {}))]  # fmt: skip
        for p in svc["spec"]["ports"]:
            target = p.get("targetPort", p["port"])
            if chosen and not any(target in named(pod) for pod in chosen):
                yield f"{ident(svc)}: targetPort {target!r} is not a port of the pods it selects"
    for ing in (d for d in docs if d["kind"] == "Ingress"):
        for rule in ing["spec"].get("rules", []):
            for path in rule.get("http", {}).get("paths", []):
                backend = path["backend"]["service"]
                svc = find(docs, "Service", backend["name"])
                want = backend["port"].get("name", backend["port"].get("number"))
                if svc is not None and not any(want in (p.get("name"), p["port"]) for p in svc["spec"]["ports"]):
                    yield f"{ident(ing)}: Service {backend['name']!r} has no port {want!r}"
