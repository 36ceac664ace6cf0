"""Seat tokens, join codes and seeds: every secret the server makes comes from here."""

from __future__ import annotations

import hashlib
import hmac
import secrets

#: Join-code alphabet: no 0/O, 1/I/L, so a code can be read aloud.
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 6


def new_token() -> str:
    """A seat token: 192 random bits, URL-safe text."""
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    """What the server stores instead of a token."""
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: object, stored_hash: str | None) -> bool:
    """Whether ``token`` is the one whose hash is stored (constant-time compare)."""
    if stored_hash is None or not isinstance(token, str):
        return False
    return hmac.compare_digest(hash_token(token), stored_hash)


def new_join_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_seed() -> int:
    """A game seed: 128 bits from the OS."""
    return secrets.randbits(128)
