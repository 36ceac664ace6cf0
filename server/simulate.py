"""Headless local bot games (no server): ``allegiance sim --games N --seed S …``.

Each game runs the rules core in process. At every decision the seat to act gets its own
view (``view_for``) and its bot picks one of ``view["legal"]``; the command then goes
through ``RULESET.apply`` with the view's version, exactly as a submitted command would
(``--fast`` decodes and applies it without the second legality check). Forced decisions
(a single legal action) are applied without asking the bot.

Game ``i`` uses rules seed ``S + i`` and bot seed ``S + i``, so a run is reproducible and
``--jobs`` does not change any result. ``--record DIR`` writes one JSON-lines replay per
game into a new or empty folder: a header (setup, seed, bot seed, bots), one line per
command, and the result.

Ctrl+C stops a run at once (exit status 130), and so does SIGTERM (143): the workers of
``--jobs`` are ended, the queued games dropped, and the games finished so far summarized.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import signal
import sys
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from server.botplay.api import Budget, decision_rng, level_name, policy

FORMATS = {
    "duel": ("duel", 2),
    "ffa": ("ffa", 4),
    "ffa3": ("ffa", 3),
    "ffa4": ("ffa", 4),
    "sworn": ("sworn", 4),
    "sworn3": ("sworn", 3),
    "sworn4": ("sworn", 4),
    "team": ("team", 4),
}
ALL_FORMATS = ("duel", "ffa3", "ffa4", "sworn3", "sworn4", "team")
#: The formats named without their seats, and the one they are: 4 seats. A run says the
#: full name (``ffa4``), so its summary tells how many seats its games had.
SHORT_FORMATS = {"ffa": "ffa4", "sworn": "sworn4"}
MAX_DECISIONS = 20000


@dataclass
class GameResult:
    index: int
    seed: int
    format: str
    heroes: list[str]
    bots: list[str]
    first: int
    winners: list[int]
    reason: str
    turns: int
    decisions: int
    bot_decisions: int
    seconds: float
    bot_seconds: dict[str, float] = field(default_factory=dict)
    bot_counts: dict[str, int] = field(default_factory=dict)


def make_setup(fmt: str, heroes: Sequence[str] | None) -> dict[str, Any]:
    rules_fmt, n = FORMATS[fmt]
    seats: list[dict[str, Any]] = []
    for i in range(n):
        s: dict[str, Any] = {
            "name": f"Bot {i + 1}",
            "hero": heroes[i % len(heroes)] if heroes else "random",
        }
        if rules_fmt == "team":
            s["team"] = i % 2
        seats.append(s)
    return {"format": rules_fmt, "seats": seats}


def play_game(
    setup: dict[str, Any],
    seed: int,
    bots: Sequence[str],
    *,
    bot_seed: int | None = None,
    budget: Budget | None = None,
    validate: bool = True,
    record: list[dict[str, Any]] | None = None,
    index: int = 0,
    label: str = "",
    max_turns: int | None = None,
) -> GameResult:
    """One full game of bots; every bot command checked by ``RULESET.apply`` if ``validate``."""
    from shared.rules.realm import engine, wire
    from shared.rules.realm.ruleset import RULESET
    from shared.rules.realm.view import view_for

    bot_seed = seed if bot_seed is None else bot_seed
    budget = budget or Budget(iterations=60, seconds=None)
    g = engine.new_game(setup, seed)
    n = len(g.players)
    names = [level_name(bots[i % len(bots)]) for i in range(n)]
    fns = [policy(b) for b in names]
    started = time.perf_counter()
    decisions = bot_decisions = 0
    bot_seconds: dict[str, float] = defaultdict(float)
    bot_counts: Counter[str] = Counter()
    while g.result is not None or g.prompt is not None:
        if g.result is not None or decisions >= MAX_DECISIONS:
            break
        if max_turns is not None and g.turn > max_turns:
            break
        seat = g.prompt.seat  # type: ignore[union-attr]
        raw = engine.legal_actions(g, seat)
        decisions += 1
        if len(raw) == 1:
            if record is not None:
                record.append(
                    {"seat": seat, "version": g.version, "action": wire.to_wire(g, raw[0])}
                )
            engine.apply_action(g, seat, raw[0], check=False)
            continue
        view = view_for(g, seat)
        t0 = time.perf_counter()
        action = fns[seat](view, decision_rng(bot_seed, view), budget)
        bot_seconds[names[seat]] += time.perf_counter() - t0
        bot_counts[names[seat]] += 1
        bot_decisions += 1
        if record is not None:
            record.append({"seat": seat, "version": view["version"], "action": action})
        if validate:
            if not any(a is action or a == action for a in view["legal"]):
                raise AssertionError(f"{names[seat]} bot chose {action!r}, not a legal action")
            RULESET.apply(g, seat, action, version=view["version"], in_place=True)
        else:
            engine.apply_action(g, seat, wire.from_wire(g, action), check=False)
    res = g.result or {"winners": [], "reason": "unfinished"}
    return GameResult(
        index=index,
        seed=seed,
        format=label or g.format,
        heroes=[p.hero for p in g.players],
        bots=names,
        first=g.first_player,
        winners=list(res["winners"]),
        reason=str(res["reason"]),
        turns=g.turn,
        decisions=decisions,
        bot_decisions=bot_decisions,
        seconds=time.perf_counter() - started,
        bot_seconds=dict(bot_seconds),
        bot_counts=dict(bot_counts),
    )


# --------------------------------------------------------------------------- runs


@dataclass(frozen=True)
class Job:
    index: int
    fmt: str
    heroes: tuple[str, ...] | None
    bots: tuple[str, ...]
    seed: int
    budget: Budget
    validate: bool
    record_dir: str | None


def run_job(job: Job) -> GameResult:
    setup = make_setup(job.fmt, job.heroes)
    log: list[dict[str, Any]] | None = [] if job.record_dir else None
    result = play_game(
        setup,
        job.seed,
        job.bots,
        bot_seed=job.seed,
        budget=job.budget,
        validate=job.validate,
        record=log,
        index=job.index,
        label=job.fmt,
    )
    if job.record_dir and log is not None:
        path = Path(job.record_dir) / f"game-{job.index:05d}-{job.seed}.jsonl"
        _write_replay(path, job, setup, log, result)
    return result


def _write_replay(
    path: Path, job: Job, setup: dict[str, Any], log: list[dict[str, Any]], result: GameResult
) -> None:
    """Write one game's replay; under another name first, renamed once complete, so that a
    run stopped while writing leaves no half a replay (``--compare`` would refuse it)."""
    header = {
        "setup": setup,
        "seed": job.seed,
        "bot_seed": job.seed,
        "bots": list(job.bots),
        "format": job.fmt,
        "budget": {"iterations": job.budget.iterations, "seconds": job.budget.seconds},
    }
    tail = {"result": {"winners": result.winners, "reason": result.reason, "turns": result.turns}}
    partial = path.with_name(path.name + ".part")
    with partial.open("w", encoding="utf-8") as fh:
        fh.write(json.dumps(header) + "\n")
        for line in log:
            fh.write(json.dumps(line) + "\n")
        fh.write(json.dumps(tail) + "\n")
    os.replace(partial, path)


class Stopped(KeyboardInterrupt):
    """A run stopped by Ctrl+C (``status`` 130) or SIGTERM (143), with the games it had
    finished (``results``). A KeyboardInterrupt, so that a caller that does not look for
    it stops as on Ctrl+C."""

    def __init__(self, results: list[GameResult], status: int) -> None:
        super().__init__(status)
        self.results = results
        self.status = status


#: Set (to anything) in the environment, each worker process of ``--jobs`` says its pid on
#: stderr as it starts ("sim worker PID"): the tests check that a stopped run leaves none.
SHOW_WORKERS = "ALLEGIANCE_SIM_SHOW_WORKERS"


def run_jobs(jobs: list[Job], workers: int, stops: _Stops | None = None) -> list[GameResult]:
    """Every job's result, in the jobs' order; ``workers`` > 1 plays them in as many
    processes. Ctrl+C or SIGTERM raises :class:`Stopped` once no worker is left
    (``stops``: handling the caller set up already, to cover what it does first)."""
    results: list[GameResult] = []
    with contextlib.ExitStack() as stack:
        stops = stops or stack.enter_context(_Stops())
        try:
            if workers <= 1 or len(jobs) <= 1:
                for job in jobs:
                    results.append(run_job(job))
            else:
                _run_pool(jobs, workers, results, stops)
        except KeyboardInterrupt:
            done = sorted(results, key=lambda r: r.index)
            raise Stopped(done, 143 if signal.SIGTERM in stops.came else 130) from None
    return sorted(results, key=lambda r: r.index)


def _run_pool(jobs: list[Job], workers: int, results: list[GameResult], stops: _Stops) -> None:
    """Play ``jobs`` in ``workers`` processes, appending each result as it comes.

    One game at a time per worker (a game is long beside the cost of sending it), so a
    stop loses only the games being played. On a stop the workers are ended and waited
    for here: a pool left to finish its queue kept playing every queued game after
    Ctrl+C, and a parent killed by SIGTERM left its workers running."""
    import multiprocessing

    # A pool interrupted while it is being made cannot be ended, and its threads make
    # new workers as the old ones go: a stop then waits until it is made.
    with stops.held():
        pool = multiprocessing.Pool(min(workers, len(jobs)), initializer=_worker_start)
    try:
        stops.check()
        for result in pool.imap_unordered(run_job, jobs):
            results.append(result)
        pool.close()
        pool.join()
    except BaseException:
        with stops.held():  # a second Ctrl+C must not leave some workers running
            pool.terminate()  # SIGTERM to every worker; the queued games are dropped
            pool.join()
        raise


def _worker_start() -> None:
    """A worker leaves Ctrl+C (which the terminal sends to every process of the run) to
    the parent, which ends the workers itself, and dies of SIGTERM at once (the parent's
    handler, copied by fork, would raise inside the game being played)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if os.environ.get(SHOW_WORKERS):  # one write, so that two workers' lines never mix
        os.write(sys.stderr.fileno(), f"sim worker {os.getpid()}\n".encode())


