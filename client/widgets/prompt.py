"""The prompt bar: the decision in front of the displayed seat.

It draws a :class:`~client.viewmodel.prompt.Prompt` and posts :class:`PromptBar.Chosen`
with the action(s) to submit, each taken verbatim from the view's ``legal`` list. Menus
are navigated with the arrows and enter (escape goes back, 1–9 pick a line, ``p``
passes from the prompt's own list, not from a list opened from a line, such as a card's
targets; the Pass line and "‹ back" have no number, so a number never passes). A line
too long for the bar wraps under its text, not under its number.
Declaring attackers is a multi-select (enter toggles, ``a`` all, ``d`` declares);
assigning defenders pairs an attacker with a defender (enter on an attacker, then on a
defender; ``d`` confirms). Targets of which several may be chosen together are ticked
the same way (enter or a number ticks, ``d`` or the ✔ line confirms).
"""

from __future__ import annotations

import re
import textwrap
import time
from functools import lru_cache
from typing import Any, ClassVar

from rich.style import Style as RichStyle
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.css.scalar import Scalar, Unit
from textual.css.styles import RulesMap
from textual.message import Message
from textual.scrollbar import ScrollBar
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from client.markup import escape
from client.viewmodel.details import together
from client.viewmodel.prompt import (
    LINE_WIDTH,
    AttackerSlot,
    Choice,
    DefenderOption,
    Prompt,
    TargetTicks,
    action_refs,
    first_action,
)
from client.widgets import parsed, steady_virtual_size
from client.widgets.lines import StackKey, hang, quick_vertical_scrollbar, text_strip

Action = dict[str, Any]


#: The lines of title the bar's height leaves room for, above a full list of choices
#: (``client/app.tcss``: the bar's max-height is its border, two lines of title, the
#: list's max-height and the hint).
TITLE_LINES = 2



class Hanging(Visual):
    """A prompt line whose wrapped lines start under its text, not at the edge under its
    number: "1. Prevent 2 from Lance of Dominion (Alice's weapon); 2 from …" goes on
    under "Prevent", so the numbers stay a column of their own."""

    def __init__(self, content: Content, indent: int | None = None) -> None:
        self.content = content
        self.indent = indent  # None: under the text after the line's number
        self._wrapped: tuple[int, list[Content]] | None = None

    def lines(self, width: int) -> list[Content]:
        """The line as drawn ``width`` cells wide (:func:`~client.widgets.lines.hang`),
        made once per width."""
        if self._wrapped is None or self._wrapped[0] != width:
            self._wrapped = (width, hang(self.content, width, self.indent))
        return self._wrapped[1]

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        lines = self.lines(width)
        return Content("\n").join(lines).render_strips(width, height, style, options)

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return self.content.get_optimal_width(rules, container_width)

    def get_minimal_width(self, rules: RulesMap) -> int:
        return self.content.get_minimal_width(rules)

    def get_height(self, rules: RulesMap, width: int) -> int:
        return len(self.lines(width))


@lru_cache(maxsize=1024)
def hanging(label: str) -> Hanging:
    """The drawn line of a label (markup), made once per label."""
    return Hanging(parsed(label))


