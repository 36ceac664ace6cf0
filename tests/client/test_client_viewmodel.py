"""The view model: what the table shows and how legal actions become prompts."""

from __future__ import annotations

from client.cards import CardBook, prettify
from client.viewmodel.log import sentences
from client.viewmodel.prompt import build_prompt, only_pass
from client.viewmodel.refs import Namer
from client.viewmodel.table import build_table
from tests.client.fixtures import views as v

BOOK = CardBook()  # no catalog: names come from the ids


def legal_of(view):
    return [dict(a) for a in view["legal"]]


def test_prettify_keeps_small_words_lower() -> None:
    assert prettify("lance_of_dominion") == "Lance of Dominion"
    assert prettify("skilled_strike") == "Skilled Strike"


def test_refs_name_units_heroes_weapons_and_abilities() -> None:
    n = Namer(v.base(0), BOOK)
    assert n.ref("u:21") == "Infantry (Bob)"
    assert n.ref("u:11") == "Militia Recruit 1 (Alice)"  # two of them: numbered
    assert n.ref("u:12") == "Militia Recruit 2 (Alice)"
    assert n.ref("h:1") == "Beledan Kind (Bob)"
    assert n.ref("w:0") == "Lance of Dominion (Alice's weapon)"
    assert n.ref("a:0:new_recruits") == "New Recruits (Alice)"
    assert n.ref("u:999") == "card #999"
    assert n.ref("zzz") == "zzz"


def test_table_model_panels_hand_and_status() -> None:
    t = build_table(v.maneuver(), BOOK)
    assert t.status == "Turn 4 · Alice's turn · to act: Alice · Maneuver"
    you = t.you()
    assert you is not None and you.name == "Alice" and you.is_to_act and you.is_current
    assert you.hand_summary == "hand 4 (1 basic, 1 elite, 2 action)"
    assert [c.name for c in t.hand] == [
        "Battle Surge",
        "Skilled Strike",
        "Halberdier",
        "Siege Golem",
    ]
    assert [c.playable for c in t.hand] == [True, True, True, False]
    bob = t.others()[0]
    assert bob.units[0].marks == "dmg 2" and bob.units[1].marks == "new"
    assert bob.weapon is not None and bob.weapon.exhausted
    assert [d.count for d in t.decks] == [61, 27, 66]
    assert t.decks[2].discard_top == "Mend Wounds"


def test_the_setup_names_no_turn_nobody_has_begun() -> None:
    """Before the first turn (the equipping, the choice of who goes first) the line says
    who must act and that it is the setup, not "Turn 0 · Alice's turn"."""
    t = build_table(v.equip(), BOOK)
    assert t.status == "to act: Alice · Setup"


def test_other_seats_hands_are_never_in_the_model() -> None:
    t = build_table(v.base(1), BOOK)
    assert {c.name for c in t.hand} == {
        "Skilled Strike",
        "Infantry",
        "Crossbowman",
        "Ironclad Knight",
    }
    assert build_table(v.spectator(), BOOK).hand == ()


def test_chain_and_battle_lines() -> None:
    t = build_table(v.waiting(), BOOK)
    assert [c.label for c in t.chain] == ["Skilled Strike", "Battle Surge"]
    assert t.chain[0].targets == "Militia Recruit 1 (Alice)"
    b = build_table(v.assign(), BOOK).battle
    assert b is not None and b.step == "Assign defenders" and len(b.lines) == 3
    view = v.assign()
    view["battle"]["pairs"] = [["u:11", "u:22"]]
    b = build_table(view, BOOK).battle
    assert b is not None and "Militia Recruit 1 (Alice)  ⚔  Halberdier (Bob)" in b.lines


def test_result_line() -> None:
    assert build_table(v.over(), BOOK).result == "Alice wins (hero defeated)"


def test_menu_groups_cards_then_targets_and_every_leaf_is_legal() -> None:
    view = v.maneuver()
    p = build_prompt(view, BOOK)
    assert p.mode == "menu" and not p.response
    labels = [c.label for c in p.choices]
    assert labels[0] == "Play Battle Surge …"
    assert labels[-1] == "Pass"
    assert "Initiate a battle against Bob" in labels
    strike = p.choices[1]
    assert [c.label for c in strike.children] == [
        "Target: Militia Recruit 1 (Alice)",
        "Target: Militia Recruit 2 (Alice)",
        "Target: Infantry (Bob)",
        "Target: Halberdier (Bob)",
    ]
    legal = legal_of(view)
    assert all(leaf.action in legal for leaf in p.leaves())
    # every legal action is reachable (the two copies of a card are one group)
    assert {str(a) for a in legal} == {str(leaf.action) for leaf in p.leaves()}


