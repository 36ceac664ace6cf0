"""The player's settings, kept as JSON under ``platformdirs.user_config_dir("allegiance")``.

A missing or unreadable file gives the defaults (and a one-line warning to show); a
value of the wrong type falls back to its default with a warning naming the field and
what it wants (the other fields are kept), so an old or hand-edited file never stops the
game from starting; the file keeps the default from the next save on.

A key this version does not know (one a newer version wrote, ``"future_option": 42``) is
not used, and the warning names it ("not known to this version: future_option"), but it
is kept as it is on every save, and so is a ``"keys"`` entry for an action this version
does not have: a newer version's settings survive a save by an older client (a save
keeps those it finds in the file then: :func:`write_settings`).

A file that cannot be read at all (not JSON, say) is never written over: it is moved
aside to ``settings.json.bad`` as the game starts, or before the settings are next
saved, and the player is told so.

Beside it, ``seats.json`` keeps the tokens of seats held at tables, so joining again
takes the same seat. One that cannot be read is said as the game starts and moved aside
to ``seats.json.bad`` (never written over: a token may still be got out of it by hand).

Key bindings: ``"keys"`` maps a game action's id (:data:`KEY_ACTIONS`, the ``id=`` of its
``Binding``) to the key that replaces its default, e.g. ``{"table.pass": "x"}``; only
changed keys are stored. The app hands them to Textual's ``App.set_keymap``. A string
that is not a key, a key kept for something else, or one that collides with another
action's key is dropped with a notice; an entry for an action this version does not
have is not used either, and told, but kept in the file (see above).
"""

from __future__ import annotations

import contextlib
import json
import os
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from shared.protocol.messages import clean_name

#: The response-window stops the server understands (``docs/protocol.md``).
STOPS = ("chain", "battle")


@dataclass(frozen=True)
class KeyAction:
    """A game action whose key the player may change."""

    id: str  # the ``id=`` of its Binding(s)
    label: str
    default: str  # Textual's key name, as in the Binding
    scope: str  # where it works (see SCOPES); keys may repeat across scopes
    also: tuple[str, ...] = ()  # other places its binding works too (the same key there)

    @property
    def scopes(self) -> tuple[str, ...]:
        """Every place its key works: it must not collide in any of them."""
        return (self.scope, *self.also)


#: How an ignored key binding the file keeps all the same ends (an unknown action's:
#: a newer version's; see :func:`write_settings`).
KEPT = "(kept in the file)"

#: Where actions work, as shown in Settings. "everywhere" collides with every scope.
SCOPES = {
    "everywhere": "Everywhere",
    "menu": "Main menu",
    "table": "At the table",
    "over": "Game over",
    "replay": "Replay",
}

KEY_ACTIONS: tuple[KeyAction, ...] = (
    KeyAction("app.help", "Help: keys and rules", "f1", "everywhere"),
    KeyAction("menu.new_game", "New local game", "n", "menu"),
    KeyAction("menu.join", "Join a game", "j", "menu"),
    KeyAction("menu.watch", "Watch a game", "w", "menu"),
    KeyAction("menu.cards", "Card browser", "c", "menu"),
    KeyAction("menu.replays", "Replays", "r", "menu"),
    KeyAction("menu.settings", "Settings", "s", "menu"),
    KeyAction("table.pass", "Pass", "p", "table"),
    KeyAction("table.skip", "Pass until my turn (again: stop)", "P", "table"),
    KeyAction("table.all_attackers", "Declare attackers: all / none", "a", "table"),
    KeyAction("table.confirm", "Confirm marked choices", "d", "table"),
    KeyAction("table.details", "Card details", "i", "table"),
    # the game-over screen and the Log screen bind these two as well
    KeyAction("table.log", "Show or hide the log", "l", "table", also=("over",)),
    KeyAction("table.chat", "Chat", "c", "table", also=("over",)),
    KeyAction("table.leave", "Leave the game", "ctrl+l", "table"),
    KeyAction("over.next", "Next game of a match", "n", "over"),
    KeyAction("over.again", "Play again", "a", "over"),
    KeyAction("over.menu", "Main menu", "m", "over"),
    KeyAction("replay.next", "Next step (besides →)", "l", "replay"),
    KeyAction("replay.previous", "Previous step (besides ←)", "h", "replay"),
    KeyAction("replay.next_turn", "Next turn", "right_square_bracket", "replay"),
    KeyAction("replay.this_turn", "Start of this turn (again: the one before)",
              "left_square_bracket", "replay"),
    KeyAction("replay.start", "The start", "home", "replay"),
    KeyAction("replay.end", "The last step", "end", "replay"),
    KeyAction("replay.view", "View as: spectator, then each seat", "v", "replay"),
    KeyAction("replay.back", "Back (besides esc)", "q", "replay"),
)
ACTIONS_BY_ID: Mapping[str, KeyAction] = {a.id: a for a in KEY_ACTIONS}

