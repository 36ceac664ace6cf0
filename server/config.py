"""Server settings: one frozen dataclass, filled from the command line or by tests."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


def default_db_path() -> Path:
    import platformdirs

    return Path(platformdirs.user_data_dir("allegiance")) / "allegiance.db"


@dataclass(frozen=True)
class ServerConfig:
    host: str = "127.0.0.1"
    port: int = 0
    #: SQLite file; ":memory:" keeps nothing after the process ends.
    db_path: str = ":memory:"
    #: Extra rule sets, "name=package.module:OBJECT" (tests register their toy game).
    rulesets: tuple[str, ...] = ()
    #: Honour ``options.seed`` / ``options.bot_seed`` in ``create`` (tests and benches only).
    allow_fixed_seeds: bool = False
    max_frame: int = 16 * 1024
    rate: float = 100.0
    burst: int = 200
    rate_drop_limit: int = 400
    malformed_limit: int = 5
    outbound_queue: int = 256
    overflow_limit: int = 3
    ping_interval: float = 15.0
    ping_timeout: float = 15.0
    default_pass_delay: float = 1.0
    default_grace: float = 60.0
    bot_workers: int = 2
    max_tables: int = 10_000
    server_name: str = "allegiance"
    #: Tune the process's garbage collector for latency (freeze start-up objects, collect
    #: less often). Right for a server process; off when the server runs inside a client.
    tune_gc: bool = False
    #: Bring back unfinished games at start. Off for the in-process server of local games,
    #: whose database only records them for replays (their players' tokens are gone).
    restore: bool = True
    #: Join codes restored even with ``restore`` off: the table a host left unfinished on
    #: the local games' database, which this host resumes (``client/app.py``).
    restore_tables: tuple[str, ...] = ()
    extra: dict[str, str] = field(default_factory=dict)
