"""A game replayed step by step for its game master: the game after each
input, up to the moment the open turn began (what the seats answered in a
turn that is still open stays secret, on the desk too)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.core.events import REFEREE
from referee.core.game import Game
from referee.core.ruleset import find_ruleset
from referee.core.scenario import validate_scenario
from referee.core.waits import Decision


@dataclass(frozen=True)
class Step:
    """The game after ``number`` of its inputs (of ``last`` that may be shown)."""

    game: Game
    number: int
    last: int
    input: Any
    """The input that led here (None at the start)."""
    new_lines: int
    """How many lines of the referee's log this input added."""


def shown_inputs(data: dict[str, Any]) -> int:
    """How many of a saved game's inputs the replay shows: all of them, but
    for the answers given so far to a turn that is still open."""
    game = _start(data)
    settled = 0
    for index, item in enumerate(data["inputs"]):
        game.apply(item)
        wait = game.waiting
        pending = isinstance(wait, Decision) and \
            len(game.seats_to_answer()) < len(wait.seats)
        if not pending:
            settled = index + 1
    return settled


def step(data: dict[str, Any], number: int) -> Step:
    """The game after ``number`` inputs (brought within what may be shown)."""
    last = shown_inputs(data)
    number = max(0, min(number, last))
    game = _start(data)
    inputs = data["inputs"]
    before = 0
    for index in range(number):
        if index == number - 1:
            before = len(game.log_for(REFEREE))
        game.apply(inputs[index])
    added = len(game.log_for(REFEREE)) - before if number else 0
    return Step(game, number, last, inputs[number - 1] if number else None, added)


def _start(data: dict[str, Any]) -> Game:
    ruleset = find_ruleset(str(data["ruleset"]))
    return Game(ruleset, validate_scenario(ruleset, data["scenario"], "saved game"))
