"""What every part of a node uses and no part owns: settings (`config`), logging
(`logs`), Prometheus metrics (`metrics`), which exceptions mean the store is out of reach
and logs that say so once in a while (`outage`), and background loops with the lease that
lets one node run a loop for all (`loops`). Imports nothing else of the server."""

from protocol import native

native.extend(__path__, __name__)  # compiled modules first, when built from these sources (protocol.native)
