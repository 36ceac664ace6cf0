"""P8: replays (``docs/replays.md``): stepping backwards through a long recorded game.

One four-seat free-for-all of random bots (``server.simulate.play_game``, fixed seed) is
opened as a local replay (``client.replay.local_replay``: the rules core plays it, a copy
of the game kept every ``SNAPSHOT_EVERY`` steps, the log of the perspective shown made).

- P8a: one step backwards (restore the nearest kept copy, re-apply the commands after
  it, build the view and the frame) beside one step forwards (apply one command, build
  the view and the frame): the floor a list of every view would give is about the
  forward step's view-building cost. Aim: backwards under 10 ms.
- P8b: opening the game (two passes through it and one perspective's log) beside
  playing its commands once through the rules with no views (the least any replay
  that checks its record could do).
"""

from __future__ import annotations

import random
import statistics
import time

from bench.harness import Figure


def _record(quick: bool) -> object:
    from server.replays import GameRecord, SeatInfo
    from server.simulate import make_setup, play_game

    setup = make_setup("ffa4", None)
    log: list[dict[str, object]] = []
    play_game(setup, 4242, ("random",), record=log, max_turns=12 if quick else None)
    seats = tuple(SeatInfo(i, f"Bot {i + 1}", "bot", None) for i in range(4))
    commands = tuple((int(line["seat"]), dict(line["action"])) for line in log)  # type: ignore[call-overload]
    return GameRecord("bench", "realm", setup, 4242, commands, seats, "over", None)


def measure(quick: bool) -> list[Figure]:
    from client.replay import SNAPSHOT_EVERY, local_replay
    from server.replays import Runner

    record = _record(quick)
    t0 = time.perf_counter()
    replay = local_replay(record, "file").prepare()  # type: ignore[arg-type]
    opened = time.perf_counter() - t0
    runner = Runner(record)  # type: ignore[arg-type]
    t0 = time.perf_counter()
    while runner.applied < runner.total:
        runner.step()
    floor = time.perf_counter() - t0
    rng = random.Random(1)
    samples = 30 if quick else 200
    backwards, forwards = [], []
    for _ in range(samples):
        k = rng.randrange(1, replay.total)
        replay.go(k)
        replay.frame()
        t0 = time.perf_counter()
        replay.go(k - 1)
        replay.frame()
        t1 = time.perf_counter()
        replay.go(k)
        replay.frame()
        t2 = time.perf_counter()
        backwards.append(t1 - t0)
        forwards.append(t2 - t1)
    back_ms = statistics.median(backwards) * 1000
    return [
        Figure(
            id="P8a",
            name="replay: one step backwards (median)",
            value=back_ms,
            unit="ms",
            peer="one step forwards",
            peer_value=statistics.median(forwards) * 1000,
            aim="under 10 ms",
            notes=f"{replay.total} steps, 4 seats; a kept copy every {SNAPSHOT_EVERY} steps; "
            f"worst of {samples}: {max(backwards) * 1000:.1f} ms",
        ),
        Figure(
            id="P8b",
            name="replay: open a long game",
            value=opened,
            unit="s",
            peer="its commands through the rules once",
            peer_value=floor,
            aim="under 2 s for the longest games",
            notes="two passes and the spectator's log; showing another perspective "
            "the first time makes its log (one more pass)",
        ),
    ]
