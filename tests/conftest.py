"""Every test keeps its settings, seat tokens and recorded games in its own folders: none
reads or writes the user's (a test that wants particular folders sets them itself)."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _own_folders(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    base: Path = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("ALLEGIANCE_CONFIG_DIR", str(base / "config"))
    monkeypatch.setenv("ALLEGIANCE_DATA_DIR", str(base / "data"))
