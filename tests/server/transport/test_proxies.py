"""The client's address behind trusted proxies (server.transport.proxies)."""

from __future__ import annotations

from server.transport.proxies import client_address


def test_the_rightmost_untrusted_hop_is_the_client() -> None:
    nets = "10.0.0.0/8, 127.0.0.1"
    assert client_address("10.1.2.3", "198.51.100.7", nets) == "198.51.100.7"
    assert client_address("10.1.2.3", "6.6.6.6, 198.51.100.7", nets) == "198.51.100.7"  # the left is the client's word
    assert client_address("10.1.2.3", "198.51.100.7, 10.9.9.9", nets) == "198.51.100.7"  # a chain of our proxies
    assert client_address("127.0.0.1", "2001:db8::1", nets) == "2001:db8::1"


def test_anything_doubtful_leaves_the_peer() -> None:
    assert client_address("203.0.113.9", "198.51.100.7", "10.0.0.0/8") == "203.0.113.9"  # not a proxy of ours
    assert client_address("10.1.2.3", "198.51.100.7", "") == "10.1.2.3"  # no proxies named
    assert client_address("10.1.2.3", None, "10.0.0.0/8") == "10.1.2.3"
    assert client_address("10.1.2.3", "not-an-address", "10.0.0.0/8") == "10.1.2.3"
    assert client_address("10.1.2.3", "10.2.2.2", "10.0.0.0/8") == "10.1.2.3"  # only proxies in the chain
    assert client_address("203.0.113.9", "198.51.100.7", "*") == "198.51.100.7"  # every peer trusted
