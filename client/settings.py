"""The player's settings, kept as JSON under ``platformdirs.user_config_dir("allegiance")``.

A missing or unreadable file gives the defaults (and a one-line warning to show); an
unknown key is ignored and a value of the wrong type falls back to its default, so an
old or hand-edited file never stops the game from starting.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

#: The response-window stops the server understands (``docs/protocol.md``).
STOPS = ("chain", "battle")


@dataclass
class Settings:
    name: str = "Player"
    theme: str = "textual-dark"
    auto_pass: bool = True  # the server passes when passing is all you can do
    stops: list[str] = field(default_factory=list)  # ...except while these are going on
    hold: bool = False  # after you announce, you may respond to yourself
    timer: int = 0  # seconds per decision on tables you create (0 = none)
    last_address: str = ""

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        out = cls()
        if not isinstance(data, dict):
            return out
        for f in fields(cls):
            if f.name not in data:
                continue
            value, default = data[f.name], getattr(out, f.name)
            if isinstance(default, bool):
                ok = isinstance(value, bool)
            elif isinstance(default, int):
                ok = isinstance(value, int) and not isinstance(value, bool) and value >= 0
            elif isinstance(default, list):
                ok = isinstance(value, list) and all(v in STOPS for v in value)
            else:
                ok = isinstance(value, str)
            if ok:
                setattr(out, f.name, value)
        out.name = out.name.strip()[:32] or "Player"
        return out


def config_dir() -> Path:
    override = os.environ.get("ALLEGIANCE_CONFIG_DIR")
    if override:
        return Path(override)
    from platformdirs import user_config_dir

    return Path(user_config_dir("allegiance"))


def settings_path() -> Path:
    return config_dir() / "settings.json"


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and, when the file was unusable, a sentence saying so."""
    path = path or settings_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), None
    except OSError as exc:
        return Settings(), f"Could not read {path}: {exc.strerror}; using defaults."
    try:
        return Settings.from_json(json.loads(text)), None
    except json.JSONDecodeError as exc:
        return Settings(), f"{path} line {exc.lineno}: not valid JSON; using defaults."


def save_settings(settings: Settings, path: Path | None = None) -> str | None:
    """Write the settings; returns a sentence when that failed."""
    path = path or settings_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(settings.to_json(), indent=2) + "\n", encoding="utf-8")
        tmp.replace(path)
    except OSError as exc:
        return f"Could not save settings to {path}: {exc.strerror}"
    return None


def seats_path() -> Path:
    return config_dir() / "seats.json"


def remember_seat(address: str, table: str, seat: int, token: str) -> None:
    """Keep a seat token so ``allegiance join`` can resume after the client restarts."""
    path = seats_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            data = {}
    except (OSError, json.JSONDecodeError):
        data = {}
    data[f"{address}/{table}"] = {"seat": seat, "token": token}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        os.chmod(path, 0o600)
    except OSError:
        pass


def recall_seat(address: str, table: str) -> tuple[int, str] | None:
    try:
        data = json.loads(seats_path().read_text(encoding="utf-8"))
        item = data[f"{address}/{table}"]
        return int(item["seat"]), str(item["token"])
    except (OSError, json.JSONDecodeError, KeyError, TypeError, ValueError):
        return None
