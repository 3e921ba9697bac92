"""The best-effort model a ruleset's checks see when the schema refused parts
of a scenario: what was refused is known to the checks, by place."""

from __future__ import annotations

import pytest
from pydantic import BaseModel, ConfigDict, Field

from referee.core.errors import ScenarioError
from referee.core.i18n import msg
from referee.core.ruleset import Flow, GameState, Ruleset
from referee.core.scenario import Refused, refused, validate_scenario
from referee.core.waits import JSON


class Piece(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str = Field(pattern=r"^[a-z]+$")
    at: tuple[float, float]
    speed: int = 4


class Board(BaseModel):
    model_config = ConfigDict(extra="forbid")
    size: int = Field(10, gt=0)
    pieces: list[Piece] = Field(min_length=2)


SEEN: list[Refused] = []


class Boardgame(Ruleset[Board, GameState]):
    name = "boardgame"
    title = msg("boardgame.title")
    scenario_model = Board

    def seats(self, scenario: Board) -> tuple[str, ...]:
        return ("one",)

    def check_scenario(self, scenario: Board) -> list[str]:
        SEEN.append(refused(scenario))
        return []

    def new_state(self, scenario: Board) -> GameState:
        return GameState()

    def play(self, state: GameState) -> Flow:
        yield from ()

    def view(self, state: GameState, seat: str) -> dict[str, JSON]:
        return {}


def test_the_checks_learn_which_places_were_refused() -> None:
    SEEN.clear()
    data = {"size": -1, "pieces": [{"id": "Bad", "at": [1, 1]}, {"id": "b", "at": [2]},
                                   {"id": "c", "at": [3, 3], "speed": "fast"}]}
    with pytest.raises(ScenarioError) as caught:
        validate_scenario(Boardgame(), data, "inline")
    assert caught.value.problems == [
        "size: must be more than 0, got -1",
        'pieces[0] (Bad).id: "Bad" does not match the pattern ^[a-z]+$',
        "pieces[1] (b).at: needs a list of 2 numbers, got [2]",
        'pieces[2] (c).speed: expected a whole number, got "fast"']
    gone = SEEN[-1]
    # pieces[0] could not stand: the model's pieces are the file's [1] and [2]
    assert gone("size") and gone("pieces", 0, "at") and gone("pieces", 0, "at", 1)
    assert gone("pieces", 1, "speed") and not gone("pieces", 1, "at")
    assert gone.lost("pieces") and gone.within("pieces", 1) and not gone.within("pieces", 2)


def test_a_scenario_that_parsed_whole_has_nothing_refused() -> None:
    SEEN.clear()
    validate_scenario(Boardgame(), {"pieces": [{"id": "a", "at": [1, 1]},
                                               {"id": "b", "at": [2, 2]}]}, "inline")
    assert not SEEN[-1]
