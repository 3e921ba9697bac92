"""Old West figures, run on demand: ``.venv/bin/python bench/bench_old_west.py``.

Prints random playouts of the example scenario per second, and the time to
resolve one Melee phase of 20 one-against-one groups.
"""

from __future__ import annotations

import time
from typing import Any

from referee.core.drivers import random_playout
from referee.core.game import Game
from referee.core.ruleset import find_ruleset
from referee.core.scenario import load_scenario
from referee.games.old_west.scenario import OldWestScenario


def playouts(seconds: float = 5.0) -> None:
    ruleset, scenario = load_scenario("old-west")
    start, count, inputs = time.perf_counter(), 0, 0
    while time.perf_counter() - start < seconds:
        game = random_playout(Game(ruleset, scenario), count)
        count += 1
        inputs += len(game.inputs)
    took = time.perf_counter() - start
    print(f"random playouts: {count / took:.1f}/s ({inputs / count:.0f} inputs each)")


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
    melee_phase()
