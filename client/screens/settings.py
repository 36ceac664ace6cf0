"""Settings: your name, the theme, auto-pass and stops, the decision timer of the games you
start, and keys.

Keys live on their own screen (:class:`KeysScreen`, from the "Keys…" button or the
palette's "Change keys"): every game action with its key; enter on one, then press the new key
(esc cancels); a key kept for moving and choosing or already used by another action in
the same place is refused with the reason; backspace/delete gives one action its
default again, ctrl+r all of them. Key bindings of the settings file that were ignored
when the game started are listed there, every one the file still holds (the start-up
notice tells three; a save leaves out those of known actions).

One change is asked about once, when the settings are left: leaving with changes asks
whether to save them (y, the first answer: the one that loses nothing), drop them (n),
or go back to them (esc); quitting (Ctrl+Q) with changes asks the same, then quits. From
Settings, the Keys screen is one of its fields: Done and esc both take the changed keys
back to Settings, where Save keeps them (and Back asks). Opened by "Change keys", the
Keys screen is all there is: Done saves, and esc with changes asks.

A blank name is never saved: Save says so and goes to the name, which keeps the
changes as they are.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.coordinate import Coordinate
from textual.screen import ModalScreen, Screen
from textual.widgets import (
    Button,
    Checkbox,
    DataTable,
    Footer,
    Input,
    Label,
    OptionList,
    Select,
    Static,
)
from textual.widgets.option_list import Option

from client.markup import escape
from client.screens.leave import LeaveScreen
from client.settings import (
    ACTIONS_BY_ID,
    KEPT,
    KEY_ACTIONS,
    SCOPES,
    Settings,
    effective_keys,
    ignored_now,
    key_label,
    key_problem,
)
from shared.protocol.messages import clean_name

#: The Keys screen's Key column is never narrower than this (a very narrow terminal).
MIN_KEY_WIDTH = 8
#: The Key column's width at 80 columns: narrower, the Where column gives way to it.
KEY_WIDTH = 15
#: The Action column gives up cells for the Key column down to this width.
MIN_ACTION_WIDTH = 16

TIMERS = ((("No timer"), 0), ("15 s", 15), ("30 s", 30), ("60 s", 60), ("120 s", 120))


class TickBox(Checkbox):
    """A checkbox whose mark shows without colour: ✓ when it is on, blank when off.
    Textual's draws an X either way, told apart only by its colour (a terminal without
    colours, or a screen read as text, showed every box ticked)."""

    def __init__(
        self, label: str, value: bool, *, id: str, compact: bool = False, disabled: bool = False
    ) -> None:
        super().__init__(label, value, id=id, compact=compact, disabled=disabled)
        self.BUTTON_INNER = self._mark(value)

    @staticmethod
    def _mark(value: bool) -> str:
        return "✓" if value else " "

    def watch_value(self) -> None:
        self.BUTTON_INNER = self._mark(self.value)
        super().watch_value()


class NameInput(Input):
    """The name field. Focusing it puts the cursor at the end of the name, with nothing
    selected: Textual's select-all on focus made the first key typed (a Shift+Tab back
    to the field, then a letter or a space) replace the whole name."""

    def __init__(self, value: str, *, id: str) -> None:
        super().__init__(value, max_length=32, id=id, select_on_focus=False)

    def _on_focus(self, event: events.Focus) -> None:
        if not event.from_app_focus:  # the terminal given back its focus: left as it was
            self.cursor_position = len(self.value)
        super()._on_focus(event)


#: The response-window stops, shown only as active while auto-pass is on (they say when
#: auto-pass stops passing; the server reads them only then).
STOP_BOXES = ("stop_chain", "stop_battle")

#: Said when Save finds the name blank (nothing is saved; the fields stay as they are).
BLANK_NAME = "Your name is blank: type one, then save (nothing was saved)."


class SettingsScreen(Screen[Settings | None]):
    # The fields scroll between the title and Save/Back, which stay in sight on a small
    # terminal (80x24 has room for about half of them); a focused field is scrolled into
    # view (on_descendant_focus).
    DEFAULT_CSS = """
    SettingsScreen #settings-panel { scrollbar-size-vertical: 1; }
    SettingsScreen #settings-title {
        dock: top; width: 100%; content-align: center middle; text-style: bold; color: $accent;
    }
    SettingsScreen #settings-fields { height: auto; }
    SettingsScreen #settings-panel > .buttons { dock: bottom; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "save", "Save"),
        Binding("ctrl+k", "keys", "Keys", priority=True),  # the name field has its own
        Binding("escape", "back", "Back"),
    ]

    def __init__(
        self,
        settings: Settings,
        themes: list[str],
        open_keys: bool = False,
        ignored: Sequence[str] = (),
    ) -> None:
        """``ignored``: the file's key bindings that were ignored, for the Keys screen."""
        super().__init__()
        self.settings = settings
        self.themes = themes
        self.keys = dict(settings.keys)
        self.open_keys = open_keys
        self.ignored = list(ignored)

    def compose(self) -> ComposeResult:
        s = self.settings
        timers = list(TIMERS)
        if s.timer not in {t for _, t in timers}:
            timers.append((f"{s.timer} s", s.timer))
        with Vertical(classes="center-box"), VerticalScroll(classes="panel", id="settings-panel"):
            yield Static("Settings", id="settings-title")
            with Vertical(id="settings-fields"):  # one block: Tab goes through it first
                yield Label("Your name", classes="field-label")
                yield NameInput(s.name, id="name")
                yield Label("Theme", classes="field-label")
                themes = [(t, t) for t in self.themes]
                yield Select(
                    themes,
                    value=s.theme if s.theme in self.themes else _default_theme(self.themes),
                    allow_blank=False,
                    id="theme",
                )
                yield Label("Response windows", classes="field-label")
                for label, value, box_id in (
                    ("Auto-pass when passing is all I can do", s.auto_pass, "auto_pass"),
                    ("…but stop while something is on the chain", "chain" in s.stops, "stop_chain"),
                    ("…but stop during battles", "battle" in s.stops, "stop_battle"),
                    ("Let me respond to my own maneuvers (hold)", s.hold, "hold"),
                ):
                    off = box_id in STOP_BOXES and not s.auto_pass
                    yield TickBox(label, value, id=box_id, compact=True, disabled=off)
                yield Label("Decision timer on games I start (local or hosted)",
                            classes="field-label")  # fmt: skip
                yield Select(timers, value=s.timer, allow_blank=False, id="timer")
                yield Label("Keys", classes="field-label")
                with Horizontal(id="keys-row"):
                    yield Static(keys_summary(self.keys), id="keys-summary")
                    yield Button("Keys…", id="keys")
            with Horizontal(classes="buttons"):
                yield Button("Save", variant="primary", id="save")
                yield Button("Back", id="back")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#name", Input).focus()  # the first field: typing goes there
        if self.open_keys:
            keys = KeysScreen(self.keys, self._ignored(), alone=True)
            self.app.push_screen(keys, self._keys_alone)

    def _ignored(self) -> list[str]:
        """The file's ignored key bindings it still holds (a save since the game started,
        from Settings or a theme chosen in the palette, left out those it drops)."""
        return ignored_now(self.ignored, getattr(self.app, "settings_path", None))

    def _keys_alone(self, keys: dict[str, str] | None) -> None:
        """Change keys: the Keys screen was all there is. Its keys are saved (Done, or y
        to its question; saving also leaves out the file's ignored bindings), None
        leaves (nothing changed, or dropped); Settings goes with it."""
        if keys is None:
            self._leave(None)
        else:
            self.dismiss(replace(self.settings, keys=dict(keys)))

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        # Textual's own scroll on focus takes a field under the docked Save/Back for
        # "in view"; scrolling to it here keeps it clear of them, with its label.
        fields = self.query_one("#settings-fields", Vertical)
        if fields not in event.widget.ancestors:
            return
        panel = self.query_one("#settings-panel", VerticalScroll)
        row = next(w for w in event.widget.ancestors_with_self if w.parent is fields)
        index = fields.children.index(row)
        label = fields.children[index - 1] if index else None
        if isinstance(label, Label) and label.has_class("field-label"):
            panel.scroll_to_widget(label, animate=False, immediate=True)
        panel.scroll_to_widget(event.widget, animate=False, immediate=True)

    @on(Button.Pressed, "#keys")
    def action_keys(self) -> None:
        def edited(keys: dict[str, str] | None) -> None:
            if keys is not None:
                self.keys = keys
                self._show_keys()

        self.app.push_screen(KeysScreen(self.keys, self._ignored()), edited)

    @on(Select.Changed, "#theme")
    def _preview_theme(self, event: Select.Changed) -> None:
        self.app.theme = str(event.value)

    @on(Checkbox.Changed, "#auto_pass")
    def _stops_follow_auto_pass(self, event: Checkbox.Changed) -> None:
        # the stops only say when auto-pass stops: without it they do nothing, so they
        # are greyed (their values kept, and saved as they are)
        for box_id in STOP_BOXES:
            self.query_one(f"#{box_id}", Checkbox).disabled = not event.value

    def current(self) -> Settings:
        """The settings as the fields hold them; the name cleaned as the server cleans it
        (blank when nothing is left: :meth:`blank_name`)."""
        stops = [k for k in ("chain", "battle") if self.query_one(f"#stop_{k}", Checkbox).value]
        return Settings(
            name=clean_name(self.query_one("#name", Input).value, ""),
            theme=str(self.query_one("#theme", Select).value),
            auto_pass=self.query_one("#auto_pass", Checkbox).value,
            stops=stops,
            hold=self.query_one("#hold", Checkbox).value,
            timer=int(self.query_one("#timer", Select).value),  # type: ignore[arg-type]
            last_address=self.settings.last_address,
            keys=dict(self.keys),
        )

    def unsaved(self) -> Settings | None:
        """The settings as they would be saved now, with the keys of a Keys screen over
        this one (changed there, not taken back yet); None when nothing changed."""
        now = replace(self.current(), keys=dict(self._pending_keys()))
        return None if now == self.settings else now

    def _pending_keys(self) -> dict[str, str]:
        """The keys as changed so far: a Keys screen's over this one, else this one's."""
        stack = self.app.screen_stack
        above = stack[stack.index(self) + 1 :] if self in stack else []
        keys = next((s.keys for s in reversed(above) if isinstance(s, KeysScreen)), self.keys)
        return dict(keys)

    def blank_name(self) -> bool:
        """Whether the name field holds no name (nothing but spaces)."""
        return not self.current().name

    def refuse_blank_name(self) -> None:
        """Saving with a blank name: nothing is saved; the screens over this one close (a
        Keys screen's changes are taken back here first, not lost), it says why and the
        name field takes the focus."""
        self.keys = self._pending_keys()
        self._show_keys()
        self.pop_until_active()  # after them (queued), the notice and the focus
        self.app.call_later(self._to_name)

    def _to_name(self) -> None:
        self.app.notify(BLANK_NAME, title="Settings", severity="warning")
        self.query_one("#name", Input).focus()

    def _show_keys(self) -> None:
        """The keys' summary line, saying when they are not saved yet."""
        unsaved = " [$warning](not saved yet)[/]" if self.keys != self.settings.keys else ""
        self.query_one("#keys-summary", Static).update(keys_summary(self.keys) + unsaved)

    def saved_elsewhere(self, saved: Settings) -> None:
        """The settings were saved from outside this screen (quitting asked about them):
        they are what the fields are compared with from now on, and a Keys screen over
        this one has no change left to ask about."""
        self.settings = saved
        self.keys = dict(saved.keys)
        self._show_keys()
        for screen in self.app.screen_stack:
            if isinstance(screen, KeysScreen):
                screen.given = dict(saved.keys)

    @on(Button.Pressed, "#save")
    def action_save(self) -> None:
        if self.blank_name():
            self.refuse_blank_name()
            return
        self.dismiss(self.current())

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        """Back: with changes not saved yet (a key kept from Keys…, a name typed), asks
        whether to save them first, so nothing chosen is lost without a word."""
        if self.current() == self.settings:
            self._leave(None)
            return

        def answered(save: bool | None) -> None:
            if save and self.blank_name():
                self.refuse_blank_name()
            elif save is not None:  # None: Esc, back to the fields as they are
                self._leave(self.current() if save else None)

        self.app.push_screen(SaveSettingsScreen(), answered)

    def _leave(self, saved: Settings | None) -> None:
        if saved is None:
            self.app.theme = self.settings.theme
        self.dismiss(saved)


