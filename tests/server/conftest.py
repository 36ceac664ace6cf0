"""Fixtures for server tests: an in-process server on loopback with the toy rule set."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from server.local import LocalServer
from tests.server.kit import toy_server


@pytest.fixture
async def server() -> AsyncIterator[LocalServer]:
    srv = await toy_server()
    try:
        yield srv
    finally:
        await srv.stop()
