"""A bad scenario file is a scenario error with a message, never a crash: the fields and
script lines of the repository's own scenarios, mutated into wrong types, wrong shapes and
wrong names (seeded), load and run to a pass or a ``RulesError``, nothing else."""

from __future__ import annotations

import copy
import datetime
import random
import tomllib
from pathlib import Path
from typing import Any

import pytest

from shared.rules.base import RulesError
from shared.rules.realm.catalog import Catalog, load_catalog
from shared.rules.realm.scenario import Scenario, find_files

ROOT = Path(__file__).resolve().parent.parent / "scenarios"
FILES = find_files([ROOT])
CASES = 300

Site = tuple[str | int, ...]

WRONG_VALUES: list[Any] = [
    "abc", "", "lots", -1, 0, 2.5, 99, True, False, [], ["x"], [1], [{"card": 1}], {},
    {"x": 1}, {"basic": "x"}, {"curse": -2}, datetime.date(2020, 1, 1), "Infantry",
    "Skilled Strike", "Skeleton", "beledan_kind", "New Recruits", "Lance of Dominion",
    "random", "setup", "basic",
]
WRONG_WORDS = ["x", '"', "'", "#", "#x", "#0", "#-1", "=", "->", "half", ":", "A:", "0",
               "-1", "--1", "²", "1_0", "99", "basic", "nowhere", "hero", "weapon", "armor",
               ",", "B:Infantry#x", "Infantry=x", "Infantry=", "top", "count", ".", "A.",
               ":hero."]


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def _tables() -> list[dict[str, Any]]:
    return [tomllib.loads(p.read_text(encoding="utf-8")) for p in FILES]


def _sites(value: Any, path: Site = ()) -> list[Site]:
    """Every place in a table that a mutation can change (fields, list items, entries)."""
    out: list[Site] = [path] if path else []
    if isinstance(value, dict):
        for key, inner in value.items():
            out.extend(_sites(inner, (*path, key)))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            out.extend(_sites(inner, (*path, i)))
    return out


def _mutated(data: dict[str, Any], site: Site, rnd: random.Random) -> dict[str, Any]:
    out = copy.deepcopy(data)
    parent: Any = out
    for key in site[:-1]:
        parent = parent[key]
    if isinstance(parent, dict) and rnd.random() < 0.15:
        del parent[site[-1]]
    else:
        parent[site[-1]] = rnd.choice(WRONG_VALUES)
    return out


def _play(data: dict[str, Any], catalog: Catalog) -> None:
    """Load and run a scenario table; any error must be a RulesError with a message."""
    try:
        sc = Scenario(data, catalog)
        sc.run(str(data.get("script", "")))
    except RulesError as exc:
        assert str(exc).strip(), f"{type(exc).__name__} without a message"


def _mutated_line(line: str, rnd: random.Random) -> str:
    words = line.split(" ")
    how = rnd.randrange(3)
    if how == 0:
        words[rnd.randrange(len(words))] = rnd.choice(WRONG_WORDS)
    elif how == 1:
        words = words[:rnd.randrange(1, len(words) + 1)]
    else:
        words.insert(rnd.randrange(len(words) + 1), rnd.choice(WRONG_WORDS))
    return " ".join(words)


def test_mutated_fields_raise_only_scenario_errors(catalog: Catalog) -> None:
    rnd = random.Random(20240611)
    tables = _tables()
    for case in range(CASES):
        data = rnd.choice(tables)
        site = rnd.choice(_sites(data))
        bad = _mutated(data, site, rnd)
        try:
            _play(bad, catalog)
        except Exception as exc:
            raise AssertionError(f"case {case}: {site} -> {bad_value(bad, site)!r}: "
                                 f"{type(exc).__name__}: {exc}") from exc


def bad_value(data: dict[str, Any], site: Site) -> Any:
    value: Any = data
    for key in site:
        try:
            value = value[key]
        except (KeyError, IndexError, TypeError):
            return "<removed>"
    return value


def test_mutated_script_lines_raise_only_scenario_errors(catalog: Catalog) -> None:
    rnd = random.Random(17)
    tables = _tables()
    for case in range(CASES):
        data = copy.deepcopy(rnd.choice(tables))
        lines = str(data["script"]).splitlines()
        if not any(line.strip() for line in lines):
            continue
        k = rnd.choice([i for i, line in enumerate(lines) if line.strip()])
        lines[k] = _mutated_line(lines[k], rnd)
        data["script"] = "\n".join(lines)
        try:
            _play(data, catalog)
        except Exception as exc:
            raise AssertionError(f"case {case}: line {lines[k]!r}: "
                                 f"{type(exc).__name__}: {exc}") from exc