class _Stops:
    """While a run plays (inside ``with``), SIGTERM stops it as Ctrl+C does: both raise
    KeyboardInterrupt in the main thread, and ``came`` says which came. Inside
    :meth:`held` they wait: :meth:`check` raises then. A signal that the process ignored
    before (a command started in the background ignores Ctrl+C) stays ignored, and
    outside the main thread (where handlers cannot be set) nothing changes."""

    def __init__(self) -> None:
        self.came: list[int] = []
        self._holding = False
        self._waiting = False
        self._previous: dict[int, Any] = {}

    def __enter__(self) -> _Stops:
        if threading.current_thread() is threading.main_thread():
            defaults = {signal.SIGINT: signal.default_int_handler, signal.SIGTERM: signal.SIG_DFL}
            for sig, default in defaults.items():
                if signal.getsignal(sig) is default:
                    self._previous[sig] = signal.signal(sig, self._stop)
        return self

    def __exit__(self, *exc: object) -> None:
        for sig, handler in self._previous.items():
            signal.signal(sig, handler)

    def _stop(self, signum: int, frame: object) -> None:
        self.came.append(signum)
        if self._holding:
            self._waiting = True
            return
        raise KeyboardInterrupt

    @contextlib.contextmanager
    def held(self) -> Iterator[None]:
        """Inside, Ctrl+C and SIGTERM wait for :meth:`check`."""
        self._holding = True
        try:
            yield
        finally:
            self._holding = False

    def check(self) -> None:
        """KeyboardInterrupt if Ctrl+C or SIGTERM came while held."""
        if self._waiting:
            self._waiting = False
            raise KeyboardInterrupt


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def summarize(results: list[GameResult], seconds: float) -> str:
    lines: list[str] = []
    n = len(results)
    if not n:
        return "no games"
    by_seat: Counter[int] = Counter()
    seat_games: Counter[int] = Counter()
    by_hero: Counter[str] = Counter()
    hero_games: Counter[str] = Counter()
    by_bot: Counter[str] = Counter()
    bot_games: Counter[str] = Counter()
    first_wins = 0
    unfinished = 0
    for r in results:
        if not r.winners:
            unfinished += 1
        if r.first in r.winners:
            first_wins += 1
        for s, h in enumerate(r.heroes):
            seat_games[s] += 1
            hero_games[h] += 1
            bot_games[r.bots[s]] += 1
            if s in r.winners:
                by_seat[s] += 1
                by_hero[h] += 1
                by_bot[r.bots[s]] += 1
    formats = Counter(r.format for r in results)
    lines.append(
        f"{n} game{'' if n == 1 else 's'} "
        f"({', '.join(f'{k} {v}' for k, v in sorted(formats.items()))}) in {seconds:.1f} s"
    )
    lines.append("")
    lines.append(f"{'seat':<14} {'games':>6} {'wins':>6} {'win %':>7}")
    for s in sorted(seat_games):
        lines.append(
            f"{s:<14} {seat_games[s]:>6} {by_seat[s]:>6} {100 * by_seat[s] / seat_games[s]:>6.1f}%"
        )
    lines.append("")
    lines.append(f"{'hero':<20} {'games':>6} {'wins':>6} {'win %':>7}  95% CI")
    for h in sorted(hero_games):
        lo, hi = wilson(by_hero[h], hero_games[h])
        lines.append(
            f"{h:<20} {hero_games[h]:>6} {by_hero[h]:>6} "
            f"{100 * by_hero[h] / hero_games[h]:>6.1f}%  {100 * lo:.0f}–{100 * hi:.0f}%"
        )
    if len(bot_games) > 1:
        lines.append("")
        lines.append(f"{'bot':<14} {'seats':>6} {'wins':>6} {'win %':>7}")
        for b in sorted(bot_games):
            lines.append(
                f"{b:<14} {bot_games[b]:>6} {by_bot[b]:>6} {100 * by_bot[b] / bot_games[b]:>6.1f}%"
            )
    decisions = sum(r.decisions for r in results)
    bot_decisions = sum(r.bot_decisions for r in results)
    game_seconds = sum(r.seconds for r in results)
    lines.append("")
    lines.append(f"first-player win rate: {100 * first_wins / n:.1f}%")
    lines.append(f"mean turns: {sum(r.turns for r in results) / n:.1f}")
    lines.append(
        f"decisions: {decisions} ({bot_decisions} by bots, the rest forced); "
        f"{decisions / game_seconds if game_seconds else 0:.0f} decisions/s per core"
    )
    think: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
    for r in results:
        for b, t in r.bot_seconds.items():
            think[b][0] += t
            think[b][1] += r.bot_counts.get(b, 0)
    lines.append(
        "mean think time: "
        + ", ".join(f"{b} {1000 * t / c:.2f} ms" for b, (t, c) in sorted(think.items()) if c)
    )
    if unfinished:
        lines.append(f"unfinished (decision cap {MAX_DECISIONS}): {unfinished}")
    return "\n".join(lines)


