"""A long test game written as frames: Walk. One seat, ``rounds`` rounds;
each round the walker picks a stride (1 or 2) and a die adds 0 or 1. The
position is where the walker stands; the game ends after the last round.

Its rules count how often they run, so a test can tell a copy from a replay.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from referee.core.flow import Frame, Step, done
from referee.core.i18n import CATALOGUE, msg
from referee.core.readonly import read_only
from referee.core.ruleset import GameState, GameType, Outcome, Ruleset, Verdict, Void
from referee.core.waits import JSON, Chance, Decision, Option

CATALOGUE.load(Path(__file__).with_name("toy.toml"))


class WalkScenario(BaseModel):
    model_config = ConfigDict(extra="forbid")
    rounds: int = 10
    crash_at: int | None = None
    """A defect planted for tests: the rules fail when the walker reaches this square."""


class WalkState(GameState):
    def __init__(self, scenario: WalkScenario) -> None:
        super().__init__()
        self.rounds = scenario.rounds
        self.crash_at = scenario.crash_at
        self.at = 0
        self.round = 0
        self.board = {"squares": list(range(scenario.rounds * 3))}
        """Fixed for the whole game, prepared anew by every game."""

    def shared(self) -> tuple[object, ...]:
        return (self.board,)


CALLS = {"rules": 0}
"""How many times a rule of Walk ran (a frame method or new_state)."""


class Walk(Ruleset[WalkScenario, WalkState]):
    name = "walk"
    title = msg("walk.title")
    game_type = GameType(decisions="sequential", chance=True, hidden_information=False,
                         cooperative=True, min_seats=1, max_seats=1, max_length=None)
    scenario_model = WalkScenario

    def seats(self, scenario: WalkScenario) -> tuple[str, ...]:
        return ("walker",)

    def new_state(self, scenario: WalkScenario) -> WalkState:
        CALLS["rules"] += 1
        if scenario.crash_at == 0:
            raise ZeroDivisionError("a planted defect at setup")
        return WalkState(scenario)

    def play(self, state: WalkState) -> Frame:
        return Round()

    def view(self, state: WalkState, seat: str) -> dict[str, JSON]:
        return {"at": state.at, "round": state.round}

    def timed_out(self, state: WalkState) -> Outcome | None:
        if state.round < state.rounds:
            return None
        return Outcome.together(("walker",), state.at >= state.rounds, msg("walk.end"))


@dataclass
class Round(Frame):
    stride: int = 0

    def start(self, state: WalkState) -> Step:
        CALLS["rules"] += 1
        options = [Option(n, msg("walk.stride", n=n)) for n in (1, 2)]
        return self.ask(Decision.single("walker", msg("walk.ask"), options), self.picked)

    def picked(self, state: WalkState, stride: int) -> Step:
        CALLS["rules"] += 1
        self.stride = stride
        return self.ask(Chance.uniform(msg("walk.die"), [0, 1]), self.rolled)

    def rolled(self, state: WalkState, extra: int) -> Step:
        CALLS["rules"] += 1
        state.at += self.stride + extra
        if state.at == state.crash_at:
            raise ZeroDivisionError("a planted defect")
        state.round += 1
        state.emit(msg("walk.moved", at=state.at))
        if state.round == state.rounds:
            return done()
        self.stride = 0
        return self.start(state)


class Plan(BaseModel):
    """Pairs's answer: a list of steps, each a number from 1 to 3."""

    model_config = ConfigDict(extra="forbid")
    steps: list[Any]


class PairsScenario(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PairState(GameState):
    def __init__(self) -> None:
        super().__init__()
        self.plans: dict[str, list[int]] = {}


class Pairs(Ruleset[PairsScenario, PairState]):
    """Two seats hand in plans at once; a step that is not 1-3 is void, a plan
    of more than three steps is refused."""

    name = "pairs"
    title = msg("pairs.title")
    game_type = GameType(decisions="simultaneous", chance=False, hidden_information=True,
                         cooperative=False, min_seats=2, max_seats=2, max_length=2)
    scenario_model = PairsScenario

    def seats(self, scenario: PairsScenario) -> tuple[str, ...]:
        return ("east", "west")

    def new_state(self, scenario: PairsScenario) -> PairState:
        return PairState()

    def play(self, state: PairState) -> Frame:
        return PlanTurn()

    def view(self, state: PairState, seat: str) -> dict[str, JSON]:
        return {"plans": state.plans}

    def check_answer(self, state: PairState, seat: str, decision: Decision,
                     answer: Any) -> Verdict:
        if len(answer.steps) > 3:
            return Verdict(answer, refusals=(msg("pairs.too-long", count=len(answer.steps)),))
        good = [s for s in answer.steps if s in (1, 2, 3)]
        voids = tuple(Void(f"steps[{i}]", msg("pairs.bad-step", step=str(s)))
                      for i, s in enumerate(answer.steps) if s not in (1, 2, 3))
        return Verdict(Plan(steps=good), voids=voids)

    def decided(self, state: PairState) -> Outcome | None:
        if not state.plans:
            return None
        east, west = sum(state.plans["east"]), sum(state.plans["west"])
        winners = [] if east == west else ["east" if east > west else "west"]
        return Outcome.win(("east", "west"), winners, msg("pairs.end"))


NO_STEPS = read_only({"steps": []})
"""Every seat's template: one read-only answer the rules share, as Facility's."""


@dataclass
class PlanTurn(Frame):
    def start(self, state: PairState) -> Step:
        seats = ("east", "west")
        return self.ask(Decision(seats, msg("pairs.ask"), schema=Plan,
                                 templates=dict.fromkeys(seats, NO_STEPS)),
                        self.planned)

    def planned(self, state: PairState, plans: dict[str, Plan]) -> Step:
        state.plans = {seat: list(plan.steps) for seat, plan in plans.items()}
        return done()
