"""Pilot tests: one per prompt kind, driven by key presses over hand-written views."""

from __future__ import annotations

import pytest

from client.screens.curtain import CurtainScreen
from client.screens.table import TableScreen
from tests.client.fixtures import views as v
from tests.client.helpers import Fake, make_app, screen_text, sync

pytestmark = pytest.mark.asyncio


async def run_keys(view_name: str, keys: list[str], seat: int = 0, size=(80, 24)):
    app = make_app()
    async with app.run_test(size=size) as pilot:
        fake = Fake(app, [seat])
        fake.show(seat, getattr(v, view_name)())
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        for key in keys:
            await pilot.press(key)
        await pilot.pause()
        return fake.submits(), screen_text(app)


async def test_play_a_card_then_pick_its_target() -> None:
    sent, _ = await run_keys("maneuver", ["2", "3"])
    assert sent == [{"kind": "play", "card": 102, "half": 0, "targets": ["u:21"]}]


async def test_arrows_and_enter_work_like_numbers() -> None:
    sent, _ = await run_keys("maneuver", ["down", "enter", "down", "down", "enter"])
    assert sent == [{"kind": "play", "card": 102, "half": 0, "targets": ["u:21"]}]


async def test_escape_goes_back_to_the_top_menu() -> None:
    sent, _ = await run_keys("maneuver", ["1", "escape", "6"])
    assert sent == [{"kind": "battle", "opponent": 1}]


async def test_pass_key_in_a_response_window() -> None:
    sent, text = await run_keys("response", ["p"])
    assert sent == [{"kind": "pass"}]
    assert "Respond to Skilled Strike (Bob) → Militia Recruit 1 (Alice) — or pass" in text
    assert "(sent…)" in text


async def test_nothing_is_sent_while_waiting_for_another_seat() -> None:
    sent, text = await run_keys("waiting", ["p", "1", "enter"])
    assert sent == []
    assert "Waiting for Bob…" in text


async def test_one_choice_at_a_time() -> None:
    sent, _ = await run_keys("response", ["p", "p", "1"])
    assert sent == [{"kind": "pass"}]


async def test_declare_attackers_is_a_multi_select_sent_as_a_batch() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.declare())
        await pilot.pause()
        await pilot.press("a", "1", "d")  # all, then un-mark the first: only the second
        await pilot.pause()
        assert fake.submits() == [{"kind": "attack", "attacker": "u:12"}]
        fake.accept_last()
        nxt = v.declare()
        nxt["version"] = 58
        nxt["battle"]["attackers"].append("u:12")
        nxt["legal"] = [{"kind": "attack", "attacker": "u:11"}, {"kind": "done"}]
        fake.show(0, nxt)
        await pilot.pause()
        assert fake.submits()[-1] == {"kind": "done"}


async def test_assign_defenders_pairs_then_confirms() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [1])
        fake.show(1, v.assign())
        await pilot.pause()
        await pilot.press("1", "2")  # Lance of Dominion ← Halberdier
        await pilot.press("2")  # Militia Recruit 1: Halberdier is taken, so Infantry is first
        text = screen_text(app)
        assert "defend with Infantry (Bob)" in text and "defend with Halberdier" not in text
        await pilot.press("1", "d")
        await pilot.pause()
        assert fake.submits() == [{"kind": "defend", "defender": "u:22", "attacker": "w:0"}]
        assert fake.session.streams[1].batch == [
            {"kind": "defend", "defender": "u:21", "attacker": "u:11"},
            {"kind": "done"},
        ]


async def test_confirm_with_no_defenders() -> None:
    sent, _ = await run_keys("assign", ["d"], seat=1)
    assert sent == [{"kind": "done"}]


@pytest.mark.parametrize(
    ("view_name", "keys", "expected"),
    [
        ("armor", ["2"], {"kind": "armor", "prevent": [["u:11", 1], ["u:12", 1]]}),
        ("triggers", ["2"], {"kind": "trigger", "index": 0}),
        ("trigger_targets", ["3"], {"kind": "decline"}),  # two lines to tick, ✔, Decline
        ("trigger_targets", ["1", "d"], {"kind": "targets", "targets": ["u:11"]}),
        ("choose", ["3"], {"kind": "choose", "option": 2}),
        ("discard", ["4"], {"kind": "discard", "card": 104}),
        ("draw", ["3"], {"kind": "draw", "deck": "action"}),
        ("equip", ["4"], {"kind": "equip", "weapon": "styrka_mandatum", "armor": "crimson_shield"}),
    ],
)
async def test_every_other_prompt_kind(view_name: str, keys: list[str], expected: dict) -> None:
    seat = 1 if view_name == "armor" else 0
    sent, _ = await run_keys(view_name, keys, seat=seat)
    assert sent == [expected]


