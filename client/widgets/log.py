"""The game log (sentences made from events) and the table chat.

Chat lines said before this client came to the table (or while it was away), which the
server sends as the table's chat history, are shown dimmed under an "earlier messages"
rule, so they are not read as just said. The game log does the same with the events of
the game so far that a sync brings (:func:`earlier_lines`).
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.geometry import Size
from textual.message import Message
from textual.scrollbar import ScrollBar
from textual.widgets import Input, RichLog, Static

from client.widgets.lines import quick_vertical_scrollbar


class SteadyLog(RichLog):
    """A RichLog that is left alone by a layout pass that does not change its place.

    Textual's ``ScrollView`` compares the sizes a layout pass hands it with its own
    (which differ for a log: its virtual size comes from its lines), so every layout pass
    of the screen — another widget growing by a line — repainted the log's scrollbar, the
    costliest thing to draw on the table (bench figure P5). Here a pass that hands the
    log the same sizes as the last one is ignored; new lines still update the scrollbar
    (through the log's own virtual size)."""

    _laid_out: tuple[Size, Size, Size] | None = None

    @property
    def vertical_scrollbar(self) -> ScrollBar:
        return quick_vertical_scrollbar(self)

    def _size_updated(
        self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
    ) -> bool:
        sizes = (size, virtual_size, container_size)
        if sizes == self._laid_out:
            return False
        self._laid_out = sizes
        return super()._size_updated(size, virtual_size, container_size, layout)


class EarlierLine(str):
    """A game-log line from before this client came to the table: shown dimmed."""

    __slots__ = ()


#: The rule above a game log's earlier lines (the chat's :data:`EARLIER_RULE`, for events).
EARLIER_LOG_RULE = "── earlier in this game ──"


def earlier_lines(lines: list[str]) -> list[str]:
    """``lines`` (sentences of events from before this client came) marked earlier,
    under a rule, as the chat shows its history; nothing when there are none."""
    if not lines:
        return []
    return [EarlierLine(EARLIER_LOG_RULE), *(EarlierLine(line) for line in lines)]


def _styled(line: str) -> str | Text:
    if not isinstance(line, EarlierLine):
        return line
    rule = str(line) == EARLIER_LOG_RULE
    return Text(str(line), style="dim italic" if rule else "dim")


class GameLog(SteadyLog):
    """The displayed seat's log; replaced wholesale when the seat changes."""

    DEFAULT_CLASSES = "game-log"

    def __init__(self, **kwargs: object) -> None:
        super().__init__(wrap=True, markup=False, max_lines=500, **kwargs)  # type: ignore[arg-type]
        self._shown = 0
        self._owner: object = None

    def show(self, owner: object, lines: list[str]) -> None:
        """Show ``lines`` (a seat's whole log); appends when only new lines came."""
        if owner is not self._owner or len(lines) < self._shown:
            self.clear()
            self._shown = 0
            self._owner = owner
        for line in lines[self._shown :]:
            self.write(_styled(line))
        self._shown = len(lines)


EARLIER_RULE = "── earlier messages ──"


class ChatPanel(Vertical):
    """Chat lines and an input to say something to the table."""

    DEFAULT_CLASSES = "chat"

    def __init__(self, *, id: str | None = None, read_only: bool = False) -> None:
        """``read_only``: the lines without the input (spectators read the chat but
        cannot write in it; the input said so only after something was typed)."""
        super().__init__(id=id)
        self.read_only = read_only
        self._in_earlier = False  # the last line written was an earlier one

    class Said(Message):
        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    def compose(self) -> ComposeResult:
        yield SteadyLog(wrap=True, markup=False, max_lines=200, id="chat-lines")
        if self.read_only:
            yield Static("[dim]Spectators read the chat; only players write in it.[/]",
                         id="chat-read-only")  # fmt: skip
        else:
            yield Input(placeholder="say something (enter)", id="chat-input", max_length=300)

    def focus_input(self) -> None:
        """Focus the input; a read-only panel focuses its lines (to scroll them)."""
        target = self.query_one("#chat-lines" if self.read_only else "#chat-input")
        target.focus()

    def add(self, name: str, text: str, earlier: bool = False) -> None:
        """Show one line; ``earlier`` lines (from the history) are dimmed, and a run of
        them starts with a rule."""
        lines = self.query_one("#chat-lines", RichLog)
        if earlier and not self._in_earlier:
            lines.write(Text(EARLIER_RULE, style="dim italic"))
        self._in_earlier = earlier
        lines.write(Text(f"{name}: {text}", style="dim" if earlier else ""))

    @on(Input.Submitted, "#chat-input")
    def _said(self, event: Input.Submitted) -> None:
        event.stop()
        if event.value.strip():
            self.post_message(self.Said(event.value.strip()))
        event.input.value = ""
