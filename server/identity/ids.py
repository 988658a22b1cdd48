"""Player identity: a random player id and a token that proves it.

The token is `<player>.<hmac>` signed with the server secret, so any node holding the
secret can verify it with no lookup. The secret lives in Redis (created once with SET
NX), so every node of one deployment shares it; `LONGHALL_SECRET` overrides it. With the
embedded Redis the secret is persisted in the data directory with everything else.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import unicodedata

NAME_LENGTH = 32  # characters a player name keeps


def clean_name(raw: object) -> str:
    """A player name as others see it: NFC, no control or format characters (no bidi
    overrides, no zero-width tricks), whitespace collapsed, at most NAME_LENGTH
    characters; "" when nothing is left (the caller picks a default)."""
    if not isinstance(raw, str):
        return ""
    text = unicodedata.normalize("NFC", raw)
    kept = "".join(" " if ch.isspace() else ch for ch in text if unicodedata.category(ch)[0] != "C" or ch.isspace())
    return " ".join(kept.split())[:NAME_LENGTH].strip()


def new_player_id() -> str:
    return secrets.token_hex(8)


class Signer:
    def __init__(self, secret: bytes) -> None:
        self._secret = secret

    def _mac(self, player: str) -> str:
        return hmac.new(self._secret, player.encode(), hashlib.sha256).hexdigest()[:32]

    def token(self, player: str) -> str:
        return f"{player}.{self._mac(player)}"

    def verify(self, token: str) -> str | None:
        """The player id the token proves, or None."""
        player, _, mac = token.partition(".")
        if not player or not mac or len(player) > 32:
            return None
        return player if hmac.compare_digest(mac, self._mac(player)) else None
