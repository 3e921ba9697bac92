"""Night Watch benchmarks (run on demand: python bench/bench_night_watch.py).

Prints random playouts of the example game per second, and the time to load
and replay a saved game of 1,000 inputs.
"""

from __future__ import annotations

import json
import platform
import time
from random import Random

from referee.core.drivers import random_playout
from referee.core.game import Game
from referee.core.savefile import game_from_json, game_to_json
from referee.core.scenario import load_scenario
from referee.games.night_watch.scenario import Scenario

PLAYOUT_SECONDS = 5.0
REPLAY_INPUTS = 1_000
REPLAY_ROUNDS = 20


def playouts_per_second() -> tuple[float, float]:
    ruleset, scenario = load_scenario("night-watch")
    games = inputs = 0
    start = time.perf_counter()
    while time.perf_counter() - start < PLAYOUT_SECONDS:
        game = random_playout(Game(ruleset, scenario), games)
        games += 1
        inputs += len(game.inputs)
    elapsed = time.perf_counter() - start
    return games / elapsed, inputs / games


def long_game() -> dict[str, object]:
    """A saved game of REPLAY_INPUTS inputs: the example with endless turns and
    decks of Defences only, so nobody dies and the game goes on."""
    ruleset, scenario = load_scenario("night-watch")
    assert isinstance(scenario, Scenario)
    defences = {watch: [card.model_copy(update={"kind": "defence", "count": 50})
                        for card in cards] for watch, cards in scenario.decks.items()}
    endless = scenario.model_copy(update={"decks": defences, "settings": scenario.settings
                                          .model_copy(update={"max_turns": 10_000,
                                                              "points_to_win": 10_000})})
    game = Game(ruleset, endless)
    rng = Random(1)
    while len(game.inputs) < REPLAY_INPUTS and not game.is_over:
        if game.seats_to_answer():
            wait = game.waiting
            seat = game.seats_to_answer()[0]
            game.answer(seat, rng.choice(wait.options_for(seat)).value)  # type: ignore[union-attr]
        else:
            game.roll_random(rng)
    return json.loads(json.dumps(game_to_json(game)))


def replay_seconds(saved: dict[str, object]) -> float:
    best = float("inf")
    for _ in range(REPLAY_ROUNDS):
        start = time.perf_counter()
        game_from_json(saved, "bench")
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    print(f"machine: {platform.processor() or platform.machine()}, {platform.system()}, "
          f"Python {platform.python_version()}")
    rate, length = playouts_per_second()
    print(f"night_watch random playouts: {rate:,.0f} games/s (mean {length:.0f} inputs a game)")
    saved = long_game()
    inputs = len(saved["inputs"])  # type: ignore[arg-type]
    seconds = replay_seconds(saved)
    print(f"night_watch replay of a saved game of {inputs:,} inputs: {seconds * 1000:.1f} ms "
          f"(best of {REPLAY_ROUNDS}, checksum checked)")


if __name__ == "__main__":
    main()