_MOVES = ("up", "down", "left", "right", "enter", "tab", "shift+tab", "escape")
#: Keys that keep their meaning: moving and choosing, the palette, quitting, help's "?",
#: and at the table the digits that pick a line of the prompt.
RESERVED: Mapping[str, frozenset[str]] = {
    "everywhere": frozenset((*_MOVES, "ctrl+q", "ctrl+p", "ctrl+c", "question_mark")),
    "table": frozenset(str(i) for i in range(1, 10)),
}
#: What a reserved key is kept for, as the refusal says (else: moving and choosing).
_KEPT_FOR = {
    "ctrl+q": "quitting",
    "ctrl+p": "the command palette",
    "ctrl+c": "quitting",
    "question_mark": "help",
    **{str(i): "picking a line of the prompt" for i in range(1, 10)},
}
_MODIFIERS = ("ctrl", "alt", "shift", "super", "meta", "hyper")
#: Textual's names for a few characters (its own table, kept here in full).
_CHAR_NAMES = {"solidus": "slash", "reverse_solidus": "backslash", "commercial_at": "at",
               "hyphen_minus": "minus", "plus_sign": "plus", "low_line": "underscore"}  # fmt: skip


def _char_key(ch: str) -> str | None:
    """Textual's key name of one typed character (``"?"`` → ``"question_mark"``)."""
    if ch.isalnum():
        return ch
    if not ch.isprintable() or ch.isspace():
        return "space" if ch == " " else None
    try:
        name = unicodedata.name(ch).lower().replace("-", "_").replace(" ", "_")
    except ValueError:
        return None
    return _CHAR_NAMES.get(name, name)


def _named_keys() -> frozenset[str]:
    from textual.keys import Keys

    return frozenset(k.value for k in Keys if "+" not in k.value and not k.value.startswith("<"))


def normalize_key(text: object) -> str | None:
    """A key as Textual names it (``"Ctrl+L"`` → ``"ctrl+l"``, ``"?"`` →
    ``"question_mark"``), or None when ``text`` is not one key."""
    if not isinstance(text, str) or not 0 < len(text.strip()) <= 40:
        return None
    text = text.strip()
    if len(text) == 1:
        return _char_key(text)
    *mods, base = text.split("+") if not text.endswith("++") else [*text[:-2].split("+"), "+"]
    mods = [m.lower() for m in mods]
    if any(m not in _MODIFIERS for m in mods) or len(set(mods)) != len(mods):
        return None
    if len(base) == 1:
        key = _char_key(base.lower() if mods else base)  # Textual: "ctrl+l", not "ctrl+L"
    else:
        from textual.keys import key_to_character

        base = base.lower()
        char = key_to_character(base)  # "question_mark" → "?"; but "banana" → "🍌": no
        key = base if base in _named_keys() or (char and char.isascii()) else None
    if key is None:
        return None
    order = [m for m in _MODIFIERS if m in mods]
    return "+".join([*order, key])


def key_label(key: str) -> str:
    """A key as people read it: ``"question_mark"`` → ``"?"``, ``"escape"`` → ``"esc"``."""
    from textual.keys import format_key

    *mods, base = key.split("+") if key != "plus" else ["plus"]
    return "+".join([*mods, format_key(base)])


