"""The chain (pending maneuvers, the next to resolve on top) and the battle."""

from __future__ import annotations

from textual.markup import escape

from client.viewmodel.table import BattleModel, ChainLine, DeckLine
from client.widgets import MarkupStatic


def chain_markup(chain: tuple[ChainLine, ...]) -> str:
    if not chain:
        return ""
    lines = ["[b]Chain[/b] [$text-muted](top resolves first)[/]"]
    for depth, item in enumerate(reversed(chain)):
        arrow = "▶" if depth == 0 else " "
        on = f" → {escape(item.targets)}" if item.targets else ""
        lines.append(
            f" {arrow} {len(chain) - depth}. {escape(item.label)}"
            f" [$text-muted]({escape(item.who)})[/]{on}"
        )
    return "\n".join(lines)


def battle_markup(battle: BattleModel | None) -> str:
    if battle is None:
        return ""
    lines = [
        f"[b]Battle[/b] {escape(battle.attacker)} ⚔ {escape(battle.defender)}"
        f" · {escape(battle.step)}"
    ]
    if not battle.lines:
        lines.append("   [$text-muted]no attackers yet[/]")
    lines += [f"   {escape(line)}" for line in battle.lines]
    return "\n".join(lines)


def decks_markup(decks: tuple[DeckLine, ...]) -> str:
    parts = []
    for d in decks:
        top = f", top {escape(d.discard_top)}" if d.discard_top else ""
        parts.append(f"{d.deck} {d.count} [$text-muted](discard {d.discard_count}{top})[/]")
    return "Decks: " + " · ".join(parts)


class ChainView(MarkupStatic):
    DEFAULT_CLASSES = "chain"

    def show(self, chain: tuple[ChainLine, ...]) -> None:
        self.display = bool(chain)
        self.set_markup(chain_markup(chain))


class BattleView(MarkupStatic):
    DEFAULT_CLASSES = "battle"

    def show(self, battle: BattleModel | None) -> None:
        self.display = battle is not None
        self.set_markup(battle_markup(battle))


class DecksView(MarkupStatic):
    DEFAULT_CLASSES = "decks"

    def show(self, decks: tuple[DeckLine, ...]) -> None:
        self.set_markup(decks_markup(decks))
