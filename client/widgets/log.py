"""The game log (sentences made from events) and the table chat.

Chat lines said before this client came to the table (or while it was away), which the
server sends as the table's chat history, are shown dimmed under an "earlier messages"
rule, so they are not read as just said. The game log does the same with the events of
the game so far that a sync brings (:func:`earlier_lines`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.events import Resize
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


def _style(line: str) -> str:
    """How ``line`` is drawn: earlier lines dimmed (their rule in italics too)."""
    if not isinstance(line, EarlierLine):
        return ""
    return "dim italic" if str(line) == EARLIER_LOG_RULE else "dim"


#: Columns a log line's continuation rows are indented by, so a wrapped line reads as
#: one entry.
CONTINUATION_INDENT = 2

#: The most lines the table's log keeps (and shows when scrolled back): a long game of
#: four players whole (27 turns made some 1,500 lines, 61 turns over 3,000). A hot-seat
#: seat's log is drawn whole as its curtain lifts (some 0.1 s per 1,000 lines), so it is
#: not unbounded; the log screen (``l`` under 120 columns) keeps
#: :data:`FULL_LOG_MAX_LINES`.
LOG_MAX_LINES = 10000
FULL_LOG_MAX_LINES = 30000

#: The rows a log keeps per line it keeps (a line may wrap to several).
ROWS_PER_LINE = 3


def wrap_line(line: str, width: int) -> list[str]:
    """``line`` broken at spaces into rows of at most ``width`` cells, each row after the
    first indented by :data:`CONTINUATION_INDENT`; a word longer than a row is broken
    inside. A width too narrow to indent in leaves the line whole (the log crops it)."""
    if cell_len(line) <= width or width <= 2 * CONTINUATION_INDENT:
        return [line]
    indent = " " * CONTINUATION_INDENT
    rows: list[str] = []
    row = ""
    for word in line.split(" "):
        room = width - cell_len(row)
        if row and cell_len(word) + 1 <= room:
            row += " " + word
            continue
        if row:
            rows.append(row)
            row = indent
        room = width - cell_len(row)
        while cell_len(word) > room:
            head, word = _split_cells(word, room)
            rows.append(row + head)
            row, room = indent, width - CONTINUATION_INDENT
        row += word
    rows.append(row)
    return rows


def _split_cells(word: str, cells: int) -> tuple[str, str]:
    """``word`` cut after its first ``cells`` cells (at least one character)."""
    end = 1
    while end < len(word) and cell_len(word[: end + 1]) <= cells:
        end += 1
    return word[:end], word[end:]


class WrappedLog(SteadyLog):
    """A log whose lines are wrapped here, to its width (continuation rows indented),
    when they are written: a new line costs its own rows only. The lines are kept as
    written, so a change of width (the first layout, a resize, the wide layout's side
    column showing) wraps them again; RichLog wraps a line once, to the width it had
    then, and a log written before its column took its final width cut its lines
    instead. The width is the one left of the scrollbar's column, which the styles keep
    (``scrollbar-gutter: stable``): a scrollbar that shows later covers no row's end.

    Its lines are wrapped to its width, so it never scrolls sideways: without
    ``overflow-x: hidden`` a resize to a narrower screen left the wider width's
    horizontal scrollbar over its last row (the log decides its scrollbars in the layout
    pass, before it wraps its lines again to the new width, and a later pass that hands
    it the same sizes is skipped: :class:`SteadyLog`)."""

    DEFAULT_CSS = "WrappedLog { overflow-x: hidden; }"

    def __init__(self, max_lines: int, **kwargs: object) -> None:
        rows = max_lines * ROWS_PER_LINE  # the rows of the lines kept, wrapped
        super().__init__(wrap=False, markup=False, max_lines=rows, **kwargs)  # type: ignore[arg-type]
        self._written: deque[tuple[str, str]] = deque(maxlen=max_lines)  # (line, style)
        self._wrap_width = 0  # the width the shown rows were wrapped to (0: none yet)

    def add_line(self, line: str, style: str = "") -> None:
        """Keep ``line`` and show it (once the width is known) in ``style``."""
        self.add_lines([(line, style)])

    def add_lines(self, lines: Sequence[tuple[str, str]]) -> None:
        """Keep ``lines`` (each with its style) and show them: only the last ones it
        keeps (a longer list would be written only to be dropped again)."""
        kept = lines[-self._written.maxlen :] if self._written.maxlen else lines
        self._written.extend(kept)
        if self._wrap_width:
            self._write_batch(kept)

    def clear_lines(self) -> None:
        """Forget every line kept, and show none."""
        self.clear()
        self._written.clear()

    @on(Resize)
    def _wrap_again(self) -> None:
        """Wrap the kept lines to a new width. (RichLog's own resize handler runs after
        this one: it draws the rows written here once it knows its size.)"""
        width = self.scrollable_content_region.width
        if width > 0 and width != self._wrap_width:
            # where the reader was, as a share of the way down (at the end: kept there)
            top = self.max_scroll_y
            share = 1.0 if top <= 0 or self.scroll_y >= top else self.scroll_y / top
            self._wrap_width = width
            self.clear()
            self._write_batch(list(self._written), follow=share >= 1.0)
            if share < 1.0:  # the rows are laid out on the next refresh
                self.call_after_refresh(self._scroll_to_share, share)

    def _scroll_to_share(self, share: float) -> None:
        self.scroll_to(y=round(share * self.max_scroll_y), animate=False)

    def _write_batch(self, lines: Sequence[tuple[str, str]], follow: bool = True) -> None:
        """Write the rows of ``lines``, the rows of a run of lines in one style as one
        text: each write renders on its own, and a whole log written a row at a time
        (a hot-seat seat's, shown as the curtain lifts) took most of a second.
        ``follow``: the log scrolls to its end, as it does for new lines (not when the
        lines are wrapped again for a new width while the reader is further up)."""
        run: list[str] = []
        style = ""
        for line, line_style in lines:
            if run and line_style != style:
                self._write_run(run, style, follow)
                run = []
            style = line_style
            run.extend(wrap_line(line, self._wrap_width))
        if run:
            self._write_run(run, style, follow)

    def _write_run(self, rows: list[str], style: str, follow: bool = True) -> None:
        text = Text("\n".join(rows), style=style)
        self.write(text, width=self._wrap_width, scroll_end=None if follow else False)


class GameLog(WrappedLog):
    """The displayed seat's log; replaced wholesale when the seat changes."""

    DEFAULT_CLASSES = "game-log"

    def __init__(self, max_lines: int = LOG_MAX_LINES, **kwargs: object) -> None:
        super().__init__(max_lines, **kwargs)
        self._shown = 0
        self._owner: object = None

    def show(self, owner: object, lines: list[str]) -> None:
        """Show ``lines`` (a seat's whole log); appends when only new lines came."""
        if owner is not self._owner or len(lines) < self._shown:
            self.clear_lines()
            self._shown = 0
            self._owner = owner
        self.add_lines([(str(line), _style(line)) for line in lines[self._shown :]])
        self._shown = len(lines)


#: The most chat lines a panel keeps (and shows when scrolled back).
CHAT_MAX_LINES = 200


class ChatLog(WrappedLog):
    """The chat's lines, wrapped to the panel's own width."""

    DEFAULT_CSS = """
    ChatLog {
        scrollbar-size-vertical: 1;
        scrollbar-gutter: stable;  /* lines are wrapped to the width they will have */
    }
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__(CHAT_MAX_LINES, **kwargs)


EARLIER_RULE = "── earlier messages ──"

#: The most characters a chat line may have: the protocol's limit for a chat message's
#: text (``shared/protocol/messages.py``); the server cuts a longer one.
CHAT_MAX_LENGTH = 300

#: The most lines of a paste sent at once, each as a line of its own.
CHAT_MAX_PASTED_LINES = 5


def fit_line(text: str, room: int) -> tuple[str, str]:
    """``text`` cut in two: a line of at most ``room`` characters (cut at its last space
    when one comes late enough, so no word is split), and what did not fit (its space
    kept: the two joined give ``text`` back)."""
    if len(text) <= room:
        return text, ""
    cut = text.rfind(" ", 0, room + 1)
    if cut <= room // 2:  # no space, or one so early that the line would be short
        cut = room
    return text[:cut], text[cut:]


def _offline(app: object) -> bool:
    """Whether the game has no connection to the server: it then does not send a chat
    line (and says so), so the line must stay in the field."""
    return bool(getattr(getattr(app, "game", None), "link", ""))


class ChatInput(Input):
    """The chat's input field. Enter says the line at once: a burst of typing with
    Enters in it ("gg⏎well played⏎") is as many lines, each said once (an Enter left to
    the input's binding acts only after the keys behind it are typed). A paste of
    several lines says each. No text is thrown away: what does not fit in a line
    waits (:attr:`rest`) and comes into the field as the line is said, a paste of too
    many lines stays in the field unsaid, and a line said while there is no connection
    stays in the field."""

    def __init__(self, placeholder: str = "", *, id: str | None = None) -> None:
        # Focusing keeps the draft (the next letter does not replace it); see focus_end.
        super().__init__(
            placeholder=placeholder, id=id, max_length=CHAT_MAX_LENGTH, select_on_focus=False
        )
        self._told_full: str | None = None  # the text the field held when told it is full
        #: The draft's text that did not fit in the field, after the field's.
        self.rest = ""

    @property
    def draft(self) -> str:
        """Everything not said yet: the field's text, then the text waiting."""
        return self.value + self.rest

    @draft.setter
    def draft(self, text: str) -> None:
        """The field takes the first line's worth of ``text`` (the cursor at its end),
        and the rest waits."""
        head, self.rest = fit_line(text, CHAT_MAX_LENGTH)
        self.value = head
        self.cursor_position = len(head)

    def focus_end(self) -> None:
        """Take the keys now (not after the keys already sent: they must land here), the
        cursor at the end of the draft."""
        self.cursor_position = len(self.value)
        self.screen.set_focus(self)

    async def _on_key(self, event: events.Key) -> None:
        """Enter says the line here and now; other keys go on to the input's handler
        (prevent_default keeps it from an Enter)."""
        if event.key == "enter":
            event.stop()
            event.prevent_default()
            self.say()

    def say(self) -> None:
        """Say the field's text: the field then takes the text waiting (emptied when
        none waits), before the next key is typed. Without a connection the text stays
        (the game says it was not sent)."""
        text = self.value
        if not (text.strip() and _offline(self.app)):
            self.draft = self.rest.lstrip(" ")
        self.post_message(self.Submitted(self, text))

    def _on_paste(self, event: events.Paste) -> None:
        event.stop()
        event.prevent_default()  # not the input's own handler, which keeps the first line
        self.paste(event.text)

    def paste(self, text: str) -> None:
        """Put ``text`` in at the cursor. With several lines, the first finishes the
        draft and each is said, up to :data:`CHAT_MAX_PASTED_LINES`; a longer paste is
        put in the field joined by spaces, not said (the person is told, and Enter says
        it). A line that does not fit, or is not said (no connection), stops the saying:
        it stays in the field, the lines after it joined behind it."""
        lines = [line for line in text.splitlines() if line.strip()]
        if len(lines) <= 1:
            self._put(lines[0] if lines else "")
            return
        if len(lines) > CHAT_MAX_PASTED_LINES:
            self._put(" ".join(lines))
            self.notify(
                f"Not sent: the paste has {len(lines)} lines (at most "
                f"{CHAT_MAX_PASTED_LINES} are said at once). They are in the field, joined: "
                "Enter says them.",
                severity="warning",
            )
            return
        for index, line in enumerate(lines):
            self._put(line)
            if not self.rest:
                self.say()
            if self.value:  # not said: did not fit, or no connection
                left = " ".join(lines[index + 1 :])
                if left:
                    self.draft = f"{self.draft} {left}"
                return

    def _put(self, text: str) -> None:
        """Insert ``text`` at the cursor (over a selection); what does not fit in the
        field waits before the text already waiting."""
        start, end = sorted(self.selection)
        room = CHAT_MAX_LENGTH - (len(self.value) - (end - start))
        if len(text) <= room:
            if text:
                self.replace(text, start, end)
            return
        head, over = fit_line(self.value[:start] + text + self.value[end:], CHAT_MAX_LENGTH)
        self.rest = over + self.rest
        self.value = head
        self.cursor_position = min(start + len(text), len(head))
        self._tell_full("the rest comes into the field once this one is said.")

    def restricted(self) -> None:
        """A letter that does not fit: said, not only rung (once for a field that stays
        full, not once per key of a burst)."""
        super().restricted()
        self._tell_full("send this one and go on in the next.")

    def _tell_full(self, then: str) -> None:
        if self._told_full == self.value:
            return
        self._told_full = self.value
        self.notify(
            f"A chat line holds at most {CHAT_MAX_LENGTH} characters: {then}",
            severity="warning",
            timeout=4,
        )


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
        yield ChatLog(id="chat-lines")
        if self.read_only:
            yield Static("[dim]Spectators read the chat; only players write in it.[/]",
                         id="chat-read-only")  # fmt: skip
        else:
            yield ChatInput(placeholder="say something (enter)", id="chat-input")

    def focus_input(self) -> None:
        """Focus the input at once, the cursor at the end of its draft (a burst typed
        with the key that asked for it lands in it); a read-only panel focuses its lines
        (to scroll them)."""
        if self.read_only:
            self.screen.set_focus(self.query_one("#chat-lines"))
        else:
            self.query_one(ChatInput).focus_end()

    @property
    def draft(self) -> str:
        """What the input holds, not said yet, with the text waiting behind it ("" without
        an input)."""
        fields = self.query(ChatInput)
        return fields.first().draft if fields else ""

    @draft.setter
    def draft(self, text: str) -> None:
        for field in self.query(ChatInput):
            field.draft = text

    def add(self, name: str, text: str, earlier: bool = False) -> None:
        """Show one line; ``earlier`` lines (from the history) are dimmed, and a run of
        them starts with a rule."""
        lines = self.query_one("#chat-lines", ChatLog)
        if earlier and not self._in_earlier:
            lines.add_line(EARLIER_RULE, "dim italic")
        self._in_earlier = earlier
        lines.add_line(f"{name}: {text}", "dim" if earlier else "")

    @on(Input.Submitted, "#chat-input")
    def _said(self, event: Input.Submitted) -> None:
        event.stop()  # the input emptied itself as it was said
        if event.value.strip():
            self.post_message(self.Said(event.value.strip()))
