"""Finding games on the LAN: the advertisement, the browser, and the Join screen's list.

Most tests feed zeroconf ``ServiceInfo`` objects or an injected discovery, so they need
no network; one round trip advertises and browses for real, on the loopback interface
only, waiting on events (never on the clock) with a generous limit.
"""

from __future__ import annotations

import asyncio
import socket
from typing import Any, ClassVar

import pytest
from textual.widgets import Input, Select
from zeroconf import ServiceInfo

from client.net.lan import LanBrowser, LanGame, Listener, clean_name, game_from_info
from client.screens.join import JoinPlan, JoinScreen
from server.lan import SERVICE_TYPE, Advertiser, open_counts
from tests.client.helpers import make_app, screen_text

pytestmark = pytest.mark.asyncio


def info(name: str, address: str | None = "192.168.1.20", port: int = 8765,
         **props: str) -> ServiceInfo:  # fmt: skip
    return ServiceInfo(
        SERVICE_TYPE,
        f"{name}.{SERVICE_TYPE}",
        port=port,
        addresses=[socket.inet_aton(address)] if address else [],
        properties={"proto": "1", **props},
    )


def seat(kind: str = "human", claimed: bool = False) -> dict[str, Any]:
    return {"kind": kind, "claimed": claimed}


class FakeLobby:
    def __init__(self, tables: list[dict[str, Any]]) -> None:
        self.tables = tables

    def listing(self, game: str | None) -> list[dict[str, Any]]:
        return self.tables


# the advertisement --------------------------------------------------------------------
async def test_open_counts_count_waiting_tables_with_free_human_seats() -> None:
    listing = [
        {"status": "waiting", "seats": [seat(claimed=True), seat(), seat()]},
        {"status": "waiting", "seats": [seat(claimed=True), seat("bot", True)]},  # full
        {"status": "playing", "seats": [seat(claimed=True), seat()]},  # a seat left: playing
        {"status": "waiting", "seats": [seat()]},
    ]
    assert open_counts(listing) == (2, 3)
    assert open_counts([]) == (0, 0)


async def test_the_advertisement_carries_counts_only_with_a_lobby() -> None:
    lobby = FakeLobby([{"status": "waiting", "seats": [seat(claimed=True), seat()]}])
    assert Advertiser("x", "127.0.0.1", 1, lobby=lobby).properties() == {
        "proto": "1", "path": "/", "tables": "1", "seats": "1"}  # fmt: skip
    assert Advertiser("x", "127.0.0.1", 1).properties() == {"proto": "1", "path": "/"}


# reading advertisements ---------------------------------------------------------------
async def test_a_service_info_becomes_a_game() -> None:
    game = game_from_info(info("Kitchen table", tables="1", seats="2"))
    assert game == LanGame(f"Kitchen table.{SERVICE_TYPE}", "Kitchen table", "192.168.1.20",
                           8765, 1, 2)  # fmt: skip
    assert game.address == "192.168.1.20:8765"
    assert game.summary() == "1 open table · 2 free seats"


async def test_odd_advertisements_are_trimmed_or_left_out() -> None:
    assert game_from_info(info("No address", address=None)) is None
    odd = game_from_info(info("Odd", tables="lots", seats="-1"))
    assert odd is not None and (odd.tables, odd.seats) == (None, None) and odd.summary() == ""
    assert game_from_info(info("Big", tables="12345")).tables is None  # type: ignore[union-attr]
    assert game_from_info(info("None", tables="0")).summary() == "no open tables"  # type: ignore[union-attr]
    assert clean_name("Evil\x1b[2Jname\n") == "Evil [2Jname"
    assert len(clean_name("x" * 100)) == 40


async def test_the_browser_follows_servers_coming_changing_and_going() -> None:
    seen: list[list[LanGame]] = []
    browser = LanBrowser(seen.append)
    browser.found(info("Zed", tables="1", seats="1"))
    browser.found(info("alpha", "192.168.1.30", 9000))
    browser.found(info("alpha", "192.168.1.30", 9000))  # the same again: no news
    assert [[g.name for g in games] for games in seen] == [["Zed"], ["alpha", "Zed"]]
    browser.found(info("Zed", tables="0", seats="0"))
    assert seen[-1][1].summary() == "no open tables"
    browser.lost(f"Zed.{SERVICE_TYPE}")
    browser.lost("never.seen." + SERVICE_TYPE)
    assert [g.address for g in seen[-1]] == ["192.168.1.30:9000"]
    assert len(seen) == 4


