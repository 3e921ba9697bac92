"""Hosted search bots (run on demand: python bench/bench_hosted_search.py
[GAMES [INPUTS [RULESET ...]]]).

For each ruleset whose package offers the search bot (or those named), plays GAMES games
(2 by default) of its example, at most INPUTS inputs each (300 by
default), with the search bot at every seat as the server hosts it: a new
bot for every answer, its numbers drawn from the game's seed and the
answer's number, its budget its playouts alone (no clock:
:func:`referee.server.store.turns.hosted_bot`). Prints the playouts a
question and the time an answer takes (mean, median, 90th percentile and
longest, in seconds of the clock on the wall and of the processor), with
the machine's load, for docs/server.md.
"""

from __future__ import annotations

import os
import platform
import statistics
import sys
import time
from random import Random

from referee.bots.kinds import SEARCH, kinds_for
from referee.core.drivers import Ask, RandomChance
from referee.core.game import Game
from referee.core.ruleset import all_rulesets
from referee.core.scenario import load_scenario
from referee.core.waits import Chance
from referee.server import dice
from referee.server.store.turns import hosted_bot, search_playouts


def answer_times(name: str, games: int, inputs: int) -> tuple[list[float], list[float]]:
    """The wall-clock and processor seconds of every search answer in
    ``games`` games of ``name`` with the hosted search bot at every seat."""
    ruleset, scenario = load_scenario(name)
    wall: list[float] = []
    cpu: list[float] = []
    for number in range(games):
        seed = number.to_bytes(32, "big")
        game = Game(ruleset, scenario)
        chance = RandomChance(Random(number))
        while game.waiting is not None and len(game.inputs) < inputs:
            wait = game.waiting
            if isinstance(wait, Chance):
                game.roll(chance.outcome(game, wait))
                continue
            seats = game.seats_to_answer()
            if not seats:
                game.close()
                continue
            bot = hosted_bot(ruleset, SEARCH, dice.bot_random(seed, len(game.inputs)),
                             game.scenario)
            started, used = time.perf_counter(), time.process_time()
            answer = bot.choose(Ask.of(game, seats[0]))
            wall.append(time.perf_counter() - started)
            cpu.append(time.process_time() - used)
            game.answer(seats[0], answer)
    return wall, cpu


def figures(times: list[float]) -> str:
    ordered = sorted(times)
    return (f"mean {statistics.mean(ordered):.2f}, median {statistics.median(ordered):.2f}, "
            f"90% {ordered[int(0.9 * (len(ordered) - 1))]:.2f}, longest {ordered[-1]:.2f}")


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    inputs = int(sys.argv[2]) if len(sys.argv) > 2 else 300
    named = set(sys.argv[3:])
    print(f"{platform.python_implementation()} {platform.python_version()}, "
          f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f} at the start")
    for ruleset in all_rulesets():
        if SEARCH not in kinds_for(ruleset) or (named and ruleset.name not in named):
            continue
        wall, cpu = answer_times(ruleset.name, games, inputs)
        print(f"{ruleset.name}: {search_playouts(ruleset)} playouts a question, "
              f"{len(wall)} answers in {games} games")
        print(f"  wall clock: {figures(wall)} s")
        print(f"  processor:  {figures(cpu)} s")
    print(f"load {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
