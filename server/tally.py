"""Compare recorded bot runs: ``allegiance sim --compare DIR DIR … --versus HERO``.

A balance probe changes one designed number and plays the same duels again (same
``--seed``, same ``--versus``) with ``--record DIR``. With hard bots a probe is short (tens
of duels), so the useful comparison is *paired*: a hero's wins on the duels that every
directory has, game for game, besides each directory's own total. A duel is identified by
its seed and its seats' heroes (read from the replay's header), not by its file name.

A replay without its result line (a run stopped early) is not counted; a file that is not
a replay is an error that names the file, and so is a directory without any replay (a
mistyped path would otherwise show as a run of 0 duels).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

DuelKey = tuple[int, tuple[str, ...]]


class TallyError(ValueError):
    """A directory or replay that cannot be read; the message names it."""


@dataclass(frozen=True)
class Tally:
    """One directory's duels of the hero: ``outcomes`` maps a duel to whether it won."""

    directory: str
    outcomes: dict[DuelKey, bool]

    def wins(self, keys: set[DuelKey] | None = None) -> int:
        return sum(won for key, won in self.outcomes.items() if keys is None or key in keys)


def read_outcome(path: Path, hero: str) -> tuple[DuelKey, bool] | None:
    """The duel's key and whether ``hero`` won it; None when it has no result yet or the
    hero did not play in it."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
        if not lines:
            return None
        header = json.loads(lines[0])
        seats = tuple(str(s["hero"]) for s in header["setup"]["seats"])
        seed = int(header["seed"])
        last = json.loads(lines[-1])
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError) as exc:
        raise TallyError(f"{path}: not a replay written by --record ({exc})") from exc
    result = last.get("result") if isinstance(last, dict) else None
    if not isinstance(result, dict) or hero not in seats:
        return None
    winners = result.get("winners") or []
    return (seed, seats), seats.index(hero) in winners


def tally_directory(directory: str, hero: str) -> Tally:
    """Every finished duel of ``hero`` recorded in ``directory``."""
    root = Path(directory)
    if not root.is_dir():
        raise TallyError(f"{directory}: no such directory")
    paths = sorted(root.glob("*.jsonl"))
    if not paths:
        raise TallyError(f"{directory}: no recordings found there (the .jsonl files of --record)")
    outcomes: dict[DuelKey, bool] = {}
    for path in paths:
        read = read_outcome(path, hero)
        if read is not None:
            outcomes[read[0]] = read[1]
    return Tally(directory, outcomes)


def compare(directories: list[str], hero: str) -> list[Tally]:
    return [tally_directory(d, hero) for d in directories]


def common_keys(tallies: list[Tally]) -> set[DuelKey]:
    """The duels every directory has."""
    if not tallies:
        return set()
    keys = set(tallies[0].outcomes)
    for t in tallies[1:]:
        keys &= set(t.outcomes)
    return keys


def format_comparison(tallies: list[Tally], hero: str) -> str:
    from server.simulate import wilson

    shared = common_keys(tallies)
    width = max([len("directory"), *(len(t.directory) for t in tallies)])
    head = f"{'directory':<{width}}  duels   wins   win %  95% CI   same {len(shared)} duels: wins"
    rows = [f"{hero}: recorded duels, and the duels every directory has", head]
    for t in tallies:
        n, w = len(t.outcomes), t.wins()
        lo, hi = wilson(w, n)
        pct = f"{100 * w / n:5.1f}%" if n else "    —"
        rows.append(
            f"{t.directory:<{width}}  {n:5d}  {w:5d}  {pct}  {100 * lo:3.0f}–{100 * hi:.0f}%"
            f"   {t.wins(shared):5d}"
        )
    return "\n".join(rows)
