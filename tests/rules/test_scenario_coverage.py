"""Every card's effect and every hero ability resolves in at least one scenario.

``docs/content.md`` promises that each card and ability is exercised by a scenario. This
holds it to that: across the scenario files, every hero ability, every action card (each
half of a split card), every card trigger and every activated ability of a card must be
announced and then resolve; every other card (a unit or an equipment face with no text,
or with a static effect only) must at least appear in an event. The scenarios' own checks
assert what the effect did; this test only says which effects no scenario reaches.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from shared.rules.realm.catalog import Catalog, cards_root, load_catalog_from
from shared.rules.realm.scenario import find_files, run_file

ROOT = Path(__file__).resolve().parent.parent / "scenarios"

# (source id, item kind, half) of every announced item that resolved
Resolved = set[tuple[str, str, int]]


def _strings(value: Any) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v)


def _reached(events: list[dict[str, Any]], resolved: Resolved, named: set[str]) -> None:
    announced: dict[int, dict[str, Any]] = {}
    for e in events:
        named.update(_strings(e))
        if e["t"] == "announced":
            announced[e["item"]["id"]] = e["item"]
        elif e["t"] == "resolved" and e["id"] in announced:
            item = announced[e["id"]]
            resolved.add((item["source"], item["kind"], int(item.get("half", 0))))


def missing(catalog: Catalog, resolved: Resolved, named: set[str]) -> list[str]:
    """What no scenario reaches, one line each (empty when everything is covered)."""
    sources = {(src, kind) for src, kind, _ in resolved}
    out: list[str] = []
    for hero in catalog.heroes.values():
        out += [f"{hero.id}: ability {a.id} never resolves"
                for a in hero.abilities if (a.id, "ability") not in sources]
    for card in catalog.cards.values():
        needs = []
        if card.type == "action":
            needs += [("play", i) for i in range(len(card.halves))]
        if card.triggers:
            needs.append(("trigger", 0))
        if card.activated:
            needs.append(("activate", 0))
        for kind, half in needs:
            reached = ((card.id, kind, half) in resolved if kind == "play"
                       else (card.id, kind) in sources)
            if not reached:
                what = f"half {half}" if len(card.halves) > 1 and kind == "play" else kind
                out.append(f"{card.id}: its {what} never resolves")
        if not needs and card.id not in named:
            out.append(f"{card.id}: never appears in a scenario")
    return out


@pytest.fixture(scope="module")
def reached() -> tuple[Resolved, set[str]]:
    resolved: Resolved = set()
    named: set[str] = set()
    for path in find_files([ROOT]):
        outcome = run_file(path)
        assert outcome.passed, f"{path}: {outcome.message}"
        _reached(outcome.events, resolved, named)
    return resolved, named


def test_every_card_and_ability_resolves_in_a_scenario(
    reached: tuple[Resolved, set[str]],
) -> None:
    catalog = load_catalog_from(cards_root())
    gaps = missing(catalog, *reached)
    assert gaps == [], "no scenario reaches:\n" + "\n".join(gaps)


def test_a_card_no_scenario_reaches_is_named(reached: tuple[Resolved, set[str]]) -> None:
    resolved, named = reached
    catalog = load_catalog_from(cards_root())
    base = set(missing(catalog, resolved, named))

    def added(res: Resolved, names: set[str]) -> set[str]:
        return set(missing(catalog, res, names)) - base

    without = {r for r in resolved if r[0] != "skilled_strike"}
    assert added(without, named) == {"skilled_strike: its play never resolves"}
    split = next(c for c in catalog.cards.values() if len(c.halves) > 1)
    without = {r for r in resolved if r[:2] != (split.id, "play") or r[2] == 0}
    assert added(without, named) == {f"{split.id}: its half 1 never resolves"}
    without = {r for r in resolved if r[0] != "hakor_equip"}
    assert added(without, named) == {"hakor_dajet: ability hakor_equip never resolves"}
    assert added(resolved, named - {"infantry"}) == {"infantry: never appears in a scenario"}