# the Join screen ----------------------------------------------------------------------
class FakeDiscovery:
    """Stands in for the LAN: ``announce`` shows games to the screen."""

    instances: ClassVar[list[FakeDiscovery]] = []

    def __init__(self, listener: Listener, fail: str | None = None) -> None:
        self.listener = listener
        self.fail = fail
        self.started = self.closed = False
        FakeDiscovery.instances.append(self)

    async def start(self) -> None:
        if self.fail:
            raise OSError(self.fail)
        self.started = True

    async def close(self) -> None:
        self.closed = True

    def announce(self, *games: LanGame) -> None:
        self.listener(list(games))


KITCHEN = LanGame("k", "Kitchen table", "192.168.1.20", 8765, 1, 2)
ATTIC = LanGame("a", "Attic", "192.168.1.31", 9000)


@pytest.fixture
def fake_lan(monkeypatch: pytest.MonkeyPatch) -> list[FakeDiscovery]:
    FakeDiscovery.instances = []
    monkeypatch.setattr("client.screens.join.default_discovery", FakeDiscovery)
    return FakeDiscovery.instances


async def open_join(app: Any, pilot: Any, results: list[JoinPlan | None],
                    address: str = "") -> JoinScreen:  # fmt: skip
    screen = JoinScreen(address)
    await app.push_screen(screen, results.append)
    await pilot.pause()
    return screen


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_found_games_are_listed_and_picked_with_the_keyboard(fake_lan, size) -> None:
    app = make_app()
    results: list[JoinPlan | None] = []
    async with app.run_test(size=size) as pilot:
        await open_join(app, pilot, results)
        assert "Looking for games on this network" in screen_text(app)
        [lan] = fake_lan
        assert lan.started
        lan.announce(ATTIC, KITCHEN)
        await pilot.pause()
        text = screen_text(app)
        assert "Kitchen table  192.168.1.20:8765  1 open table · 2 free seats" in text
        assert "Attic  192.168.1.31:9000" in text
        await pilot.press("down", "down", "enter")  # into the list (on Attic), on to Kitchen
        await pilot.press(*"k7qf3m", "enter")
        await pilot.pause()
    assert results == [JoinPlan("ws://192.168.1.20:8765", "K7QF3M")]
    assert lan.closed


async def test_a_newcomer_goes_last_so_the_highlight_stays_put(fake_lan) -> None:
    app = make_app()
    results: list[JoinPlan | None] = []
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_join(app, pilot, results)
        fake_lan[0].announce(KITCHEN)
        await pilot.pause()
        fake_lan[0].announce(ATTIC, KITCHEN)  # "Attic" sorts first, but came later
        await pilot.pause()
        text = screen_text(app)
        assert text.index("Kitchen table") < text.index("Attic")
        await pilot.press("down", "enter")  # into the list, on its first game
        await pilot.pause()
        assert screen.query_one("#address", Input).value == "192.168.1.20:8765"
        assert app.focused is screen.query_one("#code", Input)
    assert results == []  # picking only fills the address in


async def test_games_leaving_leave_the_list(fake_lan) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_join(app, pilot, [])
        fake_lan[0].announce(ATTIC, KITCHEN)
        await pilot.pause()
        fake_lan[0].announce(KITCHEN)
        await pilot.pause()
        text = screen_text(app)
        assert "Kitchen table" in text and "Attic" not in text
        fake_lan[0].announce()
        await pilot.pause()
        assert "Kitchen table" not in screen_text(app)


async def test_a_found_game_does_not_take_the_focus_from_typing(fake_lan) -> None:
    app = make_app()
    results: list[JoinPlan | None] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await open_join(app, pilot, results)
        await pilot.press(*"10.1.1.5")
        fake_lan[0].announce(KITCHEN)
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "address"
        await pilot.press("enter", *"abc123", "enter")
        await pilot.pause()
    assert results == [JoinPlan("ws://10.1.1.5:8765", "ABC123")]


async def test_typing_goes_to_the_address_field_unless_the_player_went_to_the_list(
    fake_lan,
) -> None:
    """A game found on an empty screen leaves the focus where it is; a player who went
    into the list (↓) and types finds the letters in the address field, not lost."""
    app = make_app()
    results: list[JoinPlan | None] = []
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_join(app, pilot, results)
        fake_lan[0].announce(KITCHEN)  # before anything was typed
        await pilot.pause()
        await pilot.press(*"127.0.0.1:9300")
        address = screen.query_one("#address", Input)
        assert address.value == "127.0.0.1:9300" and app.focused is address
        await pilot.press("backspace", "down")  # into the list …
        assert app.focused is not None and app.focused.id == "lan-games"
        await pilot.press("1")  # … and typing there goes on in the address field
        await pilot.pause()
        assert address.value == "127.0.0.1:9301" and app.focused is address
        await pilot.press("backspace", "1")  # one character, not the whole address
        await pilot.pause()
        assert address.value == "127.0.0.1:9301"
        await pilot.press("enter", *"623ufm", "enter")
        await pilot.pause()
    assert results == [JoinPlan("ws://127.0.0.1:9301", "623UFM")]


