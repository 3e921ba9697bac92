"""Bots above the rules: the random bot leaning as each ruleset's policy says
(:func:`referee.bots.policy.leaning`), and random playouts played by it.

Game ``k`` played with seed ``k`` is the same game wherever it is played
(``referee play --seat all=bot --seed``, ``referee simulate``, the
benchmarks, the tests), since all of them use these bots.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from random import Random

from pydantic import BaseModel

from referee.bots.policy import leaning
from referee.core import drivers
from referee.core.drivers import RandomBot
from referee.core.game import Game
from referee.core.ruleset import AnyRuleset

__all__ = ["random_bot", "random_playout", "random_playouts"]


def random_bot(rng: Random) -> RandomBot:
    """A random bot that leans among the options as the ruleset's policy says."""
    return RandomBot(rng, leaning)


def random_playout(game: Game, seed: int) -> Game:
    """Play ``game`` to its end with the ruleset's random bots and seeded dice."""
    return drivers.random_playout(game, seed, leaning)


def random_playouts(ruleset: AnyRuleset, scenario: BaseModel,
                    seeds: Iterable[int]) -> Iterator[Game]:
    """One playout of ``scenario`` by the ruleset's random bots per seed, in turn."""
    return drivers.random_playouts(ruleset, scenario, seeds, leaning)
