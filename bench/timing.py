"""What every benchmark times the same way: random playouts of a ruleset's
example, bots answering from their own seat's view (drivers.Ask)."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from itertools import count

from referee.bots import random_playouts
from referee.core.scenario import load_scenario
from referee.runtime import frozen_heap


def playouts(scenario_name: str, seconds: float, first_seed: int = 0,
             clock: Callable[[], float] = time.perf_counter) -> tuple[int, int, float]:
    """Games and inputs played in about ``seconds`` of ``clock``, and the
    time taken by it; what was alive before the first game is set aside from
    the garbage collector's scans meanwhile, as ``referee simulate`` does."""
    ruleset, scenario = load_scenario(scenario_name)
    games = inputs = 0
    with frozen_heap():
        start = clock()
        for game in random_playouts(ruleset, scenario, count(first_seed)):
            games += 1
            inputs += len(game.inputs)
            if clock() - start >= seconds:
                break
        return games, inputs, clock() - start


def playout_line(scenario_name: str, seconds: float = 5.0) -> str:
    """``random playouts: G games/s, I inputs/s (N inputs a game)``."""
    games, inputs, took = playouts(scenario_name, seconds)
    return (f"random playouts: {games / took:.1f} games/s, {inputs / took:.0f} inputs/s "
            f"({inputs / games:.0f} inputs a game)")


WARM_UP_SECONDS = 1.0


def playout_sampler(scenario_name: str, first_seed: int = 0,
                    clock: Callable[[], float] = time.process_time
                    ) -> Callable[[float], tuple[int, int, float]]:
    """A function that plays random games of the example for about the
    seconds of ``clock`` it is given, each call going on with the next seeds,
    and says the games and inputs played and the time they took (for short
    samples taken in turn with another measure; the caller owns the garbage
    collector's setting, e.g. :func:`referee.runtime.frozen_heap`)."""
    ruleset, scenario = load_scenario(scenario_name)
    games = random_playouts(ruleset, scenario, count(first_seed))

    def sample(seconds: float) -> tuple[int, int, float]:
        played = inputs = 0
        start = clock()
        for game in games:
            played += 1
            inputs += len(game.inputs)
            if clock() - start >= seconds:
                break
        return played, inputs, clock() - start

    return sample


def warm_playouts(scenario_name: str, seconds: float, first_seed: int = 0,
                  clock: Callable[[], float] = time.perf_counter) -> tuple[int, int, float]:
    """:func:`playouts` after a second of games not counted (loading the
    example, the text catalogues and the Russian dictionaries)."""
    playouts(scenario_name, WARM_UP_SECONDS, 10**9, clock)
    return playouts(scenario_name, seconds, first_seed, clock)


def playouts_in_parallel(scenario_name: str, workers: int,
                         seconds: float) -> tuple[float, float]:
    """Games and inputs a second with one process per worker, each warmed up,
    then playing its own seeds for ``seconds``: the sum of their rates."""
    with ProcessPoolExecutor(workers) as pool:
        results = list(pool.map(warm_playouts, [scenario_name] * workers,
                                [seconds] * workers,
                                [n * 1_000_000 for n in range(workers)]))
    return (sum(g / took for g, _, took in results), sum(i / took for _, i, took in results))


class CollectorTime:
    """CPU seconds the garbage collector spends in its scans while it is
    installed (``with CollectorTime() as spent: ...; spent.seconds``),
    measured through :data:`gc.callbacks`."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self._began = 0.0

    def _scan(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._began = time.process_time()
        else:
            self.seconds += time.process_time() - self._began

    def __enter__(self) -> CollectorTime:
        gc.callbacks.append(self._scan)
        return self

    def __exit__(self, *_: object) -> None:
        gc.callbacks.remove(self._scan)
