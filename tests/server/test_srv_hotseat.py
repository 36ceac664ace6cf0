"""Hot-seat: the real server in-process (start_local_server), one connection, every seat."""

from __future__ import annotations

import asyncio

from server.bots import random_choice
from server.client import ProtocolClient, play_seat
from server.local import start_local_server
from tests.server.kit import TOY


async def test_one_connection_plays_every_seat_in_process() -> None:
    async with await start_local_server(rulesets=(TOY,)) as server:
        assert server.url.startswith("ws://127.0.0.1:")
        client = ProtocolClient(server.url, "couch")
        await client.connect()
        created = await client.create(
            "toy",
            {},
            [{"kind": "human", "name": n} for n in ("Ann", "Bo", "Cy")],
            {"hotseat": True, "pass_delay": 1.0},
            claim=[0, 1, 2],
        )
        code = created["table"]
        for seat in range(3):
            await client.join(code, seat)
        table = server.server.lobby.get(code)
        assert table is not None and table.delay == 0.0  # hot-seat: no timing-safe delay
        results = await asyncio.gather(
            *(
                play_seat(client, code, s, lambda v, seat: random_choice(v, 1, seat))
                for s in range(3)
            )  # type: ignore[arg-type,return-value]
        )
        assert results[0] == results[1] == results[2] is not None
        assert client.doc(code, 0)["view"]["players"][0]["name"] == "Ann"
        await client.close()


async def test_fixed_seeds_need_the_server_flag() -> None:
    async with await start_local_server(rulesets=(TOY,)) as server:
        client = ProtocolClient(server.url, "c")
        await client.connect()
        reply = await client.create("toy", {}, [{"kind": "bot"}, {"kind": "bot"}], {"seed": 1})
        assert reply["t"] == "error" and reply["code"] == "forbidden"
        reply = await client.create("toy", {}, [{"kind": "robot"}], {})
        assert reply["t"] == "error" and reply["code"] == "bad_setup"
        reply = await client.create("nope", {}, [{"kind": "bot"}], {})
        assert reply["t"] == "error" and reply["code"] == "bad_setup"
        reply = await client.create("toy", {}, [{"kind": "bot"}] * 5, {})
        assert reply["t"] == "error" and reply["code"] == "bad_setup"  # the rules refuse 5 seats
        await client.close()