def test_duplicate_cards_collapse_to_one_entry() -> None:
    view = v.maneuver()
    view["players"][0]["hand"].append({"handle": 105, "card": "skilled_strike"})
    view["legal"].append({"kind": "play", "card": 105, "half": 0, "targets": ["u:21"]})
    p = build_prompt(view, BOOK)
    assert [c.label for c in p.choices].count("Play Skilled Strike …") == 1


def test_response_window_title_and_pass() -> None:
    p = build_prompt(v.response(), BOOK)
    assert p.title == "Respond to Skilled Strike (Bob) → Militia Recruit 1 (Alice) — or pass"
    assert p.response and p.pass_action == {"kind": "pass"}


def test_waiting_and_over() -> None:
    assert build_prompt(v.waiting(), BOOK).mode == "wait"
    assert build_prompt(v.waiting(), BOOK).title == "Waiting for Bob…"
    assert build_prompt(v.over(), BOOK).mode == "none"


def test_attackers_prompt() -> None:
    p = build_prompt(v.declare(), BOOK)
    assert p.mode == "attackers"
    assert [c.label for c in p.attackers] == [
        "Militia Recruit 1 (Alice)",
        "Militia Recruit 2 (Alice)",
    ]
    assert p.declared == ("Lance of Dominion (Alice's weapon)",)
    assert p.done_action == {"kind": "done"}


def test_defenders_prompt_pairs() -> None:
    p = build_prompt(v.assign(), BOOK)
    assert p.mode == "defenders"
    assert [s.label for s in p.slots] == [
        "Lance of Dominion (Alice's weapon)",
        "Militia Recruit 1 (Alice)",
        "Militia Recruit 2 (Alice)",
    ]
    assert [d.label for d in p.slots[0].defenders] == ["Infantry (Bob)", "Halberdier (Bob)"]


def test_leaf_labels_of_every_other_kind() -> None:
    def labels(view):
        return [c.label for c in build_prompt(view, BOOK).choices]

    assert labels(v.armor()) == [  # asked attacker by attacker: Militia Recruit 1 first
        "Prevent 0 — and 2 from Militia Recruit 2 (Alice)",
        "Prevent 1 — and 1 from Militia Recruit 2 (Alice)",
        "Prevent 2",
    ]
    assert labels(v.triggers()) == [
        "Put on the chain next: Lance of Dominion (Alice's weapon)",
        "Put on the chain next: Militia Recruit 1 (Alice)",
    ]
    assert labels(v.trigger_targets())[-1] == "Decline (do not use this effect)"
    ticks = build_prompt(v.trigger_targets(), BOOK).choices[0].ticks  # up to two: ticked
    assert ticks is not None and [name for _, name in ticks.candidates] == [
        "Militia Recruit 1 (Alice)",
        "Militia Recruit 2 (Alice)",
    ]
    assert labels(v.choose()) == ["Militia Recruit 1 (Alice)", "Militia Recruit 2 (Alice)", "None"]
    assert build_prompt(v.choose(), BOOK).title == "Choose up to one unit you control"
    assert labels(v.discard())[0] == "Discard Battle Surge"
    assert labels(v.draw())[0] == "Draw from the basic unit deck (61 left)"
    assert labels(v.equip())[1] == "Weapon Lance of Dominion · armor Crimson Shield"


def test_only_pass() -> None:
    view = v.response()
    assert not only_pass(view)
    view["legal"] = [{"kind": "pass"}]
    assert only_pass(view)


def test_log_sentences_name_cards_that_left_play() -> None:
    before, after = v.response(), v.base(0)
    after["players"][0]["units"].pop(0)
    lines = sentences(
        [
            {"t": "resolved", "id": 9},
            {"t": "damaged", "target": "u:11", "amount": 3, "battle": False},
            {"t": "destroyed", "target": "u:11", "card": "militia_recruit", "seat": 0},
            {"t": "drew", "seat": 1, "deck": "action"},
            {"t": "drew", "seat": 0, "deck": "basic", "card": "infantry"},
            {"t": "announced", "item": {"seat": 1, "label": "Skilled Strike", "targets": ["u:12"]}},
            {"t": "something_new", "x": 1},
        ],
        after,
        before,
    )
    assert lines == [
        "Skilled Strike resolved.",
        "Militia Recruit 1 (Alice) was dealt 3 damage.",
        "Militia Recruit 1 (Alice) was destroyed.",  # named as the line above
        "Bob drew a card from the action deck.",
        "Alice drew Infantry from the basic unit deck.",
        "Bob announced Skilled Strike targeting Militia Recruit (Alice).",
        "something new: x 1",
    ]


def test_equipment_without_a_face_yet_is_shown_as_none() -> None:
    view = v.equip()
    view["players"][0]["weapon"]["card"] = ""
    you = build_table(view, BOOK).you()
    assert you is not None and you.weapon is None and you.armor is not None
    assert you.armor.ref == "r:0" and you.armor.card == "adamantine_platemail"


