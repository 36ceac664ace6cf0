"""A card wider than the board's line (a unit with four attachments at 80 columns) is
broken at its spaces under its own indent, not wrapped to the line's first column where
it read as a line of its own."""

from __future__ import annotations

from client.widgets import flow, parsed

LONG = (
    "Reserve Force Captain 2/6 exh dmg 5 ⊕Decree of Taxation ⊕Venomous Wound "
    "⊕Reinforced Mail ⊕Wasting Disease"
)


def test_a_long_item_has_rows_of_its_own_indented_under_it() -> None:
    items = [parsed("Infantry 3/4"), parsed(LONG), parsed("Pikeman 2/5")]
    rows = [str(row) for row in flow(items, 77, lead="   ")]
    assert rows == [
        "   Infantry 3/4",
        "   Reserve Force Captain 2/6 exh dmg 5 ⊕Decree of Taxation ⊕Venomous Wound",
        "     ⊕Reinforced Mail ⊕Wasting Disease",
        "   Pikeman 2/5",
    ]
    assert all(len(row) <= 77 for row in rows)


def test_items_that_fit_flow_as_before() -> None:
    items = [parsed(f"Infantry {i} 3/4") for i in range(1, 8)]
    rows = [str(row) for row in flow(items, 60, lead="   ")]
    assert rows == [
        "   Infantry 1 3/4 · Infantry 2 3/4 · Infantry 3 3/4",
        "   Infantry 4 3/4 · Infantry 5 3/4 · Infantry 6 3/4",
        "   Infantry 7 3/4",
    ]
    assert [str(r) for r in flow([parsed(LONG)], 0, lead="   ")] == [f"   {LONG}"]  # 0: one row