def round_robin_table(results: list[GameResult], heroes: list[str]) -> str:
    wins: Counter[tuple[str, str]] = Counter()
    games: Counter[tuple[str, str]] = Counter()
    for r in results:
        a, b = r.heroes
        games[(a, b)] += 1
        games[(b, a)] += 1
        if 0 in r.winners:
            wins[(a, b)] += 1
        if 1 in r.winners:
            wins[(b, a)] += 1
    short = {h: h[:10] for h in heroes}
    lines = ["row hero's win rate against the column hero (duel):", ""]
    lines.append(f"{'':<12}" + "".join(f"{short[h]:>12}" for h in heroes) + f"{'overall':>10}")
    for a in heroes:
        cells = []
        total_w = total_g = 0
        for b in heroes:
            if a == b or not games[(a, b)]:
                cells.append(f"{'—':>12}")
                continue
            total_w += wins[(a, b)]
            total_g += games[(a, b)]
            cells.append(f"{100 * wins[(a, b)] / games[(a, b)]:>11.0f}%")
        overall = f"{100 * total_w / total_g:>9.0f}%" if total_g else f"{'—':>10}"
        lines.append(f"{short[a]:<12}" + "".join(cells) + overall)
    lines.append("")
    lines.append(games_per_pair(games))
    return "\n".join(lines)


