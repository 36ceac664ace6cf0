"""The one exception of the protocol layer."""

from __future__ import annotations


class ProtocolError(Exception):
    """A frame or a message is not acceptable.

    ``code`` is one of the error codes of ``docs/protocol.md`` (``malformed``,
    ``too_big``, ``unknown_type``, ...); ``message`` is one sentence for people.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"ProtocolError({self.code!r}, {self.message!r})"
