"""A player's territory: the units in play with their stats, damage and counters."""

from __future__ import annotations

from textual.markup import escape

from client.viewmodel.table import PlayerPanel, UnitLine
from client.widgets import MarkupStatic


def unit_markup(unit: UnitLine) -> str:
    style = "$text-muted" if unit.exhausted else "$text"
    text = f"[{style}]{escape(unit.name)} [b]{unit.attack}/{unit.health}[/b][/]"
    marks = unit.marks
    if marks:
        text += f" [$text-muted]{escape(marks)}[/]"
    return text


def territory_markup(panel: PlayerPanel, wide: bool = False) -> str:
    if not panel.units:
        return "   [$text-muted]no units in play[/]"
    units = [unit_markup(u) for u in panel.units]
    if wide:
        return "\n".join(f"   • {u}" for u in units)
    return "   " + " · ".join(units)


class Territory(MarkupStatic):
    """The units of one player."""

    DEFAULT_CLASSES = "territory"

    def show(self, panel: PlayerPanel, wide: bool = False) -> None:
        self.set_markup(territory_markup(panel, wide))
