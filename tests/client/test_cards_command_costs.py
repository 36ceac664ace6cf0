"""`allegiance cards` shows a split action card's cost as the card browser does: both
halves' costs ("2g/1g"), in a cost column wide enough for them."""

from __future__ import annotations

import argparse

import pytest

from client.cardindex import card_entry
from client.commands import cards
from shared.rules.realm.catalog import load_catalog


def _lines(capsys: pytest.CaptureFixture[str], *argv: str) -> list[str]:
    parser = argparse.ArgumentParser()
    cards.add_arguments(parser)
    assert cards.run(parser.parse_args(list(argv))) == 0
    return capsys.readouterr().out.splitlines()[:-1]  # the count line left out


def test_a_split_card_shows_both_halves_costs(capsys: pytest.CaptureFixture[str]) -> None:
    lines = _lines(capsys, "strike")
    assert lines == [
        "   2g Skilled Strike [action] x5 — Deal 3 damage to target unit.",
        "2g/1g Strike / Parry [action] x3 — Strike (2g): Deal 2 damage to target unit. // "
        "Parry (1g): Prevent the next 3 damage that would be dealt to target unit this turn.",
    ]


def test_every_action_card_has_the_browsers_cost_in_one_column(
    capsys: pytest.CaptureFixture[str],
) -> None:
    catalog = load_catalog()
    browser = {c.name: card_entry(c).cost_text for c in catalog.cards.values()
               if c.type == "action"}  # fmt: skip
    lines = _lines(capsys, "--deck", "action")
    assert len(lines) == len(browser)
    width = max(len(cost) for cost in browser.values())
    for line in lines:
        cost, name = line[:width].strip(), line[width + 1:].split(" [")[0]
        assert cost and cost == browser[name], line


def test_a_list_without_split_cards_keeps_its_narrow_column(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert _lines(capsys, "--deck", "basic", "--cost", "2") == [
        " 2g Village Conscript [basic unit · 2/2] x6"]
