"""The lobby's line about the timer and a player who is away says what the server does:
under "wait" the decision timer does not wait for them."""

from __future__ import annotations

from typing import Any

from client.screens.lobby import table_rules_line


def info(timer: float, grace: float, policy: str) -> dict[str, Any]:
    return {"options": {"timer": timer, "grace": grace, "policy": policy}}


def test_with_a_timer_the_table_does_not_say_it_waits() -> None:
    line = table_rules_line(info(15, 5, "wait"))
    assert "waits" not in line
    assert line == ("Timer: [b]15 s[/b] a decision. A player away: the timer still runs "
                    "for them (out of time, the seat passes).")  # fmt: skip


def test_without_a_timer_the_table_waits() -> None:
    # under "wait" the grace changes nothing, with a timer or without: no seconds said
    line = table_rules_line(info(0, 5, "wait"))
    assert line == "Timer: [b]no time limit[/b]. A player away: the table waits for them."


def test_the_other_policies_are_as_they_were() -> None:
    assert table_rules_line(info(15, 5, "bot")) == (
        "Timer: [b]15 s[/b] a decision. A player away over 5 s: a bot plays for them."
    )
    assert table_rules_line(info(0, 0, "concede")) == (
        "Timer: [b]no time limit[/b]. A player away: they concede."
    )
    assert table_rules_line(info(15, 5, "nonsense")).endswith("the seat passes).")