def games_per_pair(games: Counter[tuple[str, str]]) -> str:
    """How many duels each pair played, over the pairs that played (``--versus`` leaves
    the others out: counting them said "0 games per pair"); a range when they differ (a
    run stopped early)."""
    played = [n for n in games.values() if n]
    if not played:
        return "no games"
    low, high = min(played), max(played)
    if low == high:
        return f"{low} game{'' if low == 1 else 's'} per pair"
    return f"{low}–{high} games per pair"


# --------------------------------------------------------------------------- CLI


def add_sim_arguments(parser: argparse.ArgumentParser) -> None:
    """The local-simulation flags of ``allegiance sim`` (all optional).

    A flag the parser already has (e.g. ``--games`` of the ``--connect`` mode) is left as
    it is, so both modes can share one parser."""
    taken = set(parser._option_string_actions)  # argparse has no public view

    def add(*names: str, **kw: Any) -> None:
        if not taken.intersection(names):
            parser.add_argument(*names, **kw)

    add(
        "--games",
        type=int,
        default=10,
        help="number of games (default 10); with --format all, of each format; with "
        "--round-robin, of each pair",
    )
    add("--seed", type=int, default=None, help="first seed; game i uses seed+i (default: random)")
    add(
        "--format",
        default="duel",
        help="the table (default duel). duel: 2 seats. ffa3, ffa4: a free-for-all of 3 or 4 "
        "seats (the last hero standing wins). sworn3, sworn4: a sworn enemy game of 3 or 4 "
        "seats (each player's enemy is the neighbour on their left, the next in turn "
        "order; a player wins when that enemy is defeated). team: 2 against 2. ffa and "
        "sworn alone are ffa4 and sworn4 (4 seats; play and host start them with 3). all: "
        "--games of each of duel, ffa3, ffa4, sworn3, sworn4 and team, in turn",
    )
    add(
        "--heroes",
        default=None,
        metavar="A,B,…",
        help="heroes by seat (cycled; 'random' allowed), each an id or a part of a hero's "
        "name or id that only it has; default random",
    )
    add(
        "--bots",
        default="medium",
        metavar="LEVEL,…",
        help="bot level by seat, cycled: random, easy, medium, hard (default medium)",
    )
    add("--jobs", type=int, default=1, help="worker processes (default 1)")
    add(
        "--record",
        default=None,
        metavar="DIR",
        help="save each game as a JSON-lines replay in DIR, a new or empty folder (one that "
        "holds anything is refused: replays of two runs would mix, or land among other "
        "files)",
    )
    add(
        "--round-robin",
        action="store_true",
        help="duel every pair of two different heroes --games times and print a hero × "
        "hero win-rate matrix; --heroes is then the pool of heroes (default all), each "
        "named once, not the heroes by seat",
    )
    add(
        "--versus",
        default=None,
        metavar="A,B,…",
        help="with --round-robin: only the pairs that include one of these heroes "
        "(each of them against every hero of the pool)",
    )
    add("--iterations", type=int, default=60, help="hard bot: rollouts per decision (default 60)")
    add(
        "--think",
        type=float,
        default=None,
        metavar="SECONDS",
        help="hard bot: wall-clock cap per decision (default none: deterministic)",
    )
    add("--fast", action="store_true", help="skip the second legality check of each bot command")
    add(
        "--compare",
        nargs="+",
        default=None,
        metavar="DIR",
        help="play nothing: with --versus HERO, count HERO's wins in runs recorded with "
        "--record, in total and on the duels every DIR has (same seeds)",
    )


