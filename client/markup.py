"""Text from outside the program (players' names, chat, file paths, a server's words) put
into Textual markup as it is, whatever it holds.

Textual's own ``escape`` escapes only what reads as a whole tag (``[b]``): a name such
as ``Zed[/`` passes unescaped, and with the markup that follows it on the line (``[/b]``)
it makes a closing tag that matches nothing, which stops the program. Here every ``[``
is escaped, and a backslash at the end, which would escape the next tag's bracket, is
kept apart from it by a zero-width space.
"""

from __future__ import annotations

#: Put after a final backslash: it keeps the backslash from escaping the next "[".
_APART = "\u200b"


def escape(text: str) -> str:
    """``text`` as markup that shows exactly ``text``."""
    out = text.replace("[", "\\[")
    return out + _APART if out.endswith("\\") else out