def test_ability_lookups_are_cached() -> None:
    book = CardBook()
    assert book.ability("thedric_egen", "rally") is book.ability("thedric_egen", "rally")


def test_a_split_card_half_shows_its_own_cost_and_text() -> None:
    from client.cards import default_book

    book = default_book()  # with the catalog: the halves' costs and texts
    view = v.maneuver()
    view["players"][0]["hand"].append({"handle": 106, "card": "ember_or_frost"})
    view["legal"].append({"kind": "play", "card": 106, "half": 0, "targets": ["u:21"]})
    view["legal"].append({"kind": "play", "card": 106, "half": 1, "targets": ["u:21"]})
    p = build_prompt(view, book)
    by_label = {c.label: c for c in p.choices}
    assert "Play Ember [3g] → Infantry (Bob)" in by_label  # one target: named at once
    assert "Play Frost [2g] → Infantry (Bob)" in by_label
    assert by_label["Play Frost [2g] → Infantry (Bob)"].detail == "Exhaust target unit."



def test_ordering_triggers_names_each_card_from_the_servers_own_view() -> None:
    """The labels come from a real rules-core view, not a hand-made one: the position of
    tests/scenarios/rules/chain/trigger_order_own.toml, where Crimson Shield and the Wasting
    Disease on T's Halberdier trigger together at the end of T's turn."""
    from pathlib import Path

    from shared.rules.realm.scenario import Scenario, load
    from shared.rules.realm.view import view_for

    path = Path(__file__).parents[1] / "scenarios/rules/chain/trigger_order_own.toml"
    data = load(path)
    script = data.pop("script")
    sc = Scenario(data)
    sc.run(script.split("check prompt T trigger")[0])
    view = view_for(sc.g, 1)  # T
    assert view["prompt"]["kind"] == "trigger"
    labels = sorted(c.label for c in build_prompt(view, BOOK).choices)
    assert labels == [
        "Put on the chain next: Crimson Shield (T's armor)",
        "Put on the chain next: Wasting Disease",
    ]


def test_an_activation_that_costs_gold_shows_its_cost() -> None:
    from client.cards import default_book

    view = v.maneuver()
    alice = view["players"][0]
    alice["weapon"] = {**alice["weapon"], "card": "styrka_mandatum"}  # "Exhaust: …", free
    alice["armor"] = dict(view["players"][1]["armor"])  # Anointed Platemail: 1 gold
    view["legal"] = [
        {"kind": "activate", "card": "w:0", "index": 0, "targets": ["u:11"]},
        {"kind": "activate", "card": "r:0", "index": 0, "targets": ["u:11"]},
        {"kind": "pass"},
    ]
    labels = [c.label for c in build_prompt(view, default_book()).choices]
    assert labels[:2] == [
        "Activate Styrka Mandatum → Militia Recruit 1 (Alice)",
        "Activate Anointed Platemail [1g] → Militia Recruit 1 (Alice)",
    ]


def test_sworn_enemy_games_say_whom_each_hero_hunts() -> None:
    from client.widgets.hero import hero_content

    view = v.base(0)
    view["players"].append({**view["players"][1], "seat": 2, "name": "Cid"})
    view["order"] = [2, 0, 1]  # seated Cid, Alice, Bob: each hunts the next
    view["format"] = "sworn"
    table = build_table(view)
    assert [p.hunts for p in table.players] == ["Bob", "Cid", "Alice"]
    assert "hunts Bob" in hero_content(table.players[0]).plain
    view["format"] = "ffa"
    assert [p.hunts for p in build_table(view).players] == ["", "", ""]
    assert "hunts" not in hero_content(build_table(view).players[0]).plain


def test_log_sentences_name_units_that_came_and_went_from_their_events() -> None:
    """A sync's earlier events have no views of their own: a unit that entered play and
    left again is named from the events that name it (was "card #195")."""
    view = v.base(0)
    lines = sentences(
        [
            {"t": "entered_play", "seat": 0, "card": "militia_recruit", "handle": 195},
            {"t": "damaged", "target": "u:195", "amount": 2, "battle": True},
            {"t": "attached", "card": "deathcap_venom", "handle": 301, "to": "u:195"},
            {"t": "destroyed", "target": "u:196", "card": "infantry", "seat": 1},
            {"t": "damaged", "target": "u:196", "amount": 1, "battle": True},
        ],
        view,
    )
    assert "card #" not in "\n".join(lines)
    assert "Militia Recruit (Alice) was dealt 2 battle damage." in lines
    assert "Infantry (Bob) was dealt 1 battle damage." in lines


