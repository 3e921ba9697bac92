"""Echo benchmarks (run on demand: python bench/bench_echo.py).

Prints random playouts of the example game per second and inputs per second,
the bots reading their own seat's view before every answer, and the time to
copy a game in the middle of a playout.
"""

from __future__ import annotations

import platform
import time
from random import Random

import timing

from referee.bots import random_bot
from referee.core.drivers import RandomChance, play_out
from referee.core.game import Game
from referee.core.scenario import load_scenario

SECONDS = 5.0
COPIES = 2_000


def playouts() -> tuple[float, float]:
    games, inputs, took = timing.playouts("echo", SECONDS)
    return games / took, inputs / took


def copies_per_second() -> float:
    ruleset, scenario = load_scenario("echo")
    game = Game(ruleset, scenario)
    bot = random_bot(Random(1))
    play_out(game, dict.fromkeys(game.seats, bot), RandomChance(Random(2)), max_inputs=60)
    start = time.perf_counter()
    for _ in range(COPIES):
        game.fork()
    return COPIES / (time.perf_counter() - start)


def main() -> None:
    print(f"Python {platform.python_version()} on {platform.machine()}")
    games, inputs = playouts()
    print(f"random playouts of the example: {games:,.1f} games/s, {inputs:,.0f} inputs/s")
    print(f"copies of a game after 60 inputs: {copies_per_second():,.0f}/s")


if __name__ == "__main__":
    main()
