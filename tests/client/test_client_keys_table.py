"""The Keys screen keeps its Where and Action columns whole after a key is set (or given
its default again): the rows made again while the key capture closes are drawn at the
columns' full widths, not at the widths of their headings."""

from __future__ import annotations

import pytest

from client.app import AllegianceApp
from client.screens.settings import KeyCapture, KeysScreen, SettingsScreen
from client.settings import KEY_ACTIONS, SCOPES, Settings
from tests.client.helpers import screen_text

pytestmark = pytest.mark.asyncio

#: The Where column's width: its longest text.
WHERE = max(len(where) for where in SCOPES.values())


def body_lines(text: str, status: str) -> list[str]:
    """The table's lines as read on the screen, inside the panel's border: from under its
    heading to the status line."""
    lines = [line.split("│")[1] for line in text.splitlines() if line.count("│") == 2]
    first = next(i for i, line in enumerate(lines) if line.lstrip().startswith("Where"))
    last = next(i for i, line in enumerate(lines) if line.strip() == status)
    return lines[first + 1 : last]


def assert_whole(text: str, status: str) -> None:
    """Each line of the table starts with an action's place and name, whole, or (the
    second line of a two-line Key cell) with blank Where and Action cells."""
    heading = next(line for line in text.splitlines() if "Where" in line)
    assert f"Where{' ' * (WHERE - 5)}  Action" in heading, heading
    rows = [f"  {SCOPES[a.scope]:<{WHERE}}  {a.label}" for a in KEY_ACTIONS]
    lines = body_lines(text, status)
    assert lines
    for line in lines:
        blank = not line[: 2 + WHERE + 2].strip()
        assert blank or any(line.startswith(row) for row in rows), line


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_setting_a_key_keeps_the_where_and_action_columns(size: tuple[int, int]) -> None:
    app = AllegianceApp(settings=Settings(name="Alice"), save=False)
    async with app.run_test(size=size) as pilot:
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        await pilot.press("ctrl+k")
        await pilot.pause()
        keys = app.screen
        assert isinstance(keys, KeysScreen)
        down = [a.id for a in KEY_ACTIONS].index("table.details")
        await pilot.press(*["down"] * down)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, KeyCapture)
        await pilot.press("ctrl+x")
        await pilot.pause()
        assert app.screen is keys
        assert keys.keys == {"table.details": "ctrl+x"}
        text = screen_text(app)
        assert f"  {'At the table':<{WHERE}}  Card details" in text
        assert_whole(text, "Card details: ctrl+x")
        await pilot.press("up", "down")  # the cursor passes the rows: they read the same
        await pilot.pause()
        assert_whole(screen_text(app), "Card details: ctrl+x")
        await pilot.press("backspace")  # its default again
        await pilot.pause()
        assert keys.keys == {}
        assert_whole(screen_text(app), "Card details: i")
