"""Headless local bot games (no server): ``allegiance sim --games N --seed S …``.

Each game runs the rules core in process. At every decision the seat to act gets its own
view (``view_for``) and its bot picks one of ``view["legal"]``; the command then goes
through ``RULESET.apply`` with the view's version, exactly as a submitted command would
(``--fast`` decodes and applies it without the second legality check). Forced decisions
(a single legal action) are applied without asking the bot.

Game ``i`` uses rules seed ``S + i`` and bot seed ``S + i``, so a run is reproducible and
``--jobs`` does not change any result. ``--record DIR`` writes one JSON-lines replay per
game: a header (setup, seed, bot seed, bots), one line per command, and the result.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
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
        with path.open("w", encoding="utf-8") as fh:
            fh.write(
                json.dumps(
                    {
                        "setup": setup,
                        "seed": job.seed,
                        "bot_seed": job.seed,
                        "bots": list(job.bots),
                        "format": job.fmt,
                        "budget": {
                            "iterations": job.budget.iterations,
                            "seconds": job.budget.seconds,
                        },
                    }
                )
                + "\n"
            )
            for line in log:
                fh.write(json.dumps(line) + "\n")
            fh.write(
                json.dumps(
                    {
                        "result": {
                            "winners": result.winners,
                            "reason": result.reason,
                            "turns": result.turns,
                        }
                    }
                )
                + "\n"
            )
    return result


def run_jobs(jobs: list[Job], workers: int) -> list[GameResult]:
    if workers <= 1 or len(jobs) <= 1:
        return [run_job(j) for j in jobs]
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(run_job, jobs, chunksize=max(1, len(jobs) // (workers * 4))))


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
        f"{n} games ({', '.join(f'{k} {v}' for k, v in sorted(formats.items()))})"
        f" in {seconds:.1f} s"
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
    per_pair = min((games[(a, b)] for a in heroes for b in heroes if a != b), default=0)
    lines.append("")
    lines.append(f"{per_pair} games per pair")
    return "\n".join(lines)


# --------------------------------------------------------------------------- CLI


def add_sim_arguments(parser: argparse.ArgumentParser) -> None:
    """The local-simulation flags of ``allegiance sim`` (all optional).

    A flag the parser already has (e.g. ``--games`` of the ``--connect`` mode) is left as
    it is, so both modes can share one parser."""
    taken = set(parser._option_string_actions)  # argparse has no public view

    def add(*names: str, **kw: Any) -> None:
        if not taken.intersection(names):
            parser.add_argument(*names, **kw)

    add("--games", type=int, default=10, help="number of games (default 10)")
    add("--seed", type=int, default=None, help="first seed; game i uses seed+i (default: random)")
    add(
        "--format",
        default="duel",
        help="duel, ffa3, ffa4, sworn3, sworn4, team, or all (cycles through "
        "every format); default duel",
    )
    add(
        "--heroes",
        default=None,
        metavar="A,B,…",
        help="hero ids by seat (cycled; 'random' allowed); default random",
    )
    add(
        "--bots",
        default="medium",
        metavar="LEVEL,…",
        help="bot level by seat, cycled: random, easy, medium, hard (default medium)",
    )
    add("--jobs", type=int, default=1, help="worker processes (default 1)")
    add(
        "--record", default=None, metavar="DIR", help="save each game as a JSON-lines replay in DIR"
    )
    add(
        "--round-robin",
        action="store_true",
        help="duel every pair of heroes (--heroes, default all) --games times "
        "and print a hero × hero win-rate matrix",
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
    print(f"allegiance sim: error: {msg}", file=sys.stderr)
    return 2


def run_sim(args: argparse.Namespace) -> int:
    """Run ``allegiance sim`` without ``--connect``; returns the exit status."""
    from shared.rules.realm.catalog import load_catalog

    if getattr(args, "compare", None):
        return run_compare(args)
    if args.games < 1:
        return _fail("--games must be at least 1")
    if args.jobs < 1:
        return _fail("--jobs must be at least 1")
    fmt = str(args.format).lower()
    if fmt != "all" and fmt not in FORMATS:
        return _fail(
            f"unknown --format {args.format!r}; expected one of {', '.join([*FORMATS, 'all'])}"
        )
    try:
        bots = tuple(level_name(b) for b in str(args.bots).split(",") if b.strip())
    except ValueError as exc:
        return _fail(str(exc))
    if not bots:
        return _fail("--bots needs at least one level")
    known = sorted(load_catalog().heroes)
    heroes: tuple[str, ...] | None = None
    if args.heroes:
        heroes = tuple(h.strip() for h in str(args.heroes).split(",") if h.strip())
        bad = [h for h in heroes if h != "random" and h not in known]
        if bad:
            return _fail(f"unknown hero {bad[0]!r}; known heroes: {', '.join(known)}")
    if args.iterations < 1:
        return _fail("--iterations must be at least 1")
    if args.think is not None and args.think <= 0:
        return _fail("--think must be positive")
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    budget = Budget(iterations=args.iterations, seconds=args.think)
    record = None
    if args.record:
        try:
            Path(args.record).mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            return _fail(f"cannot create --record directory: {exc}")
        record = str(args.record)
    jobs: list[Job] = []
    if args.versus and not args.round_robin:
        return _fail("--versus needs --round-robin")
    if args.round_robin:
        pool = [h for h in (heroes or known) if h != "random"]
        if len(pool) < 2:
            return _fail("--round-robin needs at least two heroes")
        pairs = [(a, b) for i, a in enumerate(pool) for b in pool[i + 1 :]]
        if args.versus:
            focus = {h.strip() for h in str(args.versus).split(",") if h.strip()}
            bad = sorted(focus - set(pool))
            if bad:
                return _fail(f"--versus hero {bad[0]!r} is not in the round-robin's pool")
            pairs = [(a, b) for a, b in pairs if a in focus or b in focus]
        for a, b in pairs:
            for k in range(args.games):
                seat_heroes = (a, b) if k % 2 == 0 else (b, a)
                jobs.append(
                    Job(
                        len(jobs),
                        "duel",
                        seat_heroes,
                        bots,
                        seed + len(jobs),
                        budget,
                        not args.fast,
                        record,
                    )
                )
    else:
        for i in range(args.games):
            f = ALL_FORMATS[i % len(ALL_FORMATS)] if fmt == "all" else fmt
            jobs.append(Job(i, f, heroes, bots, seed + i, budget, not args.fast, record))
    print(
        f"seed {seed}; bots {','.join(bots)}; "
        f"hard budget {budget.iterations} rollouts"
        + (f", {budget.seconds} s cap" if budget.seconds else "")
        + f"; {args.jobs} job(s)"
    )
    started = time.perf_counter()
    try:
        results = run_jobs(jobs, args.jobs)
    except KeyboardInterrupt:
        return 130
    elapsed = time.perf_counter() - started
    print(summarize(results, elapsed))
    if args.round_robin:
        print()
        print(round_robin_table(results, [h for h in (heroes or known) if h != "random"]))
    if record:
        print(f"replays: {len(results)} files in {record}")
    return 0


def run_compare(args: argparse.Namespace) -> int:
    """``--compare DIR … --versus HERO``: tally recorded runs (``server.tally``)."""
    from server.tally import TallyError, compare, format_comparison
    from shared.rules.realm.catalog import load_catalog

    focus = [h.strip() for h in str(args.versus or "").split(",") if h.strip()]
    if len(focus) != 1:
        return _fail("--compare needs --versus with exactly one hero")
    known = load_catalog().heroes
    if focus[0] not in known:
        return _fail(f"unknown hero {focus[0]!r}; known heroes: {', '.join(sorted(known))}")
    try:
        tallies = compare(list(args.compare), focus[0])
    except TallyError as exc:
        return _fail(str(exc))
    print(format_comparison(tallies, focus[0]))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m server.simulate")
    add_sim_arguments(parser)
    return run_sim(parser.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
