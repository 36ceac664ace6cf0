"""A decision's countdown runs from when it arrived, not from when a screen first drew
it: a hot-seat seat's table is drawn only once its curtain lifts, and its clock showed
the whole time again while the server's ran (a 60 s timer read 60 s after 11 s behind
the curtain)."""

from __future__ import annotations

from typing import Any

from client.net.session import ClientSession, SeatStream
from tests.client.fixtures import views as v
from tests.client.helpers import TABLE, doc_for, patch, sync


def test_a_countdown_runs_from_the_patch_that_brought_it(monkeypatch: Any) -> None:
    now = [100.0]
    monkeypatch.setattr("client.net.session.time.monotonic", lambda: now[0])
    session = ClientSession(lambda m: None, "Ann")
    session.table = TABLE
    session.streams[1] = SeatStream(1, "tok1")
    first = v.waiting()  # seat 1 waits: its clock not yet running
    session.on_message(sync(1, first))
    view = {**v.response(), "version": first["version"] + 1}
    clock = {"seat": 1, "version": view["version"], "ms": 60000}
    old, new = doc_for(first), doc_for(view, clock=clock)
    session.on_message(patch(old, new, 1, 1))  # the decision comes: nothing drawn yet
    now[0] = 111.0  # the curtain is lifted 11 s later: the table asks now
    stream = session.streams[1]
    assert stream.countdown() == 160.0  # 49 s left, as on the server
