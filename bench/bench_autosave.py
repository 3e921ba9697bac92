"""Autosave: what saving after every input costs early and late in a game
(run on demand, not a test).

    .venv/bin/python bench/bench_autosave.py

A generated Facility building of 150 characters played by random bots (one
input a character a turn, so a long game), saved after every input as
``referee play --save`` saves it: the input appended to the file's journal
(``referee.core.journal``), the file written whole now and then; beside it,
the file written whole after every input (as before the journal). Each
figure is the mean over the 50 inputs from the 100th and from the 2,000th,
in milliseconds of process time, and late/early as a ratio (target: the
journal's cost does not grow with the game).
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from random import Random

from bench_facility import building

from referee.bots import random_playouts
from referee.core.game import Game
from referee.core.ruleset import find_ruleset
from referee.core.savefile import Autosave, save_game
from referee.core.scenario import validate_scenario

WINDOW = 50
EARLY, LATE = 100, 2_000


def long_game() -> Game:
    """A game of at least LATE + WINDOW inputs."""
    ruleset = find_ruleset("facility")
    data = {"ruleset": "facility", "turn": 1, "settings": {"last_turn": 15},
            **building(150, 30, Random(5))}
    del data["ruleset"]
    scenario = validate_scenario(ruleset, data, "bench")
    for game in random_playouts(ruleset, scenario, range(50)):
        if len(game.inputs) >= LATE + WINDOW:
            return game
    raise SystemExit("no game long enough")


def cost(game: Game, folder: Path, journal: bool) -> dict[int, float]:
    """Mean process seconds of a save after each input in each window."""
    replay = Game(game.ruleset, game.scenario)
    path = folder / ("journal.json" if journal else "whole.json")
    saver = Autosave(path)
    saver.save(replay)
    means: dict[int, float] = {}
    for index, item in enumerate(game.inputs[: LATE + WINDOW], start=1):
        replay.apply(item)
        window = EARLY if EARLY <= index < EARLY + WINDOW else \
            LATE if LATE <= index < LATE + WINDOW else None
        if window is None and not journal:
            continue  # the whole file is written only where it is measured
        began = time.process_time()
        if journal:
            saver.save(replay)
        else:
            save_game(replay, path)
        if window is not None:
            means[window] = means.get(window, 0.0) + (time.process_time() - began) / WINDOW
    return means


def main() -> None:
    game = long_game()
    print(f"autosave, a Facility game of {len(game.inputs)} inputs "
          f"(mean of {WINDOW} saves from the {EARLY}th and the {LATE:,}th input):", flush=True)
    with tempfile.TemporaryDirectory() as name:
        for label, journal in (("journal (referee play --save)", True),
                               ("whole file every input", False)):
            means = cost(game, Path(name), journal)
            print(f"  {label:<32} {means[EARLY] * 1000:7.2f} ms at {EARLY}, "
                  f"{means[LATE] * 1000:7.2f} ms at {LATE:,}: "
                  f"{means[LATE] / means[EARLY]:5.1f}x", flush=True)


if __name__ == "__main__":
    main()
