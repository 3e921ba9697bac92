"""Helpers for the Old West tests: small scenarios built in code."""

from __future__ import annotations

import math
from typing import Any

from referee.boards.table import mm_to_inches
from referee.core.game import Game
from referee.core.ruleset import find_ruleset
from referee.core.waits import Chance, Decision
from referee.games.old_west.scenario import OldWestScenario

R = mm_to_inches(25) / 2
"""Radius of a 25 mm foot base, in inches."""
RM = mm_to_inches(50) / 2
"""Radius of a 50 mm mounted base."""


LAW_FIRST = (6, 1)
"""The Drop: Lawmen 6, Outlaws 1 — the Lawmen have Advantage."""

def m(model_id: str, x: float, y: float, **profile: Any) -> dict[str, Any]:
    """A model of Fighting 3, S3, T3, A1, W1, Pluck 3 unless told otherwise."""
    return {"id": model_id, "name": model_id.title(), "at": [x, y], **profile}


def touching(x: float, y: float, degrees: float, r1: float = R, r2: float = R) -> list[float]:
    """The centre of a base touching the one at (x, y), in that direction."""
    a = math.radians(degrees)
    return [x + (r1 + r2) * math.cos(a), y + (r1 + r2) * math.sin(a)]


def build(law_models: list[dict[str, Any]], out_models: list[dict[str, Any]],
          **extra: Any) -> Game:
    """Lawmen against Outlaws; ``lawmen={...}``/``outlaws={...}`` add posse fields."""
    data: dict[str, Any] = {
        "table": {"width": 24, "depth": 24},
        "posses": [{"seat": "lawmen", "name": "Lawmen", "models": law_models},
                   {"seat": "outlaws", "name": "Outlaws", "models": out_models}],
        **extra,
    }
    for posse in data["posses"]:
        posse.update(extra.pop(posse["seat"], {}))
    data.pop("lawmen", None)
    data.pop("outlaws", None)
    return Game(find_ruleset("old-west"), OldWestScenario.model_validate(data))


def keys(game: Game) -> list[str]:
    return [e.text.key for e in game.state.log.events]


def events(game: Game, key: str) -> list[dict[str, Any]]:
    return [dict(e.text.params) for e in game.state.log.events if e.text.key == key]


def facts(game: Game, kind: str) -> list[dict[str, Any]]:
    """The facts of every log line of ``kind``, as the referee reads them."""
    found = [e.facts_for() for e in game.state.log.events]
    return [dict(f) for f in found if f is not None and f["kind"] == kind]


def asked(game: Game) -> str:
    """The catalogue key of what the game waits for."""
    wait = game.waiting
    if isinstance(wait, Decision):
        return wait.question.key
    if isinstance(wait, Chance):
        return wait.what.key
    return "over"


def options(game: Game, seat: str | None = None) -> list[Any]:
    wait = game.waiting
    if not isinstance(wait, Decision):
        raise AssertionError(f"not a decision: {asked(game)}")
    return [o.value for o in wait.options_for(seat or wait.seats[0])]


def alive(game: Game, model_id: str) -> bool:
    return bool(game.state.fighters[model_id].active)


def at(game: Game, model_id: str) -> tuple[float, float]:
    xy: tuple[float, float] = game.state.table.pieces[model_id].xy
    return xy


def gap(game: Game, a: str, b: str) -> float:
    d: float = game.state.table.distance(a, b)
    return d


def feed_until(game: Game, key: str, *values: Any) -> None:
    """Feed ``values`` and check the game then waits for ``key``."""
    game.feed(*values)
    assert asked(game) == key, f"waits for {asked(game)}, not {key}"


def decision(game: Game) -> Decision:
    wait = game.waiting
    if not isinstance(wait, Decision):
        raise AssertionError(f"not a decision: {asked(game)}")
    return wait


def chance(game: Game) -> Chance:
    wait = game.waiting
    if not isinstance(wait, Chance):
        raise AssertionError(f"not a chance: {asked(game)}")
    return wait
