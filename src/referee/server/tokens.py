"""Secret tokens and receipts.

A token is 256 random bits written in URL-safe base64; the database keeps
only its SHA-256, and a token is found by that hash and then compared in
constant time. A receipt is the SHA-256 of the game, the seat, the input's
sequence number and the answer as canonical JSON: a seat keeps it and can
later find its answer in the saved game (``referee verify SAVE --receipt``).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from typing import Any

TOKEN_BYTES = 32
RECEIPT_PREFIX = "referee-receipt/v1"


def new_token(random_bytes: bytes) -> str:
    """A token from ``random_bytes`` (at least 16 of them: 128 bits)."""
    if len(random_bytes) < 16:
        raise ValueError("a token needs at least 128 random bits")
    return base64.urlsafe_b64encode(random_bytes).decode().rstrip("=")


def seat_token(master: str, seat: str) -> str:
    """The token of ``seat``, derived from the game master's: the master's
    desk can show every seat's link again although the server keeps only
    hashes (the game master hands the links out, so knows them anyway)."""
    digest = hmac.new(master.encode(), f"referee-seat/v1:{seat}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(digest.digest()).decode().rstrip("=")


def new_game_id(random_bytes: bytes) -> str:
    """A game's id (public: it is in every route)."""
    return base64.urlsafe_b64encode(random_bytes).decode().rstrip("=")


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def same_hash(stored: str, token: str) -> bool:
    """``token`` hashes to ``stored``, compared in constant time."""
    return hmac.compare_digest(stored.encode(), token_hash(token).encode())


def canonical(value: Any) -> str:
    """JSON with sorted keys and no spaces: equal values, equal text."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def receipt(game: str, seat: str, seq: int, answer: Any) -> str:
    """The receipt of ``seat``'s ``answer``, input number ``seq`` of ``game``."""
    text = f"{RECEIPT_PREFIX}\n{game}\n{seat}\n{seq}\n{canonical(answer)}"
    return hashlib.sha256(text.encode()).hexdigest()
