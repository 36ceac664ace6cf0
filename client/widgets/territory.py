"""A player's territory: the units in play with their stats, damage and counters.

Each unit is a card of the strip (see :mod:`client.widgets.strip`).
"""

from __future__ import annotations

from functools import lru_cache

from textual.content import Content

from client.markup import escape
from client.viewmodel.table import PlayerPanel, UnitLine
from client.widgets import concat, flow, lines, parsed
from client.widgets.strip import CardStrip, Item, plain_item


@lru_cache(maxsize=1024)
def unit_markup(unit: UnitLine) -> str:
    """One unit as markup (cached: a patch that changes one unit draws only that one):
    its attack power and health as the rulebook writes them ("3/5", the health its
    maximum), then its marks ("dmg 2": the damage on it)."""
    style = "$text-muted" if unit.exhausted else "$text"
    text = f"[{style}]{escape(unit.name)} [b]{unit.stats}[/b][/]"
    marks = unit.marks
    if marks:
        text += f" [$text-muted]{escape(marks)}[/]"
    return text


def territory_content(
    panel: PlayerPanel, wide: bool = False, item: Item = plain_item, width: int = 0
) -> Content:
    """One unit a line (wide), or the units in a row broken between units to ``width``
    cells (compact; 0: not broken here)."""
    if not panel.units:
        return parsed("   [$text-muted]no units in play[/]")
    units = [item(unit.ref, unit_markup(unit)) for unit in panel.units]
    if wide:
        return lines(concat(("   • ", unit)) for unit in units)
    return lines(flow(units, width, lead="   "))


class Territory(CardStrip):
    """The units of one player."""

    DEFAULT_CLASSES = "territory"

    def __init__(self) -> None:
        super().__init__()
        self._shown: tuple[tuple[UnitLine, ...], bool] | None = None

    def show(self, panel: PlayerPanel, wide: bool = False) -> None:
        """Draw ``panel``'s units; a player out of the game has no territory line (their
        hero panel's one line says they are out)."""
        if self.display != panel.alive:
            if self.has_focus:  # hidden, it cannot keep the keys: back to the prompt
                self.action_leave()
            self.display = panel.alive
        if (panel.units, wide) == self._shown:
            return
        self._shown = (panel.units, wide)
        self._panel = panel
        self.set_refs(tuple(u.ref for u in panel.units))
        self.redraw()

    def redraw(self) -> None:
        if self._shown is not None:
            width = self.content_size.width
            self.set_markup(territory_content(self._panel, self._shown[1], self.item, width))

    def on_resize(self) -> None:
        self.redraw()  # the units break to the new width
