"""The details of the card the player is looking at: a panel beside the board in the wide
layout, and a popup (the details key, ``i`` unless the player changed it, or a click on
a card) in the compact one.

Both draw a :class:`~client.viewmodel.details.CardDetails`, built from the displayed
seat's table model only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from client.markup import escape
from client.settings import ACTIONS_BY_ID, key_label
from client.viewmodel.details import CardDetails
from client.widgets import MarkupStatic

#: The id of the table's "card details" binding; the popup's own key shares it, so the
#: key that opens the popup closes it, remapped or not.
DETAILS = "table.details"


def hint_text(key: str) -> str:
    """The panel's text while no card is looked at; ``key`` opens the popup."""
    return (
        "[$text-muted]Tab to a card (arrows move between cards), or point at one: its"
        f" details show here. [b]{escape(key)}[/b] opens them in full.[/]"
    )


HINT = hint_text(ACTIONS_BY_ID[DETAILS].default)
GONE = "[$text-muted]That card is no longer on the table.[/]"


def details_key(app: App[object]) -> str:
    """The details key as the player reads it: the one set in Settings → Keys… (the
    app hands the same keys to Textual's keymap), else ``i``."""
    keys: Mapping[str, str] = getattr(getattr(app, "settings", None), "keys", None) or {}
    return key_label(keys.get(DETAILS, ACTIONS_BY_ID[DETAILS].default))


def details_markup(details: CardDetails | None, hint: str = HINT, full: bool = False) -> str:
    """The card's name, kind, cost, stats, text, current modifiers and attached cards as
    markup; ``full`` (the popup) adds what only the popup shows (a hero's abilities, the
    decks, the cards it makes or attaches)."""
    if details is None:
        return hint
    # the other cards of the same prompt line (an equipment line's armor face), after a
    # blank line: one look shows every card the line names
    return "\n\n".join(_card_markup(d, full) for d in (details, *details.also))


def _card_markup(details: CardDetails, full: bool) -> str:
    """One card of :func:`details_markup`."""
    head = f"[b]{escape(details.name)}[/b]"
    if details.cost:
        head += f"  [$warning]{escape(details.cost)}[/]"
    lines = [head, f"[$text-muted]{escape(details.kind)} · {escape(details.where)}[/]"]
    lines += [f"[b]{escape(s)}[/b]" for s in details.stats]
    lines += [escape(t) for t in details.text]
    if details.state:
        lines.append("[$accent]" + escape(" · ".join(details.state)) + "[/]")
    # each attached card on a line of its own, in the state's colour: it is part of the
    # unit's state, and its text is too long to join the state's line
    lines += [f"[$accent]{escape(line)}[/]" for line in details.attached]
    if details.flavor:
        lines.append(f"[i $text-muted]{escape(details.flavor)}[/]")
    if full:
        lines += [_more_line(line) for line in details.more]
    return "\n".join(lines)


def _more_line(line: str) -> str:
    """A heading ("Abilities:") in bold, an entry as it is."""
    return f"[b]{escape(line)}[/b]" if line.endswith(":") else escape(line)


class DetailsPanel(MarkupStatic):
    """The wide layout's details panel, above the log."""

    DEFAULT_CLASSES = "details"

    def show(self, details: CardDetails | None, gone: bool = False) -> None:
        hint = GONE if gone else hint_text(details_key(self.app))
        self.set_markup(details_markup(details, hint))


class DetailsPopup(ModalScreen[None]):
    """One card's details over the table; kept up to date while it is open."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
        # the table's details key: remapped with it (Textual's keymap goes by the id)
        Binding("i", "close", "Close", show=False, id=DETAILS),
        Binding("enter", "close", "Close", show=False),
    ]

    def __init__(self, details: CardDetails | None) -> None:
        super().__init__(classes="details-popup")
        self.details = details
        self._text = MarkupStatic(id="details-text")

    def compose(self) -> ComposeResult:
        with Vertical(id="details-box"):
            # a hero's details (every ability, the decks) may be taller than the screen
            with VerticalScroll(id="details-scroll"):
                yield self._text
            key = escape(details_key(self.app))
            yield Static(f"[$text-muted]esc, {key} or enter: close[/]", id="details-keys")

    def on_mount(self) -> None:
        self.show(self.details)

    def show(self, details: CardDetails | None) -> None:
        self.details = details
        self._text.set_markup(details_markup(details, GONE, full=True))

    def action_close(self) -> None:
        self.dismiss(None)

    def on_click(self) -> None:
        self.dismiss(None)
