"""The client's address behind trusted proxies: what every per-address limit keys on.

By default a request's address is its TCP peer. Behind a load balancer every player would
then share the balancer's address (and its limits), so a node may be told which peers are
its proxies (`trusted_proxies`: addresses and networks, comma-separated, e.g.
"10.0.0.0/8,127.0.0.1"; "*" trusts every peer and every hop, so the leftmost address is
the client's — only where nothing but the proxies can reach the node). From a trusted
peer the client's address is read from X-Forwarded-For: the rightmost address there that
is not itself a trusted proxy (the one the last trusted hop saw; anything to its left was
written by the client and may be forged). Anything else — an untrusted peer, a missing
or malformed header — leaves the peer's address.

Both the HTTP limits (server.node.http_limits) and the websocket's per-address limits
(server.transport.websocket, server.transport.limits) use it; the per-address cap on
open TCP connections (server.transport.handshake) necessarily counts peers.
"""

from __future__ import annotations

import ipaddress
from functools import lru_cache

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@lru_cache(maxsize=8)
def parse(spec: str) -> tuple[Network, ...] | None:
    """The trusted networks of a `trusted_proxies` setting (None: every peer is trusted)."""
    nets: list[Network] = []
    for part in filter(None, (p.strip() for p in spec.split(","))):
        if part == "*":
            return None
        nets.append(ipaddress.ip_network(part, strict=False))
    return tuple(nets)


def trusted(address: str, nets: tuple[Network, ...] | None) -> bool:
    if nets is None:
        return True
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in net for net in nets)


def client_address(peer: str, forwarded: str | None, spec: str) -> str:
    """The address a request comes from: `peer`, or behind trusted proxies the client's
    address from `forwarded` (the X-Forwarded-For header)."""
    if not spec or not forwarded:
        return peer
    nets = parse(spec)
    if not trusted(peer, nets):
        return peer
    hops = [h.strip() for h in forwarded.split(",")]
    if nets is None:  # every address a proxy of ours: the first hop is the client
        hops = hops[:1]
    for hop in reversed(hops):
        try:
            ipaddress.ip_address(hop)
        except ValueError:
            return peer  # a malformed header: trust none of it
        if nets is None or not trusted(hop, nets):
            return hop
    return peer  # every hop a proxy of ours