async def test_countdown_when_a_timer_runs() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.response(), clock={"seat": 0, "version": 57, "ms": 30000})
        await pilot.pause()
        assert "⏱ 30s" in screen_text(app) or "⏱ 29s" in screen_text(app)


async def test_the_others_see_the_clock_and_a_sync_says_what_is_left() -> None:
    """Alice waits for Bob: Bob's countdown shows on her waiting line. After a reconnect
    (a sync) the countdown goes on from what the server says is left, not from its start
    (it was restarted at full length: a stuck "⏱ 0s" or time given back)."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        clock = {"seat": 1, "version": 57, "ms": 30000}
        fake.show(0, v.waiting(), clock=clock)
        await pilot.pause()
        text = screen_text(app)
        assert "Waiting for Bob" in text and ("⏱ 30s" in text or "⏱ 29s" in text)
        message = sync(0, v.waiting(), seq=5, clock=clock)
        message["clock_left"] = 12000
        fake.feed(message)
        await pilot.pause()
        text = screen_text(app)
        assert "⏱ 12s" in text or "⏱ 11s" in text


async def test_curtain_between_human_seats_hides_the_other_hand() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0, 1])
        fake.show(0, v.maneuver())
        bob = v.base(1)
        bob["to_act"] = 0
        fake.show(1, bob)
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        assert "Siege Golem" not in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert "Siege Golem" in screen_text(app)  # Alice's own hand
        # control passes to Bob: the curtain comes first
        fake.show(0, v.waiting())
        fake.show(1, v.assign())
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        text = screen_text(app)
        assert "Bob" in text and "Siege Golem" not in text and "Ironclad Knight" not in text
        await pilot.press("1")  # keys do nothing until the curtain is lifted
        assert fake.submits() == []
        await pilot.press("enter")
        await pilot.pause()
        text = screen_text(app)
        assert "Ironclad Knight" in text and "Siege Golem" not in text
        await pilot.press("d")
        await pilot.pause()
        assert fake.sent[-1]["seat"] == 1 and fake.submits() == [{"kind": "done"}]


async def test_the_log_screen_closes_before_the_curtain_rises() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0, 1])
        fake.show(0, v.maneuver())
        bob = v.base(1)
        bob["to_act"] = 0
        fake.show(1, bob)
        await pilot.pause()
        await pilot.press("enter", "l")
        await pilot.pause()
        assert app.screen.id == "log-screen"
        fake.show(0, v.waiting())
        fake.show(1, v.assign())
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


async def test_game_over_offers_the_menu() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.over())
        await pilot.pause()
        text = screen_text(app)
        assert "Alice wins (hero defeated)" in text
        await pilot.press("m")
        await pilot.pause()
        assert app.screen.__class__.__name__ == "MenuScreen"


async def test_help_opens_with_f1_and_question_mark() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert "Allegiance: keys" in screen_text(app)
        await pilot.press("escape", "question_mark")
        await pilot.pause()
        assert app.screen.__class__.__name__ == "HelpScreen"


async def test_a_taller_terminal_gives_the_choices_more_lines() -> None:
    """30 rows or more: the choices may take 14 lines before they scroll (8 below that),
    instead of scrolling under an empty board."""
    for size, lines in (((80, 24), 8), ((100, 30), 14)):
        app = make_app()
        async with app.run_test(size=size) as pilot:
            fake = Fake(app, [0])
            fake.show(0, v.maneuver())
            await pilot.pause()
            choices = app.screen.query_one("#choices")
            assert choices.styles.max_height is not None
            assert choices.styles.max_height.value == lines, size


async def test_notices_do_not_cover_the_prompt() -> None:
    """A notice (a chat line, "The game has started.") shows at the top right; at the
    bottom it hid the prompt's choices while it lasted."""
    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.maneuver())
        await pilot.pause()
        app.notify("The game has started.")
        await pilot.pause()
        await pilot.pause()
        from textual.widgets._toast import Toast

        toast = app.screen.query_one(Toast)
        prompt = app.screen.query_one("#prompt")
        assert toast.region.bottom <= prompt.region.y, (toast.region, prompt.region)
