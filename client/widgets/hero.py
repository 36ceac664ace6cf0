"""A player's hero: health, gold, production, weapon, armor, abilities, hand counts.

The hero, its weapon and armor faces and its abilities are cards of the strip (see
:mod:`client.widgets.strip`): focus or point at one to see its details.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from textual.content import Content
from textual.markup import escape

from client.viewmodel.table import AbilityLine, Equipment, PlayerPanel
from client.widgets import concat, lines, parsed
from client.widgets.strip import CardStrip, Item, plain_item

_HAND_SHORT = {"basic": "b", "elite": "e", "action": "a"}


@lru_cache(maxsize=256)
def _equipment(item: Equipment | None, unit: str) -> str:
    if item is None:
        return "—"
    text = f"{escape(item.name)} [b]{item.value}[/b]{unit}"
    if item.left is not None and item.left != item.value:
        text += f" ({item.left} left)"
    if item.exhausted:
        text += " [$warning]exh[/]"
    return text


@lru_cache(maxsize=512)
def _ability(a: AbilityLine) -> str:
    if a.unlocked:
        state = "[$success]ready[/]" if a.ready else f"cd {a.cooldown}"
        return f"{escape(a.name)} {state}"
    return f"[$text-muted]L{a.level} {escape(a.name)}[/]"


def shown_abilities(panel: PlayerPanel, wide: bool) -> tuple[AbilityLine, ...]:
    """Unlocked abilities; in the wide layout the locked ones too."""
    return tuple(a for a in panel.abilities if a.unlocked or wide)


def hero_refs(panel: PlayerPanel, wide: bool) -> tuple[str, ...]:
    """The cards of the hero strip, in reading order."""
    refs = [panel.hero_ref]
    refs += [e.ref for e in (panel.weapon, panel.armor) if e is not None]
    refs += [a.ref for a in shown_abilities(panel, wide)]
    return tuple(refs)


def _wrapped(lead: str, items: list[Content], width: int) -> list[Content]:
    """``items`` after ``lead``, separated by dots, in as many rows of ``width`` cells as
    they need; continued rows are indented under the first item (0: one row)."""
    rows: list[Content] = []
    row: list[Content | str] = []
    used = 0
    for content in items:
        size = content.cell_length
        if row and width and used + 3 + size > width:
            rows.append(concat(row))
            row, used = [], 0
        if row:
            row.append(" · ")
            used += 3
        else:
            row.append(lead if not rows else " " * len(lead))
            used += len(lead)
        row.append(content)
        used += size
    if row:
        rows.append(concat(row))
    return rows


def hero_content(
    panel: PlayerPanel, wide: bool = False, item: Item = plain_item, width: int = 0
) -> Content:
    """The hero's lines; ``item`` draws each card (see CardStrip.item); the abilities
    are wrapped to ``width`` cells (0: not wrapped here)."""
    mark = "▶ " if panel.is_current else "  "
    flags = []
    if panel.has_priority or panel.is_to_act:
        flags.append("[$accent]◆ to act[/]")
    if not panel.alive:
        flags.append("[$error]defeated[/]")
    if panel.team is not None:
        flags.append(f"team {panel.team + 1}")
    hand = " ".join(f"{n}{_HAND_SHORT[k]}" for k, n in panel.hand_counts if n)
    health_style = "$error" if panel.health * 4 <= panel.max_health else "$success"
    rest = (
        f"  [{health_style}]♥ {panel.health}/{panel.max_health}[/]  "
        f"[$warning]{panel.gold}g[/] +{panel.production}  "
        f"hand {panel.hand_total}{f' ({hand})' if hand else ''}"
    )
    if flags:
        rest += "  " + " ".join(flags)
    head = concat(
        (
            parsed(f"{mark}[b]{escape(panel.name)}[/b] · "),
            item(panel.hero_ref, escape(panel.hero)),
            parsed(rest),
        )
    )
    gear: list[Content | str] = ["   "]
    for tag, equipment, unit in (("⚔", panel.weapon, "atk"), ("⛨", panel.armor, "arm")):
        text = _equipment(equipment, unit)
        gear += [" · " if tag == "⛨" else "", f"{tag} "]
        gear.append(item(equipment.ref, text) if equipment else text)
    for name, n in panel.counters:
        gear.append(f" · {name} {n}")
    rows = [head, concat(gear)]
    abilities = [item(a.ref, _ability(a)) for a in shown_abilities(panel, wide)]
    rows += _wrapped("   ✦ ", abilities, width)
    if wide and panel.reserves:
        rows.append(Content("   reserves: " + ", ".join(f"{n} ×{c}" for n, c in panel.reserves)))
    return lines(rows)


class HeroPanel(CardStrip):
    """One player's hero board and resources."""

    DEFAULT_CLASSES = "hero-panel"

    def __init__(self) -> None:
        super().__init__()
        self._shown: tuple[PlayerPanel, bool] | None = None

    def show(self, panel: PlayerPanel, wide: bool = False) -> None:
        panel = replace(panel, units=())  # its units are the territory's to draw
        if (panel, wide) == self._shown:
            return  # this hero did not change: nothing to draw
        self._shown = (panel, wide)
        self.set_class(panel.is_you, "-you")
        self.set_class(not panel.alive, "-defeated")
        self.set_refs(hero_refs(panel, wide))
        self.redraw()

    def redraw(self) -> None:
        if self._shown is not None:
            width = self.content_size.width
            self.set_markup(hero_content(*self._shown, item=self.item, width=width))

    def on_resize(self) -> None:
        self.redraw()  # the abilities wrap to the new width