def _fail(msg: str) -> int:
    """A flag of ``allegiance sim`` that cannot be used: one line, exit status 2."""
    from server.cli import error

    return error("sim", msg)


class FlagError(ValueError):
    """A flag that cannot be used; the message says why, for ``allegiance sim: error:``."""


class UnknownHero(FlagError):
    """A name that matches no hero."""


def hero_named(text: str, known: Sequence[str]) -> str:
    """The hero id that ``text`` names: an id, or a part of one hero's name or id (any
    case, accents and apostrophes aside), as ``allegiance cards --hero`` takes it.
    :class:`FlagError` when none or several match."""
    from shared.rules.realm.catalog import load_catalog

    if text in known:
        return text
    wanted = _folded(text)
    names = {h.id: h.name for h in load_catalog().heroes.values()}

    def matches(hero: str) -> bool:
        return wanted in _folded(hero) or wanted in _folded(names.get(hero, hero))

    found = sorted(h for h in known if wanted and matches(h))
    if len(found) == 1:
        return found[0]
    if found:
        raise FlagError(f"{text!r} matches more than one hero: {', '.join(found)}")
    raise UnknownHero(f"unknown hero {text!r}; known heroes: {', '.join(known)}")


def _folded(text: str) -> str:
    """``text`` to compare names by: lower case, no accents, no apostrophes, ``_`` a space."""
    import unicodedata

    plain = unicodedata.normalize("NFKD", text.strip().casefold())
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    return plain.replace("'", "").replace("_", " ")


