"""Words on the table that must not mislead: the battle panel, prompt titles, the log's
unit names, the first-turn equipment choice and the chain at 80×24."""

from __future__ import annotations

import pytest

from client.cards import CardBook, default_book
from client.viewmodel.log import sentences
from client.viewmodel.prompt import build_prompt
from client.viewmodel.table import build_table
from client.widgets.chain import battle_markup, chain_content
from tests.client.fixtures import views as v
from tests.client.helpers import Fake, make_app, screen_text

BOOK = CardBook()  # no catalog: names come from the ids


def _no_attackers(step: str) -> str:
    view = v.declare()
    view["battle"].update(step=step, attackers=[])
    return battle_markup(build_table(view, BOOK).battle)


def test_no_attackers_yet_only_while_they_may_be_declared() -> None:
    assert "no attackers yet" in _no_attackers("declare")
    for step in ("after_declare", "assign", "after_assign", "damage", "after_damage"):
        text = _no_attackers(step)
        assert "no attackers" in text and "yet" not in text, step


def test_an_attacker_whose_defender_left_play_stays_blocked() -> None:
    """Ruling 8: it deals no damage at all, so it must not read as going at the hero."""
    view = v.assign()
    view["battle"].update(step="after_assign", attackers=["w:0", "u:11"], pairs=[])
    view["battle"]["blocked"] = ["w:0"]
    lines = build_table(view, BOOK).battle.lines  # type: ignore[union-attr]
    assert lines[0] == (
        "Lance of Dominion (Alice's weapon)  →  defended against (its defender is no longer "
        "in play)"
    )
    assert lines[1] == "Militia Recruit 1 (Alice)  →  Beledan Kind"  # unblocked: the hero


def test_a_trigger_target_prompt_names_its_card() -> None:
    view = v.trigger_targets()
    view["prompt"]["source"] = "lance_of_dominion"
    assert build_prompt(view, BOOK).title == (  # Alice's weapon: named as the log names it
        "Choose targets for the effect of Lance of Dominion (Alice's weapon)"
    )
    view["prompt"]["source"] = "nightblade"
    view["legal"] = [{"kind": "targets", "targets": []}, {"kind": "decline"}]
    assert build_prompt(view, BOOK).title == "Use Nightblade's effect, or decline"
    view["prompt"]["source"] = "twin_fangs"  # a name ending in s: the apostrophe alone
    assert build_prompt(view, BOOK).title == "Use Twin Fangs' effect, or decline"


def _end_of_turn(current: int) -> str:
    view = v.base(0)
    view.update(phase="end", current=current, priority=0)
    view["legal"] = [{"kind": "play", "card": 101, "half": 0, "targets": ["u:11"]}]
    view["legal"].append({"kind": "pass"})
    return build_prompt(view, BOOK).title


def test_end_of_turn_window_is_worded_for_whose_turn_it_is() -> None:
    assert _end_of_turn(0) == "End of your turn: a last chance for reactions, or pass"
    assert _end_of_turn(1) == "End of Bob's turn: play a reaction or pass"


def test_the_first_turn_equipment_choice_shows_each_face_s_figure() -> None:
    labels = [c.label for c in build_prompt(v.equip(), default_book()).choices]
    assert labels[0] == "Weapon Lance of Dominion 2atk · armor Adamantine Platemail 2arm"
    assert labels[3] == "Weapon Styrka Mandatum 3atk · armor Crimson Shield 1arm"


def test_a_destroyed_unit_keeps_the_label_the_board_gave_it() -> None:
    before, after = v.base(0), v.base(0)
    after["players"][0]["units"].pop(1)  # Militia Recruit 2 dies; 1 is now the only one
    events = [
        {"t": "damaged", "target": "u:12", "amount": 3, "battle": True},
        {"t": "destroyed", "target": "u:12", "card": "militia_recruit", "seat": 0},
    ]
    assert sentences(events, after, before) == [
        "Militia Recruit 2 (Alice) was dealt 3 battle damage.",
        "Militia Recruit 2 (Alice) was destroyed.",
    ]
    # a unit entering play next to another of its kind is named as the board names it
    entered = [{"t": "entered_play", "seat": 0, "card": "militia_recruit", "handle": 12}]
    assert sentences(entered, before, v.base(0)) == ["Militia Recruit 2 entered play for Alice."]


def test_log_names_chain_items_without_a_label() -> None:
    before = v.base(0)
    before["chain"] = [{"id": 4, "seat": 1, "kind": "unlock", "source": "smite", "targets": []}]
    unlock = dict(before["chain"][0])
    assert sentences([{"t": "resolved", "id": 4}], v.base(0), before) == [
        "Unlocking Smite resolved."
    ]
    assert sentences([{"t": "announced", "item": unlock}], before, v.base(0)) == [
        "Bob announced unlocking Smite."
    ]


def test_the_chain_title_shares_its_line_with_the_top_entry() -> None:
    first = chain_content(build_table(v.waiting(), BOOK).chain).plain.splitlines()[0]
    assert first.startswith("Chain") and "Battle Surge (Alice)" in first


@pytest.mark.asyncio
async def test_the_top_of_the_chain_shows_at_80x24_on_a_crowded_board() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.response_crowded())
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
    chain = [line for line in text.splitlines() if "Chain" in line]
    assert chain and "Skilled Strike (Bob) → Militia Recruit 1 (Alice)" in chain[0]


