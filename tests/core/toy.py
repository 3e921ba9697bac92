"""A tiny ruleset for testing the core: draw from a small deck, bid secretly."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from referee.core.events import Audience
from referee.core.i18n import msg
from referee.core.ruleset import Flow, GameState, Outcome, Ruleset
from referee.core.waits import JSON, Chance, Decision, Option


class ToyScenario(BaseModel):
    model_config = ConfigDict(extra="forbid")
    deck: list[str] = ["A", "A", "B", "C"]
    draws: int = 2


class ToyState(GameState):
    def __init__(self, scenario: ToyScenario) -> None:
        super().__init__()
        self.deck = list(scenario.deck)
        self.draws = scenario.draws
        self.hands: dict[str, list[str]] = {"north": [], "south": []}
        self.bids: dict[str, str] = {}


class Toy(Ruleset[ToyScenario, ToyState]):
    name = "toy"
    title = msg("toy.title")
    has_hidden_information = True
    scenario_model = ToyScenario

    def seats(self, scenario: ToyScenario) -> tuple[str, ...]:
        return ("north", "south")

    def new_state(self, scenario: ToyScenario) -> ToyState:
        return ToyState(scenario)

    def play(self, state: ToyState) -> Flow:
        for _ in range(state.draws):
            for seat in ("north", "south"):
                counts = {card: state.deck.count(card) for card in sorted(set(state.deck))}
                card = yield Chance.weighted(msg("core.chance.draw", deck="toy"), counts)
                state.deck.remove(card)
                state.hands[seat].append(card)
                state.emit(msg("toy.drew", seat=seat, card=card), Audience.only(seat))
                state.emit(msg("toy.drew-a-card", seat=seat))
        options = {seat: tuple(Option(card, msg("toy.card", card=card))
                               for card in sorted(set(state.hands[seat])))
                   for seat in ("north", "south")}
        bids = yield Decision(("north", "south"), msg("toy.bid"), options)
        state.bids = dict(bids)
        state.emit(msg("toy.revealed", north=bids["north"], south=bids["south"]))

    def view(self, state: ToyState, seat: str) -> dict[str, JSON]:
        return {
            "hand": state.hands.get(seat, []) if seat != "referee" else state.hands,
            "hand_sizes": {s: len(h) for s, h in state.hands.items()},
            "bids": state.bids,
        }

    def outcome(self, state: ToyState) -> Outcome | None:
        if not state.bids:
            return None
        best = max(state.bids.values())
        winners = tuple(s for s, b in state.bids.items() if b == best)
        return Outcome(winners, msg("toy.highest"))