def effective_keys(overrides: Mapping[str, str]) -> dict[str, str]:
    """Every action's key: its override, else its default."""
    return {a.id: overrides.get(a.id, a.default) for a in KEY_ACTIONS}


def _collides(a: KeyAction, b: KeyAction) -> bool:
    """Whether the two actions' keys work in a same place."""
    return bool(set(a.scopes) & set(b.scopes)) or "everywhere" in (*a.scopes, *b.scopes)


def kept_problem(key: str) -> str:
    """Why a reserved key cannot be an action's."""
    return f"{key_label(key)} is kept for {_KEPT_FOR.get(key, 'moving and choosing')}"


def key_problem(action_id: str, key: str, keys: Mapping[str, str]) -> str | None:
    """Why ``key`` cannot be the key of ``action_id`` when the others are ``keys``
    (every action's key, as from :func:`effective_keys`); None when it can."""
    action = ACTIONS_BY_ID[action_id]
    for scope in ("everywhere", *action.scopes):
        if key in RESERVED.get(scope, ()):
            return kept_problem(key)
    for other in KEY_ACTIONS:
        if other.id != action_id and keys.get(other.id) == key and _collides(other, action):
            return f"{key_label(key)} is already {other.label} ({SCOPES[other.scope]})"
    return None


def parse_keys(raw: object) -> tuple[dict[str, str], list[str]]:
    """The usable overrides of a settings file's ``"keys"`` and what was dropped.

    Overrides are checked against each other as a whole (so two actions may swap keys);
    of two that collide, the one later in the file is dropped.
    """
    if not isinstance(raw, dict):
        return {}, ["keys: not a table of action → key"]
    problems: dict[str, str] = {}  # entry → why it was dropped (told in file order)
    overrides: dict[str, str] = {}
    for action_id, value in raw.items():
        key = normalize_key(value)
        if action_id not in ACTIONS_BY_ID:
            # kept in the file all the same (see write_settings): a newer version's action
            problems[action_id] = (f"{str(action_id)[:40]!r}: no such action in this version "
                                   f"{KEPT}")  # fmt: skip
        elif not isinstance(value, str):
            problems[action_id] = f"{action_id}: wants a key's name in quotes, not {_shown(value)}"
        elif key is None:
            problems[action_id] = f"{action_id}: {str(value)[:20]!r} is not a key"
        else:
            overrides[action_id] = key
    dropped = True
    while dropped:  # dropping one override brings back a default another may collide with
        dropped = False
        for action_id in reversed(list(overrides)):
            reason = key_problem(action_id, overrides[action_id], effective_keys(overrides))
            if reason is not None:
                problems[action_id] = f"{action_id}: {reason}"
                del overrides[action_id]
                dropped = True
    told = [problems[k] for k in raw if k in problems]
    return {k: v for k, v in overrides.items() if v != ACTIONS_BY_ID[k].default}, told


def keys_notice(problems: Iterable[str], path: Path | None = None) -> str | None:
    """The sentence naming the key settings that were ignored (the first three);
    ``path``: the file, named when no sentence before this one named it."""
    problems = list(problems)
    if not problems:
        return None
    rest = len(problems) - 3
    more = f" (and {rest} more; Settings → Keys… lists them all)" if rest > 0 else ""
    where = f" in {shown_path(path)}" if path is not None else ""
    return f"Some key settings{where} were ignored: " + "; ".join(problems[:3]) + more



@dataclass
class Settings:
    name: str = "Player"
    theme: str = "textual-dark"
    auto_pass: bool = True  # the server passes when passing is all you can do
    stops: list[str] = field(default_factory=list)  # ...except while these are going on
    hold: bool = False  # after you announce, you may respond to yourself
    timer: int = 0  # seconds per decision in games you start, local or hosted (0 = none)
    last_address: str = ""
    keys: dict[str, str] = field(default_factory=dict)  # action id → key (changed ones)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        return settings_from_json(data)[0]