class ChangesScreen(LeaveScreen):
    """Leaving a screen with changes not kept yet: ``y`` keeps them (True), ``n`` drops
    them (False), and Esc goes back to them (None), as Esc stays in a game when leaving
    it is asked: only the explicit answer drops what was changed."""

    BACK = "Back to the changes"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # Not LeaveScreen's bindings, where Esc answers as n does (before Textual reads them)
        cls.BINDINGS = [
            Binding("y", "answer(True)", cls.GO_KEY),
            Binding("n", "answer(False)", cls.STAY_KEY),
            Binding("escape", "back", "Back"),
        ]
        super(LeaveScreen, cls).__init_subclass__(**kwargs)

    def answers(self) -> list[Option]:
        """Keep them (y) first, highlighted: Enter on the question loses nothing. Then
        drop them (n), then back to them (esc)."""
        stay, go = super().answers()
        return [go, stay, Option(f"{self.BACK} (esc)", id="back")]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.prevent_default()  # not LeaveScreen's handler too: it has no "back"
        self.dismiss(None if event.option.id == "back" else event.option.id == "leave")

    def action_back(self) -> None:
        self.dismiss(None)


class SaveSettingsScreen(ChangesScreen):
    """Leaving Settings (or the Keys screen opened by "Change keys") with changes:
    dismissed with True to save them, False to drop them, None to go on editing them."""

    GO_KEY, STAY_KEY = "Save", "Drop"
    QUESTION = "Save the changes?"
    GO = "Save them"
    STAY = "Drop them"

    def __init__(self, warning: str = "The settings changed here are not saved yet.") -> None:
        super().__init__(warning)


