"""Night Watch benchmarks (run on demand: python bench/bench_night_watch.py).

Prints, for the example scenario played by random bots that read their own
seat's view for every decision (``referee.bots.random_playouts``): random
playouts per second and inputs per second, in one process and in one process
per core; then the cost of ``Game.fork()`` at input 10 against input 1,000
of a long game, and the time to load and replay a saved game of 1,000 inputs.
"""

from __future__ import annotations

import json
import os
import platform
import time
from random import Random

import timing

from referee.core.game import Game
from referee.core.savefile import game_from_json, game_to_json
from referee.core.scenario import load_scenario
from referee.core.waits import Decision
from referee.games.night_watch.scenario import Scenario

PLAYOUT_SECONDS = 5.0
TARGET_GAMES = 500
"""Random games a second the engine contract's second edition sets for this
example on a 2-core machine, bots reading their seat's views."""
LONG_INPUTS = 1_000
FORK_AT = (10, 1_000)
FORK_ROUNDS = 2_000
REPLAY_ROUNDS = 20


def playouts(seconds: float, first_seed: int = 0) -> tuple[int, int, float]:
    """Games and inputs played in about ``seconds``, and the time taken."""
    return timing.playouts("night-watch", seconds, first_seed)


def playouts_in_parallel(workers: int) -> tuple[float, float]:
    """Games and inputs per second with one process per worker, each playing
    its own seeds for PLAYOUT_SECONDS after a warm-up."""
    return timing.playouts_in_parallel("night-watch", workers, PLAYOUT_SECONDS)


def long_game(inputs: int) -> Game:
    """A game of ``inputs`` inputs: the example with endless turns and favour
    (bench-only settings) and decks of Defences only, so nobody dies."""
    ruleset, scenario = load_scenario("night-watch")
    assert isinstance(scenario, Scenario)
    defences = {watch: [card.model_copy(update={"kind": "defence", "count": 50})
                        for card in cards] for watch, cards in scenario.decks.items()}
    endless = scenario.model_copy(update={"decks": defences, "settings": scenario.settings
                                          .model_copy(update={"max_turns": 10_000,
                                                              "points_to_win": 10_000})})
    game = Game(ruleset, endless)
    rng = Random(1)
    while len(game.inputs) < inputs and not game.is_over:
        wait = game.waiting
        if isinstance(wait, Decision):
            seat = game.seats_to_answer()[0]
            game.answer(seat, rng.choice(wait.options_for(seat)).value)
        else:
            game.roll_random(rng)
    return game


def fork_microseconds(game: Game) -> float:
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(FORK_ROUNDS):
            game.fork()
        best = min(best, (time.perf_counter() - start) / FORK_ROUNDS)
    return best * 1e6


def replay_seconds(saved: dict[str, object]) -> float:
    best = float("inf")
    for _ in range(REPLAY_ROUNDS):
        start = time.perf_counter()
        game_from_json(saved, "bench")
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    cores = os.cpu_count() or 1
    print(f"machine: {platform.processor() or platform.machine()}, {platform.system()}, "
          f"{cores} cores, Python {platform.python_version()}")
    playouts(0.5, 10**6)  # loads the example and the text catalogues before the clocks start
    cpu = time.process_time()
    games, inputs, seconds = playouts(PLAYOUT_SECONDS)
    cpu = time.process_time() - cpu
    print(f"night_watch random playouts, bots reading their views, one process: "
          f"{games / seconds:,.0f} games/s, {inputs / seconds:,.0f} inputs/s "
          f"(mean {inputs / games:.0f} inputs a game; {games / cpu:,.0f} games per CPU second, "
          f"which a machine shared with other work shows better than the clock)")
    if cores > 1:
        rate, input_rate = playouts_in_parallel(cores)
        print(f"night_watch random playouts, {cores} processes: {rate:,.0f} games/s, "
              f"{input_rate:,.0f} inputs/s (target {TARGET_GAMES} games/s: "
              f"{'met' if rate >= TARGET_GAMES else 'not met'})")
    long = long_game(max(FORK_AT))
    forks = []
    for at in FORK_AT:
        game = Game(long.ruleset, long.scenario, long.inputs[:at])
        assert game._at.copyable, "a generator on the stack: fork would replay"
        forks.append(fork_microseconds(game))
    print(f"night_watch Game.fork(): {forks[0]:.0f} µs at input {FORK_AT[0]:,}, "
          f"{forks[1]:.0f} µs at input {FORK_AT[1]:,} (ratio {forks[1] / forks[0]:.2f})")
    saved = json.loads(json.dumps(game_to_json(long)))
    replay = replay_seconds(saved)
    print(f"night_watch replay of a saved game of {len(long.inputs):,} inputs: "
          f"{replay * 1000:.1f} ms (best of {REPLAY_ROUNDS}, checksum checked)")


if __name__ == "__main__":
    main()
