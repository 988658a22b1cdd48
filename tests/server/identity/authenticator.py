"""A software authenticator for the passkey tests: it makes the credentials and assertions
a browser's authenticator would (WebAuthn level 3, attestation "none", ES256), so the
server's verification (the `webauthn` library) is tested without a browser. The browser
test (tests/web/test_handover_browser.py) uses Chromium's virtual authenticator instead."""

from __future__ import annotations

import hashlib
import json
import os
import struct
from typing import Any

import cbor2
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from webauthn.helpers import bytes_to_base64url

UP, UV, AT = 0x01, 0x04, 0x40  # authenticator data flags: user present, verified, credential data


class Authenticator:
    def __init__(self, origin: str, rp_id: str) -> None:
        self.origin, self.rp_id = origin, rp_id
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.id = os.urandom(16)
        self.count = 0
        self.user = b""

    def _client_data(self, kind: str, challenge: str) -> bytes:
        return json.dumps({"type": kind, "challenge": challenge, "origin": self.origin, "crossOrigin": False}).encode()

    def _auth_data(self, flags: int, extra: bytes = b"") -> bytes:
        self.count += 1
        return hashlib.sha256(self.rp_id.encode()).digest() + bytes([flags]) + struct.pack(">I", self.count) + extra

    def create(self, options: dict[str, Any]) -> dict[str, Any]:
        """What `navigator.credentials.create(...).toJSON()` gives for these options."""
        numbers = self.key.public_key().public_numbers()
        cose = cbor2.dumps({1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"), -3: numbers.y.to_bytes(32, "big")})
        data = bytes(16) + struct.pack(">H", len(self.id)) + self.id + cose
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": self._auth_data(UP | UV | AT, data)})
        cid = bytes_to_base64url(self.id)
        response = {"clientDataJSON": bytes_to_base64url(self._client_data("webauthn.create", options["challenge"])),
                    "attestationObject": bytes_to_base64url(attestation)}  # fmt: skip
        return {"id": cid, "rawId": cid, "type": "public-key", "response": response}

    def get(self, options: dict[str, Any]) -> dict[str, Any]:
        """What `navigator.credentials.get(...).toJSON()` gives for these options."""
        client = self._client_data("webauthn.get", options["challenge"])
        data = self._auth_data(UP | UV)
        signature = self.key.sign(data + hashlib.sha256(client).digest(), ec.ECDSA(hashes.SHA256()))
        cid = bytes_to_base64url(self.id)
        response = {"clientDataJSON": bytes_to_base64url(client), "authenticatorData": bytes_to_base64url(data),
                    "signature": bytes_to_base64url(signature)}  # fmt: skip
        return {"id": cid, "rawId": cid, "type": "public-key", "response": response}