#: What each field of the file holds, as told when it holds something else.
_WANTS = {
    "name": "text in quotes",
    "theme": "a theme's name in quotes",
    "auto_pass": "true or false",
    "stops": 'a list of "chain" and "battle"',
    "hold": "true or false",
    "timer": "a whole number of seconds (0: none)",
    "last_address": "text in quotes",
}


def _shown(value: object) -> str:
    """A value as it is written in the file, cut short."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 20 else text[:19] + "…"


def _read_settings(data: dict[str, Any]) -> tuple[Settings, list[str], list[str]]:
    """Settings from a file's table, the fields whose values were ignored (one short
    line each) and the key bindings that were dropped."""
    out = Settings()
    problems: list[str] = []
    key_problems: list[str] = []
    known = {f.name for f in fields(Settings)}
    for name, value in data.items():  # in file order, as told
        if name not in known:
            continue
        if name == "keys":
            out.keys, key_problems = parse_keys(value)
            continue
        default = getattr(out, name)
        if isinstance(default, list):  # stops: the known ones are kept
            ok = isinstance(value, list)
            if ok:
                bad = [v for v in value if v not in STOPS]
                if bad:
                    shown = ", ".join(_shown(v) for v in bad[:3])
                    problems.append(f'stops: {shown} is not "chain" or "battle"')
                value = [v for v in STOPS if v in value]
        elif isinstance(default, bool):
            ok = isinstance(value, bool)
        elif isinstance(default, int):
            ok = isinstance(value, int) and not isinstance(value, bool) and value >= 0
        else:
            ok = isinstance(value, str)
        if ok and name == "theme" and value not in _themes():
            problems.append(f"theme: {_shown(value)} is not a theme; using {out.theme}")
        elif ok:
            setattr(out, name, value)
        else:
            problems.append(f"{name}: wants {_WANTS[name]}, not {_shown(value)}")
    out.name = clean_name(out.name, "Player")
    return out, problems, key_problems


def _themes() -> frozenset[str]:
    """The themes the app offers: Textual's own (the app registers none of its own)."""
    from textual.theme import BUILTIN_THEMES

    return frozenset(BUILTIN_THEMES)


def settings_from_json(data: Any) -> tuple[Settings, list[str]]:
    """Settings from a parsed file, and the key bindings that were dropped."""
    if not isinstance(data, dict):
        return Settings(), []
    settings, _, key_problems = _read_settings(data)
    return settings, key_problems


#: How many ignored fields a notice tells with what they want (the rest by name only),
#: and how many unknown keys it names (the rest are counted): it is one toast.
_TOLD = 3
_NAMED = 6


def fields_notice(
    problems: Iterable[str], path: Path, unknown: Iterable[str] = ()
) -> str | None:
    """The sentence naming every setting of the file that was ignored: the first three
    with what they want, the others by name, then the keys this version does not know
    (kept in the file: see :func:`write_settings`)."""
    problems, unknown = list(problems), [_name_shown(k) for k in unknown]
    if not problems and not unknown:
        return None
    told = "; ".join(problems[:_TOLD])
    if len(problems) > _TOLD:  # each problem starts with its field's name and a colon
        rest = [p.split(":", 1)[0] for p in problems[_TOLD:]]
        told += f" (and {len(rest)} more: {', '.join(rest)})"
    if unknown:
        named = ", ".join(unknown[:_NAMED])
        if len(unknown) > _NAMED:
            named += f" and {len(unknown) - _NAMED} more"
        told += ("; " if told else "") + f"not known to this version: {named} (kept in the file)"
    return f"Some settings in {shown_path(path)} were ignored: {told}."


def shown_path(path: Path) -> str:
    """A file's path as a notice shows it: under the home folder, from ``~``
    ("~/.config/allegiance/settings.json"), short enough that a toast at 80 columns
    holds it on one line (its text breaks only at spaces, so a longer path is cut
    mid-name, wherever the line ends)."""
    try:
        inside = path.relative_to(Path.home())
    except (ValueError, RuntimeError):  # elsewhere, or no home folder known
        return str(path)
    return str(Path("~") / inside)


