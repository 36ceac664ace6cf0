"""The table's top status line: the link state, the table's title, then whose turn it
is, who is to act, the phase and the battle step — fitted to the line's width.

A line too long for its width drops parts, least useful first, until it fits: the turn
number, then the title (the table's name, join code and match score) for its short form
(the join code and "Game 2/3 · 1–0"), then the title — with the turn number back each
time if that fits — then the turn number again, then the battle step (the battle panel
and the prompt's title show it too). A local game's title ("Local game", "Hot-seat",
then its match score: its short form) loses that first word before the turn number.
"priority: Ann" on Ann's turn (the line names her already) goes before anything else,
each time. Last, whose turn it is goes (the board marks that player ▶), before who is
to act and the phase; the link state ("reconnecting…") stays, first. What still does
not fit is cut at the end.

A spectator's line always says they are watching: its short title starts with
"Watching", and a line without a title keeps the word, after the link state.
"""

from __future__ import annotations

from rich.cells import cell_len
from textual import events, on
from textual.dom import NoScreen

from client.markup import escape
from client.viewmodel.table import StatusParts
from client.widgets import MarkupStatic

#: Between the parts of the line.
SEPARATOR = " · "

#: What a spectator's line starts with (their title, "Watching CODE", says it already).
WATCHING = "Watching"


def _joined(pieces: list[tuple[str, str]]) -> tuple[str, int]:
    """``pieces`` (plain text, its markup) joined: the markup and its width in cells."""
    pieces = [piece for piece in pieces if piece[0]]
    width = cell_len(SEPARATOR.join(plain for plain, _ in pieces))
    return SEPARATOR.join(markup for _, markup in pieces), width


def _watched(title: str) -> str:
    """``title`` as a spectator's line shows it: saying they are watching."""
    if title.startswith(WATCHING):
        return title
    return f"{WATCHING} {title}" if title else WATCHING


def status_candidates(
    link: str,
    title: str,
    parts: StatusParts | str,
    short_title: str = "",
    watching: bool = False,
) -> list[tuple[str, int]]:
    """The line's markup (and width), longest first: each drops one more part. ``parts``
    given as a plain string (a table model without parts) cannot drop any. A
    ``watching`` line (a spectator's) never drops that it watches: the word stays with
    the link state when the title goes."""
    head = [(link, f"[$warning]{escape(link)}[/]")]
    if watching:
        title, short_title = _watched(title), _watched(short_title)
    titled = [(title, f"[b]{escape(title)}[/b]")]
    if isinstance(parts, str):
        return [_joined([*head, *titled, (parts, escape(parts))])]
    short = [(short_title, f"[b]{escape(short_title)}[/b]")] if short_title != title else []
    if watching:  # the candidates without a title still say it
        head.append((WATCHING, f"[b]{WATCHING}[/b]"))
    shorter: tuple[tuple[list[tuple[str, str]], str], ...]
    if not watching and title != short_title and title.endswith(short_title):
        # a local game's title: its short form after a word every local game's line
        # starts with ("Hot-seat · Game 2 · won: Bot 3 (1)"), which goes before the turn
        shorter = (
            (titled, parts.line()),
            *(((short, parts.line()), (short, parts.line(turn=False))) if short_title else ()),
            ([], parts.line()),
            ([], parts.line(turn=False)),
            ([], parts.line(turn=False, step=False)),
        )
    else:
        shorter = (
            (titled, parts.line()),
            (titled, parts.line(turn=False)),
            *(((short, parts.line()), (short, parts.line(turn=False))) if short else ()),
            ([], parts.line()),
            ([], parts.line(turn=False)),
            ([], parts.line(turn=False, step=False)),
        )
    if parts.acting_is_current:  # "Ann's turn · priority: Ann": the name once is enough,
        # and saying it twice is worth less than any other part: it goes first each time
        shorter = tuple(
            pair for kept, line in shorter
            for pair in ((kept, line), (kept, _without_acting(parts, line)))
        )
    elif parts.acting:  # last, whose turn it is (the board marks it ▶) before who acts
        shorter += (([], parts.line(turn=False, step=False, whose=False)),)
    return [
        _joined([*(head[:1] if kept else head), *kept, (line, escape(line))])
        for kept, line in shorter
    ]


def _without_acting(parts: StatusParts, line: str) -> str:
    """``line`` (one of ``parts``' lines) without its "priority: Ann" part."""
    return " · ".join(p for p in line.split(SEPARATOR) if p != parts.acting)


def fit_status(
    link: str,
    title: str,
    parts: StatusParts | str,
    width: int,
    short_title: str = "",
    watching: bool = False,
) -> str:
    """The status line's markup for ``width`` cells (0: not known yet, the whole line);
    ``watching``: a spectator's line (see :func:`status_candidates`)."""
    candidates = status_candidates(link, title, parts, short_title, watching)
    if width > 0:
        for markup, needed in candidates:
            if needed <= width:
                return markup
        return candidates[-1][0]
    return candidates[0][0]


class StatusLine(MarkupStatic):
    """The status line: :func:`fit_status` to its width, again when that changes."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id)
        self._parts: tuple[str, str, StatusParts | str, str] = ("", "", "", "")

    def show(
        self, link: str, title: str, parts: StatusParts | str, short_title: str = ""
    ) -> None:
        """Show the line of ``link`` (the connection's state), ``title`` (or, narrow,
        ``short_title``) and ``parts``."""
        self._parts = (link, title, parts, short_title)
        self._fit()

    @on(events.Resize)
    def _fit(self) -> None:
        link, title, parts, short = self._parts
        width = self.content_region.width
        self.set_markup(fit_status(link, title, parts, width, short, self._watching()))

    def _watching(self) -> bool:
        """Whether this terminal watches the table: the table screen the line sits on
        says so (its ``watching``)."""
        try:
            return bool(getattr(self.screen, "watching", False))
        except NoScreen:
            return False
