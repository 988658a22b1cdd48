"""Who a player is: ids and names (`ids`), signed tokens that expire, rotate and can be
revoked (`tokens`), and storage quotas counted per player across every node (`quotas`)."""

from protocol import native

native.extend(__path__, __name__)  # compiled modules first, when built from these sources (protocol.native)
