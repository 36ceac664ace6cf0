"""Small helpers for the sentences the screens and commands say."""

from __future__ import annotations

from collections.abc import Sequence


def listed(items: Sequence[str]) -> str:
    """"Ann", "Ann and Bo", "Ann, Bo and Cy": names (or flags) in a sentence."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def possessive(name: str) -> str:
    """"Nightblade's", "Twin Fangs'" (a name ending in s takes the apostrophe alone)."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"