def _entries(flag: str, text: str) -> list[str]:
    """The comma-separated entries of ``flag``'s value (none for an empty value);
    :class:`FlagError` naming an empty one (``hard,,easy``): it was dropped, and the
    entries after it then went to other seats than the user meant."""
    words = [w.strip() for w in text.split(",")]
    if words == [""]:
        return []
    for k, word in enumerate(words, 1):
        if not word:
            raise FlagError(f"{flag} {text!r} has an empty entry (entry {k} of {len(words)}); "
                            "leave out the extra comma")
    return words


def _hero_list(text: str, known: Sequence[str]) -> tuple[str, ...]:
    """The heroes of ``--heroes``: 'random', or as :func:`hero_named` reads them."""
    words = _entries("--heroes", text)
    return tuple("random" if w.lower() == "random" else hero_named(w, known) for w in words)


def _check_record(folder: str) -> str:
    """The ``--record`` folder, made if new; :class:`FlagError` when it already holds
    replays (a second run would overwrite some and leave others, and ``--compare``
    would count both runs as one), holds anything else (a run's files landed among a
    folder's own), is a file, or cannot be made."""
    path = Path(folder)
    for place in (path, *path.parents):
        if place.exists() and not place.is_dir():
            what = f"{folder} is" if place == path else f"{folder}: {place} is"
            raise FlagError(f"--record {what} a file, not a folder; --record needs a new "
                            "or empty folder")
    if path.is_dir():
        _check_empty(folder, path)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise FlagError(f"cannot make the --record folder {folder}: "
                        f"{exc.strerror or exc}") from None
    return folder


def _check_empty(folder: str, path: Path) -> None:
    """:class:`FlagError` when the existing ``--record`` folder holds anything: replays
    of an earlier run, or other files (named, the first few)."""
    held = len(list(path.glob("*.jsonl")))
    if held:
        replays = f"{held} replay{'' if held == 1 else 's'}"
        raise FlagError(
            f"--record {folder} already holds {replays} of an earlier run; pick an empty or "
            "new folder"
        )
    others = sorted(path.iterdir())
    if not others:
        return
    folders = sum(1 for p in others if p.is_dir())
    files = len(others) - folders
    counts = [f"{n} {word}{'' if n == 1 else 's'}"
              for n, word in ((files, "other file"), (folders, "folder")) if n]
    shown = ", ".join(p.name for p in others[:3]) + (", …" if len(others) > 3 else "")
    raise FlagError(f"--record {folder} holds {' and '.join(counts)} ({shown}); --record "
                    "needs a new or empty folder")


@dataclass(frozen=True)
class Plan:
    """What a local run plays: its jobs, bots and first seed, the round-robin's heroes
    (None when it is not one) and the ``--record`` folder."""

    jobs: list[Job]
    bots: tuple[str, ...]
    seed: int
    budget: Budget
    pool: list[str] | None
    record: str | None


