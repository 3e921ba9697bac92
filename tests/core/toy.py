"""Tiny rulesets for testing the core: Toy draws from a small deck then bids
secretly; Solo is one seat picking, rolling and walking."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from random import Random
from typing import Any

from pydantic import BaseModel, ConfigDict

from referee.core import ruleset as ruleset_module
from referee.core.events import Audience
from referee.core.flow import Frame, Step, done
from referee.core.i18n import CATALOGUE, msg
from referee.core.ruleset import Flow, GameState, GameType, Outcome, Ruleset, Verdict
from referee.core.waits import JSON, Chance, Decision, Option, die

CATALOGUE.load(Path(__file__).with_name("toy.toml"))


class ToyScenario(BaseModel):
    model_config = ConfigDict(extra="forbid")
    deck: list[str] = ["A", "A", "B", "C"]
    draws: int = 2
    until_closed: bool = False
    """The bid closes only at a close input (a deadline)."""
    defaults: bool = False
    """At a close, a seat that did not bid bids its lowest card."""


class ToyState(GameState):
    def __init__(self, scenario: ToyScenario) -> None:
        super().__init__()
        self.deck = list(scenario.deck)
        self.draws = scenario.draws
        self.hands: dict[str, list[str]] = {"north": [], "south": []}
        self.bids: dict[str, str] = {}
        self.until_closed = scenario.until_closed
        self.defaults = scenario.defaults


class Toy(Ruleset[ToyScenario, ToyState]):
    name = "toy"
    title = msg("toy.title")
    game_type = GameType(decisions="both", chance=True, hidden_information=True,
                         cooperative=False, min_seats=2, max_seats=2, max_length=20)
    scenario_model = ToyScenario

    def seats(self, scenario: ToyScenario) -> tuple[str, ...]:
        return ("north", "south")

    def new_state(self, scenario: ToyScenario) -> ToyState:
        return ToyState(scenario)

    def play(self, state: ToyState) -> Frame:
        return ToyFlow()

    def view(self, state: ToyState, seat: str) -> dict[str, JSON]:
        return {
            "hand": list(state.hands.get(seat, [])) if seat != "referee"
            else {s: list(h) for s, h in state.hands.items()},
            "hand_sizes": {s: len(h) for s, h in state.hands.items()},
            "bids": dict(state.bids),
        }

    def decided(self, state: ToyState) -> Outcome | None:
        if not state.bids:
            return None
        best = max(state.bids.values())
        winners = tuple(s for s, b in state.bids.items() if b == best)
        return Outcome.win(("north", "south"), winners, msg("toy.highest"))


@dataclass
class ToyFlow(Frame):
    """Draw ``draws`` rounds of cards, north then south, then bid at once."""

    drawn: int = 0

    def start(self, state: ToyState) -> Step:
        if self.drawn == 2 * state.draws:
            return self.bid(state)
        counts = {card: state.deck.count(card) for card in sorted(set(state.deck))}
        return self.ask(Chance.weighted(msg("core.chance.draw", deck="toy"), counts), self.drew)

    def drew(self, state: ToyState, card: str) -> Step:
        seat = ("north", "south")[self.drawn % 2]
        state.deck.remove(card)
        state.hands[seat].append(card)
        state.emit(msg("toy.drew", seat=seat, card=card), Audience.only(seat))
        state.emit(msg("toy.drew-a-card", seat=seat))
        self.drawn += 1
        return self.start(state)

    def bid(self, state: ToyState) -> Step:
        options = {seat: tuple(Option(card, msg("toy.card", card=card))
                               for card in sorted(set(state.hands[seat])))
                   for seat in ("north", "south")}
        defaults = {seat: min(state.hands[seat]) for seat in ("north", "south")
                    if state.defaults and state.hands[seat]}
        return self.ask(Decision(("north", "south"), msg("toy.bid"), options,
                                 defaults=defaults, until_closed=state.until_closed),
                        self.revealed)

    def revealed(self, state: ToyState, bids: dict[str, str]) -> Step:
        state.bids = dict(bids)
        state.emit(msg("toy.revealed", north=bids["north"], south=bids["south"]))
        return done()


@contextmanager
def registered(*classes: type[Ruleset[Any, Any]]) -> Iterator[None]:
    """Register rulesets for the length of a test, then forget them (the
    built-in rulesets are loaded first, so that forgetting cannot drop them)."""
    ruleset_module._load_all()
    before = dict(ruleset_module._REGISTRY)
    for cls in classes:
        ruleset_module.register(cls)
    try:
        yield
    finally:
        ruleset_module._REGISTRY.clear()
        ruleset_module._REGISTRY.update(before)


class Steps(BaseModel):
    """Solo's last answer, given by shape rather than options."""

    model_config = ConfigDict(extra="forbid")
    steps: int


class SoloScenario(BaseModel):
    model_config = ConfigDict(extra="forbid")
    options: int = 20
    sides: int = 6


class SoloState(GameState):
    def __init__(self, scenario: SoloScenario) -> None:
        super().__init__()
        self.options = scenario.options
        self.sides = scenario.sides
        self.pick: int | None = None
        self.roll: int | None = None
        self.pair: JSON = None
        self.steps: int | None = None


class Solo(Ruleset[SoloScenario, SoloState]):
    """One seat: pick a number, roll a die, a pair is drawn, then walk up to
    the number picked (the rules refuse more, after the answer's shape passed)."""

    name = "solo"
    title = msg("solo.title")
    game_type = GameType(decisions="sequential", chance=True, hidden_information=False,
                         cooperative=False, min_seats=1, max_seats=1, max_length=4)
    scenario_model = SoloScenario

    def seats(self, scenario: SoloScenario) -> tuple[str, ...]:
        return ("solo",)

    def new_state(self, scenario: SoloScenario) -> SoloState:
        return SoloState(scenario)

    def play(self, state: SoloState) -> Flow:
        options = [Option(n, msg("solo.number", n=n)) for n in range(1, state.options + 1)]
        state.pick = yield Decision.single("solo", msg("solo.pick"), options)
        state.emit(msg("solo.picked", n=state.pick))
        state.roll = yield die(sides=state.sides)
        state.emit(msg("solo.rolled", n=state.roll))
        state.pair = yield Chance.uniform(msg("solo.pair"), [(1, "x"), (2, "y")])
        order = yield Decision(("solo",), msg("solo.steps"), schema=Steps,
                               templates={"solo": {"steps": 0}})
        state.steps = order.steps
        state.emit(msg("solo.walked", n=order.steps))

    def check_answer(self, state: SoloState, seat: str, decision: Decision,
                     answer: Any) -> Verdict:
        if isinstance(answer, Steps) and state.pick is not None and answer.steps > state.pick:
            return Verdict(answer, refusals=(msg("solo.too-far", n=state.pick),))
        return Verdict(answer)

    def decided(self, state: SoloState) -> Outcome | None:
        if state.steps is None:
            return None
        return Outcome.win(("solo",), ("solo",), msg("solo.title"))

    def view(self, state: SoloState, seat: str) -> dict[str, JSON]:
        return {"pick": state.pick, "roll": state.roll, "pair": state.pair,
                "steps": state.steps}

    def random_answer(self, view: dict[str, JSON], seat: str, decision: Decision,
                      rng: Random) -> JSON:
        return {"steps": rng.randint(0, view["state"]["pick"])}
