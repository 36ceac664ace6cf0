"""P4: what a patch costs beside the full view it replaces.

Random Realm Divided games (4 seats, free-for-all) are played with the rules directly;
after every command each seat's document (``{"view": view_for(...), "table": {}}``) is
diffed against its previous one, exactly as the server does for a subscribed seat.

- P4a: bytes of the encoded ``patch`` frame beside the bytes of a full ``sync`` frame of
  the same document (aim: at most 1/15).
- P4b: CPU to make the patch (diff + encode the frame) beside encoding the full view
  (aim: at most 1×). The per-patch document hash, which the server also computes, is
  reported in the notes.
"""

from __future__ import annotations

import itertools
import statistics
import time
from typing import Any

from bench.harness import Figure


def _games(quick: bool) -> list[list[dict[str, Any]]]:
    """Per game, the list of consecutive documents of seat 0."""
    from server.bots import random_choice
    from shared.rules.base import get_ruleset

    rules = get_ruleset("realm")
    runs = []
    for game in range(1 if quick else 4):
        setup = {"format": "ffa", "seats": [{"name": f"P{i}"} for i in range(4)]}
        state = rules.new_game(setup, 1000 + game)
        docs = [{"view": rules.view_for(state, 0), "table": {}}]
        steps = 0
        while not rules.is_over(state) and steps < (300 if quick else 3000):
            seat = rules.to_act(state)
            assert seat is not None
            action = random_choice(rules.view_for(state, seat), game, seat)
            assert action is not None
            state, _ = rules.apply(state, seat, action)
            docs.append({"view": rules.view_for(state, 0), "table": {}})
            steps += 1
        runs.append(docs)
    return runs


def measure(quick: bool) -> list[Figure]:
    from shared.protocol import codec
    from shared.protocol.diff import HASH_EVERY, diff, hash_due, view_hash

    patch_bytes: list[int] = []
    full_bytes: list[int] = []
    patch_cpu: list[float] = []
    full_cpu: list[float] = []
    hash_cpu: list[float] = []
    for docs in _games(quick):
        for seq, (old, new) in enumerate(itertools.pairwise(docs)):
            t0 = time.perf_counter()
            ops = diff(old, new)
            frame = codec.encode(
                {
                    "t": "patch",
                    "table": "ABCDEF",
                    "seat": 0,
                    "seq": seq,
                    "ops": ops,
                    "hash": "0" * 16 if hash_due(seq) else None,
                    "events": [],
                }
            )
            t1 = time.perf_counter()
            full = codec.encode(
                {
                    "t": "sync",
                    "table": "ABCDEF",
                    "seat": 0,
                    "seq": seq,
                    "doc": new,
                    "hash": "0" * 16,
                }
            )
            t2 = time.perf_counter()
            view_hash(new)
            t3 = time.perf_counter()
            patch_bytes.append(len(frame))
            full_bytes.append(len(full))
            patch_cpu.append(t1 - t0)
            full_cpu.append(t2 - t1)
            hash_cpu.append(t3 - t2)
    n = len(patch_bytes)
    mean_patch, mean_full = statistics.fmean(patch_bytes), statistics.fmean(full_bytes)
    hash_us = statistics.median(hash_cpu) * 1e6
    cpu_patch, cpu_full = statistics.median(patch_cpu) * 1e6, statistics.median(full_cpu) * 1e6
    return [
        Figure(
            id="P4a",
            name="patch bytes per update (mean)",
            value=mean_patch,
            unit="B",
            peer="full view (sync frame)",
            peer_value=mean_full,
            aim="at most 1/15 of the full view",
            notes=f"{n} updates of seat 0 in 4-seat random games; p90 patch "
            f"{sorted(patch_bytes)[int(0.9 * n)]} B",
        ),
        Figure(
            id="P4b",
            name="patch CPU: diff + encode (median)",
            value=cpu_patch,
            unit="µs",
            peer="encode the full view",
            peer_value=cpu_full,
            aim="at most 1×",
            notes=f"the document hash the server adds to one patch in {HASH_EVERY} costs "
            f"{hash_us:.0f} µs (msgpack + blake2b); building the view (the rules' view_for) "
            "is not counted",
        ),
    ]
