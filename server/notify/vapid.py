"""The node's VAPID key pair (RFC 8292): the application server's identity at every push
service. Made once, by whichever node asks first, and kept in Redis like the token
signing keys (SET NX: every node of a deployment signs with the same key, and a device
subscribed through one node is reached from any). The public key is what a browser's
`PushManager.subscribe` takes as `applicationServerKey` (`GET /api/push/key`).

Rotating it would orphan every subscription (a push service refuses a JWT signed by
another key than the one subscribed with), so it never rotates."""

from __future__ import annotations

import base64

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid
from redis.asyncio import Redis

from server.storage.keys import PUSH_KEY


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


class Keys:
    """The key pair as pywebpush signs with it, and its public half as browsers take it."""

    def __init__(self, private_raw: str) -> None:
        self.signer = Vapid.from_raw(private_raw.encode())
        point = self.signer.public_key.public_bytes(serialization.Encoding.X962,
                                                    serialization.PublicFormat.UncompressedPoint)  # fmt: skip
        self.public = b64url(point)  # 65 bytes: 0x04 || x || y


def made() -> str:
    """A new P-256 private key: its 32-byte scalar, base64url."""
    key = ec.generate_private_key(ec.SECP256R1())
    return b64url(key.private_numbers().private_value.to_bytes(32, "big"))


async def load(redis: Redis) -> Keys:
    """The deployment's key pair, made now if no node made it before."""
    await redis.set(PUSH_KEY, made(), nx=True)
    raw = await redis.get(PUSH_KEY)
    assert raw is not None
    return Keys(raw.decode() if isinstance(raw, bytes) else str(raw))