class QuitSettingsScreen(SaveSettingsScreen):
    """Quitting (Ctrl+Q) with settings changed and not saved yet: True saves them and
    quits, False quits without them, None goes back to them (the app does not quit)."""

    GO_KEY, STAY_KEY = "Save, quit", "Drop, quit"
    GO = "Save them and quit"
    STAY = "Drop them and quit"

    def __init__(self) -> None:
        super().__init__("Quitting now: the settings changed here are not saved yet.")


def _default_theme(themes: list[str]) -> str:
    """The default theme when it is offered, else the first one."""
    default = Settings().theme
    return default if default in themes else themes[0]


def ignored_text(ignored: Sequence[str], saving: str = "Save") -> str:
    """The settings file's ignored key bindings, one a line, under a title; ``saving``:
    the button that writes the file (and so leaves out those it does not keep: an unknown
    action's binding, a newer version's, stays in the file)."""
    lines = "\n".join(f"· {escape(line)}" for line in ignored)
    kept = all(line.endswith(KEPT) for line in ignored)
    what = "keeps them as they are" if kept else "leaves out those not kept"
    return f"[$warning]Ignored in the settings file ({saving} {what}):[/]\n{lines}"


def keys_summary(keys: dict[str, str]) -> str:
    if not keys:
        return "Every key is at its default."
    n = len(keys)
    changed = ", ".join(f"{ACTIONS_BY_ID[k].label} {key_label(v)}" for k, v in keys.items())
    return escape(f"{n} changed: {changed}")


