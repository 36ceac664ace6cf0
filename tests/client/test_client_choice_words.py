"""Words of choices a player found short: a choice among cards named by their card
(Raise the Dead's units in a discard pile) gives a unit's printed stats, as the hand
does ("Shieldbearer 1/4", not a bare name); Equip used during the game marks the faces
the weapon and armor show now."""

from __future__ import annotations

from client.cards import default_book
from client.viewmodel.prompt import build_prompt
from tests.client.fixtures import views as v

BOOK = default_book()


def test_a_unit_option_has_its_stats_and_an_action_card_none() -> None:
    view = v.choose()
    cards = ["shieldbearer", "infantry", "battle_surge"]
    view["prompt"]["options"] = [{"card": card} for card in cards]
    view["legal"] = [{"kind": "choose", "option": i} for i in range(3)]
    labels = [c.label for c in build_prompt(view, BOOK).choices]
    shield, infantry = BOOK.info("shieldbearer"), BOOK.info("infantry")
    assert labels == [
        f"Shieldbearer {shield.attack}/{shield.health}",
        f"Infantry {infantry.attack}/{infantry.health}",
        "Battle Surge",
    ]


def test_equip_marks_the_faces_shown_now_and_at_set_up_none() -> None:
    view = v.equip()
    view["phase"], view["turn"] = "maneuver", 5  # Equip used: lance and platemail now
    labels = [c.label for c in build_prompt(view, BOOK).choices]
    assert [label.endswith(" (as now)") for label in labels] == [True, False, False, False]
    assert labels[0].startswith("Weapon Lance of Dominion 2atk · armor Adamantine Platemail")
    view = v.equip()  # at set-up the faces are first chosen
    assert not any("as now" in c.label for c in build_prompt(view, BOOK).choices)


def test_a_unit_named_by_the_rules_has_its_stats_and_other_words_none() -> None:
    """Raise the Dead's choice names the discard pile's units by name, not by card."""
    view = v.choose()
    view["prompt"]["options"] = ["Infantry", "Grave Robber", "None"]
    view["legal"] = [{"kind": "choose", "option": i} for i in range(3)]
    labels = [c.label for c in build_prompt(view, BOOK).choices]
    infantry = BOOK.info("infantry")
    robber = BOOK.by_name("Grave Robber")
    assert robber is not None
    assert labels == [
        f"Infantry {infantry.attack}/{infantry.health}",
        f"Grave Robber {robber.attack}/{robber.health}",
        "None",
    ]
