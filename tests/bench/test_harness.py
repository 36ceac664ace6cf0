"""The bench harness: discovery, the table and the JSON. (No timings are asserted.)"""

from __future__ import annotations

import json
from pathlib import Path

from bench.harness import Figure
from bench.run import discover, render_table, write_json

P7 = Figure(
    id="P7a",
    name="allegiance --help",
    value=60.0,
    unit="ms",
    peer="python -c pass",
    peer_value=40.0,
    aim="under 150 ms",
    notes="median of 5",
)
P3 = Figure(
    id="P3", name="games per core", value=1200.0, unit="games", peer="", peer_value=None, aim="1000"
)


def test_modules_are_found_by_name_in_figure_order(tmp_path: Path) -> None:
    for name in ("p10_late.py", "p2_net.py", "p7_startup.py", "helpers.py", "p_bad.py"):
        (tmp_path / name).write_text("")
    assert discover(tmp_path) == ["p2_net", "p7_startup", "p10_late"]


def test_ratio_is_value_over_peer_and_absent_without_a_peer() -> None:
    assert P7.ratio == 1.5
    assert P3.ratio is None


def test_table_aligns_columns_and_lists_notes() -> None:
    lines = render_table([P7, P3]).splitlines()
    assert lines[0].split()[:3] == ["ID", "Figure", "Value"]
    assert lines[2].index("python -c pass") == lines[0].index("Peer / floor")
    assert "1.50×" in lines[2]
    assert lines[-1] == "P7a: median of 5"


def test_json_has_every_field(tmp_path: Path) -> None:
    out = tmp_path / "results" / "latest.json"
    write_json(out, [P7], ["p9_x: ValueError: boom"], quick=True)
    data = json.loads(out.read_text())
    assert data["quick"] is True
    assert data["errors"] == ["p9_x: ValueError: boom"]
    assert data["figures"][0] == {
        "id": "P7a",
        "name": "allegiance --help",
        "value": 60.0,
        "unit": "ms",
        "peer": "python -c pass",
        "peer_value": 40.0,
        "ratio": 1.5,
        "aim": "under 150 ms",
        "notes": "median of 5",
    }


def test_every_present_figure_module_defines_measure() -> None:
    import importlib

    for stem in discover():
        module = importlib.import_module(f"bench.figures.{stem}")
        assert callable(module.measure), stem
