"""Random playouts beside OpenSpiel's python_tic_tac_toe counted in machine
instructions, a figure the load of a shared host cannot tilt (run on demand,
not a test; needs valgrind and open_spiel).

    .venv/bin/python bench/bench_instructions.py [INPUTS] [RULESET ...]

Each side is played in a fresh Python process under valgrind's cachegrind
(``--cache-sim=no``: it counts the instructions executed, nothing more),
twice: once up to the end of its warm-up (loading, the text catalogues, a
few games not counted) and once going on to play at least INPUTS inputs
more (default 5,000), with a fixed hash seed, one OpenBLAS thread and the
same seeds each time (Referee's modules compiled beforehand).
The difference between the two counts is what those inputs cost, start-up
and warm-up taken out. The same code gives nearly the same count on any run,
busy host or not (tic-tac-toe's has differed by about 2% between runs);
the ratio (tic-tac-toe's instructions an input over the ruleset's) is the
multiple of tic-tac-toe's inputs a second the ruleset would reach if both
ran as many instructions a cycle, which the CPU-time ratios of
``bench_playouts.py`` measure together with the cycles. The
rulesets are played as there, by their random bots reading their views when
they need them; tic-tac-toe by a random agent asking for the legal actions
alone (the faster of that bench's two measures). Naming rulesets measures
those alone (Night Watch without).
"""

from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
import sys
from itertools import count
from pathlib import Path

from bench_playouts import TARGET

TIC_TAC_TOE = "python_tic_tac_toe"
WARM_UP_GAMES = 20
DEFAULT_INPUTS = 5_000
_REFS = re.compile(r"I\s+refs:\s+([\d,]+)")


def play_ruleset(name: str, inputs: int) -> int:
    """Play the warm-up games of ``name``, then games until ``inputs`` more
    inputs were made; the inputs made after the warm-up."""
    from referee.bots import random_playouts
    from referee.core.scenario import load_scenario
    from referee.runtime import frozen_heap

    ruleset, scenario = load_scenario(name)
    made = 0
    with frozen_heap():
        warm_up = range(10**9, 10**9 + WARM_UP_GAMES)
        for _ in random_playouts(ruleset, scenario, warm_up):
            pass
        if inputs > 0:
            for game in random_playouts(ruleset, scenario, count()):
                made += len(game.inputs)
                if made >= inputs:
                    break
    return made


def play_tic_tac_toe(inputs: int) -> int:
    """Play the warm-up games of tic-tac-toe, then games until ``inputs``
    more actions were taken; the actions taken after the warm-up."""
    import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]
    from open_spiel.python import games  # type: ignore[import-not-found,import-untyped,unused-ignore]  # noqa: F401

    game = pyspiel.load_game(TIC_TAC_TOE)

    def play(rng: random.Random, games_left: int, actions_wanted: int) -> int:
        actions = 0
        while games_left > 0 or actions < actions_wanted:
            games_left -= 1
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
                actions += 1
        return actions

    play(random.Random(1), WARM_UP_GAMES, 0)
    return play(random.Random(0), 0, inputs) if inputs > 0 else 0


def counted(side: str, inputs: int) -> tuple[int, int]:
    """Instructions executed by a fresh process playing ``side`` (a ruleset
    or tic-tac-toe) for ``inputs`` inputs after its warm-up, and the inputs
    it made."""
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no",
               "--cachegrind-out-file=/dev/null",
               sys.executable, __file__, "--side", side, str(inputs)]
    # OpenBLAS (loaded with numpy by shapely) starts worker threads whose
    # spinning valgrind counts too: Old West's and Samurai's counts differed
    # by up to 6% between runs of the same code with them.
    environment = dict(os.environ, PYTHONHASHSEED="0", OPENBLAS_NUM_THREADS="1")
    run = subprocess.run(command, capture_output=True, text=True, check=True,
                         env=environment, cwd=Path(__file__).parent)
    refs = _REFS.search(run.stderr)
    if refs is None:
        raise RuntimeError(f"cachegrind printed no instruction count:\n{run.stderr}")
    return int(refs.group(1).replace(",", "")), int(run.stdout.split()[-1])


def compiled_ahead() -> None:
    """Compile Referee's modules before counting: a module changed since its
    last import would otherwise be compiled in the first count (the warm-up
    alone) and not in the second, and the difference would come out short."""
    import referee

    subprocess.run([sys.executable, "-m", "compileall", "-q", *referee.__path__], check=True)


def per_input(side: str, inputs: int) -> float:
    """Instructions an input of ``side``, start-up and warm-up taken out."""
    before, _ = counted(side, 0)
    after, made = counted(side, inputs)
    return (after - before) / made


def main(inputs: int, names: list[str]) -> None:
    if shutil.which("valgrind") is None:
        print("instructions an input: valgrind is not installed; no figures")
        return
    print(f"random playouts, instructions an input counted by valgrind's cachegrind, "
          f"{inputs} inputs after a warm-up of {WARM_UP_GAMES} games, each side in "
          "its own process:", flush=True)
    compiled_ahead()
    try:
        base = per_input(TIC_TAC_TOE, inputs)
    except subprocess.CalledProcessError:
        print("  OpenSpiel python_tic_tac_toe: open_spiel is not installed "
              "(pip install -e '.[bench]'); no ratios", flush=True)
        return
    print(f"  OpenSpiel {TIC_TAC_TOE}  {base:9.0f} instructions an action", flush=True)
    for name in names or ["night-watch"]:
        cost = per_input(name, inputs)
        print(f"  {name:<28} {cost:9.0f} instructions an input  {base / cost:5.2f}x "
              f"tic-tac-toe's inputs per instruction "
              f"(target {TARGET.get(name.replace('_', '-'), 0.5)}x)", flush=True)


def child(side: str, inputs: int) -> None:
    """The measured process: plays ``side`` and prints the inputs made."""
    made = play_tic_tac_toe(inputs) if side == TIC_TAC_TOE else play_ruleset(side, inputs)
    print(made)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--side"]:
        child(sys.argv[2], int(sys.argv[3]))
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_INPUTS, sys.argv[2:])
