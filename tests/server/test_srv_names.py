"""Player and seat names with control characters arrive at the other seats clean: a
newline, tab or ESC in a name would split another player's status line and board rows."""

from __future__ import annotations

import pytest

from server.client import ProtocolClient
from server.local import LocalServer
from shared.protocol.messages import clean_name

DIRTY = "Mal\nlory\tX\x1b[2J\u202e"  # newline, tab, an ESC sequence, a bidi override


def seat_names(client: ProtocolClient, code: str, seat: int) -> list[str]:
    doc = client.doc(code, seat)
    assert doc is not None
    return [s["name"] for s in doc["table"]["seats"]]


@pytest.mark.parametrize("by", ["hello", "join"])
async def test_a_joining_name_reaches_the_other_seat_clean(server: LocalServer, by: str) -> None:
    ann = ProtocolClient(server.url, "Ann")
    await ann.connect()
    specs = [{"kind": "human", "name": "Ann"}, {"kind": "human"}]
    created = await ann.create("toy", {}, specs, {"seed": 3, "pass_delay": 0}, claim=[0])
    code = created["table"]
    await ann.join(code, 0)
    mallory = ProtocolClient(server.url, DIRTY if by == "hello" else "Mallory")
    await mallory.connect()
    join = {"t": "join", "table": code, "seat": 1, **({"name": DIRTY} if by == "join" else {})}
    assert (await mallory.request(join))["t"] == "seated"
    await ann.wait_for(lambda: seat_names(ann, code, 0)[1] != "Seat 2")
    assert seat_names(ann, code, 0) == ["Ann", "Mal lory X[2J"]
    await mallory.close()
    await ann.close()


async def test_seat_names_of_a_new_table_are_cleaned_and_an_empty_one_is_the_default(
    server: LocalServer,
) -> None:
    ann = ProtocolClient(server.url, "\n\t\x1b")  # nothing left: the seat's own name
    await ann.connect()
    specs = [{"kind": "human", "name": "\x1b\x07\u200b"}, {"kind": "bot", "name": "Bot\r\n  One"}]
    created = await ann.create("toy", {}, specs, {"seed": 3, "pass_delay": 0}, claim=[0])
    code = created["table"]
    await ann.join(code, 0)
    assert seat_names(ann, code, 0) == ["Seat 1", "Bot One"]
    await ann.close()


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("Mal\nlory\tX", "Mal lory X"),  # whitespace controls: a space each
        ("  Ann \u2028 \x85 Lee  ", "Ann Lee"),  # line breaks too; runs collapse, ends go
        ("\x1b[31mRed\x9b", "[31mRed"),  # ESC and other C0/C1 controls: dropped
        ("a\u200bb\u202ec\ufeff", "abc"),  # format characters: dropped
        ("\ud800Bo", "Bo"),  # a lone surrogate (from a JSON escape): dropped
        ("\n\t\x00", "Player"),  # nothing left: the default
        ("x" * 40, "x" * 32),
    ],
)
def test_clean_name(raw: str, clean: str) -> None:
    assert clean_name(raw, "Player") == clean
