"""A seat's ``skip`` setting ("pass until my turn") through the server: it passes every
response window on another seat's turn, even with responses at hand, leaves every other
decision to the seat, and ends when the seat's own turn begins."""

from __future__ import annotations

from typing import Any

from server.bots import random_choice
from server.client import ProtocolClient, deciding, play_seat
from server.local import LocalServer, start_local_server
from shared.rules.realm.ruleset import RULESET

SEED = 2**80 + 99


def _has_response(legal: list[dict[str, Any]]) -> bool:
    kinds = {a.get("kind") for a in legal}
    return "pass" in kinds and len(kinds) > 1


async def _duel(client: ProtocolClient, seed: int, bot_seed: int) -> str:
    """Seat 0, Sylvara Thornwood (her bow and cloak make responses at hand most of the
    time), held by ``client``, against a bot playing Beledan Kind; the join code."""
    await client.connect()
    created = await client.create(
        "realm",
        {"format": "duel"},
        [
            {"kind": "human", "name": "A", "hero": "sylvara_thornwood"},
            {"kind": "bot", "name": "B", "hero": "beledan_kind"},
        ],
        {"seed": str(seed), "bot_seed": bot_seed, "pass_delay": 0},
        claim=[0],
    )
    code: str = created["table"]
    await client.join(code, 0)
    return code


async def _until_response_window(client: ProtocolClient, code: str) -> dict[str, Any]:
    """Play seat 0 until it must decide in a response window on the bot's turn with a
    response at hand; that view."""
    last = -1
    while True:
        await client.wait_for(deciding(client, code, 0, last), timeout=30)
        doc = client.doc(code, 0)
        assert doc is not None and doc["table"]["status"] == "playing", "the game ended first"
        view = doc["view"]
        if view["current"] == 1 and _has_response(view["legal"]):
            return view  # type: ignore[no-any-return]
        last = view["version"]
        action = random_choice(view, 3, 0)
        assert action is not None
        await client.submit(code, 0, last, action)


async def test_skip_passes_response_windows_until_the_seats_turn() -> None:
    srv: LocalServer = await start_local_server(allow_fixed_seeds=True)
    client = ProtocolClient(srv.url, "skipper")
    try:
        code = await _duel(client, SEED, 5)
        table = srv.server.lobby.get(code)
        assert table is not None
        window = await _until_response_window(client, code)
        logged = table.log_len
        reply = await client.request(
            {
                "t": "settings",
                "table": code,
                "seat": 0,
                "token": client.tokens[(code, 0)],
                "skip": True,
            }
        )
        assert reply["t"] == "settings" and reply["skip"] is True
        # the server passes for the seat from here: its next decision is on its own turn,
        # or one that is not a response window
        await client.wait_for(deciding(client, code, 0, window["version"]), timeout=30)
        doc = client.doc(code, 0)
        assert doc is not None
        view = doc["view"]
        assert view["current"] == 0 or not any(a["kind"] == "pass" for a in view["legal"])
        if view["current"] == 0:
            assert doc["table"]["settings"]["skip"] is False  # its turn ended the skip
        # replayed from the log: the server passed for the seat in windows where it had
        # a response at hand (which auto-pass alone never does), none on its own turn
        state = RULESET.new_game(table.full_setup(), table._seed)
        skipped = 0
        for row in srv.server.store.commands(table.id):
            if row.idx >= logged and row.seat == 0 and row.source == "auto":
                assert RULESET.view_for(state, 0)["current"] == 1
                skipped += _has_response(RULESET.view_for(state, 0)["legal"])
            state, _ = RULESET.apply(state, row.seat, row.action)
        assert skipped >= 1
    finally:
        await client.close()
        await srv.stop()


async def _own_top_windows(hold: bool) -> list[tuple[str, bool]]:
    """A whole duel of seat 0 (a person playing at random, ``hold`` as given) against a
    bot; from its log, each decision of seat 0 in a response window with its own
    maneuver on top of the chain: (who made it, ``auto`` or ``human``, and whether it
    had a response at hand)."""
    srv: LocalServer = await start_local_server(allow_fixed_seeds=True)
    client = ProtocolClient(srv.url, "self")
    try:
        code = await _duel(client, SEED + 1, 6)
        token = client.tokens[(code, 0)]
        reply = await client.request(
            {"t": "settings", "table": code, "seat": 0, "token": token, "hold": hold}
        )
        assert reply["hold"] is hold
        await play_seat(client, code, 0, lambda view, seat: random_choice(view, 4, seat))
        table = srv.server.lobby.get(code)
        assert table is not None
        state = RULESET.new_game(table.full_setup(), table._seed)
        found = []
        for row in srv.server.store.commands(table.id):
            seen = RULESET.view_for(state, 0)
            own_top = bool(seen["chain"]) and seen["chain"][-1]["seat"] == 0
            if row.seat == 0 and own_top and {"kind": "pass"} in seen["legal"]:
                found.append((row.source, _has_response(seen["legal"])))
            state, _ = RULESET.apply(state, row.seat, row.action)
        return found
    finally:
        await client.close()
        await srv.stop()


async def test_a_seat_does_not_respond_to_itself_unless_it_holds_priority() -> None:
    passed = await _own_top_windows(hold=False)
    # the server passed every such window for it, some where it had a response at hand
    assert passed and {source for source, _ in passed} == {"auto"}
    assert any(response for _, response in passed)
    asked = await _own_top_windows(hold=True)
    # holding priority, it is asked wherever it has a response
    assert any(response for _, response in asked)
    assert all(source == "human" for source, response in asked if response)
