"""The client's tests reach no server beyond loopback: the Join screen's look at a
table (``client.screens.join.default_peek``) goes only to loopback addresses, and is
refused at once elsewhere (as a server that is not there would be)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import pytest

import client.screens.join as join


@pytest.fixture(autouse=True)
def _peek_loopback_only(monkeypatch: pytest.MonkeyPatch) -> None:
    real = join.default_peek

    async def peek(url: str, code: str) -> dict[str, Any]:
        host = urlsplit(url).hostname or ""
        if host.startswith("127.") or host in ("localhost", "::1"):
            return await real(url, code)
        raise ConnectionRefusedError(111, "Connection refused (tests reach loopback only)")

    monkeypatch.setattr(join, "default_peek", peek)
