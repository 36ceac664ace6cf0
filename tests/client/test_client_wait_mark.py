"""A wait on a player who is away says so in the prompt, "Waiting for Bob (away) to
respond…": the hero line's small mark and a notice that went were all that said why
nothing happened. A player who is there is waited for as before."""

from __future__ import annotations

from client.viewmodel.prompt import build_prompt, marked_wait
from client.viewmodel.table import build_table
from tests.client.fixtures import views as v
from tests.client.helpers import table_info


def wait_title(connected: bool, bot: bool = False) -> str:
    view = v.waiting()
    info = table_info(view)
    info["seats"][1].update(connected=connected, bot=bot)
    prompt = build_prompt(view)
    return marked_wait(prompt, build_table(view, table_info=info).players).title


def test_the_wait_names_the_mark_of_the_player_waited_for() -> None:
    plain = wait_title(connected=True)
    assert plain.startswith("Waiting for Bob") and "(away)" not in plain
    assert wait_title(connected=False) == plain.replace("Waiting for Bob", "Waiting for Bob (away)")
    assert wait_title(connected=False, bot=True).startswith("Waiting for Bob (bot plays)")


def test_a_decision_of_ones_own_is_left_as_it_is() -> None:
    view = v.maneuver()
    info = table_info(view)
    info["seats"][1]["connected"] = False
    prompt = build_prompt(view)
    assert marked_wait(prompt, build_table(view, table_info=info).players) == prompt