class KeyCapture(ModalScreen[str | None]):
    """Waits for one key press and returns its name (None for escape). Keys that come
    with it (a fast double tap, keys sent in one go) and a paste are ignored."""

    def __init__(self, label: str) -> None:
        super().__init__(id="key-capture")
        self.label = label
        self.taken = False  # the key is taken: the screen is going

    def compose(self) -> ComposeResult:
        with Vertical(id="key-capture-box"):
            yield Static(f"Press the new key for [b]{escape(self.label)}[/]")
            yield Static("[$text-muted]esc: keep the current key[/]")

    def on_key(self, event: events.Key) -> None:
        # Ctrl+P and Ctrl+Q come here too (the app's check_action holds them back)
        event.stop()
        event.prevent_default()
        # Keys that arrive together are all queued here before the first is handled;
        # each dismiss pops the screen on top, so a second one would close the Keys
        # screen (and the ones under it) instead of this one.
        if self.taken:
            return
        self.taken = True
        self.dismiss(None if event.key == "escape" else event.key)

    def on_paste(self, event: events.Paste) -> None:
        # A paste is not a key press: it is not taken for the new key.
        event.stop()
        event.prevent_default()


class IgnoredBox(VerticalScroll):
    """The settings file's ignored key bindings, under their title. While they do not
    all fit, the line under the box (``more``) says how many lines are out of sight below
    and how to scroll to them (or that the first are above), and the box takes the focus
    (Shift+Tab from the table, then ↓); when they all fit it is no stop for Tab."""

    def __init__(self, more: Static) -> None:
        super().__init__(id="keys-ignored")
        self.more = more

    def on_resize(self, event: events.Resize) -> None:
        self._tell()

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self._tell()

    def _tell(self) -> None:
        # the line stays while the box scrolls, so that the table does not move under it
        overflows = self.max_scroll_y > 0
        below = max(0, self.max_scroll_y - round(self.scroll_y))
        self.can_focus = overflows
        self.more.set_class(overflows, "-shown")
        if below:
            lines = "line" if below == 1 else "lines"
            self.more.update(f"[b]↓ {below} more {lines}[/] (scroll: shift+tab, then ↓)")
        elif overflows:
            self.more.update("[$text-muted]↑ the first lines are above (scroll: ↑)[/]")