def _name_shown(name: str) -> str:
    """A key of the file as the notice names it: on one line, cut short."""
    name = "".join(c if c.isprintable() else "?" for c in name)
    return name if len(name) <= 40 else name[:40] + "…"


def _unknown_entries(data: Mapping[str, Any]) -> dict[str, Any]:
    """The entries of a settings file's table that this version does not know."""
    known = {f.name for f in fields(Settings)}
    return {k: v for k, v in data.items() if k not in known}


def _unknown_key_entries(data: Mapping[str, Any]) -> dict[str, Any]:
    """The ``"keys"`` entries of a settings file's table for actions this version does
    not have (none when ``"keys"`` is not a table: that one is reset, and told)."""
    keys = data.get("keys")
    if not isinstance(keys, dict):
        return {}
    return {k: v for k, v in keys.items() if k not in ACTIONS_BY_ID}


def _file_table(settings: Settings, old: Mapping[str, Any] | None) -> dict[str, Any]:
    """What the settings file holds: the settings, then what this version does not know
    of the file it replaces (``old``), as it was, so that a newer version's settings
    survive a save by this one. A known key's value of the wrong type is not kept: it was
    told as ignored, and the file takes the value in use."""
    table = settings.to_json()
    if old is not None:
        table["keys"] = {**table["keys"], **_unknown_key_entries(old)}
        table.update(_unknown_entries(old))
    return table


_KINDS = {list: "a list", str: "text", bool: "true or false", int: "a number", float: "a number"}


def config_dir() -> Path:
    override = os.environ.get("ALLEGIANCE_CONFIG_DIR")
    if override:
        return Path(override)
    from platformdirs import user_config_dir

    return Path(user_config_dir("allegiance"))


def settings_path() -> Path:
    return config_dir() / "settings.json"


class UnreadableFile(Exception):
    """A file of this folder that could not be read as JSON; its text says why, naming
    the file ("…/seats.json: not UTF-8 text")."""


def _read_json(path: Path) -> Any:
    """The parsed JSON of ``path``: :class:`FileNotFoundError` when it does not exist,
    :class:`UnreadableFile` when it cannot be read, is not UTF-8 text or not JSON."""
    try:
        # utf-8-sig: a file saved by Windows Notepad starts with a byte-order mark
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise UnreadableFile(f"Could not read {shown_path(path)}: {exc.strerror}") from None
    except UnicodeDecodeError:  # random bytes, or a file saved in another encoding
        raise UnreadableFile(f"{shown_path(path)}: not UTF-8 text") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise UnreadableFile(f"{shown_path(path)} line {exc.lineno}: not valid JSON") from None
    except RecursionError:  # "[[[[…" nested deeper than the parser goes
        raise UnreadableFile(f"{shown_path(path)}: nested too deeply") from None


