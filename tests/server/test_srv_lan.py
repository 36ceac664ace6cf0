"""LAN advertisement (``allegiance host``): the service can be found by its type."""

from __future__ import annotations

import pytest

from server.lan import SERVICE_TYPE, Advertiser, lan_addresses


def test_a_specific_host_is_advertised_as_given() -> None:
    assert lan_addresses("192.168.1.20") == ["192.168.1.20"]
    assert all(not a.startswith("127.") or a == "127.0.0.1" for a in lan_addresses("0.0.0.0"))


async def test_advertised_service_resolves() -> None:
    from zeroconf import IPVersion
    from zeroconf.asyncio import AsyncZeroconf

    advertiser = Advertiser("Allegiance test table", "0.0.0.0", 45678)
    try:
        await advertiser.start()
    except OSError as exc:  # no multicast on this machine
        pytest.skip(f"zeroconf unavailable: {exc}")
    browser = AsyncZeroconf(ip_version=IPVersion.V4Only)
    try:
        info = await browser.async_get_service_info(
            SERVICE_TYPE, advertiser.info.name, timeout=3000
        )
        if info is None:  # multicast does not loop back on this machine
            pytest.skip("the advertisement could not be resolved here (no multicast loopback)")
        assert info.port == 45678
        assert info.properties[b"proto"] == b"1"
    finally:
        await browser.async_close()
        await advertiser.close()
