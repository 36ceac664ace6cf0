"""What a figure module returns, and small helpers for measuring.

A figure is one number about the project measured in the same run as its peer or floor
(another library doing the same job, or the least any program could do), so the ratio
means something on any machine.
"""

from __future__ import annotations

import statistics
import subprocess
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Figure:
    """One measured figure, e.g. P7 start-up time beside ``python -c pass``."""

    id: str  # "P7"; several figures of one module may share the number: "P2a", "P2b"
    name: str
    value: float
    unit: str  # "ms", "decisions/s", "bytes", ...
    peer: str  # what it is measured against: a peer library or a floor
    peer_value: float | None
    aim: str  # the target in words, e.g. "under 300 ms; within 3× the floor"
    notes: str = ""

    @property
    def ratio(self) -> float | None:
        """value / peer_value: above 1 means bigger than the peer (slower, for times)."""
        if self.peer_value is None or self.peer_value == 0:
            return None
        return self.value / self.peer_value

    def as_json(self) -> dict[str, object]:
        return {
            "id": self.id,
            "name": self.name,
            "value": self.value,
            "unit": self.unit,
            "peer": self.peer,
            "peer_value": self.peer_value,
            "ratio": self.ratio,
            "aim": self.aim,
            "notes": self.notes,
        }


def time_command(argv: Sequence[str], timeout: float = 60.0) -> float:
    """Wall time in seconds of one run of ``argv``; raises if it fails."""
    start = time.perf_counter()
    subprocess.run(argv, check=True, capture_output=True, timeout=timeout, stdin=subprocess.DEVNULL)
    return time.perf_counter() - start


def median_interleaved(
    subject: Callable[[], float], peer: Callable[[], float], runs: int
) -> tuple[float, float]:
    """Median of ``runs`` timings of each, taken turn about so that drift in the machine's
    load touches both alike. One untimed warm-up of each comes first."""
    subject()
    peer()
    subject_times: list[float] = []
    peer_times: list[float] = []
    for _ in range(runs):
        subject_times.append(subject())
        peer_times.append(peer())
    return statistics.median(subject_times), statistics.median(peer_times)
