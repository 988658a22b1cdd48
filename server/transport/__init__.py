"""The websocket side of a node: the lean websocket in uvicorn's slot (`websocket`), the
HTTP upgrade's caps (`handshake`), allowed browser origins (`origins`), one connection's
state (`session`), connections that must not linger (`liveness`), cost-weighted rate
limits (`limits`), and the gateway that decodes, validates and dispatches each frame."""

from protocol import native

native.extend(__path__, __name__)  # compiled modules first, when built from these sources (protocol.native)