def test_a_hero_ability_on_the_chain_is_named_as_on_its_hero() -> None:
    """De'Soth Pravus's ability ``desoth_equip`` is "Equip" on his board, in the prompt
    and in the log (it read "Desoth Equip")."""
    view = v.response()
    view["players"][1]["hero"] = "desoth_pravus"
    view["chain"] = [{"id": 5, "seat": 1, "kind": "ability", "source": "desoth_equip"}]
    view["chain"][0]["targets"] = []
    assert build_prompt(view).title == "Respond to Equip (Bob) — or pass"
    assert build_table(view).chain[0].label == "Equip"
    after = v.copy_of(view)
    after["chain"] = []
    assert sentences([{"t": "resolved", "id": 5}], after, view) == ["Equip resolved."]


def test_a_discard_prompt_says_whose_effect_makes_you_discard() -> None:
    book = default_book()
    view = v.base(0)
    hand = view["players"][0]["hand"]
    view["legal"] = [{"kind": "discard", "card": c["handle"]} for c in hand]
    view["prompt"] = {"kind": "discard", "seat": 0, "source": "sellsword", "by": 0,
                      "ability": False}  # fmt: skip
    assert build_prompt(view, book).title == "Discard a card (Sellsword's effect)"
    view["players"][1]["hero"] = "hakor_dajet"
    view["prompt"].update(source="exhume", by=1, ability=True)
    exhume = book.ability("hakor_dajet", "exhume").name
    assert build_prompt(view, book).title == f"Discard a card ({exhume}'s effect)"
    del view["prompt"]["source"]  # a rule set that does not say
    assert build_prompt(view, book).title == "Discard a card"


def _lines_with(text: str, word: str) -> list[str]:
    return [line for line in text.splitlines() if word in line]


@pytest.mark.asyncio
async def test_your_hand_shows_at_80x24_when_four_players_overflow_the_board() -> None:
    """The board is scrolled to its end (your hero and hand); a chain entry scrolls the
    chain into view, and once the chain is empty the board is back at your hand."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        crowded = v.maneuver_four_players()
        fake.show(0, crowded)
        await pilot.pause()
        await pilot.pause()
        board = app.screen.query_one("#board")
        assert board.max_scroll_y > 0  # the board overflows: the test means something
        first = screen_text(app)
        assert _lines_with(first, "Hand") and _lines_with(first, "Alice")
        assert not _lines_with(first, "Bob ·")  # the first of the others is above
        with_chain = v.copy_of(crowded)
        with_chain.update(
            version=58,
            chain=[  # with the long menu, the chain takes all the board's room
                {
                    "id": i,
                    "seat": 1 + i % 3,
                    "kind": "play",
                    "source": "skilled_strike",
                    "label": "Skilled Strike",
                    "targets": ["u:11"],
                }
                for i in range(1, 10)
            ],
            prompt={"kind": "respond", "seat": 0},
            legal=v.response_crowded()["legal"],  # a long menu: the board has little room
        )
        for player in with_chain["players"][1:]:
            player["units"] += [dict(u, handle=u["handle"] + 500) for u in player["units"]]
        fake.show(0, with_chain)
        await pilot.pause()
        await pilot.pause()
        assert _lines_with(screen_text(app), "Chain")
        assert board.scroll_y < board.max_scroll_y  # scrolled up to the chain
        after = v.copy_of(with_chain)  # the same board, the chain resolved
        after.update(version=59, chain=[], prompt=crowded["prompt"], legal=crowded["legal"])
        # and the board grew meanwhile (Cid's units): shrinking alone would not reach the end
        cid = after["players"][2]
        cid["units"] += [
            dict(u, handle=u["handle"] + 900 + 50 * k) for k in range(8) for u in cid["units"]
        ]
        fake.show(0, after)
        await pilot.pause()
        await pilot.pause()
        assert _lines_with(screen_text(app), "Hand")
        assert board.scroll_y == board.max_scroll_y and board.following


@pytest.mark.asyncio
async def test_a_board_scrolled_up_by_the_player_stays_where_they_put_it() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        view = v.maneuver_four_players()
        fake.show(0, view)
        await pilot.pause()
        board = app.screen.query_one("#board")
        board.scroll_home(animate=False, immediate=True)  # to look at Bob
        await pilot.pause()
        later = v.copy_of(view)
        later["version"] = 58
        later["players"][2]["units"].append(dict(later["players"][2]["units"][0], handle=99))
        fake.show(0, later)  # Cid's units take another line
        await pilot.pause()
        await pilot.pause()
        assert board.scroll_y == 0 and _lines_with(screen_text(app), "Bob ·")
        board.scroll_end(animate=False, immediate=True)
        await pilot.pause()
        grown = v.copy_of(later)
        grown["version"] = 59
        grown["players"][0]["units"] += [
            dict(u, handle=u["handle"] + 80) for u in grown["players"][0]["units"]
        ]
        fake.show(0, grown)  # back at the end: it follows the board's growth again
        await pilot.pause()
        await pilot.pause()
        assert board.scroll_y == board.max_scroll_y and _lines_with(screen_text(app), "Hand")
        await pilot.press("tab")  # the first strip (Bob's hero) scrolls into view
        await pilot.pause()
        assert board.scroll_y < board.max_scroll_y
        await pilot.press("escape")  # back to the prompt, and the board to its end
        await pilot.pause()
        await pilot.pause()
        assert board.scroll_y == board.max_scroll_y


def test_a_concession_reads_as_one() -> None:
    view = v.maneuver()
    events = [{"t": "conceded", "seat": 1}, {"t": "eliminated", "seat": 1}]
    assert sentences(events, view) == ["Bob conceded.", "Bob was eliminated."]
