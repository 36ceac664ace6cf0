"""The wire protocol shared by the server and its clients (see ``docs/protocol.md``).

``codec`` is the only module in the project that imports msgpack; ``messages`` checks the
shape of every message; ``diff`` turns two consecutive seat documents into patch ops and
back, and hashes a document.
"""

from __future__ import annotations

from shared.protocol.errors import ProtocolError

#: Major version of the wire protocol; a client with another version is turned away.
#: 2: a patch carries the document hash only on every ``diff.HASH_EVERY``-th ``seq``.
#: 3: ``settings`` has ``skip`` (pass every response window until the seat's turn).
PROTOCOL_VERSION = 3

__all__ = ["PROTOCOL_VERSION", "ProtocolError"]
