"""Fair dice: every chance of a hosted game is drawn from a secret seed the
server commits to at creation.

Each seat is shown ``SHA-256(seed)`` from the first turn; the seed itself is
revealed when the game ends. The outcome of the chance that is input number
``n`` of the game is worked out from the seed and ``n`` alone, exactly:

    x = int(HMAC-SHA256(seed, "referee-dice/v1:" + n), big-endian) mod D

where ``D`` is the least common denominator of the outcomes' probabilities;
the outcomes, in the order the rules list them, take the ranges of ``x``
their probabilities give (an outcome of probability ``k/D`` takes ``k``
values). So anyone holding the saved game and the seed can replay it and
check every roll (:func:`check_save`), and nobody, the server's operator
included, could have picked a roll without breaking the commitment.
"""

from __future__ import annotations

import hashlib
import hmac
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from random import Random
from typing import Any

from referee.core.game import Game
from referee.core.savefile import game_from_json
from referee.core.waits import JSON, Chance, same_json

SCHEME = "hmac-sha256-v1"
SEED_BYTES = 32


def seed_hash(seed: bytes) -> str:
    return hashlib.sha256(seed).hexdigest()


def _stream(seed: bytes, label: str, index: int) -> bytes:
    return hmac.new(seed, f"{label}:{index}".encode(), hashlib.sha256).digest()


def draw(chance: Chance, seed: bytes, index: int) -> JSON:
    """The outcome of ``chance``, input number ``index`` of the game."""
    denominator = math.lcm(*(p.denominator for _, p in chance.outcomes))
    x = int.from_bytes(_stream(seed, "referee-dice/v1", index), "big") % denominator
    running = 0
    for value, probability in chance.outcomes:
        running += probability.numerator * (denominator // probability.denominator)
        if x < running:
            return value
    raise ValueError("the probabilities of a chance do not add up to 1")


def bot_random(seed: bytes, index: int) -> Random:
    """The random numbers of a bot answering input number ``index``."""
    return Random(int.from_bytes(_stream(seed, "referee-bot/v1", index), "big"))


@dataclass
class DiceCheck:
    """What :func:`check_save` found."""

    rolls: int = 0
    seed_matches: bool = False
    wrong: list[int] = field(default_factory=list)
    """Input numbers whose recorded outcome is not the seed's."""

    @property
    def ok(self) -> bool:
        return self.seed_matches and not self.wrong


def check_save(data: Mapping[str, Any], source: str = "save") -> tuple[Game, DiceCheck]:
    """Replay a save file downloaded from the server, checking its checksum,
    that its seed hashes to its commitment and that every chance input is
    the one the seed draws. :raises SaveFileError: for a file that does not
    replay; :raises ValueError: for a file with no revealed seed."""
    dice = (data.get("server") or {}).get("dice") or {}
    seed_text = dice.get("seed")
    if not isinstance(seed_text, str):
        raise ValueError("this save holds no seed: the game is not over yet")
    seed = bytes.fromhex(seed_text)
    found = DiceCheck(seed_matches=seed_hash(seed) == dice.get("seed_hash"))
    checked = game_from_json(dict(data), source, check=True, allow_unchecked=False)
    game = game_from_json({**data, "inputs": []}, source, check=False)
    for index, item in enumerate(data["inputs"]):
        wait = game.waiting
        if isinstance(item, dict) and "chance" in item and isinstance(wait, Chance):
            found.rolls += 1
            if not same_json(draw(wait, seed, index), item["chance"]):
                found.wrong.append(index)
        game.apply(item)
    return checked, found
