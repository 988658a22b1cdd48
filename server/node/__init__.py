"""A node as a process: the Starlette app that composes every part (`app`), its JSON
routes (`api`), the `longhall` command (`cli`), graceful shutdown and the probes
(`drain`) and the built web app's files (`web_files`)."""

from protocol import native

native.extend(__path__, __name__)  # compiled modules first, when built from these sources (protocol.native)
