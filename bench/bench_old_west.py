"""Old West figures, run on demand: ``.venv/bin/python bench/bench_old_west.py``.

Prints, on the example scenario, random playouts per second with bots reading
their seat's view (and inputs per second), in one process and in one process
per core, against the target set for a 2-core machine; the cost of a copy
(``Game.fork()``) at input 10 against a late input of a long game; the exact
enumerator's time for 2 dice against 3 in a roll-off; and one Melee phase of
20 one-against-one groups.
"""

from __future__ import annotations

import os
import time
from fractions import Fraction
from random import Random
from typing import Any

import timing

from referee.bots import random_bot
from referee.core.drivers import RandomChance, play_out
from referee.core.enumerate import distribution
from referee.core.game import Game
from referee.core.i18n import render
from referee.core.ruleset import find_ruleset
from referee.core.scenario import load_scenario
from referee.games.old_west.scenario import OldWestScenario

R = 25 / 25.4 / 2
PLAYOUT_SECONDS = 5.0
TARGET_GAMES = 50
"""Random games a second the engine contract's second edition sets for this
example on a 2-core machine, bots reading their seat's views."""
ROLL_OFF_TARGET = 0.1
"""Seconds the exact enumerator may take for 2 dice against 3 through the engine."""


def playouts_for(seconds: float, first_seed: int = 0) -> tuple[int, int, float]:
    """Games and inputs played in about ``seconds``, and the time taken."""
    return timing.playouts("old-west", seconds, first_seed)


def playouts_in_parallel(workers: int) -> tuple[float, float]:
    """Games and inputs per second with one process per worker, each playing
    its own seeds for PLAYOUT_SECONDS after a warm-up."""
    return timing.playouts_in_parallel("old-west", workers, PLAYOUT_SECONDS)


def playouts() -> None:
    """Random bots: each answer is chosen from the seat's own view (drivers.Ask)."""
    playouts_for(0.5, 10**6)  # loads the example and the text catalogues before the clocks start
    cpu = time.process_time()
    games, inputs, seconds = playouts_for(PLAYOUT_SECONDS)
    cpu = time.process_time() - cpu
    print(f"random playouts, one process: {games / seconds:.1f} games/s, "
          f"{inputs / seconds:.0f} inputs/s ({inputs / games:.0f} inputs a game; "
          f"{games / cpu:.1f} games per CPU second, which a machine shared with other work "
          f"shows better than the clock)")
    cores = os.cpu_count() or 1
    if cores > 1:
        rate, input_rate = playouts_in_parallel(cores)
        print(f"random playouts, {cores} processes: {rate:.1f} games/s, {input_rate:.0f} "
              f"inputs/s (target {TARGET_GAMES} games/s: "
              f"{'met' if rate >= TARGET_GAMES else 'not met'})")


def long_game(inputs: int) -> Game:
    """The example with a last turn far away, played by random bots until
    ``inputs`` inputs (or its end)."""
    ruleset, scenario = load_scenario("old-west")
    data = scenario.model_dump()
    data["house_rules"]["max_turns"] = 200
    for posse in data["posses"]:
        for model in posse["models"]:
            model["wounds"] = 10
            if model.get("mount"):
                model["mount"]["wounds"] = 10
    long = OldWestScenario.model_validate(data)
    seed = 0
    while True:
        game = Game(ruleset, long)
        rng = Random(seed)
        play_out(game, dict.fromkeys(game.seats, random_bot(rng)), RandomChance(rng),
                 max_inputs=inputs)
        if len(game.inputs) >= inputs or seed > 20:
            return game
        seed += 1


def fork_cost(game: Game, repeats: int = 200) -> float:
    start = time.perf_counter()
    for _ in range(repeats):
        game.fork()
    return (time.perf_counter() - start) / repeats


def copies() -> None:
    early, late = long_game(10), long_game(1000)
    a, b = fork_cost(early), fork_cost(late)
    print(f"copy (Game.fork): {a * 1e3:.2f} ms at input {len(early.inputs)}, "
          f"{b * 1e3:.2f} ms at input {len(late.inputs)} ({b / a:.1f}x)")


def roll_off(repeats: int = 5) -> None:
    """2 Attacks against 3, one model each, exactly, through the engine."""
    law = [{"id": "law", "name": "Law", "at": [12, 12], "attacks": 2}]
    out = [{"id": "out", "name": "Out", "at": [12, 12 + 2 * R], "attacks": 3}]
    data = {"table": {"width": 24, "depth": 24},
            "posses": [{"seat": "lawmen", "name": "Lawmen", "models": law},
                       {"seat": "outlaws", "name": "Outlaws", "models": out}]}
    game = Game(find_ruleset("old-west"), OldWestScenario.model_validate(data))
    game.feed(6, 1)

    def decided(g: Game) -> bool:
        return any(e.text.key == "ow.fight-won" for e in g.state.log.events[-4:])

    def winner(g: Game) -> str:
        won = next(e for e in reversed(g.state.log.events) if e.text.key == "ow.fight-won")
        return render(won.text.params["posse"], "en")

    best = float("inf")
    odds: dict[str, Fraction] = {}
    for _ in range(repeats):
        start = time.perf_counter()
        odds = distribution(game, winner, decided)
        best = min(best, time.perf_counter() - start)
    shown = ", ".join(f"{k} {v} ({float(v):.4f})" for k, v in sorted(odds.items()))
    print(f"roll-off 2 dice against 3, exact: {best * 1e3:.1f} ms ({shown}; target "
          f"{ROLL_OFF_TARGET * 1e3:.0f} ms: {'met' if best < ROLL_OFF_TARGET else 'not met'})")


def twenty_groups() -> Game:
    diameter = 25 / 25.4
    law: list[dict[str, Any]] = []
    out: list[dict[str, Any]] = []
    for i in range(20):
        x, y = 3 + (i % 5) * 4.5, 3 + (i // 5) * 5
        law.append({"id": f"l{i}", "name": f"L{i}", "at": [x, y]})
        out.append({"id": f"o{i}", "name": f"O{i}", "at": [x, y + diameter]})
    data = {"table": {"width": 24, "depth": 24},
            "posses": [{"seat": "lawmen", "name": "Lawmen", "models": law},
                       {"seat": "outlaws", "name": "Outlaws", "models": out}]}
    return Game(find_ruleset("old-west"), OldWestScenario.model_validate(data))


def melee_phase(repeats: int = 5) -> None:
    best = float("inf")
    n = 0
    for _ in range(repeats):
        game = twenty_groups()
        game.feed(6, 1)
        start = time.perf_counter()
        n = 0
        while "ow.phase.melee-ended" not in [e.text.key for e in game.state.log.events[-3:]]:
            wait = game.waiting
            if wait is None:
                break
            if hasattr(wait, "outcomes"):
                game.roll((6, 1)[n % 2])
            else:
                game.answer(wait.seats[0], wait.options_for(wait.seats[0])[0].value)
            n += 1
        best = min(best, time.perf_counter() - start)
    print(f"one Melee phase, 20 groups: {best * 1000:.0f} ms ({n} inputs)")


if __name__ == "__main__":
    playouts()
    copies()
    roll_off()
    melee_phase()
