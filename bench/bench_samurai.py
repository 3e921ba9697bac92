"""Samurai figures, run on demand: ``.venv/bin/python bench/bench_samurai.py``.

Prints, on the example scenario, random playouts per second with bots reading
their seat's view (and inputs per second), and the cost of a copy
(``Game.fork()``) early and late in a game.
"""

from __future__ import annotations

import time

from timing import playout_line

from referee.bots import random_playout
from referee.core.game import Game
from referee.core.scenario import load_scenario


def playouts(seconds: float = 5.0) -> None:
    """Random bots: each answer is chosen from the seat's own view (drivers.Ask)."""
    print(playout_line("samurai", seconds))


def copies(repeat: int = 200) -> None:
    """A copy's cost does not grow with the game's length."""
    ruleset, scenario = load_scenario("samurai")
    played = random_playout(Game(ruleset, scenario), 1)
    for at in (10, len(played.inputs) - 1):
        game = Game(ruleset, scenario, played.inputs[:at])
        assert game.cheap_to_copy
        start = time.perf_counter()
        for _ in range(repeat):
            game.fork()
        took = (time.perf_counter() - start) / repeat
        print(f"copy at input {at}: {took * 1e6:.0f} µs")


if __name__ == "__main__":
    playouts()
    copies()