def _check_one_seat_each(fmt: str, heroes: Sequence[str] | None) -> None:
    """``--heroes`` is repeated across the seats: it may not give a hero to two seats of
    one game (docs/rulings.md 46). :class:`FlagError` when it would, saying that the list
    was repeated when it is shorter than the table."""
    setup_seats = make_setup(fmt, heroes)["seats"]
    seats = [s["hero"] for s in setup_seats if s["hero"] != "random"]
    for hero in seats:
        if seats.count(hero) > 1:
            given = len(heroes or ())
            repeated = (
                f" (its {given} hero{'' if given == 1 else 'es'} repeated over the "
                f"{len(setup_seats)} seats)" if given < len(setup_seats) else ""
            )
            raise FlagError(
                f"--heroes gives {hero} to {seats.count(hero)} seats of a {fmt} game"
                f"{repeated}; a hero can be at one seat only: name a different hero for "
                "each seat, or 'random'"
            )


def _check_pool(heroes: tuple[str, ...] | None) -> None:
    """A round-robin's ``--heroes`` is a pool of heroes, not one per seat: a hero named
    twice would duel itself, which no game allows (one board per hero, docs/rulings.md
    46). :class:`FlagError` naming it."""
    named = [h for h in heroes or () if h != "random"]
    for hero in named:
        if named.count(hero) > 1:
            times = "twice" if named.count(hero) == 2 else f"{named.count(hero)} times"
            raise FlagError(
                f"--heroes names {hero} {times}; a round-robin duels each "
                "pair of two different heroes (a hero cannot duel itself), so name each "
                "hero once"
            )


def _plan(args: argparse.Namespace, known: list[str]) -> Plan:
    """The run the flags ask for; :class:`FlagError` for a flag that cannot be used. The
    ``--record`` folder is made last, so that a refused run writes nothing."""
    if args.games < 1:
        raise FlagError("--games must be at least 1")
    if args.jobs < 1:
        raise FlagError("--jobs must be at least 1")
    fmt = str(args.format).lower()
    fmt = SHORT_FORMATS.get(fmt, fmt)
    if fmt != "all" and fmt not in FORMATS:
        raise FlagError(
            f"unknown --format {args.format!r}; expected one of {', '.join([*FORMATS, 'all'])}"
        )
    if args.round_robin and fmt != "duel":
        raise FlagError(f"--round-robin plays duels only; leave out --format {args.format}")
    try:
        bots = tuple(level_name(b) for b in _entries("--bots", str(args.bots)))
    except ValueError as exc:
        raise FlagError(str(exc)) from None
    if not bots:
        raise FlagError("--bots needs at least one level")
    heroes = _hero_list(args.heroes, known) if args.heroes else None
    if args.iterations < 1:
        raise FlagError("--iterations must be at least 1")
    if args.think is not None and args.think <= 0:
        raise FlagError("--think must be positive")
    if args.versus and not args.round_robin:
        raise FlagError("--versus needs --round-robin")
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    budget = Budget(iterations=args.iterations, seconds=args.think)
    if args.round_robin:
        _check_pool(heroes)
    pool = _pool(heroes, known) if args.round_robin else None
    # (format, seat heroes) of each game
    games: list[tuple[str, tuple[str, ...] | None]]
    if pool is not None:
        pairs = _pairs(args, pool, known)
        games = [("duel", (a, b) if k % 2 == 0 else (b, a))
                 for a, b in pairs for k in range(args.games)]  # fmt: skip
    else:
        # all: --games of each format, the formats in turn (a stopped run has some of each)
        total = args.games * len(ALL_FORMATS) if fmt == "all" else args.games
        games = [(ALL_FORMATS[i % len(ALL_FORMATS)] if fmt == "all" else fmt, heroes)
                 for i in range(total)]  # fmt: skip
    for f in sorted({f for f, h in games if h and pool is None}):  # a pair: two heroes
        _check_one_seat_each(f, heroes)
    record = _check_record(str(args.record)) if args.record else None
    jobs = [Job(i, f, h, bots, seed + i, budget, not args.fast, record)
            for i, (f, h) in enumerate(games)]  # fmt: skip
    return Plan(jobs, bots, seed, budget, pool, record)


