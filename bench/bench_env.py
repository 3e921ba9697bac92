"""The PettingZoo environments' speed, run on demand:
``.venv/bin/python bench/bench_env.py [RULESET ...]``.

Prints, per ruleset on its example scenario, AEC environment steps per
second under random legal actions (and how many of them answered the game
rather than waited), games per second, parallel environment steps per
second, then PettingZoo's own ``performance_benchmark`` (turns and cycles
per second, five seconds each). What was alive before the first game is set
aside from the garbage collector's scans meanwhile
(:func:`referee.runtime.frozen_heap`), as a training loop that owns its
process may do and as ``referee simulate`` does.
"""

from __future__ import annotations

import sys
import time
from random import Random

import numpy as np
from pettingzoo.test import performance_benchmark

import referee
from referee.runtime import frozen_heap

RULESETS = ("night-watch", "echo", "old-west", "samurai", "facility")
SECONDS = 3.0


def aec_line(name: str, seconds: float = SECONDS) -> str:
    """AEC steps (and answering steps) per second, random legal actions."""
    environment = referee.env(name)
    rng = Random(0)
    steps = answers = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        environment.reset(seed=games)
        for _agent in environment.agent_iter():
            observation, _, terminated, truncated, _ = environment.last()
            if terminated or truncated:
                environment.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            answers += int(legal[0] != 0)
            environment.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
        games += 1
    took = time.perf_counter() - start
    return (f"{name}: AEC {steps / took:.0f} steps/s ({answers / took:.0f} answering), "
            f"{games / took:.2f} games/s, {steps / games:.0f} steps a game")


def parallel_line(name: str, seconds: float = SECONDS) -> str:
    """Parallel steps (cycles) per second, random legal actions."""
    environment = referee.parallel_env(name)
    rng = Random(0)
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        observations, _ = environment.reset(seed=games)
        while environment.agents:
            actions = {}
            for agent in environment.agents:
                legal = np.flatnonzero(observations[agent]["action_mask"])
                actions[agent] = int(legal[rng.randrange(len(legal))])
            observations, *_ = environment.step(actions)
            steps += 1
        games += 1
    took = time.perf_counter() - start
    return f"{name}: parallel {steps / took:.0f} steps/s, {games / took:.2f} games/s"


def main(names: tuple[str, ...] | list[str]) -> None:
    with frozen_heap():
        for name in names:
            print(aec_line(name), flush=True)
            print(parallel_line(name), flush=True)
        for name in names:
            print(f"{name}: PettingZoo's performance_benchmark", flush=True)
            performance_benchmark(referee.env(name))


if __name__ == "__main__":
    main(sys.argv[1:] or RULESETS)
