"""``docs/content.md`` says what the card files say: every hero's health, equipment
numbers and ability table, and every equipment row, read back from the page and compared
with the catalog. A balance change to a card file that forgets the page fails here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from shared.rules.realm.catalog import HeroDef, load_catalog

PAGE = Path(__file__).resolve().parents[2] / "docs" / "content.md"
CATALOG = load_catalog()


def _sections() -> dict[str, str]:
    """Each hero's section of the page, by hero id (found by the hero's name)."""
    text = PAGE.read_text(encoding="utf-8")
    parts = re.split(r"^### ", text, flags=re.M)
    out: dict[str, str] = {}
    for hero in CATALOG.heroes.values():
        short = hero.name.split()[-2:]  # "De'Soth Pravus", "the Third"
        for part in parts:
            title = part.split("\n", 1)[0]
            if " ".join(short) in title:
                out[hero.id] = part
    return out


SECTIONS = _sections()


def _equipment_numbers(hero: HeroDef) -> str:
    """The page's line of health and equipment, as the catalog would write it."""
    cards = CATALOG.cards

    def faces(ids: tuple[str, str], stat: str) -> str:
        seen = list(dict.fromkeys(ids))  # a card may show the same face twice
        return " / ".join(f"{cards[i].name} ({stat} {getattr(cards[i], stat)})" for i in seen)

    return (
        f"Health {hero.health}; weapon {faces(hero.weapons, 'attack')}; "
        f"armor {faces(hero.armors, 'armor')}"
    )


def test_every_hero_has_a_section() -> None:
    assert sorted(SECTIONS) == sorted(CATALOG.heroes)


@pytest.mark.parametrize("hero_id", sorted(CATALOG.heroes))
def test_health_and_equipment_line(hero_id: str) -> None:
    hero = CATALOG.heroes[hero_id]
    assert _equipment_numbers(hero) in SECTIONS[hero_id]


@pytest.mark.parametrize("hero_id", sorted(CATALOG.heroes))
def test_ability_table(hero_id: str) -> None:
    hero = CATALOG.heroes[hero_id]
    rows = re.findall(
        r"^\| (initial|\d) \| ([^|]+?) \| (—|\d+) \| (\d+) \| (yes)? ?\| (.*) \|$",
        SECTIONS[hero_id],
        re.M,
    )
    page = {
        name: (lvl, cost, int(delay), bool(react), text)
        for lvl, name, cost, delay, react, text in rows
    }
    data = {
        a.name: (
            "initial" if a.level == 0 else str(a.level),
            "—" if a.level == 0 else str(a.cost),
            a.delay,
            a.reaction,
            a.text,
        )
        for a in hero.abilities
    }
    assert page == data


def test_equipment_rows() -> None:
    text = PAGE.read_text(encoding="utf-8")
    rows = re.findall(
        r"^\| ([^|(]+?) \(([^)]+)\) \| (weapon|armor) \| — \| (attack|armor) (\d+) \|", text, re.M
    )
    by_name = {c.name: c for c in CATALOG.cards.values() if c.type in ("weapon", "armor")}
    checked: set[str] = set()
    for name, _hero, kind, stat, value in rows:
        card = by_name[name.strip()]
        assert card.type == kind
        assert getattr(card, stat) == int(value), name
        checked.add(card.name)
    assert checked == set(by_name)