class ChoiceList(OptionList):
    """The prompt's list of choices.

    ``OptionList`` throws away every drawn option whenever its size changes, and a prompt
    with more or fewer lines than the last changes its height: the list was drawn twice
    per patch (bench figure P5). How an option is drawn depends only on the width, so a
    change of height keeps them."""

    _drawn_width: int | None = None

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._rich_styles: dict[Style, dict[StackKey, RichStyle]] = {}

    @property
    def vertical_scrollbar(self) -> ScrollBar:
        return quick_vertical_scrollbar(self)

    def _get_option_render(self, option: Option, style: Style) -> list[Strip]:
        """An option's line, drawn as OptionList draws it but in one step (see
        :func:`~client.widgets.lines.text_strip`); an option that wraps, or is not plain
        text, is drawn by OptionList."""
        padding = self.get_component_styles("option-list--option").padding
        width = self.scrollable_content_region.width - self._get_left_gutter_width()
        key = (option, style, padding)
        strips: list[Strip] | None = self._option_render_cache.get(key)
        if strips is not None:
            return strips
        visual = self._get_visual(option)
        text_width = width - padding.width
        if isinstance(visual, Hanging) and visual.content.cell_length <= text_width:
            visual = visual.content  # one line: drawn in one step below
        if (
            not isinstance(visual, Content)
            or option._divider
            or padding.top
            or padding.bottom
            or text_width <= 0
            or visual.cell_length > text_width
            or "\n" in visual.plain
        ):
            return super()._get_option_render(option, style)
        if len(self._rich_styles) > 8:
            self._rich_styles.clear()
        cache = self._rich_styles.setdefault(style, {})
        rich_style = style.rich_style
        line = text_strip(visual, style, self._get_style, cache)
        line = line.crop_pad(text_width, padding.left, padding.right, rich_style)
        meta = {"option": self._option_to_index[option]}
        strips = [line.extend_cell_length(width, rich_style).apply_meta(meta)]
        self._option_render_cache[key] = strips
        return strips

    def unseen(self) -> tuple[int, int]:
        """How many choices are scrolled out of sight: (above, below) the window. A
        choice partly shown counts as shown."""
        height = self.scrollable_content_region.height
        lines = self._lines
        if height <= 0 or len(lines) <= height:
            return 0, 0
        top = min(max(0, round(self.scroll_y)), len(lines) - 1)
        bottom = min(top + height, len(lines)) - 1
        return lines[top][0], self.option_count - 1 - lines[bottom][0]

    @on(events.Resize)
    def _keep_drawn_options(self, event: events.Resize) -> None:
        event.prevent_default()  # OptionList's own handler drops the drawn options
        width = self.scrollable_content_region.width
        if width != self._drawn_width:
            self._drawn_width = width
            self._clear_caches()


