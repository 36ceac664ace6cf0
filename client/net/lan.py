"""Finding games on the LAN: the servers ``allegiance host`` / ``serve`` advertise.

:class:`LanBrowser` watches zeroconf for ``_allegiance._tcp.local.`` services (see
``server/lan.py`` for what an advertisement carries) and calls ``on_change`` with the
whole, sorted list of :class:`LanGame` every time a server appears, changes or leaves.
Everything in an advertisement comes from the network, so it is checked and trimmed
here: a service without an IPv4 address or a port is left out, a count that is not a
small number is dropped, and control characters are removed from the name.

The Join screen takes any :data:`DiscoveryFactory`, so tests can feed it games without
a network; :func:`lan_browser` is the real one.
"""

from __future__ import annotations

import asyncio
import contextlib
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from server.lan import MAX_COUNT, SERVICE_TYPE, configured_interfaces

#: How long to wait for one server's address and port once it was seen (milliseconds).
RESOLVE_TIMEOUT_MS = 3000
#: The longest name shown for a server.
MAX_NAME = 40


@dataclass(frozen=True)
class LanGame:
    """One advertised server."""

    key: str  # the advertisement's full service name: unique on the LAN
    name: str
    host: str
    port: int
    tables: int | None = None  # tables waiting for players (None: not advertised)
    seats: int | None = None  # their free seats

    @property
    def address(self) -> str:
        return f"{self.host}:{self.port}"

    def summary(self) -> str:
        """``"1 open table · 2 free seats"``; empty when the server does not say."""
        if self.tables is None:
            return ""
        if self.tables == 0:
            return "no open tables"
        text = _count(self.tables, "open table")
        if self.seats is not None:
            text += " · " + _count(self.seats, "free seat")
        return text


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


Listener = Callable[[list[LanGame]], None]


class Discovery(Protocol):
    """Something that finds games and reports them to the listener it was made with."""

    async def start(self) -> None: ...

    async def close(self) -> None: ...


DiscoveryFactory = Callable[[Listener], Discovery]


def clean_name(raw: str) -> str:
    """A server's name fit to show: no control characters, at most :data:`MAX_NAME`."""
    text = "".join(" " if unicodedata.category(ch).startswith("C") else ch for ch in raw)
    text = " ".join(text.split())
    return text if len(text) <= MAX_NAME else text[: MAX_NAME - 1] + "…"


def _small_number(value: str | None) -> int | None:
    if value is None or not value.isdigit() or len(value) > 3:
        return None
    number = int(value)
    return number if number <= MAX_COUNT else None


def game_from_info(info: Any) -> LanGame | None:
    """A :class:`LanGame` from a resolved zeroconf ``ServiceInfo``, or None if unusable."""
    from zeroconf import IPVersion

    name = str(info.name)
    if not name.endswith("." + SERVICE_TYPE):
        return None
    addresses = info.parsed_addresses(IPVersion.V4Only)
    port = info.port
    if not addresses or not isinstance(port, int) or not 0 < port < 65536:
        return None
    try:
        props = info.decoded_properties
    except (UnicodeDecodeError, ValueError):
        props = {}
    label = clean_name(name[: -len(SERVICE_TYPE) - 1]) or addresses[0]
    return LanGame(
        key=name,
        name=label,
        host=addresses[0],
        port=port,
        tables=_small_number(props.get("tables")),
        seats=_small_number(props.get("seats")),
    )


class LanBrowser:
    """Watches the LAN for advertised servers while started.

    ``start()`` raises (``OSError`` and the like) when there is no network to look on;
    the caller shows that quietly. ``on_change`` is called on the event loop that called
    ``start()``.
    """

    def __init__(self, on_change: Listener, interfaces: Any = None) -> None:
        self.on_change = on_change
        self.interfaces = interfaces
        self.games: dict[str, LanGame] = {}
        self.zc: Any = None
        self.browser: Any = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        from zeroconf import InterfaceChoice, IPVersion
        from zeroconf.asyncio import AsyncServiceBrowser, AsyncZeroconf

        self._loop = asyncio.get_running_loop()
        interfaces = self.interfaces if self.interfaces is not None else InterfaceChoice.All
        self.zc = AsyncZeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)
        try:
            self.browser = AsyncServiceBrowser(
                self.zc.zeroconf, SERVICE_TYPE, handlers=[self._state_changed]
            )
        except Exception:
            await self.zc.async_close()
            self.zc = None
            raise

    def _state_changed(self, zeroconf: Any, service_type: str, name: str,
                       state_change: Any) -> None:  # fmt: skip
        """zeroconf's handler (its keyword names are fixed); may run on another thread."""
        if self._loop is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._dispatch, name, state_change)

    def _dispatch(self, name: str, state_change: Any) -> None:
        from zeroconf import ServiceStateChange

        if state_change is ServiceStateChange.Removed:
            self.lost(name)
            return
        task = asyncio.ensure_future(self._resolve(name))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _resolve(self, name: str) -> None:
        from zeroconf.asyncio import AsyncServiceInfo

        if self.zc is None:
            return
        info = AsyncServiceInfo(SERVICE_TYPE, name)
        with contextlib.suppress(Exception):  # a server that never answers is not listed
            if await info.async_request(self.zc.zeroconf, RESOLVE_TIMEOUT_MS):
                self.found(info)

    def found(self, info: Any) -> None:
        """A server was seen (or its advertisement changed)."""
        game = game_from_info(info)
        if game is None or self.games.get(game.key) == game:
            return
        self.games[game.key] = game
        self._notify()

    def lost(self, name: str) -> None:
        """A server withdrew its advertisement."""
        if self.games.pop(name, None) is not None:
            self._notify()

    def listing(self) -> list[LanGame]:
        return sorted(self.games.values(), key=lambda g: (g.name.lower(), g.address))

    def _notify(self) -> None:
        self.on_change(self.listing())

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        self._tasks.clear()
        zc, self.zc = self.zc, None
        browser, self.browser = self.browser, None
        with contextlib.suppress(Exception):
            if browser is not None:
                await browser.async_cancel()
        with contextlib.suppress(Exception):
            if zc is not None:
                await zc.async_close()


def lan_browser(on_change: Listener) -> LanBrowser:
    """The real discovery: zeroconf on ``ALLEGIANCE_LAN_INTERFACES`` (default: all)."""
    return LanBrowser(on_change, configured_interfaces())
