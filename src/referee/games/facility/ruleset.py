"""The Facility ruleset: each turn one simultaneous decision to every character,
closed at the deadline, then the turn resolved (CHAT-TRN-4, CHAT-TRN-7); the
game ends when the scenario's last turn has been played (house rule 13)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from random import Random
from typing import Any

from referee.core.events import REFEREE, Seat
from referee.core.flow import Frame, Step
from referee.core.i18n import CATALOGUE, Msg, Name, msg
from referee.core.ruleset import GameType, Outcome, Ruleset, Verdict, register
from referee.core.waits import JSON, Decision
from referee.games.facility.orders import Orders, OrdersForm, read_orders, template
from referee.games.facility.resolve import resolve_turn
from referee.games.facility.scenario import FacilityScenario, scenario_problems
from referee.games.facility.state import FacilityState
from referee.games.facility.world import to_scenario, toml_number

CATALOGUE.load(Path(__file__).with_name("text.toml"))


@dataclass
class Turns(Frame):
    """Turn after turn: everyone's orders at once, closed at the deadline
    (seats without orders do nothing), then the turn resolved."""

    def start(self, state: FacilityState) -> Step:
        seats = tuple(sorted(state.world.characters))
        blank = template()
        return self.ask(Decision(
            seats, msg("facility.question", turn=state.world.turn), schema=OrdersForm,
            defaults={seat: {} for seat in seats}, until_closed=True,
            templates={seat: blank for seat in seats}), self.resolved)

    def resolved(self, state: FacilityState, answers: dict[Seat, Orders]) -> Step:
        turn = state.world.turn
        state.emit(msg("facility.turn-resolved", turn=turn))
        state.world = resolve_turn(state.world, answers, state.log)
        return self.start(state)


@register
class Facility(Ruleset[FacilityScenario, FacilityState]):
    name = "facility"
    aliases = ("chat", "play-by-chat")
    version = "3"
    """3: the game master's log heads a sight of someone leaving or coming in
    with whose sight it is (the log, which a save file's checksum digests, changed)."""
    title = msg("facility.title")
    game_type = GameType(decisions="simultaneous", chance=False, hidden_information=True,
                         cooperative=False, min_seats=1, max_seats=10_000, max_length=None,
                         length_note=msg("facility.length-note"))
    scenario_model = FacilityScenario

    def seats(self, scenario: FacilityScenario) -> tuple[Seat, ...]:
        return tuple(sorted(scenario.characters))

    def seat_name(self, scenario: FacilityScenario, seat: Seat) -> Msg | Name:
        character = scenario.characters.get(seat)
        if character is None:
            return super().seat_name(scenario, seat)
        return Name(character.name or seat, character.name_ru or None)

    def check_scenario(self, scenario: FacilityScenario) -> list[Msg]:
        return scenario_problems(scenario)

    def new_state(self, scenario: FacilityScenario) -> FacilityState:
        return FacilityState(scenario)

    def play(self, state: FacilityState) -> Frame:
        return Turns()

    def check_answer(self, state: FacilityState, seat: Seat, decision: Decision,
                     answer: Any) -> Verdict:
        """Each order read on its own: one that does not exist or does not fit
        its shape is void, told to the seat alone; the others stand. Orders
        judged against the world (a door, a target) are void at the deadline."""
        if isinstance(answer, OrdersForm):
            return read_orders(answer)
        return Verdict(answer)

    def timed_out(self, state: FacilityState) -> Outcome | None:
        """House rule 13: the game ends once ``settings.last_turn`` has been played."""
        world = state.world
        if world.turn <= world.settings.last_turn:
            return None
        return Outcome.draw(tuple(sorted(world.characters)), msg("facility.ended"))

    def view(self, state: FacilityState, seat: Seat) -> dict[str, JSON]:
        world = state.world
        if seat == REFEREE:
            return {"turn": world.turn, "world": to_scenario(world)}
        me = world.characters.get(seat)
        if me is None:
            return {"turn": world.turn}
        here = {name: {"uniform": other.uniform, "visible": world.visible_items(other)}
                for name, other in sorted(world.characters.items())
                if other.room == me.room and name != seat}
        doors = sorted(name for (room, name) in world.doors if room == me.room)
        return {
            "turn": world.turn,
            "character": {
                "room": me.room, "health": me.health, "max_health": me.max_health,
                "concentration": toml_number(me.concentration),
                "hands": list(me.hands), "inventory": list(me.inventory),
                "worn": {place: list(items) for place, items in me.worn.items() if items},
            },
            "room": {"doors": doors, "floor": list(world.floor.get(me.room, [])),
                     "characters": here},
        }

    def random_answer(self, view: dict[str, JSON], seat: Seat, decision: Decision,
                      rng: Random) -> JSON:
        """A plausible order from the seat's own view: walk through a door, pick
        something up, or wait."""
        state = view.get("state")
        room = state.get("room", {}) if isinstance(state, dict) else {}
        orders: dict[str, JSON] = {}
        doors = room.get("doors", [])
        if doors and rng.random() < 0.6:
            orders["move"] = {"route": [rng.choice(doors)]}
        floor = room.get("floor", [])
        if floor and rng.random() < 0.3:
            orders["take"] = [{"item": rng.choice(floor)}]
        return orders