def key_cell(key: str, default: str, width: int) -> list[Text]:
    """The lines of an action's Key cell, each at most ``width`` cells: the key, and for
    a changed one its default, beside it when that fits ("x (default p)"), else under it
    ("default ctrl+l": the row is two lines high), so neither is cut on an 80-column
    terminal, where the column has 15 cells."""
    shown = key_label(key)
    if key == default:
        lines = [shown]
    else:
        one = f"{shown} (default {key_label(default)})"
        lines = [one] if cell_len(one) <= width else [shown, f"default {key_label(default)}"]
    cells = [Text(line) for line in lines]
    for cell in cells:  # only a key of several modifiers on a narrow terminal is cut
        cell.truncate(width, overflow="ellipsis")
    return cells


class KeysTable(DataTable[Any]):
    """The Keys screen's table: where an action works, the action and its key. The Key
    column takes the width the other two leave (the longest action is 42 cells wide):
    15 cells at 80 columns, more on a wider terminal, where a changed key and its
    default share a line more often. Rows are made again when the keys change or the
    width does (a row's height is set as it is added).

    Narrower than 80 columns the three columns do not fit: the places become headings
    over their actions ("At the table", then its actions), which the cursor passes
    over, and an action too long for what is left is cut with "…", so that the Key
    column keeps its 15 cells in sight. (With a Where column, the Key column was pushed
    out of sight and made so narrow that a changed key and its default took two lines:
    the second read as a blank row.)

    Every column's width is set as it is added, none measured from its cells: the
    table measures those only when it is next idle, and rows drawn before that (the
    Keys screen is drawn again as the key capture closes, before the table is idle)
    keep the widths of the headings ("At th", "Declar") until a resize.

    Home and End go to the first and the last action (Textual's DataTable scrolls
    sideways on them, which a row cursor never needs: Enter after Home changed the key
    of the row the cursor was still on)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("home", "scroll_top", "First row", show=False),
        Binding("end", "scroll_bottom", "Last row", show=False),
    ]

    def __init__(self) -> None:
        super().__init__(id="keys-table", cursor_type="row", zebra_stripes=True)
        self._keys: dict[str, str] | None = None
        self._layout: Layout | None = None  # the columns the rows were made for
        self._headings: frozenset[int] = frozenset()  # rows that name a place
        self._stepping_up = False  # the cursor is moved one row up (the up key)

    def show(self, keys: Mapping[str, str]) -> None:
        """Show every action with its key: ``keys``, the changed ones, else its default."""
        self._keys = dict(keys)
        self._fill()

    def on_resize(self, event: events.Resize) -> None:
        if self._keys is not None and self._columns() != self._layout:
            self._fill()

    @property
    def grouped(self) -> bool:
        """Whether the places are headings over their actions (a narrow table)."""
        return self._layout is not None and self._layout.grouped

    def action_at(self, row: int) -> str | None:
        """The id of the action on ``row`` (None: a heading, or no such row)."""
        if row in self._headings or not 0 <= row < self.row_count:
            return None
        return str(self.ordered_rows[row].key.value)

    def action_scroll_top(self) -> None:
        """The first action, its place's heading in sight above it (a narrow table)."""
        super().action_scroll_top()
        self.call_after_refresh(self.scroll_to, y=0, animate=False)

    def action_cursor_up(self) -> None:
        self._stepping_up = True
        try:
            super().action_cursor_up()
        finally:
            self._stepping_up = False

    def validate_cursor_coordinate(self, value: Coordinate) -> Coordinate:
        """The cursor never rests on a heading: a step up onto one goes on to the action
        above it (the last of the place before), anything else (a step down, a page, a
        click, the top) to the first action under it."""
        value = super().validate_cursor_coordinate(value)
        if value.row not in self._headings:
            return value
        up = self._stepping_up
        for row in (value.row - 1, value.row + 1) if up else (value.row + 1, value.row - 1):
            if 0 <= row < self.row_count and row not in self._headings:
                return Coordinate(row, value.column)
        return value

    @staticmethod
    def _where_width() -> int:
        """The Where column's width: its longest place."""
        return max(cell_len(SCOPES[a.scope]) for a in KEY_ACTIONS)

    @staticmethod
    def _action_width() -> int:
        """The Action column's width: its longest action."""
        return max(cell_len(a.label) for a in KEY_ACTIONS)

    def _columns(self) -> Layout:
        """The columns for the table's width: Where, Action and Key while the Key column
        keeps its 15 cells beside the other two whole; else Action and Key, the Action
        column giving up cells (down to 16) before the Key column does. The widths leave
        out a scrollbar (kept free even when the rows fit, so that rows made two lines
        high, which may bring one, never narrow the column they were made for) and each
        column's padding."""
        free = self.size.width - self.styles.scrollbar_size_vertical - 2 * self.cell_padding * 3
        key = free - self._where_width() - self._action_width()
        if key >= KEY_WIDTH:
            return Layout(False, self._action_width(), key)
        free += 2 * self.cell_padding  # no Where column, nor its padding
        action = max(MIN_ACTION_WIDTH, min(self._action_width(), free - KEY_WIDTH))
        return Layout(True, action, max(MIN_KEY_WIDTH, free - action))

    def _fill(self) -> None:
        keys = self._keys or {}
        current, scrolled = self.action_at(self.cursor_row), self.scroll_y
        self._layout = layout = self._columns()
        rows = _key_rows(keys, layout)
        self._headings = frozenset()  # none while the rows are cleared and added
        self.clear(columns=True)
        if not layout.grouped:
            self.add_column("Where", key="where", width=self._where_width())
        self.add_column("Action", key="action", width=layout.action)
        self.add_column("Key", key="key", width=layout.key)
        for key, cells, height in rows:
            self.add_row(*cells, key=key, height=height)
        self._headings = frozenset(i for i, (key, _, _) in enumerate(rows) if key in SCOPES)
        ids = [key for key, _, _ in rows]
        row = ids.index(current) if current in ids else 0
        self.move_cursor(row=row, scroll=False)
        self.scroll_to(y=scrolled, animate=False, immediate=True)
        self.call_after_refresh(self._show_cursor)

    def _show_cursor(self) -> None:
        """The cursor's row in sight, once the new rows are measured."""
        self.move_cursor(row=self.cursor_row, scroll=True, animate=False)


