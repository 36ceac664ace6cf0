"""The main menu's footer cuts no key in the middle of its word, whatever the width: a
terminal too narrow for every key leaves out Replays, then Cards (their rows in the
menu say them, and the keys still work); 80 columns show every key."""

from __future__ import annotations

import pytest

from client.app import AllegianceApp
from client.screens.cardbrowser import CardBrowserScreen
from client.settings import Settings
from tests.client.helpers import make_app, screen_text

pytestmark = pytest.mark.asyncio

#: The menu's words in the footer, each after its key (the app's F1 Help too).
WORDS = ("New", "Join", "Watch", "Cards", "Replays", "Settings", "Help")


def footer(app: AllegianceApp) -> tuple[list[str], str]:
    """The footer's keys, each "key word", and what stands right of them (the palette)."""
    line = screen_text(app).splitlines()[-1]
    keys, _, right = line.partition("▏")
    words = keys.split()
    return [f"{words[i]} {words[i + 1]}" for i in range(0, len(words), 2)], right.strip()


def whole(keys: list[str]) -> None:
    """Every key shown is a key and a whole word of the menu's."""
    for key in keys:
        assert key.split(" ")[1] in WORDS, keys


async def test_sixty_columns_leave_out_replays_and_cards() -> None:
    app = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        keys, right = footer(app)
        assert keys == ["n New", "j Join", "w Watch", "s Settings", "f1 Help"]
        assert right == "^p palette"
        await pilot.press("c")  # the key works, unsaid
        await pilot.pause()
        assert isinstance(app.screen, CardBrowserScreen)


async def test_each_width_shows_whole_keys_and_eighty_all_of_them() -> None:
    app = make_app()
    async with app.run_test(size=(40, 20)) as pilot:
        for width in (40, 50, 60, 66, 70, 76, 77, 80, 120, 60):
            await pilot.resize_terminal(width, 20)
            await pilot.pause()
            await pilot.pause()
            keys, right = footer(app)
            whole(keys)
            assert right == "^p palette", (width, right)
            assert "n New" in keys and "f1 Help" in keys
            if width >= 80:
                assert [k.split(" ")[1] for k in keys] == list(WORDS)


async def test_a_longer_key_of_ones_own_leaves_out_more() -> None:
    settings = Settings(name="Alice", keys={"menu.new_game": "ctrl+shift+n"})
    app = AllegianceApp(settings=settings, save=False)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        keys, right = footer(app)
        whole(keys)
        assert right == "^p palette" and keys[-1] == "f1 Help"
        assert any(key.endswith(" New") for key in keys), keys
        assert "s Settings" not in keys  # the next one left out
