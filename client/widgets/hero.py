"""A player's hero: health, gold, production, weapon, armor, abilities, hand counts."""

from __future__ import annotations

from textual.markup import escape

from client.viewmodel.table import Equipment, PlayerPanel
from client.widgets import MarkupStatic

_HAND_SHORT = {"basic": "b", "elite": "e", "action": "a"}


def _equipment(tag: str, item: Equipment | None, unit: str) -> str:
    if item is None:
        return f"{tag} —"
    text = f"{tag} {escape(item.name)} [b]{item.value}[/b]{unit}"
    if item.left is not None and item.left != item.value:
        text += f" ({item.left} left)"
    if item.exhausted:
        text += " [$warning]exh[/]"
    return text


def hero_markup(panel: PlayerPanel, wide: bool = False) -> str:
    """The hero's lines as Textual markup."""
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
    head = (
        f"{mark}[b]{escape(panel.name)}[/b] · {escape(panel.hero)}  "
        f"[{health_style}]♥ {panel.health}/{panel.max_health}[/]  "
        f"[$warning]{panel.gold}g[/] +{panel.production}  "
        f"hand {panel.hand_total}{f' ({hand})' if hand else ''}"
    )
    if flags:
        head += "  " + " ".join(flags)
    gear = (
        "   " + _equipment("⚔", panel.weapon, "atk") + " · " + _equipment("⛨", panel.armor, "arm")
    )
    for name, n in panel.counters:
        gear += f" · {escape(name)} {n}"
    lines = [head, gear]
    abilities = []
    for a in panel.abilities:
        if a.unlocked:
            state = "[$success]ready[/]" if a.ready else f"cd {a.cooldown}"
            abilities.append(f"{escape(a.name)} {state}")
        elif wide:
            abilities.append(f"[$text-muted]L{a.level} {escape(a.name)}[/]")
    if abilities:
        lines.append("   ✦ " + " · ".join(abilities))
    if wide and panel.reserves:
        lines.append("   reserves: " + ", ".join(f"{escape(n)} ×{c}" for n, c in panel.reserves))
    return "\n".join(lines)


class HeroPanel(MarkupStatic):
    """One player's hero board and resources."""

    DEFAULT_CLASSES = "hero-panel"

    def show(self, panel: PlayerPanel, wide: bool = False) -> None:
        self.set_class(panel.is_you, "-you")
        self.set_class(not panel.alive, "-defeated")
        self.set_markup(hero_markup(panel, wide))