@dataclass(frozen=True)
class Layout:
    """The Keys table's columns: ``grouped``, places as headings instead of a Where
    column; the Action and Key columns' widths."""

    grouped: bool
    action: int
    key: int


def _key_rows(keys: Mapping[str, str], layout: Layout) -> list[tuple[str, list[Text], int]]:
    """The Keys table's rows as (row key, cells, height): one per action, and in a
    grouped table a heading (its key the place's) before each place's actions."""
    rows: list[tuple[str, list[Text], int]] = []
    scope = None
    for action in KEY_ACTIONS:
        if layout.grouped and action.scope != scope:
            rows.append((action.scope, [Text(SCOPES[action.scope], style="bold"), Text()], 1))
        scope = action.scope
        lines = key_cell(keys.get(action.id, action.default), action.default, layout.key)
        label = Text(action.label)
        label.truncate(layout.action, overflow="ellipsis")
        where = [] if layout.grouped else [Text(SCOPES[action.scope])]
        rows.append((action.id, [*where, label, Text("\n").join(lines)], len(lines)))
    return rows


class KeysScreen(Screen[dict[str, str] | None]):
    """Every game action and its key; returns the changed keys (action id → key) on Done
    or when they are kept, None on esc with nothing changed or when the changes are
    dropped. ``alone``: opened by "Change keys",
    not from Settings, so leaving it leaves the settings: esc with changes asks whether
    to save them; from Settings, esc takes them back there as Done does."""

    # The ignored bindings take the lines they need, up to a few, so the table keeps
    # room: 8 lines, 5 under 30 rows (its title and four bindings: at 80x24 they showed
    # 2 of 4 in 3 lines), 4 under 24 rows. Lines out of sight are said under it.
    DEFAULT_CSS = """
    KeysScreen #keys-ignored { height: auto; max-height: 8; scrollbar-size-vertical: 1; }
    KeysScreen.-short #keys-ignored { max-height: 5; }
    KeysScreen.-short.-low #keys-ignored { max-height: 4; }
    KeysScreen #keys-ignored-more { height: auto; display: none; }
    KeysScreen #keys-ignored-more.-shown { display: block; }
    KeysScreen #keys-table { scrollbar-size-vertical: 1; }
    """

    #: Lower than this many rows (``-low``), the title and the buttons take a line each
    #: (app.tcss), so that more of the table's rows are in sight.
    LOW = 24

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "leave", "Back"),
        Binding("backspace,delete", "default", "Default key", key_display="⌫"),
        Binding("ctrl+r", "reset", "Reset all"),
    ]

    def __init__(
        self, keys: dict[str, str], ignored: Sequence[str] = (), alone: bool = False
    ) -> None:
        """``ignored``: the settings file's key bindings that were ignored."""
        super().__init__(id="keys-screen")
        self.keys = dict(keys)
        self.given = dict(keys)  # as they were when the screen opened
        self.ignored = list(ignored)
        self.alone = alone

    def compose(self) -> ComposeResult:
        with Vertical(id="keys-box"):
            yield Static("Keys", classes="panel-title")
            keeps = "Done saves the changes" if self.alone else "Save in Settings keeps the changes"
            yield Static(
                "[$text-muted]enter: change a key · ⌫: its default · ctrl+r: all defaults · "
                f"{keeps}[/]",
                id="keys-help",
            )
            if self.ignored:
                more = Static("", id="keys-ignored-more")
                with IgnoredBox(more):
                    yield Static(ignored_text(self.ignored, "Done" if self.alone else "Save"))
                yield more
            yield KeysTable()
            yield Static("", id="keys-status")
            with Horizontal(classes="buttons"):
                yield Button("Done", variant="primary", id="keys-done")
                yield Button("Reset all", id="keys-reset")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(KeysTable)
        table.show(self.keys)
        table.focus()

    def on_resize(self, event: events.Resize) -> None:
        low = event.size.height < self.LOW
        self.set_class(low, "-low")
        for button in self.query(Button):
            button.compact = low

    def _refresh_keys(self) -> None:
        self.query_one(KeysTable).show(self.keys)

    def _status(self, text: str, warning: bool = False) -> None:
        style = "$warning" if warning else "$success"
        self.query_one("#keys-status", Static).update(f"[{style}]{escape(text)}[/]")

    def _current(self) -> str | None:
        table = self.query_one(KeysTable)
        return table.action_at(table.cursor_row)

    @on(DataTable.RowSelected, "#keys-table")
    def _change(self, event: DataTable.RowSelected) -> None:
        action = ACTIONS_BY_ID.get(str(event.row_key.value))
        if action is None:  # a place's heading (the cursor passes over them)
            return

        def pressed(key: str | None) -> None:
            if key is not None:
                self.assign(action.id, key)

        self.app.push_screen(KeyCapture(action.label), pressed)

    def assign(self, action_id: str, key: str) -> bool:
        """Give ``action_id`` the key ``key`` unless it is kept or taken; says which."""
        action = ACTIONS_BY_ID[action_id]
        problem = key_problem(action_id, key, effective_keys(self.keys))
        if problem is not None:
            self._status(f"{problem}; {action.label} keeps {self._label(action_id)}.", True)
            return False
        if key == action.default:
            self.keys.pop(action_id, None)
        else:
            self.keys[action_id] = key
        self._refresh_keys()
        self._status(f"{action.label}: {key_label(key)}")
        return True

    def _label(self, action_id: str) -> str:
        return key_label(self.keys.get(action_id, ACTIONS_BY_ID[action_id].default))

    def action_default(self) -> None:
        action_id = self._current()
        if action_id is not None and action_id in self.keys:
            self.assign(action_id, ACTIONS_BY_ID[action_id].default)

    @on(Button.Pressed, "#keys-reset")
    def action_reset(self) -> None:
        self.keys.clear()
        self._refresh_keys()
        self._status("Every key is at its default.")

    @on(Button.Pressed, "#keys-done")
    def action_done(self) -> None:
        self.dismiss(dict(self.keys))

    def action_leave(self) -> None:
        """Escape. Decision: one change is asked about once, when the settings are left.
        From Settings the changed keys go back there as Done takes them, and Settings asks
        on Back; opened alone, "Save the changes?" is asked here: y saves them (as Done),
        n drops them, and esc stays here with them."""
        if self.keys == self.given:
            self.dismiss(None)
            return
        if not self.alone:
            self.action_done()
            return

        def answered(save: bool | None) -> None:
            if save is not None:  # None: Esc, back to the keys as they are
                self.dismiss(dict(self.keys) if save else None)

        warning = f"The keys changed here are not saved yet.\n{keys_summary(self.keys)}"
        self.app.push_screen(SaveSettingsScreen(warning), answered)