async def test_no_network_is_a_quiet_note_and_typing_still_works(monkeypatch) -> None:
    def broken(listener: Listener) -> FakeDiscovery:
        return FakeDiscovery(listener, fail="No such device")

    monkeypatch.setattr("client.screens.join.default_discovery", broken)
    app = make_app()
    results: list[JoinPlan | None] = []
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_join(app, pilot, results)
        await pilot.pause()
        assert app.screen is screen
        assert "Cannot look for games on this network (No such device)" in screen_text(app)
        await pilot.press(*"192.168.1.9:9000", "enter", *"zz9", "enter")
        await pilot.pause()
    assert results == [JoinPlan("ws://192.168.1.9:9000", "ZZ9")]


async def test_join_without_an_address_opens_the_join_screen(fake_lan) -> None:
    app = make_app()
    app.settings.last_address = "192.168.1.20:8765"
    app.join_screen_start = (None, True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, JoinScreen) and app.screen.spectate
        assert "Watch a game" in screen_text(app)
        assert app.screen.query_one("#address", Input).value == "192.168.1.20:8765"
        assert fake_lan and fake_lan[0].started


# a real round trip on the loopback interface --------------------------------------------
async def test_an_advertised_server_is_found_for_real_on_loopback() -> None:
    lobby = FakeLobby([{"status": "waiting", "seats": [seat(claimed=True), seat()]}])
    advertiser = Advertiser("Round trip", "127.0.0.1", 8799, lobby=lobby)
    changed = asyncio.Event()
    latest: list[LanGame] = []

    def listener(games: list[LanGame]) -> None:
        latest[:] = games
        changed.set()

    async def until(test: Any) -> LanGame | None:
        while True:
            mine = next((g for g in latest if g.key == advertiser.info.name), None)
            if test(mine):
                return mine
            changed.clear()
            await asyncio.wait_for(changed.wait(), 30)

    browser = LanBrowser(listener, interfaces=["127.0.0.1"])
    await advertiser.start()
    try:
        await browser.start()
        game = await until(lambda g: g is not None)
        assert game is not None and game.address == "127.0.0.1:8799"
        assert (game.tables, game.seats) == (1, 1)
        lobby.tables = []
        assert await advertiser.update()
        assert not await advertiser.update()  # nothing new: nothing sent
        await until(lambda g: g is not None and g.tables == 0)
        await advertiser.close()
        await until(lambda g: g is None)
    finally:
        await advertiser.close()
        await browser.close()


async def test_a_player_who_joins_may_choose_a_hero_a_watcher_not(fake_lan) -> None:
    """The Join screen's hero: the seat's own (as the host set it) unless one is picked;
    ``allegiance join --hero`` picks it beforehand; the Watch screen has none."""
    app = make_app()
    results: list[JoinPlan | None] = []
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_join(app, pilot, results, "10.0.0.5:8765")
        hero = screen.query_one("#join-hero", Select)
        assert hero.value == "" and "The hero the host set for the seat" in screen_text(app)
        await pilot.press(*"abc123", "enter")
        await pilot.pause()
        screen = await open_join(app, pilot, results, "10.0.0.5:8765")
        screen.query_one("#join-hero", Select).value = "thedric_egen"
        await pilot.press(*"abc123", "enter")
        await pilot.pause()
        preset = JoinScreen("10.0.0.5:8765", hero="hakor_dajet")
        await app.push_screen(preset, results.append)
        await pilot.pause()
        assert preset.query_one("#join-hero", Select).value == "hakor_dajet"
        await pilot.press(*"abc123", "enter")
        await pilot.pause()
        watch = JoinScreen("10.0.0.5:8765", watch=True)
        await app.push_screen(watch, results.append)
        await pilot.pause()
        assert not watch.query("#join-hero")
        await pilot.press(*"abc123", "enter")
        await pilot.pause()
    url = "ws://10.0.0.5:8765"
    assert results == [
        JoinPlan(url, "ABC123"),
        JoinPlan(url, "ABC123", hero="thedric_egen"),
        JoinPlan(url, "ABC123", hero="hakor_dajet"),
        JoinPlan(url, "ABC123", watch=True),
    ]
