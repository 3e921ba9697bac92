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
step and with actions alone (the ratios are to the second, the faster),
and again with actions alone right after each ruleset: each ratio is to
that measure, taken as close as can be to the ruleset's own, since the
load of a shared host changes from one minute to the next. Both sides are
timed by the process's CPU time (``time.process_time``), so other work on
the machine slows neither's figure by taking turns on its cores.
Without ``open_spiel`` (``pip install -e '.[bench]'``) it says so. Naming
rulesets measures those alone (every ruleset without).
"""

from __future__ import annotations

import random
import sys
import time

from timing import warm_playouts

from referee.core.ruleset import ruleset_names

TARGET = {"night-watch": 0.8}
"""The multiple of tic-tac-toe's inputs a second each ruleset aims for (0.5 otherwise)."""


def open_spiel_rate(seconds: float, observe: bool) -> float | None:
    """Actions a second of random playouts of python_tic_tac_toe; None
    without open_spiel."""
    try:
        import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]
        from open_spiel.python import games  # type: ignore[import-not-found,import-untyped,unused-ignore]  # noqa: F401
    except ImportError:
        return None
    game = pyspiel.load_game("python_tic_tac_toe")
    rng = random.Random(0)

    def play(until: float) -> int:
        actions = 0
        while time.process_time() < until:
            state = game.new_initial_state()
            while not state.is_terminal():
                if observe:
                    state.observation_tensor(state.current_player())
                state.apply_action(rng.choice(state.legal_actions()))
                actions += 1
        return actions

    play(time.process_time() + 1.0)
    began = time.process_time()
    actions = play(began + seconds)
    return actions / (time.process_time() - began)


def main(seconds: float, names: list[str]) -> None:
    print(f"random playouts, inputs a CPU-second, one process, {seconds:g} s of CPU each:",
          flush=True)
    observed = open_spiel_rate(seconds, observe=True)
    base = open_spiel_rate(seconds, observe=False)
    if observed is None or base is None:
        print("  OpenSpiel python_tic_tac_toe: open_spiel is not installed "
              "(pip install -e '.[bench]'); no ratios", flush=True)
    else:
        print(f"  OpenSpiel python_tic_tac_toe {observed:9.0f} inputs/s reading the observation,"
              f" {base:.0f} actions alone", flush=True)
    for name in names or ruleset_names():
        games, inputs, took = warm_playouts(name, seconds, clock=time.process_time)
        line = f"  {name:<28} {inputs / took:9.0f} inputs/s ({games / took:6.1f} games/s)"
        if base is not None:
            beside = open_spiel_rate(seconds, observe=False) or base
            line += (f"  {inputs / took / beside:5.2f}x tic-tac-toe's {beside:.0f} "
                     f"(target {TARGET.get(name.replace('_', '-'), 0.5)}x)")
        print(line, flush=True)


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 3.0, sys.argv[2:])
