"""A player's hero: health, gold, production, weapon, armor, abilities, hand counts.

The hero, its weapon and armor faces and its abilities are cards of the strip (see
:mod:`client.widgets.strip`): focus or point at one to see its details.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from textual.content import Content

from client.markup import escape
from client.viewmodel.table import AbilityLine, Equipment, PlayerPanel
from client.widgets import concat, flow, lines, parsed
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


#: After a reaction ability's name, as the printed card's sunburst marks it.
REACTION_MARK = "✶"


@lru_cache(maxsize=512)
def _ability(a: AbilityLine) -> str:
    name = escape(a.name) + (f"[$warning]{REACTION_MARK}[/]" if a.reaction else "")
    if a.unlocked:
        state = "[$success]ready[/]" if a.ready else f"cd {a.cooldown}"
        return f"{name} {state}"
    return f"[$text-muted]L{a.level} {name}[/]"


def shown_abilities(panel: PlayerPanel, wide: bool) -> tuple[AbilityLine, ...]:
    """Unlocked abilities; in the wide layout the locked ones too."""
    return tuple(a for a in panel.abilities if a.unlocked or wide)


def hero_refs(panel: PlayerPanel, wide: bool) -> tuple[str, ...]:
    """The cards of the hero strip, in reading order (a player out of the game: the
    hero only)."""
    refs = [panel.hero_ref]
    if not panel.alive:
        return tuple(refs)
    refs += [e.ref for e in (panel.weapon, panel.armor) if e is not None]
    refs += [a.ref for a in shown_abilities(panel, wide)]
    return tuple(refs)


def hero_content(
    panel: PlayerPanel, wide: bool = False, item: Item = plain_item, width: int = 0
) -> Content:
    """The hero's lines; ``item`` draws each card (see CardStrip.item); each line is
    broken to ``width`` cells between its figures and cards (0: not broken here)."""
    mark = "▶ " if panel.is_current else "  "
    title = concat(
        (parsed(f"{mark}[b]{escape(panel.name)}[/b] · "), item(panel.hero_ref, escape(panel.hero)))
    )
    if not panel.alive:  # out of the game with everything it had (ruling 26): one line
        out = parsed(f"[$error]out of the game ({panel.out_word})[/]")
        return lines(flow([title, out], width, indent="   ", sep="  "))
    flags = []
    if panel.team is not None:
        flags.append(f"team {panel.team + 1}")
    if panel.hunts:
        flags.append(f"hunts {escape(panel.hunts)}")
    # "conceding", "bot plays" and "away" last a while, "◆ to act" comes and goes with
    # every decision: it goes last, so the lasting marks keep their place when a narrow
    # line wraps
    if panel.seat_mark:
        flags.append(f"[$warning]{panel.seat_mark}[/]")
    if panel.has_priority or panel.is_to_act:
        flags.append("[$accent]◆ to act[/]")
    hand = " ".join(f"{n}{_HAND_SHORT[k]}" for k, n in panel.hand_counts if n)
    health_style = "$error" if panel.health * 4 <= panel.max_health else "$success"
    stats = [
        parsed(f"[{health_style}]♥ {panel.health}/{panel.max_health}[/]"),
        *([Content(f"prevent {panel.shield}")] if panel.shield else []),  # this turn
        parsed(f"[$warning]{panel.gold}g[/] +{panel.production}"),
        Content(f"hand {panel.hand_total}{f' ({hand})' if hand else ''}"),
    ]
    stats += [parsed(flag) for flag in flags]
    # a narrow panel breaks its lines between the figures and cards, never inside one
    rows = flow([title, *stats], width, indent="   ", sep="  ")
    gear: list[Content] = []
    for tag, equipment, unit in (("⚔", panel.weapon, "atk"), ("⛨", panel.armor, "arm")):
        text = _equipment(equipment, unit)
        gear.append(concat((f"{tag} ", item(equipment.ref, text) if equipment else parsed(text))))
    gear += [Content(f"{name} {n}") for name, n in panel.counters]
    rows += flow(gear, width, lead="   ")
    abilities = [item(a.ref, _ability(a)) for a in shown_abilities(panel, wide)]
    rows += flow(abilities, width, lead="   ✦ ")
    if wide and panel.reserves:
        reserves = [Content(f"{n} ×{c}") for n, c in panel.reserves]
        rows += flow(reserves, width, lead="   reserves: ", sep=", ")
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
