"""The same seeds play the same games: random games of the example, pinned
by a digest of every input, every seat's view at each question put to it,
and the game's checksum (the referee's view of the state and the whole log),
each worked out before the rules were made faster. A change meant only to
make the rules faster must leave every digest as it is; a change of the
rules, the views, the random bot or the dice changes them on purpose (then
compute them again)."""

from __future__ import annotations

import hashlib
import json
from random import Random

import pytest

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


def game_read_throughout(seed: int) -> str:
    """The digest of game ``seed``, each seat reading its view at every question."""
    ruleset, scenario = load_scenario("night-watch")
    game, reader = Game(ruleset, scenario), ReadingBot(seed)
    play_out(game, dict.fromkeys(game.seats, reader), RandomChance(Random(seed + 1)))
    return digest(game, reader.seen.hexdigest())


READ_THROUGHOUT = {
    0: "017a87c35dab", 1: "ef717731577b", 2: "5f07728b1c3b", 3: "7e983824bd25",
    4: "1bc772c1a37b", 5: "90596fbf1434", 6: "1fa50d93bf99", 7: "d441ca0d152c",
}

MANY = 300
MANY_GAMES = "757fdec0d1c9"
"""The digest of the digests of games 0 to MANY - 1, played without reading views."""


@pytest.mark.parametrize("seed", sorted(READ_THROUGHOUT))
def test_a_seeded_game_read_throughout_is_the_same_game(seed: int) -> None:
    assert game_read_throughout(seed) == READ_THROUGHOUT[seed]


def test_many_seeded_games_of_the_example_are_the_same_games() -> None:
    ruleset, scenario = load_scenario("night-watch")
    digests = [digest(game) for game in random_playouts(ruleset, scenario, range(MANY))]
    assert hashlib.sha256(" ".join(digests).encode()).hexdigest()[:12] == MANY_GAMES
