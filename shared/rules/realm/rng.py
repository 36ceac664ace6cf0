"""The game's own random number generator: small, explicit state, same on every machine.

The state is one 64-bit integer kept inside the game state, so cloning and hashing a game
costs nothing extra and the sequence never depends on Python's ``random`` module.
SplitMix64 output; ``below(n)`` uses rejection sampling, so shuffles are unbiased.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    """An RNG state from any integer seed (≥128-bit seeds are folded in)."""
    state = 0x9E3779B97F4A7C15
    while True:
        state = (state ^ (seed & _MASK)) & _MASK
        state, _ = next_u64(state)
        seed >>= 64
        if seed <= 0:
            return state


def next_u64(state: int) -> tuple[int, int]:
    """Advance the state; return (new_state, a 64-bit output)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in ``[0, n)`` (n ≥ 1); returns (new_state, value)."""
    if n <= 1:
        return state, 0
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, x = next_u64(state)
        if x < limit:
            return state, x % n


def shuffle(state: int, items: list[int]) -> int:
    """Fisher–Yates shuffle of ``items`` in place; returns the new state."""
    for i in range(len(items) - 1, 0, -1):
        state, j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state
