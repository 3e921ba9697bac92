"""The Facility ruleset: each turn one simultaneous decision to every character,
closed at the deadline, then the turn resolved (CHAT-TRN-4, CHAT-TRN-7)."""

from __future__ import annotations

from pathlib import Path
from random import Random

from referee.core.events import REFEREE, Audience, Seat
from referee.core.i18n import CATALOGUE, msg
from referee.core.ruleset import Flow, GameState, GameType, Outcome, Ruleset, register
from referee.core.waits import JSON, Decision
from referee.games.facility.checks import scenario_problems
from referee.games.facility.model import FacilityScenario, Orders
from referee.games.facility.resolve import TurnResult, resolve_turn
from referee.games.facility.world import World, build_world, to_scenario, toml_number

CATALOGUE.load(Path(__file__).with_name("text.toml"))


class FacilityState(GameState):
    def __init__(self, scenario: FacilityScenario) -> None:
        super().__init__()
        self.world: World = build_world(scenario)
        self.results: list[TurnResult] = []
        self.over = False


def record(state: FacilityState, result: TurnResult) -> None:
    """Write a resolved turn into the game's one log, each line to whoever saw it."""
    state.emit(msg("facility.turn-resolved", turn=result.world.turn - 1))
    for line in result.lines:
        state.emit(line.stamped(), Audience.of(line.observers), line.clause)


@register
class Facility(Ruleset[FacilityScenario, FacilityState]):
    name = "facility"
    aliases = ("chat", "play-by-chat")
    version = "1"
    title = msg("facility.title")
    game_type = GameType(decisions="simultaneous", chance=False, hidden_information=True,
                         cooperative=False, min_seats=1, max_seats=10_000, max_length=None,
                         length_note=msg("facility.length-note"))
    scenario_model = FacilityScenario

    def seats(self, scenario: FacilityScenario) -> tuple[Seat, ...]:
        return tuple(sorted(scenario.characters))

    def check_scenario(self, scenario: FacilityScenario) -> list[str]:
        return scenario_problems(scenario)

    def new_state(self, scenario: FacilityScenario) -> FacilityState:
        return FacilityState(scenario)

    def play(self, state: FacilityState) -> Flow:
        seats = tuple(sorted(state.world.characters))
        while state.world.turn <= state.world.settings.last_turn:
            answers = yield Decision(
                seats, msg("facility.question", turn=state.world.turn), schema=Orders,
                defaults={seat: {} for seat in seats}, until_closed=True)
            result = resolve_turn(state.world, answers)
            state.world = result.world
            state.results.append(result)
            record(state, result)
        state.over = True

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

    def timed_out(self, state: FacilityState) -> Outcome | None:
        if not state.over:
            return None
        return Outcome.draw(tuple(sorted(state.world.characters)), msg("facility.ended"))

    def random_answer(self, view: dict[str, JSON], seat: Seat, decision: Decision,
                      rng: Random) -> JSON:
        """A plausible order: walk through a door, pick something up, or wait."""
        room = view.get("room", {})
        orders: dict[str, JSON] = {}
        doors = room.get("doors", [])
        if doors and rng.random() < 0.6:
            orders["move"] = {"route": [rng.choice(doors)]}
        floor = room.get("floor", [])
        if floor and rng.random() < 0.3:
            orders["take"] = [{"item": rng.choice(floor)}]
        return orders