def read_kept(path: Path) -> tuple[Any, str | None] | None:
    """The JSON of a file this folder keeps only to save the player some typing (a
    form's last set-up: ``new-game.json``, ``host-game.json``) as ``(data, None)``, or
    ``(None, why)`` when it cannot be read, is not UTF-8 text or not JSON; None when
    there is no such file. Such a file is passed over, never moved aside: the next
    set-up made writes it anew."""
    try:
        return _read_json(path), None
    except FileNotFoundError:
        return None
    except UnreadableFile as exc:
        return None, str(exc)


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and, when the file (or part of it) was unusable, a sentence
    saying so."""
    settings, notice, _ = load_settings_report(path)
    return settings, notice


def load_settings_report(path: Path | None = None) -> tuple[Settings, str | None, list[str]]:
    """As :func:`load_settings`, with every key binding of the file that was ignored
    (one line each; the notice tells only the first three)."""
    # the player's own folder, as the game starts: an unreadable settings file is moved
    # aside at once (as the seats file is), before anything saves a new one
    settings, notice, key_problems = _settings_report(path or settings_path(), path is None)
    if path is None:
        notices = [notice, seats_notice()]
        notice = " ".join(n for n in notices if n) or None
    return settings, notice, key_problems


def _settings_report(path: Path, set_aside: bool) -> tuple[Settings, str | None, list[str]]:
    """As :func:`load_settings_report`, for the settings file alone; ``set_aside``: a
    file that cannot be read is moved aside now (the game is starting)."""
    data, why = _settings_data(path)
    if why is not None:
        told = _set_settings_aside(path, why) if set_aside else f"{why}; using defaults."
        return Settings(), told, []
    if data is None:
        return Settings(), None, []
    settings, problems, key_problems = _read_settings(data)
    fields = fields_notice(problems, path, _unknown_entries(data))
    notices = [fields, keys_notice(key_problems, path if fields is None else None)]
    return settings, " ".join(n for n in notices if n) or None, key_problems


def ignored_now(ignored: Iterable[str], path: Path | None = None) -> list[str]:
    """Of the key bindings ignored as the game started (``ignored``, one line each),
    those the settings file at ``path`` still holds, for the Keys screen to list what the
    file holds now. Any save writes the file without the bindings it drops (a theme
    chosen in the palette saves it, not only Settings' Save); an unknown action's binding
    stays in it (see :func:`write_settings`), as every unknown key of the file does. A
    file that cannot be read now leaves the lines as they were."""
    ignored = list(ignored)
    if not ignored:
        return []
    data, why = _settings_data(path or settings_path())
    if why is not None:
        return ignored
    now = set(_read_settings(data)[2]) if data is not None else set()
    return [line for line in ignored if line in now]


def _settings_data(path: Path) -> tuple[dict[str, Any] | None, str | None]:
    """The table of the settings file at ``path``, or why it cannot be read as one
    (both None: there is no file)."""
    try:
        data = _read_json(path)
    except FileNotFoundError:
        return None, None
    except UnreadableFile as exc:
        return None, str(exc)
    if not isinstance(data, dict):
        return None, f"{shown_path(path)}: holds {_kind(data)}, not a table of settings"
    return data, None


def _set_settings_aside(path: Path, why: str) -> str:
    """Move the unreadable settings file at ``path`` aside as the game starts (what the
    player wrote in it is kept, to mend by hand); says so, or why it stays, whereupon
    no settings are saved over it (:func:`write_settings`)."""
    aside, problem = _move_aside(path)
    if aside is None:
        return (f"{why}; using defaults. It could not be moved aside ({problem}): no "
                "setting is saved over it until it is fixed or moved away.")  # fmt: skip
    return (f"{why}; using defaults. It is now {aside.name}, as it was; a new {path.name} "
            "keeps the settings from now on.")  # fmt: skip


def _kind(data: object) -> str:
    """What a file's JSON holds instead of a table, in words."""
    return "null" if data is None else _KINDS.get(type(data), "something else")


def save_settings(settings: Settings, path: Path | None = None) -> str | None:
    """Write the settings; returns a sentence when that failed, or when an unreadable
    file was moved aside first (see :func:`write_settings`)."""
    return write_settings(settings, path)[1]


def write_settings(settings: Settings, path: Path | None = None) -> tuple[bool, str | None]:
    """Write the settings: whether they were written, and a sentence for the player (why
    not, or that the file there could not be read and was moved aside first). A file
    that cannot be read is never written over: it holds what the player wrote (a brace
    left out while adding a key), which a save of the defaults would lose. The keys and
    key bindings of the file there that this version does not know are kept as they are
    (:func:`_file_table`)."""
    path = path or settings_path()
    told = None
    old, why = _settings_data(path)
    if why is not None:  # broken since the game started, or it could not be moved then
        aside, problem = _move_aside(path)
        if aside is None:
            return False, (f"Settings not saved: {why}, and it is not written over (could "
                           f"not move it aside: {problem}); fix it or move it away.")  # fmt: skip
        told = f"{why}: it is now {aside.name}, as it was; the settings are saved in a new file."
    problem = _write_settings(_file_table(settings, old), path)
    return problem is None, " ".join(t for t in (told, problem) if t) or None


def write_json(path: Path, data: Any, private: bool = False) -> None:
    """Write ``data`` to ``path`` as JSON, whole: a new file moved over the old one, so a
    client stopped mid-write never leaves it cut short (its folder is made if needed).
    ``private``: readable by this user only (a file of seat tokens). Raises ``OSError``,
    leaving no temporary file behind."""
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600 if private else 0o666)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(json.dumps(data, indent=2) + "\n")
        if private:
            os.chmod(tmp, 0o600)  # a file left over from before keeps its mode otherwise
        os.replace(tmp, path)
    except OSError:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise


