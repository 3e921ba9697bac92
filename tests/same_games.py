"""What the same-games tests share: a game's digest (its inputs, the views
its seats read and its checksum), played with every seat reading its view
at every question or by the random bots alone."""

from __future__ import annotations

import hashlib
import json
from random import Random

from referee.bots import random_bot, random_playouts
from referee.core.drivers import Ask, RandomChance, play_out
from referee.core.game import Game
from referee.core.scenario import load_scenario
from referee.core.waits import JSON


class ReadingBot:
    """The random bot, noting the view it is shown at every question."""

    def __init__(self, seed: int) -> None:
        self.bot = random_bot(Random(seed))
        self.seen = hashlib.sha256()

    def choose(self, ask: Ask) -> JSON:
        self.seen.update(json.dumps(ask.view, sort_keys=True, ensure_ascii=False).encode())
        return self.bot.choose(ask)


def digest(game: Game, seen: str = "") -> str:
    """The inputs, the views seen and the checksum of the finished game, as a
    short hex digest."""
    text = json.dumps(game.inputs, sort_keys=True) + seen + game.checksum()
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def game_read_throughout(example: str, seed: int) -> str:
    """The digest of game ``seed`` of ``example``, each seat reading its view
    at every question."""
    ruleset, scenario = load_scenario(example)
    game, reader = Game(ruleset, scenario), ReadingBot(seed)
    play_out(game, dict.fromkeys(game.seats, reader), RandomChance(Random(seed + 1)))
    return digest(game, reader.seen.hexdigest())


def many_games(example: str, games: int) -> str:
    """The digest of the digests of games 0 to ``games`` - 1 of ``example``,
    played by the random bots without reading views."""
    ruleset, scenario = load_scenario(example)
    digests = [digest(game) for game in random_playouts(ruleset, scenario, range(games))]
    return hashlib.sha256(" ".join(digests).encode()).hexdigest()[:12]
