"""The card catalog loads, and bad card files are refused with file and field named."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from shared.rules.realm.catalog import CatalogError, cards_root, load_catalog_from

GOOD_UNIT = 'id = "x"\nname = "X"\ntype = "basic"\ncost = 1\nattack = 1\nhealth = 1\n'


def test_installed_catalog_loads() -> None:
    cat = load_catalog_from(cards_root())
    assert "hakor_dajet" in cat.heroes
    assert cat.cards["skilled_strike"].cost == 2
    assert cat.cards["infantry"].cost == 4
    assert cat.cards["zombie"].attack == 4 and cat.cards["zombie"].health == 5
    assert len(cat.heroes["hakor_dajet"].abilities) == 8


def _catalog_with(tmp_path: Path, name: str, text: str) -> Path:
    root = tmp_path / "realm"
    shutil.copytree(cards_root(), root)
    (root / "basic" / name).write_text(text)
    return root


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        (GOOD_UNIT + "colour = 1\n", "field 'colour': unknown field"),
        (GOOD_UNIT.replace('"basic"', '"wizard"'), "field 'type': unknown value 'wizard'"),
        (GOOD_UNIT.replace("cost = 1", 'cost = "one"'), "field 'cost': must be an integer"),
        (GOOD_UNIT + '[[triggers]]\non = "whenever"\n', "field 'on': unknown value"),
        (GOOD_UNIT + '[[triggers]]\non = "enters_play"\neffects = [{ verb = "explode" }]\n',
         "field 'verb': unknown verb 'explode'"),
        (GOOD_UNIT + '[[triggers]]\non = "enters_play"\n'
                     'effects = [{ verb = "damage", target = "nobody", amount = 1 }]\n',
         "'nobody' is neither a declared target nor a selector"),
        (GOOD_UNIT + '[[triggers]]\non = "enters_play"\n'
                     'effects = [{ verb = "damage", target = "self" }]\n',
         "field 'amount': is required"),
        (GOOD_UNIT.replace("health = 1", "health = 0"), "a unit needs health"),
        ('id = "infantry"\nname = "Again"\ntype = "basic"\nhealth = 1\n',
         "'infantry' is also used by"),
        ("this is = = not toml", "not valid TOML"),
        pytest.param("x = " + "[" * 5000 + "]" * 5000 + "\n",
                     "not valid TOML: nested too deeply", id="nested-too-deeply"),
    ],
)
def test_bad_card_file_is_refused_naming_file_and_field(
        tmp_path: Path, text: str, needle: str) -> None:
    root = _catalog_with(tmp_path, "broken.toml", text)
    with pytest.raises(CatalogError) as err:
        load_catalog_from(root)
    assert "broken.toml" in str(err.value)
    assert needle in str(err.value)


def test_hero_naming_missing_card_is_refused(tmp_path: Path) -> None:
    root = tmp_path / "realm"
    shutil.copytree(cards_root(), root)
    hero = root / "heroes" / "beledan_kind.toml"
    hero.write_text(hero.read_text().replace('"valdruun_warhammer"', '"no_such_hammer"'))
    with pytest.raises(CatalogError, match="no_such_hammer"):
        load_catalog_from(root)


def test_good_extra_card_loads(tmp_path: Path) -> None:
    root = _catalog_with(tmp_path, "fine.toml", GOOD_UNIT)
    assert load_catalog_from(root).cards["x"].health == 1


def _programs() -> list[tuple[str, str, Any]]:
    """Every targeted program of the installed catalog: (where, its text, program)."""
    cat = load_catalog_from(cards_root())
    out: list[tuple[str, str, Any]] = []
    for cid, card in cat.cards.items():
        out += [(f"{cid}/{h.name}", h.text, h.program) for h in card.halves]
        out += [(f"{cid}/trigger", card.text, t.program) for t in card.triggers]
        out += [(f"{cid}/activated", card.text, a.program) for a in card.activated]
    for hid, hero in cat.heroes.items():
        out += [(f"{hid}/{ab.name}", ab.text, ab.program) for ab in hero.abilities]
    return [p for p in out if p[2].targets]


def test_a_target_limited_to_a_side_says_so_in_its_text() -> None:
    """The printed text is what players read: a target limited to enemies says "enemy"
    (or "opponent"), one limited to your own cards "you control" (or "your")."""
    wrong = []
    for where, text, program in _programs():
        lower = text.lower()
        for spec in program.targets:
            if spec.side == "enemy" and "enem" not in lower and "opponent" not in lower:
                wrong.append((where, spec.side, text))
            if spec.side in ("own", "other_own") and not ("you control" in lower
                                                          or "your" in lower):  # fmt: skip
                wrong.append((where, spec.side, text))
    assert len(_programs()) > 40 and wrong == []