def test_a_person_whose_connection_is_gone_shows_as_away() -> None:
    """The table waits for them (policy wait): the others see why."""
    from client.widgets.hero import hero_content
    from tests.client.helpers import table_info

    view = v.maneuver()
    info = table_info(view)
    info["seats"][1]["connected"] = False
    table = build_table(view, table_info=info)
    assert [p.away for p in table.players] == [False, True]
    assert "away" in hero_content(table.players[1]).plain
    assert "away" not in hero_content(table.players[0]).plain
    info["seats"][1]["bot"] = True  # a bot plays the seat meanwhile: not waited for
    assert not any(p.away for p in build_table(view, table_info=info).players)
    assert not any(p.away for p in build_table(view).players)


def test_a_split_card_on_the_chain_names_the_face_played() -> None:
    from client.cards import default_book

    book = default_book()
    view = v.response()
    view["chain"] = [{"id": 5, "seat": 1, "kind": "play", "source": "ember_or_frost",
                      "half": 1, "targets": []}]  # fmt: skip
    frost = book.half_name("ember_or_frost", 1)
    assert "/" not in frost
    assert build_table(view, book).chain[0].label == frost
    events = [{"t": "announced", "seat": 1, "item": view["chain"][0]}]
    assert sentences(events, view)[0].startswith(f"Bob announced {frost}")


def test_a_choice_asked_as_an_effect_resolves_says_what_resolves_and_why() -> None:
    view = v.choose()
    del view["prompt"]["text"]
    view["prompt"]["why"] = "put on the bottom of its deck"
    view["prompt"]["resolving"] = {"id": 4, "seat": 0, "kind": "ability",
                                   "source": "new_recruits", "targets": []}  # fmt: skip
    title = build_prompt(view, BOOK).title
    assert title == "New Recruits resolves: choose — put on the bottom of its deck"
    view["prompt"]["resolving"] = {"id": 5, "seat": 0, "kind": "play",
                                   "source": "battle_surge", "targets": []}  # fmt: skip
    assert build_prompt(view, BOOK).title.startswith("Battle Surge resolves: choose — ")
    del view["prompt"]["resolving"]  # an older server: the words it gives
    assert build_prompt(view, BOOK).title == (
        "Choose as the effect resolves — put on the bottom of its deck"
    )


def test_the_team_roll_is_told_in_the_log() -> None:
    line = sentences([{"t": "team_roll", "team": 1, "seat": 0}], v.base(0))[0]
    assert line == "Team 2 won the roll: Alice chooses which of its players goes first."


def test_a_hero_who_draws_no_units_is_told_where_a_unit_draw_goes() -> None:
    """Hakor Dajet draws no units: his unit decks' lines say the card is discarded."""
    from client.cards import default_book

    view = v.maneuver()
    view["prompt"] = {"kind": "draw", "seat": 0}
    view["legal"] = [{"kind": "draw", "deck": d} for d in ("basic", "elite", "action")]
    plain = [c.label for c in build_prompt(view, default_book()).choices]
    view["players"][0]["hero"] = "hakor_dajet"
    hakor = [c.label for c in build_prompt(view, default_book()).choices]
    assert not any("discard" in label for label in plain)
    assert [("discard pile" in label) for label in hakor] == [True, True, False]
    assert all(len(label) <= 78 for label in hakor)


def test_a_battle_on_the_chain_says_against_whom() -> None:
    view = v.response()
    view["chain"] = [{"id": 5, "seat": 0, "kind": "battle", "source": "", "targets": [],
                      "opponent": 1}]  # fmt: skip
    assert build_table(view, BOOK).chain[0].label == "Initiating a battle against Bob"


def test_a_seat_that_ran_out_of_time_is_a_log_line() -> None:
    events = [{"t": "timed_out", "seat": 1}]
    assert sentences(events, v.response())[0].startswith("Bob ran out of time.")


def test_a_split_card_in_hand_says_what_each_half_does() -> None:
    """The hand shows both halves' texts (their costs are in the cost label), not the
    printed "Split card: play one half."."""
    from client.cards import default_book

    view = v.maneuver()
    view["players"][0]["hand"][0] = {**view["players"][0]["hand"][0], "card": "strike_or_parry"}
    card = build_table(view, default_book()).hand[0]
    assert card.cost_label == "2g/1g"
    assert card.text == (
        "Strike: Deal 2 damage to target unit. / Parry: Prevent the next 3 damage that would "
        "be dealt to target unit this turn."
    )


def test_a_weapon_of_a_player_whose_name_ends_in_s_takes_the_apostrophe_alone() -> None:
    view = v.base(0)
    view["players"][0]["name"] = "Agnes"
    assert Namer(view, BOOK).ref("w:0") == "Lance of Dominion (Agnes' weapon)"
    assert Namer(v.base(0), BOOK).ref("w:0") == "Lance of Dominion (Alice's weapon)"