class PromptBar(Vertical):
    """Shows one prompt and turns key presses into chosen actions."""

    DEFAULT_CLASSES = "prompt-bar"
    virtual_size = steady_virtual_size()  # it never scrolls (its choices do)

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p", "pass", "Pass", id="table.pass"),
        # The same key in a list opened from a line (a card's targets, a split's halves):
        # there it passes nothing and says how to pass. A pass is final, and a key that
        # passed from one list and went back from another would be a trap.
        Binding("p", "pass_held", "Pass", id="table.pass", show=False),
        Binding("escape", "back", "Back"),
        Binding("a", "all", "All/none", id="table.all_attackers"),
        Binding("d", "confirm", "Confirm", id="table.confirm"),
        *(Binding(str(i), f"pick({i})", f"Pick {i}", show=False) for i in range(1, 10)),
    ]

    class Chosen(Message):
        """The player chose: submit ``actions`` in order for ``seat``."""

        def __init__(self, seat: int | None, actions: list[Action]) -> None:
            super().__init__()
            self.seat = seat
            self.actions = actions

    class Skip(Message):
        """Pass until my turn: ``on`` True turns it on, None turns it on or off."""

        def __init__(self, on: bool | None) -> None:
            super().__init__()
            self.on = on

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.prompt = Prompt(mode="none", title="")
        self._stack: list[tuple[str, tuple[Choice, ...]]] = []
        self._opened: list[Choice] = []  # the groups open in the stack, for their questions
        self._entries: list[tuple[str, Any]] = []
        self._numbers: list[int] = []  # the entry each number key picks (1 is the first)
        self._selected: set[int] = set()  # attackers mode: indices into prompt.attackers
        self._pairs: dict[str, DefenderOption] = {}  # defenders mode: attacker ref → pair
        self._picking: AttackerSlot | None = None
        self._ticked: dict[str, None] = {}  # targets ticked in the list shown, in order
        self.busy = False
        #: No link to the server: a choice made waits for it ("sent…" would be untrue).
        self.offline = False
        self.deadline: float | None = None
        self.hotkeys = True
        self._bindings_shown: tuple[bool | None, ...] = ()
        self._drawn = False
        self._labels: list[str] = []
        self._texts: dict[str, str] = {}

    def compose(self) -> ComposeResult:
        yield Static("", id="prompt-title")
        yield ChoiceList(id="choices")
        yield Static("", id="prompt-hint")

    def on_mount(self) -> None:
        self.set_interval(1.0, self._tick)
        self.watch(self.query_one(ChoiceList), "scroll_y", self._update_hint, init=False)

    def on_resize(self) -> None:
        self.call_after_refresh(self._update_hint)  # the list's window may show more now
        if self._drawn:
            self.call_after_refresh(self._show_title)  # a note is cut to the new width

    # showing ---------------------------------------------------------------------------
    def show(
        self,
        prompt: Prompt,
        busy: bool = False,
        deadline: float | None = None,
        offline: bool = False,
    ) -> None:
        """Show ``prompt``; keeps the player's place when the same decision is shown
        again. ``offline``: the link to the server is down (a choice waits for it)."""
        same = prompt == self.prompt
        shown = (busy, deadline, offline) == (self.busy, self.deadline, self.offline)
        if same and shown and self._drawn:
            return  # nothing to draw: most patches leave the decision as it was
        self.busy = busy
        self.offline = offline
        self.deadline = deadline
        if not same:
            self.prompt = prompt
            self._stack = [("", prompt.choices)] if prompt.mode == "menu" else []
            self._opened = []
            self._selected = set()
            self._pairs = {}
            self._picking = None
            self._ticked = {}
        self._redraw()

    def _redraw(self) -> None:
        prompt = self.prompt
        self.set_class(prompt.is_mine, "-mine")
        self.set_class(prompt.response, "-response")
        self._drawn = True
        options = self.query_one("#choices", OptionList)
        highlighted = options.highlighted
        self._entries, items = self._items()
        self._numbers = _numbered_entries(self._entries)
        labels = [str(item.prompt) for item in items]
        if labels != self._labels:  # each new list costs a layout pass
            self._labels = labels
            # Parsed once per distinct label: a prompt shown again costs no parsing.
            options.set_options(Option(hanging(label)) for label in labels)
        # Kept displayed (empty) while waiting, so focus stays put: moving focus rebuilds
        # the Footer, which is the slowest thing on this screen.
        options.set_class(not items, "-empty")
        if items:
            options.highlighted = min(highlighted or 0, len(items) - 1)
            if self.is_attached and self.screen.focused is None:
                options.focus()
        self._show_title()
        self._update_hint()
        if len(items) > 1:  # what the list's window leaves out is known after its layout
            self.call_after_refresh(self._update_hint)
        # Refreshing bindings rebuilds the Footer; do it only when the keys shown change.
        shown = tuple(self.check_action(a, ()) for a in ("pass", "back", "all", "confirm", "pick"))
        if shown != self._bindings_shown:
            self._bindings_shown = shown
            self.refresh_bindings()

    def _show_title(self) -> None:
        """The title, and under it, muted, what the effect being decided does (the
        highlighted line's note, else the prompt's), in at most two lines."""
        title = escape(self._question())
        if self.busy:
            sent = "sent once reconnected" if self.offline else "sent…"
            title += f" [$text-muted]({sent})[/]"
        note = self._note()
        over = 0
        if note:
            width = self.query_one("#prompt-title").content_size.width or LINE_WIDTH
            cut = textwrap.wrap(note, width, max_lines=2, placeholder=" …")
            over = len(parsed(title).wrap(width)) + len(cut) - TITLE_LINES
            title += "\n[not bold $text-muted]" + escape("\n".join(cut)) + "[/]"
        self._set_text("#prompt-title", title)
        self._fit_choices(over)

    def _fit_choices(self, over: int) -> None:
        """The list of choices ``over`` lines shorter than the styles say: the bar's
        height leaves room for a title of :data:`TITLE_LINES`, and a longer title (a
        note under it) would push the last line of a full list, or the line saying how
        many more there are, out of the bar unseen."""
        choices = self.query_one(ChoiceList)
        tallest = choices.styles.base.max_height
        wanted = None
        if over > 0 and tallest is not None and tallest.unit == Unit.CELLS:
            wanted = Scalar.from_number(max(1, int(tallest.value) - over))
        if choices.styles.inline.max_height != wanted:
            choices.styles.max_height = wanted

    def _note(self) -> str:
        """What the highlighted line's effect does, else what the card or ability whose
        list is open does (its targets are chosen), else what the prompt's does."""
        index = self.query_one("#choices", OptionList).highlighted
        if index is not None and 0 <= index < len(self._entries):
            kind, payload = self._entries[index]
            if kind == "choice" and payload.note:
                return str(payload.note)
        if self._opened and self._opened[-1].detail:
            return self._opened[-1].detail
        return self.prompt.note

    @on(OptionList.OptionHighlighted, "#choices")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if self._drawn:
            self._show_title()  # a line of its own effect says what that effect does

    def _question(self) -> str:
        """The title: the open group's question, or the attacker whose defenders are
        listed, else the prompt's own."""
        if self._picking is not None and self._picking.ask:
            return self._picking.ask
        return self._opened[-1].ask if self._opened else self.prompt.title

    def _items(self) -> tuple[list[tuple[str, Any]], list[Option]]:
        mode = self.prompt.mode
        if self.busy or mode not in ("menu", "attackers", "defenders"):
            return [], []
        if mode == "menu":
            return self._menu_items()
        if mode == "attackers":
            return self._attacker_items()
        return self._defender_items()

    def _numbered(self, i: int, label: str) -> str:
        return f"{i + 1}. {label}" if i < 9 else f"   {label}"

    def _menu_items(self) -> tuple[list[tuple[str, Any]], list[Option]]:
        entries: list[tuple[str, Any]] = []
        items: list[Option] = []
        heading, choices = self._stack[-1]
        number = 0
        for choice in choices:
            if choice.ticks is not None:
                number = self._tick_items(choice.ticks, entries, items, number)
                continue
            entries.append(("choice", choice))
            if _passes(choice):  # it has its own key: a number that shifts must not pass
                items.append(Option(escape(f"   {choice.label}")))
            else:
                items.append(Option(escape(self._numbered(number, choice.label))))
                number += 1
        if len(self._stack) > 1:
            entries.append(("back", None))
            items.append(Option(f"   ‹ back (from {escape(heading)})"))
        return entries, items

    def _tick_items(
        self, ticks: TargetTicks, entries: list[tuple[str, Any]], items: list[Option], number: int
    ) -> int:
        """A line per target to tick, then the line that confirms the ticked ones; returns
        the next line's number."""
        for ref, label in ticks.candidates:
            box = "[x]" if ref in self._ticked else "[ ]"
            entries.append(("tick", ref))
            items.append(Option(escape(self._numbered(number, f"{box} {label}"))))
            number += 1
        entries.append(("confirm", None))
        items.append(Option(escape(f"   ✔ {self._tick_confirm(ticks)}")))
        return number

    def _tick_confirm(self, ticks: TargetTicks) -> str:
        """The confirming line's words for the ticked targets."""
        names = dict(ticks.candidates)
        if ticks.chosen(frozenset(self._ticked)) is not None:
            if not self._ticked:
                return "Confirm with no target"
            return f"Confirm: {', '.join(names[ref] for ref in self._ticked)}"
        return f"Confirm ({self._tick_refusal(ticks)})"

    def _tick_refusal(self, ticks: TargetTicks) -> str:
        if not self._ticked:
            return "tick a target first"
        if len(self._ticked) < min(len(refs) for refs, _, _ in ticks.sets):
            return "tick more targets"
        return "these targets cannot be chosen together"

    def _shown_ticks(self) -> TargetTicks | None:
        """The targets to tick in the list shown, if it has them."""
        if self.prompt.mode != "menu" or self.busy or not self._stack:
            return None
        return next((c.ticks for c in self._stack[-1][1] if c.ticks is not None), None)

    def _toggle_tick(self, ref: str) -> None:
        ticks = self._shown_ticks()
        if ticks is None:
            return
        if ref in self._ticked:
            del self._ticked[ref]
        elif len(self._ticked) >= ticks.most:
            self.notify(f"At most {ticks.most} targets: untick one first.", timeout=3)
            return
        else:
            self._ticked[ref] = None
        self._redraw()

    def _confirm_ticks(self, ticks: TargetTicks) -> None:
        chosen = ticks.chosen(frozenset(self._ticked))
        if chosen is None:
            self.notify(f"Not yet: {self._tick_refusal(ticks)}.", timeout=3)
            return
        self._choose([chosen[1]])

    def _attacker_items(self) -> tuple[list[tuple[str, Any]], list[Option]]:
        entries: list[tuple[str, Any]] = []
        items: list[Option] = []
        for i, choice in enumerate(self.prompt.attackers):
            box = "[x]" if i in self._selected else "[ ]"
            entries.append(("toggle", i))
            items.append(Option(escape(self._numbered(i, f"{box} {choice.label}"))))
        n = len(self._selected)
        if self.prompt.done_action is not None:
            entries.append(("confirm", None))
            text = (
                f"Declare {n} attacker{'s' if n != 1 else ''}"
                if n
                else "Declare no (more) attackers"
            )
            items.append(Option(f"   ✔ {text}"))
        return entries, items

    def _defender_items(self) -> tuple[list[tuple[str, Any]], list[Option]]:
        entries: list[tuple[str, Any]] = []
        items: list[Option] = []
        if self._picking is not None:
            used = {p.ref for a, p in self._pairs.items() if a != self._picking.ref}
            for d in self._picking.defenders:
                if d.ref not in used:
                    entries.append(("defender", d))
                    items.append(
                        Option(escape(self._numbered(len(items), f"defend with {d.label}")))
                    )
            entries.append(("defender", None))
            items.append(Option(escape(self._numbered(len(items), "no defender"))))
            return entries, items
        for i, slot in enumerate(self.prompt.slots):
            pair = self._pairs.get(slot.ref)
            who = (
                f"← {pair.label}"
                if pair
                else ("← (undefended)" if slot.defenders else "(no one can defend)")
            )
            entries.append(("slot", slot))
            items.append(Option(escape(self._numbered(i, f"{slot.label} {who}"))))
        if self.prompt.done_action is not None:
            entries.append(("confirm", None))
            n = len(self._pairs)
            items.append(Option(f"   ✔ Confirm {n} defender{'s' if n != 1 else ''}"))
        return entries, items

    def _update_hint(self) -> None:
        if not self.is_attached:
            return
        hint = self.query_one("#prompt-hint", Static)
        parts = []
        # A list longer than its window says so (under it, where the rest would be); the
        # arrows scroll it, and the counts follow.
        above, below = self.query_one(ChoiceList).unseen()
        if above:
            parts.append(f"↑ {above} above")
        if below:
            parts.append(f"↓ {below} more")
        mode = self.prompt.mode
        if mode == "attackers":
            declared = ", ".join(self.prompt.declared)
            if declared:
                parts.append(f"attacking: {escape(declared)}")
        if mode == "defenders" and self.prompt.paired:
            parts.append("assigned: " + escape("; ".join(self.prompt.paired)))
        ticks = self._shown_ticks()
        if ticks is not None:
            parts.append(escape(ticks.how))
        if self.deadline is not None:
            left = max(0, int(self.deadline - time.monotonic() + 0.999))
            style = "$error" if left <= 5 else "$warning"
            parts.append(f"[{style}]⏱ {left}s[/]")
        self._set_text("#prompt-hint", "  ".join(parts))
        hint.display = bool(parts)

    def _set_text(self, selector: str, markup: str) -> None:
        """Update a line of the bar only when its text changes (an update lays out)."""
        if self._texts.get(selector) != markup:
            self._texts[selector] = markup
            self.query_one(selector, Static).update(markup)

    def _tick(self) -> None:
        if self.deadline is not None:
            self._update_hint()

    # choosing ------------------------------------------------------------------------------
    def _choose(self, actions: list[Action]) -> None:
        if self.busy or not actions:
            return
        self.post_message(self.Chosen(self.prompt.seat, actions))
        # Shown as sent at once (no second choice can follow it); the controller's next
        # frame, drawn after it handled the choice, confirms this or clears it.
        self.busy = True
        self._redraw()

    @on(OptionList.OptionSelected, "#choices")
    def _selected_option(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._activate(event.option_index)

    def _activate(self, index: int) -> None:
        if not 0 <= index < len(self._entries):
            return
        kind, payload = self._entries[index]
        if kind == "choice":
            choice: Choice = payload
            if choice.command == "skip":
                self.post_message(self.Skip(True))
            elif choice.action is not None:
                self._choose([choice.action])
            elif choice.children:
                self._stack.append((choice.label.rstrip(" …"), choice.children))
                self._opened.append(choice)
                self._ticked = {}
                self._redraw()
                self.query_one("#choices", OptionList).highlighted = 0
        elif kind == "back":
            self.action_back()
        elif kind == "toggle":
            self._selected ^= {payload}
            self._redraw()
        elif kind == "tick":
            self._toggle_tick(payload)
        elif kind == "slot":
            if payload.defenders:
                self._picking = payload
                self._redraw()
                self.query_one("#choices", OptionList).highlighted = 0
        elif kind == "defender":
            assert self._picking is not None
            if payload is None:
                self._pairs.pop(self._picking.ref, None)
            else:
                self._pairs[self._picking.ref] = payload
            self._picking = None
            self._redraw()
        elif kind == "confirm":
            self.action_confirm()

    # actions (bindings) -----------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        mode = self.prompt.mode
        if action in ("pass", "pass_held"):
            may_pass = mode == "menu" and self.prompt.pass_action is not None and not self.busy
            in_list = len(self._stack) > 1  # a list opened from a line of the prompt
            return may_pass and in_list == (action == "pass_held")
        if action == "back":
            return len(self._stack) > 1 or self._picking is not None
        if action == "all":
            return mode == "attackers" and bool(self.prompt.attackers)
        if action == "confirm":
            if self._shown_ticks() is not None:
                return True
            return mode in ("attackers", "defenders") and self.prompt.done_action is not None
        if action == "pick":
            return self.hotkeys and bool(self._entries)
        return True

    def action_pass(self) -> None:
        """Pass, from the prompt's own list only (:meth:`action_pass_held`)."""
        if self.prompt.pass_action is not None and len(self._stack) <= 1:
            self._choose([self.prompt.pass_action])

    @property
    def in_opened_list(self) -> bool:
        """Whether a list opened from a line of the prompt (targets, halves, opponents)
        is shown: passing waits until the player is back in the prompt's own list."""
        return len(self._stack) > 1

    def action_pass_held(self) -> None:
        """The pass key in a list opened from a line: nothing is sent (the player may
        have meant to go back, and a pass cannot be taken back); a notice says how."""
        self.notify(PASS_FROM_LIST, timeout=3)

    def action_back(self) -> None:
        if self._picking is not None:
            self._picking = None
        elif len(self._stack) > 1:
            self._stack.pop()
            del self._opened[len(self._stack) - 1 :]
            self._ticked = {}
        else:
            return
        self._redraw()

    def action_all(self) -> None:
        everything = set(range(len(self.prompt.attackers)))
        self._selected = set() if self._selected == everything else everything
        self._redraw()

    def action_confirm(self) -> None:
        prompt = self.prompt
        ticks = self._shown_ticks()
        if ticks is not None:
            self._confirm_ticks(ticks)
            return
        if prompt.done_action is None:
            return
        if prompt.mode == "attackers":
            chosen = [prompt.attackers[i].action for i in sorted(self._selected)]
        elif prompt.mode == "defenders":
            chosen = [pair.action for pair in self._pairs.values()]
        else:
            return
        self._choose([a for a in chosen if a is not None] + [prompt.done_action])

    def action_pick(self, number: int) -> None:
        """The line shown with ``number``; the lines without one (Pass, back, the
        confirmations) are not counted."""
        if 0 < number <= len(self._numbers):
            index = self._numbers[number - 1]
            self.query_one("#choices", OptionList).highlighted = index
            self._activate(index)

    def highlighted_refs(self, seat: int | None) -> list[str]:
        """What the highlighted line is about (``action_refs``): "i" shows its details.
        The cards a line names (``refs``) are one reference (``together``): "i" shows
        an equipment line's weapon and its armor at once. [] for a line about no card
        ("Decline", "Pass"), and when no line is highlighted."""
        index = self.query_one("#choices", OptionList).highlighted
        if index is None or not 0 <= index < len(self._entries):
            return []
        kind, payload = self._entries[index]
        action: Action | None = None
        if kind == "choice" and payload.refs:
            return [together(payload.refs)]
        if kind == "choice":
            action = first_action(payload)
        elif kind == "toggle":
            action = self.prompt.attackers[payload].action
        elif kind in ("slot", "defender") and payload is not None:
            return [payload.ref]
        elif kind == "tick":
            return [payload]
        if action is None:
            return []
        return action_refs(action, seat, target_first=len(self._stack) > 1)  # a target line

    def highlighted_label(self) -> str | None:
        """The words of the highlighted line as drawn, without its number ("Decline (do
        not use this effect)"); None when no line is highlighted. What "i" names when
        the line is about no card."""
        index = self.query_one("#choices", OptionList).highlighted
        if index is None or not 0 <= index < len(self._labels):
            return None
        return _NUMBER.sub("", parsed(self._labels[index]).plain).strip()

    def focus_choices(self) -> None:
        self.query_one("#choices", OptionList).focus()


#: What the pass key says in a list opened from a line of the prompt.
PASS_FROM_LIST = "Esc goes back to the list; pass from there."
#: What it says with such a list open and the keys away from the prompt (the board, the
#: side log): the first Esc brings the keys back to that list, the second goes back.
PASS_FROM_AWAY = "Esc twice goes back to the list; pass from there."

#: The number drawn before a line ("3. ").
_NUMBER = re.compile(r"^\s*\d\.\s")


def _passes(choice: Choice) -> bool:
    """A line that passes: Pass, or "Pass until my turn" (each has its key)."""
    return choice.command == "skip" or (choice.action or {}).get("kind") == "pass"


def _numbered_entries(entries: list[tuple[str, Any]]) -> list[int]:
    """The entries drawn with a number, in order: all but "‹ back", the confirmations
    and the lines that pass (as :meth:`PromptBar._items` numbers them), nine at most."""
    return [
        i
        for i, (kind, payload) in enumerate(entries)
        if kind not in ("back", "confirm") and not (kind == "choice" and _passes(payload))
    ][:9]
