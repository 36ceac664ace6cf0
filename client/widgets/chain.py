"""The chain (pending maneuvers, the next to resolve on top) and the battle.

The chain is a strip of cards (:mod:`client.widgets.strip`): each entry can be picked
out with the arrow keys or the mouse, and its details show what it will do."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from textual.content import Content
from textual.css.styles import RulesMap
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual
from textual.widget import Widget

from client.markup import escape
from client.viewmodel.table import BattleModel, ChainLine, DeckLine
from client.widgets import MarkupStatic, concat, parsed
from client.widgets.prompt import Hanging
from client.widgets.strip import CardStrip, Item, plain_item

_CHAIN_TITLE = parsed("[b]Chain[/b] ")
_INDENT = " " * 6  # under the title, where the entries below the top one start
_ORDER_HINT = parsed(f"{_INDENT}[$text-muted](the top one resolves first)[/]")


def _entry(chain: tuple[ChainLine, ...], depth: int, item: ChainLine, width: int | None) -> str:
    """One entry's line. A line wider than ``width`` (with the title or indent before
    it) names the entry briefly, where it has a brief name ("Tax Collector's effect"):
    the whole line on one row, whose targets the compact layout would cut off."""
    arrow = "▶" if depth == 0 else " "
    on = f" → {escape(item.targets)}" if item.targets else ""
    who = f" [$text-muted]({escape(item.who)})[/]{on}"
    full = f"{arrow} {len(chain) - depth}. {escape(item.label)}{who}"
    brief = item.brief and item.brief != item.label
    if brief and width and len(_INDENT) + parsed(full).cell_length > width:
        return f"{arrow} {len(chain) - depth}. {escape(item.brief)}{who}"
    return full


def chain_content(
    chain: tuple[ChainLine, ...], item: Item = plain_item, width: int | None = None
) -> Content:
    """The chain, top first, each entry drawn by ``item`` (a strip marks its cursor),
    in ``width`` cells when known (see :func:`_entry`).

    The top entry shares the title's line: where the board has room for one line of
    the chain (the compact layout, under a tall prompt), it is the entry that resolves
    next, not a bare title."""
    if not chain:
        return parsed("")
    parts: list[Content | str] = []
    for depth, line in enumerate(reversed(chain)):
        parts += ["\n", _INDENT] if depth else [_CHAIN_TITLE]
        parts.append(item(line.ref, _entry(chain, depth, line, width)))
    if len(chain) > 1:
        parts += ["\n", _ORDER_HINT]
    return concat(parts)


#: What goes before the battle's names: a wrapped title goes on under the names.
_BATTLE = "Battle"


def battle_markup(battle: BattleModel | None) -> str:
    if battle is None:
        return ""
    lines = [
        f"[b]{_BATTLE}[/b] {escape(battle.attacker)} ⚔ {escape(battle.defender)}"
        f" · {escape(battle.step)}"
    ]
    if battle.note:
        lines.append(f"   [$text-muted]{escape(battle.note)}[/]")
    lines += [f"   {escape(line)}" for line in battle.lines]
    return "\n".join(lines)


def decks_markup(decks: tuple[DeckLine, ...]) -> str:
    """One deck a line (its height stays the same while the game goes on)."""
    rows: list[str] = []
    for d in decks:
        lead = "Decks: " if not rows else "       "
        rows.append(f"{lead}{d.deck} {d.count} [$text-muted]({escape(d.pile)})[/]")
    return "\n".join(rows) or "Decks: —"


@runtime_checkable
class ChainHolder(Protocol):
    """The board the chain sits in (:class:`client.screens.table.Board`, which imports
    this module): it keeps the chain in view while the chain lasts."""

    following: bool

    def hold_chain(self) -> None: ...

    def release_chain(self, back_to_end: bool) -> None: ...


class ChainView(CardStrip):
    DEFAULT_CLASSES = "chain"

    def __init__(self, *, id: str | None = None, classes: str = "") -> None:
        super().__init__(id=id, classes=classes)
        self._shown: tuple[ChainLine, ...] | None = None
        #: Whether the board followed its end when this chain began (it goes back then).
        self._board_followed = False

    def show(self, chain: tuple[ChainLine, ...]) -> None:
        if chain == self._shown:
            return
        began, emptied = bool(chain) and not self._shown, bool(self._shown) and not chain
        holder = self.parent if isinstance(self.parent, ChainHolder) else None
        if began:  # whether the board followed its end: it goes back there afterwards
            self._board_followed = holder is not None and holder.following
        self._shown = chain
        self.display = bool(chain)
        self.set_refs(tuple(line.ref for line in reversed(chain)))  # top first, as drawn
        self.redraw()
        if chain and holder is not None:
            # a new entry asks for an answer: the board shows the chain and keeps it in
            # view while it lasts (a board that kept its end pushed the chain out of
            # sight above when the prompt under it or the hand grew)
            holder.hold_chain()
        elif chain:
            self.call_after_refresh(self.scroll_visible, animate=False)
        elif emptied and holder is not None:
            # back to the end it followed (the chain's room may have gone to a longer
            # hand or battle meanwhile, so shrinking alone may not get it there)
            holder.release_chain(back_to_end=self._board_followed)
            self._board_followed = False

    def redraw(self) -> None:
        if self._shown is not None:
            self.set_markup(chain_content(self._shown, self.item, self._width()))

    def _width(self) -> int | None:
        """The cells of a line: the chain's own, or before its first layout (it is
        hidden while the chain is empty) the board's less the chain's border and padding;
        None before either is known."""
        if self.content_size.width:
            return self.content_size.width
        board = self.parent
        if isinstance(board, Widget) and board.scrollable_content_region.width:
            return board.scrollable_content_region.width - self.styles.gutter.width
        return None

    def on_resize(self) -> None:
        self.redraw()  # an entry's line may fit at the new width, or no longer fit


class HangingLines(Visual):
    """Lines one under the other, each wrapped under its own text
    (:class:`~client.widgets.prompt.Hanging`): a long line of the battle goes on under
    the attacker it began with, not at the panel's edge, where it would read as a line
    of its own."""

    def __init__(self, lines: Sequence[Hanging]) -> None:
        self.hanging = tuple(lines)

    def rows(self, width: int) -> list[Content]:
        """The lines as drawn ``width`` cells wide."""
        return [row for line in self.hanging for row in line.lines(width)]

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        return Content("\n").join(self.rows(width)).render_strips(width, height, style, options)

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        widths = (line.get_optimal_width(rules, container_width) for line in self.hanging)
        return max(widths, default=0)

    def get_minimal_width(self, rules: RulesMap) -> int:
        return max((line.get_minimal_width(rules) for line in self.hanging), default=0)

    def get_height(self, rules: RulesMap, width: int) -> int:
        return len(self.rows(width))


def battle_lines(battle: BattleModel | None) -> HangingLines:
    """The battle panel's lines (:func:`battle_markup`), each wrapped under its text: the
    title's under the names after "Battle", the others under the attacker or note."""
    lines = [Hanging(parsed(line)) for line in battle_markup(battle).split("\n")]
    if battle is not None:  # no number or spaces before the title to hang under
        lines[0] = Hanging(lines[0].content, indent=len(_BATTLE) + 1)
    return HangingLines(lines)


class BattleView(MarkupStatic):
    DEFAULT_CLASSES = "battle"

    _shown: BattleModel | None = None

    def show(self, battle: BattleModel | None) -> None:
        self.display = battle is not None
        if battle == self._shown:
            return
        self._shown = battle
        self.update(battle_lines(battle), layout=False)
        self._relayout()  # measured again even while an earlier layout is pending


class DecksView(MarkupStatic):
    DEFAULT_CLASSES = "decks"

    def show(self, decks: tuple[DeckLine, ...]) -> None:
        self.set_markup(decks_markup(decks))