def _write_settings(table: dict[str, Any], path: Path) -> str | None:
    """Write the settings file whole; a sentence when that failed."""
    try:
        write_json(path, table)
    except OSError as exc:
        return f"Could not save settings to {shown_path(path)}: {exc.strerror}"
    return None


def seats_path() -> Path:
    return config_dir() / "seats.json"


def _read_seats() -> tuple[dict[str, Any], str | None]:
    """The kept seats, and why the file could not be read (None: it was read, or it is
    not there)."""
    path = seats_path()
    try:
        data = _read_json(path)
    except FileNotFoundError:
        return {}, None
    except UnreadableFile as exc:
        return {}, str(exc)
    if not isinstance(data, dict):
        return {}, f"{shown_path(path)}: holds {_kind(data)}, not a table of seats"
    return data, None


def _load_seats() -> dict[str, Any]:
    """The kept seats; none when the file cannot be read (see :func:`seats_notice`)."""
    return _read_seats()[0]


def seats_notice() -> str | None:
    """A sentence when the seats file cannot be read, once it is moved aside; None when
    it is fine. Checked as the game starts (with the settings), so that a player whose
    seat cannot be taken back by joining again hears it, rather than quietly taking
    another seat."""
    why = _read_seats()[1]
    return None if why is None else _set_aside(why)


def _set_aside(why: str) -> str:
    """Move an unreadable seats file to ``seats.json.bad`` (``.bad2``, … if that is
    taken): it is never written over, as the player may still get a token out of it by
    hand. Says so, or why it stays where it is (then no seat is kept until it goes)."""
    path = seats_path()
    aside, problem = _move_aside(path)
    lost = "the seats kept in it cannot be taken back by joining again"
    if aside is None:
        return (f"{why}: {lost}, and no new seat is kept until it is fixed or moved away "
                f"(could not move it: {problem}).")  # fmt: skip
    return f"{why}: {lost}. It is now {aside.name}; a new file keeps the seats from now on."


def _move_aside(path: Path) -> tuple[Path | None, str | None]:
    """Move a file of this folder that cannot be read to ``NAME.bad`` (``.bad2``, … if
    that is taken), never over another: where it is now, or why it could not be moved."""
    aside = next((c for c in _aside_names(path) if not os.path.lexists(c)), None)
    try:
        if aside is None:
            raise OSError(0, "too many files set aside already")
        path.rename(aside)
    except OSError as exc:
        return None, exc.strerror or str(exc)
    return aside, None


def _aside_names(path: Path) -> list[Path]:
    """Where an unreadable file may be moved, in order."""
    return [path.with_name(f"{path.name}.bad{'' if n == 1 else n}") for n in range(1, 10)]


def _keep_seat(key: str, item: dict[str, Any]) -> str | None:
    """Keep ``item`` under ``key`` in the seats file; a sentence when it could not be
    kept, or when an unreadable file was moved aside first."""
    data, why = _read_seats()
    told = None
    if why is not None:
        told = _set_aside(why)
        if os.path.lexists(seats_path()):  # still there: never written over
            return told
    data[key] = item
    problem = _save_seats(data)
    return " ".join(t for t in (told, problem) if t) or None


def _drop_seat(key: str) -> None:
    """Drop the seat kept under ``key``. An unreadable file is left alone: there is
    nothing in it to drop; a file that cannot be written keeps a seat nobody takes."""
    data = _load_seats()
    if data.pop(key, None) is not None:
        _save_seats(data)


def _save_seats(data: dict[str, Any]) -> str | None:
    """Write the seats file whole (a new file moved over the old one: a client stopped
    mid-write never leaves it cut short); a sentence when that failed."""
    path = seats_path()
    try:
        write_json(path, data, private=True)  # tokens: yours only
    except OSError as exc:
        return (f"Could not keep the seat in {shown_path(path)}: {exc.strerror}; after a "
                "restart it cannot be taken back by joining again.")  # fmt: skip
    return None


