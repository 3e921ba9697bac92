"""Random playouts of every ruleset beside OpenSpiel's python_tic_tac_toe, in
one process and one run (run on demand, not a test).

    .venv/bin/python bench/bench_playouts.py [SECONDS] [RULESET ...]

Each ruleset's example played by its random bots (reading their views when
they need them), and OpenSpiel's Python tic-tac-toe played by a random agent
that asks for the legal actions and the observation tensor at each step (as
a learning agent reads its state), each for SECONDS (default 3) after a
second's warm-up: inputs a second, and each ruleset's as a multiple of
tic-tac-toe's (issue 28's target: 0.5x for every ruleset, 0.8x for Night
Watch). Tic-tac-toe is measured twice, with the observation read at each
step and with actions alone (the ratios are to the second, the faster).
Each ratio is then measured in short samples taken in turn (SAMPLE_SECONDS
of the ruleset, as much of tic-tac-toe's actions alone, again and again,
which goes first alternating) until each side had SECONDS: the ratio
printed is the median of the samples' ratios, with the middle half of them
beside it. Both sides are timed by the process's CPU time
(``time.process_time``), so other work on the machine slows neither's
figure by taking turns on its cores; what it still changes (caches and
cores shared with it) changes both sides' samples alike, as the load of a
shared host changes from one second to the next, not within one. A figure
no load tilts at all, counted in instructions: ``bench_instructions.py``.
Without ``open_spiel`` (``pip install -e '.[bench]'``) it says so. Naming
rulesets measures those alone (every ruleset without).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable

from timing import WARM_UP_SECONDS, CollectorTime, playout_sampler, warm_playouts

from referee.core.ruleset import ruleset_names
from referee.runtime import frozen_heap

TARGET = {"night-watch": 0.8}
"""The multiple of tic-tac-toe's inputs a second each ruleset aims for (0.5 otherwise)."""
SAMPLE_SECONDS = 0.25
"""CPU seconds of one side in one of the samples taken in turn."""


def open_spiel_sampler(observe: bool) -> Callable[[float], tuple[int, float]] | None:
    """A function that plays random games of python_tic_tac_toe for about
    the CPU seconds it is given and says the actions taken and the time they
    took; None without open_spiel."""
    try:
        import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]
        from open_spiel.python import games  # type: ignore[import-not-found,import-untyped,unused-ignore]  # noqa: F401
    except ImportError:
        return None
    game = pyspiel.load_game("python_tic_tac_toe")
    rng = random.Random(0)

    def sample(seconds: float) -> tuple[int, float]:
        actions = 0
        began = time.process_time()
        while time.process_time() - began < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                if observe:
                    state.observation_tensor(state.current_player())
                state.apply_action(rng.choice(state.legal_actions()))
                actions += 1
        return actions, time.process_time() - began

    return sample


def open_spiel_rate(seconds: float, observe: bool) -> float | None:
    """Actions a second of random playouts of python_tic_tac_toe after a
    warm-up; None without open_spiel."""
    sample = open_spiel_sampler(observe)
    if sample is None:
        return None
    sample(WARM_UP_SECONDS)
    actions, took = sample(seconds)
    return actions / took


def in_turn(name: str, seconds: float) -> tuple[float, float, list[float], float, float]:
    """The ruleset's inputs and games a second over all its samples taken in
    turn with tic-tac-toe's (actions alone), and each pair's ratio of inputs a
    second to tic-tac-toe's, tic-tac-toe's actions a second over all, and the
    share of the ruleset's time the garbage collector took."""
    ruleset = playout_sampler(name, 0)
    tic_tac_toe = open_spiel_sampler(observe=False)
    assert tic_tac_toe is not None
    playout_sampler(name, 10**9)(WARM_UP_SECONDS)
    tic_tac_toe(WARM_UP_SECONDS)
    ratios: list[float] = []
    games = inputs = actions = 0
    took = took_base = collecting = 0.0
    with frozen_heap():
        for round_number in range(max(1, round(seconds / SAMPLE_SECONDS))):
            if round_number % 2:
                base = tic_tac_toe(SAMPLE_SECONDS)
            with CollectorTime() as collector:
                played = ruleset(SAMPLE_SECONDS)
            collecting += collector.seconds
            if not round_number % 2:
                base = tic_tac_toe(SAMPLE_SECONDS)
            ratios.append(played[1] / played[2] / (base[0] / base[1]))
            games, inputs, took = games + played[0], inputs + played[1], took + played[2]
            actions, took_base = actions + base[0], took_base + base[1]
    return inputs / took, games / took, ratios, actions / took_base, collecting / took


def main(seconds: float, names: list[str]) -> None:
    print(f"random playouts, inputs a CPU-second, one process, {seconds:g} s of CPU each"
          f" (with tic-tac-toe in turns of {SAMPLE_SECONDS:g} s):", flush=True)
    observed = open_spiel_rate(seconds, observe=True)
    base = open_spiel_rate(seconds, observe=False)
    if observed is None or base is None:
        print("  OpenSpiel python_tic_tac_toe: open_spiel is not installed "
              "(pip install -e '.[bench]'); no ratios", flush=True)
    else:
        print(f"  OpenSpiel python_tic_tac_toe {observed:9.0f} inputs/s reading the observation,"
              f" {base:.0f} actions alone", flush=True)
    for name in names or ruleset_names():
        target = TARGET.get(name.replace("_", "-"), 0.5)
        if base is None:
            games, inputs, took = warm_playouts(name, seconds, clock=time.process_time)
            print(f"  {name:<28} {inputs / took:9.0f} inputs/s ({games / took:6.1f} games/s)",
                  flush=True)
            continue
        rate, games_rate, ratios, beside, collecting = in_turn(name, seconds)
        low, _, high = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else ratios * 3
        print(f"  {name:<28} {rate:9.0f} inputs/s ({games_rate:6.1f} games/s)"
              f"  {statistics.median(ratios):5.2f}x tic-tac-toe's {beside:.0f} "
              f"(median of {len(ratios)} samples in turn, middle half {low:.2f}-{high:.2f}x; "
              f"target {target}x; garbage collector {collecting:.1%} of its time)", flush=True)


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 3.0, sys.argv[2:])
