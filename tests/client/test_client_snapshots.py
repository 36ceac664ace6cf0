"""SVG snapshots of the main screens at 80×24 and 120×40 (pytest-textual-snapshot).

Update them with ``pytest tests/client/test_client_snapshots.py --snapshot-update`` after
a deliberate change, and look at the report before committing.
"""

from __future__ import annotations

import pytest

from client.app import AllegianceApp
from client.screens.setup import default_plan
from tests.client.fixtures import views as v
from tests.client.helpers import Fake, make_app

SIZES = [(80, 24), (120, 40)]


@pytest.fixture(autouse=True)
def no_catalog(monkeypatch: pytest.MonkeyPatch):
    """Names come from the ids, so the snapshots do not change with the card data."""
    import client.cards

    monkeypatch.setattr(client.cards, "_load_catalog", lambda: None)
    client.cards.default_book.cache_clear()
    yield
    client.cards.default_book.cache_clear()


def table_app(view_name: str, seat: int = 0) -> AllegianceApp:
    app = make_app()

    async def setup(pilot) -> None:
        fake = Fake(app, [seat], title="Snapshot")
        fake.show(seat, getattr(v, view_name)())
        await pilot.pause()

    app._snapshot_setup = setup  # type: ignore[attr-defined]
    return app


@pytest.mark.parametrize("size", SIZES)
def test_menu(snap_compare, size) -> None:
    assert snap_compare(make_app(), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(
    ("view_name", "seat"),
    [
        ("maneuver", 0),
        ("response", 0),
        ("declare", 0),
        ("assign", 1),
        ("waiting", 0),
    ],
)
def test_table(snap_compare, size, view_name, seat) -> None:
    app = table_app(view_name, seat)
    assert snap_compare(app, terminal_size=size, run_before=app._snapshot_setup)


@pytest.mark.parametrize("size", SIZES)
def test_target_submenu(snap_compare, size) -> None:
    app = table_app("maneuver")
    assert snap_compare(app, terminal_size=size, run_before=app._snapshot_setup, press=["2"])


@pytest.mark.parametrize("size", SIZES)
def test_card_details(snap_compare, size) -> None:
    """Bob's first unit under the cursor: the details panel (wide) or popup (compact)."""
    app = table_app("maneuver")
    keys = ["tab", "end", "right"] + (["i"] if size[0] < 120 else [])
    assert snap_compare(app, terminal_size=size, run_before=app._snapshot_setup, press=keys)


@pytest.mark.parametrize("size", SIZES)
def test_curtain(snap_compare, size) -> None:
    app = make_app()

    async def setup(pilot) -> None:
        fake = Fake(app, [0, 1], title="Hot-seat")
        fake.show(0, v.waiting())
        fake.show(1, v.assign())
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=setup)


@pytest.mark.parametrize("size", SIZES)
def test_game_over(snap_compare, size) -> None:
    app = table_app("over")
    assert snap_compare(app, terminal_size=size, run_before=app._snapshot_setup)


@pytest.mark.parametrize("size", SIZES)
def test_setup(snap_compare, size) -> None:
    app = make_app()

    async def setup(pilot) -> None:
        app.last_plan = default_plan("Alice")
        await pilot.press("n")
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=setup)


@pytest.mark.parametrize("size", SIZES)
def test_help(snap_compare, size) -> None:
    assert snap_compare(make_app(), terminal_size=size, press=["f1"])