def remember_seat(
    address: str, table: str, seat: int, token: str, *, hosted: bool = False
) -> str | None:
    """Keep a seat token so ``allegiance join`` can resume after the client restarts; a
    sentence for the player when it could not be kept (or the file was moved aside).

    ``hosted``: this player made the table on that server (``allegiance host --on``), so
    the Replays list calls it hosted, not joined; kept as ``"hosted": true`` with the
    seat, and kept again when the same seat is taken back by joining."""
    key = f"{address}/{table}"
    item: dict[str, Any] = {"seat": seat, "token": token}
    old = _load_seats().get(key)
    if hosted or (isinstance(old, dict) and old.get("hosted") is True
                  and old.get("seat") == seat and old.get("token") == token):  # fmt: skip
        item["hosted"] = True
    return _keep_seat(key, item)


def forget_seat(address: str, table: str) -> None:
    """Drop the seat kept for ``table`` at ``address`` (its player gave it up)."""
    _drop_seat(f"{address}/{table}")


def recall_seat(address: str, table: str) -> tuple[int, str] | None:
    """The seat and token kept for ``table`` at ``address``; else one kept for the same
    table code at another address on the same port (the same server reached another
    way: 127.0.0.1 typed once, its LAN address picked from the list the next time)."""
    data = _load_seats()
    keys = [f"{address}/{table}"]
    port = _port(address)
    keys += [k for k in reversed(data) if k.endswith(f"/{table}") and k not in keys
             and port is not None and _port(k.rsplit("/", 1)[0]) == port]  # fmt: skip
    for key in keys:
        try:
            item = data[key]
            return int(item["seat"]), str(item["token"])
        except (KeyError, TypeError, ValueError):
            continue
    return None


def _port(address: str) -> int | None:
    """The port of a server address (``ws://host:port`` or ``host:port``)."""
    from urllib.parse import urlsplit

    try:
        return urlsplit(address if "://" in address else f"ws://{address}").port
    except ValueError:
        return None


def remember_hosted(db: str, table: str, seat: int, token: str, port: int = 0) -> str | None:
    """Keep the host's own seat of the table hosted on database ``db`` (its absolute
    path is the key: a player who joins from this machine never resumes it), the
    hosting process and its port, so hosting on ``db`` again takes that seat again, where
    the others look for it, once that process has stopped."""
    return _keep_seat(f"host:{os.path.abspath(db)}", {
        "table": table, "seat": seat, "token": token, "pid": os.getpid(), "port": port,
    })  # fmt: skip


def hosted_port(db: str) -> int:
    """The port the game kept for ``db`` was hosted on (0: not known)."""
    item = _load_seats().get(f"host:{os.path.abspath(db)}")
    port = item.get("port") if isinstance(item, dict) else None
    return port if isinstance(port, int) and 0 < port < 65536 else 0


def recall_hosted(db: str) -> tuple[str, int, str] | None:
    """The table, seat and token last hosted on ``db``, if any, unless the process that
    hosted it is still running (another terminal hosts that game now)."""
    try:
        item = _load_seats()[f"host:{os.path.abspath(db)}"]
        held = str(item["table"]), int(item["seat"]), str(item["token"])
        pid = item.get("pid")
    except (KeyError, TypeError, ValueError, AttributeError):
        return None
    if isinstance(pid, int) and pid != os.getpid() and _running(pid):
        return None
    return held


def forget_hosted(db: str) -> None:
    """Drop the seat kept for ``db``: its game is not to be resumed."""
    _drop_seat(f"host:{os.path.abspath(db)}")


def _running(pid: int) -> bool:
    """Whether a process with this id exists now (one of this user's, as the host was).
    Not asked on Windows, where ``os.kill`` ends the process: there the seat is resumed
    as before this check existed."""
    if os.name == "nt":
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True  # it exists, under another user: not ours to resume from
    return True
