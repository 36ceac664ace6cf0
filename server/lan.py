"""LAN advertisement of a running server with zeroconf (``_allegiance._tcp.local.``).

The advertisement's TXT properties are kept small and public (anyone on the LAN can read
them): ``proto`` (protocol version), ``path`` (the websocket path), and, when the
advertiser is given the lobby, ``tables`` (tables waiting for players) and ``seats``
(their free human seats). Join codes are never advertised: players still get the code
from the host. The counts are re-announced when they change (checked every few seconds).

``ALLEGIANCE_LAN_INTERFACES`` (comma-separated IPv4 addresses) limits the network
interfaces used for the advertisement and for looking for games; by default a server
bound to one address is advertised on that interface only, and one bound to all
interfaces on all of them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
from typing import Any

SERVICE_TYPE = "_allegiance._tcp.local."
#: The most of each count put into the advertisement (a TXT value stays a few bytes).
MAX_COUNT = 999
#: Seconds between checks of the lobby's counts.
REFRESH_SECONDS = 3.0
log = logging.getLogger("allegiance.lan")

ALL_INTERFACES = ("0.0.0.0", "", "::")


def lan_addresses(host: str) -> list[str]:
    """The IPv4 addresses to advertise for a server bound to ``host``."""
    if host not in ALL_INTERFACES:
        try:
            return [socket.gethostbyname(host)]  # "localhost" → "127.0.0.1"
        except OSError:
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


def configured_interfaces() -> list[str] | None:
    """The interfaces named by ``ALLEGIANCE_LAN_INTERFACES``, or None (all of them)."""
    raw = os.environ.get("ALLEGIANCE_LAN_INTERFACES", "")
    names = [part.strip() for part in raw.split(",") if part.strip()]
    return names or None


def zeroconf_interfaces(host: str) -> Any:
    """What to give zeroconf's ``interfaces=`` for a server bound to ``host``."""
    from zeroconf import InterfaceChoice

    configured = configured_interfaces()
    if configured is not None:
        return configured
    if host in ALL_INTERFACES:
        return InterfaceChoice.All
    return lan_addresses(host)


def open_counts(listing: list[dict[str, Any]]) -> tuple[int, int]:
    """(tables waiting for players, their free human seats) from ``Lobby.listing()``."""
    tables = seats = 0
    for table in listing:
        if table.get("status") != "waiting":
            continue
        free = sum(
            1
            for s in table.get("seats", ())
            if s.get("kind") == "human" and not s.get("claimed")
        )
        if free:
            tables += 1
            seats += free
    return min(tables, MAX_COUNT), min(seats, MAX_COUNT)


class Advertiser:
    """Registers the server on the LAN; ``await close()`` withdraws it.

    Uses zeroconf's asyncio API: the server's event loop is already running, and the
    blocking API must not be called from it. With ``lobby`` (a :class:`server.lobby.Lobby`)
    the advertisement carries the open tables and seats and follows their changes.
    """

    def __init__(self, name: str, host: str, port: int, lobby: Any = None) -> None:
        self.name, self.host, self.port = name, host, port
        self.lobby = lobby
        self.addresses = lan_addresses(host)
        self.zc: Any = None
        self.info: Any = None
        self._task: asyncio.Task[None] | None = None

    def properties(self) -> dict[str, str]:
        props = {"proto": "1", "path": "/"}
        if self.lobby is not None:
            tables, seats = open_counts(self.lobby.listing(None))
            props |= {"tables": str(tables), "seats": str(seats)}
        return props

    def _service_info(self, name: str) -> Any:
        from zeroconf.asyncio import AsyncServiceInfo

        return AsyncServiceInfo(
            SERVICE_TYPE,
            name,
            addresses=[socket.inet_aton(a) for a in self.addresses],
            port=self.port,
            properties=self.properties(),
            server=f"{socket.gethostname().split('.')[0] or 'allegiance'}.local.",
        )

    async def start(self) -> None:
        from zeroconf import IPVersion
        from zeroconf.asyncio import AsyncZeroconf

        self.info = self._service_info(f"{self.name}.{SERVICE_TYPE}")
        self.zc = AsyncZeroconf(
            interfaces=zeroconf_interfaces(self.host), ip_version=IPVersion.V4Only
        )
        await self.zc.async_register_service(self.info, allow_name_change=True)
        log.info("advertised %s on %s port %d", SERVICE_TYPE, ", ".join(self.addresses), self.port)
        if self.lobby is not None:
            self._task = asyncio.create_task(self._follow_lobby())

    async def update(self) -> bool:
        """Re-announce if the open tables or seats changed; True when it did."""
        if self.zc is None or self.info is None:
            return False
        current = {k.decode(): (v or b"").decode() for k, v in self.info.properties.items()}
        if current == self.properties():
            return False
        self.info = self._service_info(self.info.name)  # the name zeroconf settled on
        await self.zc.async_update_service(self.info)
        return True

    async def _follow_lobby(self) -> None:
        while True:
            await asyncio.sleep(REFRESH_SECONDS)
            try:
                await self.update()
            except Exception as exc:  # the server goes on; the counts may be stale
                log.warning("could not update the LAN advertisement: %s", exc)

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        if self.zc is None:
            return
        try:
            # the second await waits for the goodbye packets, so browsers drop us now
            await (await self.zc.async_unregister_service(self.info))
        finally:
            await self.zc.async_close()
            self.zc = None
