"""LAN advertisement of a running server with zeroconf (``_allegiance._tcp.local.``)."""

from __future__ import annotations

import contextlib
import logging
import socket
from typing import Any

SERVICE_TYPE = "_allegiance._tcp.local."
log = logging.getLogger("allegiance.lan")


def lan_addresses(host: str) -> list[str]:
    """The IPv4 addresses to advertise for a server bound to ``host``."""
    if host not in ("0.0.0.0", "", "::"):
        return [host]
    addresses: set[str] = set()
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # no packet is sent; picks the LAN interface
            addresses.add(probe.getsockname()[0])
    except OSError:
        pass
    with contextlib.suppress(OSError):
        addresses.update(socket.gethostbyname_ex(socket.gethostname())[2])
    return sorted(a for a in addresses if not a.startswith("127.")) or ["127.0.0.1"]


class Advertiser:
    """Registers the server on the LAN; ``await close()`` withdraws it.

    Uses zeroconf's asyncio API: the server's event loop is already running, and the
    blocking API must not be called from it.
    """

    def __init__(self, name: str, host: str, port: int) -> None:
        self.name, self.host, self.port = name, host, port
        self.addresses = lan_addresses(host)
        self.zc: Any = None
        self.info: Any = None

    async def start(self) -> None:
        from zeroconf import IPVersion
        from zeroconf.asyncio import AsyncServiceInfo, AsyncZeroconf

        self.info = AsyncServiceInfo(
            SERVICE_TYPE,
            f"{self.name}.{SERVICE_TYPE}",
            addresses=[socket.inet_aton(a) for a in self.addresses],
            port=self.port,
            properties={"proto": "1", "path": "/"},
            server=f"{socket.gethostname().split('.')[0] or 'allegiance'}.local.",
        )
        self.zc = AsyncZeroconf(ip_version=IPVersion.V4Only)
        await self.zc.async_register_service(self.info, allow_name_change=True)
        log.info("advertised %s on %s port %d", SERVICE_TYPE, ", ".join(self.addresses), self.port)

    async def close(self) -> None:
        if self.zc is None:
            return
        try:
            await self.zc.async_unregister_service(self.info)
        finally:
            await self.zc.async_close()
