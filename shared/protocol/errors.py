"""The one exception of the protocol layer, and the shortening of error messages."""

from __future__ import annotations

import re

#: The longest value an error message repeats from what its sender sent (a format, an
#: action kind, ...): a longer one is cut to this many characters and "…".
VALUE_LENGTH = 40
#: The longest error message sent at all: one sentence for people, whatever it repeats.
MESSAGE_LENGTH = 300
ELLIPSIS = "…"

#: A value quoted in a message, as ``repr`` writes it: '…', or "…" when it holds an
#: apostrophe. An apostrophe inside a word ("table's", "can't") opens or closes none.
#: No backtracking (``*+``): whatever the peer sent, the search takes linear time.
_QUOTED = re.compile(r"""(?<!\w)(?:'[^']*+'|"[^"]*+")(?!\w)""")


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


def short_message(message: str) -> str:
    """``message`` as an error may send it: each quoted value longer than
    :data:`VALUE_LENGTH` is cut to it with "…" (inside its quotes), and what is still
    longer than :data:`MESSAGE_LENGTH` (a value repeated unquoted) is cut to that.

    Messages repeat what their sender sent, which may be kilobytes; the server applies
    this to every ``error`` and ``refused`` it sends (``server/connection.py``), so no
    place that raises needs to cut its values.
    """
    cut = _QUOTED.sub(_cut_quoted, message)
    if len(cut) <= MESSAGE_LENGTH:
        return cut
    return cut[: MESSAGE_LENGTH - len(ELLIPSIS)] + ELLIPSIS


def _cut_quoted(match: re.Match[str]) -> str:
    quoted = match.group()
    quote, inner = quoted[0], quoted[1:-1]
    if len(inner) <= VALUE_LENGTH:
        return quoted
    return f"{quote}{inner[:VALUE_LENGTH]}{ELLIPSIS}{quote}"