def _pool(heroes: tuple[str, ...] | None, known: list[str]) -> list[str]:
    """The heroes of a round-robin: ``--heroes`` (without 'random'), or all of them."""
    return [h for h in (heroes or known) if h != "random"]


def _pairs(args: argparse.Namespace, pool: list[str], known: list[str]) -> list[tuple[str, str]]:
    """The round-robin's pairs of heroes, only those with a ``--versus`` hero if given."""
    if len(pool) < 2:
        raise FlagError("--round-robin needs at least two heroes")
    pairs = [(a, b) for i, a in enumerate(pool) for b in pool[i + 1 :]]
    if not args.versus:
        return pairs
    focus: set[str] = set()
    for word in _entries("--versus", str(args.versus)):
        try:
            hero = hero_named(word, known)
        except UnknownHero:
            hero = word
        if hero not in pool:
            raise FlagError(f"--versus hero {word!r} is not in the round-robin's pool")
        focus.add(hero)
    return [(a, b) for a, b in pairs if a in focus or b in focus]


def _header(seed: int, bots: tuple[str, ...], budget: Budget, jobs: int) -> str:
    """The run's first line; the hard bot's budget only when a hard bot plays."""
    hard = ""
    if "hard" in bots:
        cap = f", {budget.seconds} s cap" if budget.seconds else ""
        hard = f"; hard budget {budget.iterations} rollouts{cap}"
    return f"seed {seed}; bots {','.join(bots)}{hard}; {jobs} job(s)"


def run_sim(args: argparse.Namespace) -> int:
    """Run ``allegiance sim`` without ``--connect``; returns the exit status."""
    from shared.rules.realm.catalog import load_catalog

    if getattr(args, "compare", None):
        return run_compare(args)
    try:
        plan = _plan(args, sorted(load_catalog().heroes))
    except FlagError as exc:
        return _fail(str(exc))
    started = time.perf_counter()
    status = 0
    stops = _Stops()
    try:
        with stops:  # from the first line on: a stop after it is a stopped run
            print(_header(plan.seed, plan.bots, plan.budget, args.jobs), flush=True)
            results = run_jobs(plan.jobs, args.jobs, stops)
    except KeyboardInterrupt as stop:
        results = stop.results if isinstance(stop, Stopped) else []
        status, how = (143, "SIGTERM") if signal.SIGTERM in stops.came else (130, "Ctrl+C")
        print(f"allegiance sim: stopped by {how} after {len(results)} of {len(plan.jobs)} "
              "games", file=sys.stderr, flush=True)  # fmt: skip
    if results:  # a stopped run: what it finished, or nothing
        _report(plan, results, time.perf_counter() - started)
    return status


def _report(plan: Plan, results: list[GameResult], seconds: float) -> None:
    """Print a run's results: the summary, the round-robin's matrix, the replays."""
    print(summarize(results, seconds))
    if plan.pool is not None:
        print()
        print(round_robin_table(results, plan.pool))
    if plan.record:
        n = len(results)
        print(f"replays: {n} file{'' if n == 1 else 's'} in {plan.record}")


def run_compare(args: argparse.Namespace) -> int:
    """``--compare DIR … --versus HERO``: tally recorded runs (``server.tally``)."""
    from server.tally import TallyError, compare, format_comparison
    from shared.rules.realm.catalog import load_catalog

    try:
        focus = _entries("--versus", str(args.versus or ""))
        if len(focus) != 1:
            return _fail("--compare needs --versus with exactly one hero")
        hero = hero_named(focus[0], sorted(load_catalog().heroes))
        tallies = compare(list(args.compare), hero)
    except (FlagError, TallyError) as exc:
        return _fail(str(exc))
    print(format_comparison(tallies, hero))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m server.simulate``: ``allegiance sim`` under another name, with its
    words too (its own lines say "allegiance sim"; a mistake is one line, exit 2)."""
    from server.cli import ServerParser

    parser = ServerParser(prog="allegiance sim")
    add_sim_arguments(parser)
    return run_sim(parser.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
