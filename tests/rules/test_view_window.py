"""The window view (what the server's auto-pass checks read) agrees with the whole view."""

from __future__ import annotations

from typing import Any

import pytest

from shared.protocol.windows import others_turn_window, own_on_top
from shared.rules.realm.state import GameState
from shared.rules.realm.view import view_for, window_view
from tests.rules.conftest import FORMATS, random_game


def _agree(g: GameState, _events: list[dict[str, Any]]) -> None:
    for seat in range(len(g.players)):
        small, whole = window_view(g, seat), view_for(g, seat)
        for key in ("seat", "current", "legal"):
            assert small[key] == whole[key], key
        assert [e["seat"] for e in small["chain"]] == [e["seat"] for e in whole["chain"]]
        assert own_on_top(small) == own_on_top(whole)
        assert others_turn_window(small) == others_turn_window(whole)


@pytest.mark.parametrize("seed", range(6))
def test_window_view_agrees_with_the_view_at_every_step(seed: int) -> None:
    fmt, n = FORMATS[seed % len(FORMATS)]
    g, _ = random_game(fmt, n, seed, each=_agree)
    assert g.result is not None
