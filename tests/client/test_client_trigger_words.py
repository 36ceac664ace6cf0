"""Words for triggered effects, healing and the battle panel: equipment is named in the
prompt as the log names it, a heal reads as done to its target, and a long battle line
wraps under its text."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from client.cards import default_book
from client.viewmodel.log import sentences
from client.viewmodel.prompt import build_prompt
from client.viewmodel.table import BattleModel
from tests.client.fixtures import views as v
from tests.client.helpers import Fake, make_app, screen_text

BOOK = default_book()
View = dict[str, Any]


def _oswin(view: View) -> View:
    """Alice carries Gilded Flail (Oswin the Third's weapon, which triggers as it attacks)
    and Robe of the Warden."""
    view = copy.deepcopy(view)
    alice = view["players"][0]
    alice["weapon"].update(card="gilded_flail", faces=["scepter_of_whims", "gilded_flail"])
    alice["armor"].update(card="robe_of_the_warden", faces=["robe_of_the_warden"])
    return view


def _ordering() -> View:
    """Griffin Rider and Gilded Flail declared as attackers together: Alice orders their
    effects."""
    view = _oswin(v.base(0))
    view["players"][0]["units"].append(v._unit(13, "griffin_rider", 5, 5))
    view["prompt"] = {
        "kind": "trigger",
        "seat": 0,
        "triggers": [
            {"index": 0, "card": "griffin_rider", "ref": "u:13"},
            {"index": 1, "card": "gilded_flail"},  # equipment: no card in play to refer to
        ],
    }
    view["legal"] = [{"kind": "trigger", "index": 0}, {"kind": "trigger", "index": 1}]
    return view


# 1. equipment in the prompt, as the log names it ---------------------------------------------
def test_a_weapons_effect_to_order_is_named_as_the_log_names_it() -> None:
    view = _ordering()
    labels = [c.label for c in build_prompt(view, BOOK).choices]
    assert labels == [
        "Put on the chain next: Griffin Rider (Alice)",
        "Put on the chain next: Gilded Flail (Alice's weapon)",
    ]
    item = {"id": 9, "seat": 0, "kind": "trigger", "source": "gilded_flail", "targets": []}
    log = sentences([{"t": "announced", "item": item}], view, view)
    assert log == ["Gilded Flail (Alice's weapon) triggered."]
    assert labels[1].endswith(log[0].removesuffix(" triggered."))


def test_an_armors_effect_to_order_says_armor() -> None:
    view = _ordering()
    view["prompt"]["triggers"][1]["card"] = "robe_of_the_warden"
    labels = [c.label for c in build_prompt(view, BOOK).choices]
    assert labels[1] == "Put on the chain next: Robe of the Warden (Alice's armor)"


def test_a_unit_whose_card_left_play_is_named_by_its_card_alone() -> None:
    view = _ordering()
    del view["prompt"]["triggers"][0]["ref"]  # the Griffin Rider left play meanwhile
    assert build_prompt(view, BOOK).choices[0].label == "Put on the chain next: Griffin Rider"


def test_a_weapons_effect_whose_targets_are_chosen_says_whose_weapon() -> None:
    view = _oswin(v.trigger_targets())
    view["prompt"]["source"] = "gilded_flail"
    assert build_prompt(view, BOOK).title == (
        "Choose targets for the effect of Gilded Flail (Alice's weapon)"
    )
    view["legal"] = [{"kind": "targets", "targets": []}, {"kind": "decline"}]
    assert build_prompt(view, BOOK).title == (
        "Use the effect of Gilded Flail (Alice's weapon), or decline"
    )
    view["prompt"]["source"] = "griffin_rider"  # a unit's: as before
    assert build_prompt(view, BOOK).title == "Use Griffin Rider's effect, or decline"


def test_responding_to_a_weapons_effect_says_whose_weapon() -> None:
    view = _oswin(v.response())
    view["chain"] = [{"id": 5, "seat": 0, "kind": "trigger", "source": "gilded_flail",
                      "targets": []}]  # fmt: skip
    view["seat"] = 1
    view["legal"] = [{"kind": "pass"}]
    assert build_prompt(view, BOOK).title == (
        "Respond to Gilded Flail (Alice's weapon) — or pass"
    )
    view["chain"][0].update(source="griffin_rider")  # a unit's: by its controller
    assert build_prompt(view, BOOK).title == (
        "Respond to Griffin Rider's triggered effect (Alice) — or pass"
    )


def test_a_choice_as_a_weapons_effect_resolves_says_whose_weapon() -> None:
    view = _oswin(v.choose())
    view["prompt"]["resolving"] = {"id": 5, "seat": 0, "kind": "trigger",
                                   "source": "gilded_flail", "targets": []}  # fmt: skip
    del view["prompt"]["text"]  # the title made from what resolves
    assert build_prompt(view, BOOK).title == "Gilded Flail (Alice's weapon) resolves: choose"


# 2. healing reads as done to its target ------------------------------------------------------
def test_a_heal_is_said_of_what_was_healed_for_a_unit_and_a_hero() -> None:
    view = v.base(0)
    events = [
        {"t": "healed", "target": "u:21", "amount": 2},
        {"t": "healed", "target": "h:1", "amount": 3},
        {"t": "damaged", "target": "h:1", "amount": 1, "battle": False},
    ]
    assert sentences(events, view, view) == [
        "Infantry (Bob) was healed of 2 damage.",
        "Principus Beledan Kind (Bob) was healed of 3 damage.",
        "Principus Beledan Kind (Bob) was dealt 1 damage.",  # a hero named as its damage names it
    ]


# 3. the battle panel wraps under its text ----------------------------------------------------
_BLOCKED = "Ancient Treant (Player)  →  defended against (its defender is no longer in play)"


def test_a_long_battle_line_wraps_under_its_attacker() -> None:
    from client.widgets.chain import battle_lines

    battle = BattleModel(attacker="Player", defender="Bot", step="After damage",
                         lines=(_BLOCKED,), note="")  # fmt: skip
    rows = [row.plain for row in battle_lines(battle).rows(76)]
    assert rows == [
        "Battle Player ⚔ Bot · After damage",
        "   Ancient Treant (Player)  →  defended against (its defender is no longer",
        "   in play)",
    ]


def test_a_long_battle_title_wraps_under_the_names() -> None:
    from client.widgets.chain import battle_lines

    battle = BattleModel(attacker="A" * 30, defender="B" * 30, step="Assign defenders",
                         lines=(), note="no attackers")  # fmt: skip
    rows = [row.plain for row in battle_lines(battle).rows(60)]
    assert rows[0].startswith("Battle AAA") and rows[1].startswith("       ") and len(rows) == 3
    assert rows[1].strip() and rows[2] == "   no attackers"


@pytest.mark.asyncio
async def test_the_battle_panel_wraps_under_its_text_at_80_columns() -> None:
    view = v.assign()
    view["battle"].update(step="after_damage", attackers=["u:11"], pairs=[], blocked=["u:11"])
    view["players"][0]["units"][0]["card"] = "ancient_treant"
    view.update(legal=[], prompt={"kind": "priority", "seat": 0}, priority=0, to_act=None)
    app = make_app()
    async with app.run_test(size=(80, 30)) as pilot:
        fake = Fake(app, [1])
        fake.show(1, view)
        await pilot.pause()
        await pilot.pause()
        rows = screen_text(app).splitlines()
    at = next(i for i, row in enumerate(rows) if "Ancient Treant (Alice)  →  defended" in row)
    first, then = rows[at], rows[at + 1]
    text = first.index("Ancient Treant")
    assert then[:text].strip() in ("▌", "█", "▐", "┃", "│", ""), (first, then)  # the border
    assert then[text] != " " and then[text:].rstrip().endswith("play)"), (first, then)


def test_the_chain_names_a_weapons_triggered_effect_as_the_log_does() -> None:
    from client.viewmodel.table import build_table
    from tests.client.fixtures import views as fixtures

    view = fixtures.base(0)
    weapon = view["players"][0]["weapon"]["card"]
    view["chain"] = [
        {"id": 1, "seat": 0, "kind": "trigger", "source": weapon, "targets": []},
        {"id": 2, "seat": 1, "kind": "trigger", "source": "knight_captain", "targets": []},
        {"id": 3, "seat": 0, "kind": "activate", "source": weapon, "targets": []},
    ]
    chain = build_table(view).chain
    alice = view["players"][0]["name"]
    assert chain[0].who == f"{alice}'s weapon"
    assert chain[1].who == view["players"][1]["name"]  # a unit's: its controller
    assert chain[2].who == alice  # an ability announced: who announced it


def test_a_long_respond_title_without_targets_drops_or_pass_then_who() -> None:
    from client.viewmodel.prompt import TITLE_WIDTH, _respond_title
    from client.viewmodel.refs import Namer

    view = v.response()
    view["chain"] = [{"id": 4, "seat": 1, "kind": "trigger", "source": "tax_collector",
                      "targets": []}]  # fmt: skip
    short = _respond_title(view["chain"][0], Namer(view, BOOK))
    assert short == "Respond to Tax Collector's triggered effect (Bob) — or pass"
    view["players"][1]["name"] = "Cornelius Abernathy"
    title = _respond_title(view["chain"][0], Namer(view, BOOK))
    assert title == "Respond to Tax Collector's triggered effect (Cornelius Abernathy)"
    assert len(title) <= TITLE_WIDTH
    view["players"][1]["name"] = "Cornelius Abernathy-Quill the Very Long of Name"
    title = _respond_title(view["chain"][0], Namer(view, BOOK))
    assert title == "Respond to Tax Collector's triggered effect"
