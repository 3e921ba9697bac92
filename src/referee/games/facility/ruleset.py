"""The Facility ruleset: each turn one simultaneous decision to every character,
closed at the deadline, then the turn resolved (CHAT-TRN-4, CHAT-TRN-7); the
game ends when the scenario's last turn has been played (house rule 13)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from random import Random
from typing import Any

from referee.core.events import REFEREE, Seat
from referee.core.flow import Frame, Step
from referee.core.i18n import CATALOGUE, Lang, Msg, Name, Param, for_reader, msg, render
from referee.core.ruleset import GameType, Outcome, Ruleset, Verdict, Void
from referee.core.waits import JSON, Decision
from referee.games.facility.orders import Orders, OrdersForm, plan_orders, read_orders, template
from referee.games.facility.resolve import resolve_turn
from referee.games.facility.scenario import FacilityScenario, name_of, scenario_problems
from referee.games.facility.state import FacilityState
from referee.games.facility.world import Character, World, to_scenario, toml_number

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
        state.emit(msg("facility.turn-resolved", turn=turn),
                   facts={"kind": "turn-resolved", "turn": turn})
        state.world = resolve_turn(state.world, answers, state.log)
        return self.start(state)


class Facility(Ruleset[FacilityScenario, FacilityState]):
    name = "facility"
    aliases = ("chat", "play-by-chat")
    version = "4"
    """4: the game master's view writes the building's names as the scenario
    files now do (``name = { en, ru }``, a title in both languages), which a
    save file's checksum digests; the game itself plays as in 3.
    3: the game master's log heads a sight of someone leaving or coming in
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
        return name_of(character.name, seat)

    def check_scenario(self, scenario: FacilityScenario) -> list[Msg]:
        return scenario_problems(scenario)

    def new_state(self, scenario: FacilityScenario) -> FacilityState:
        return FacilityState(scenario)

    def play(self, state: FacilityState) -> Frame:
        return Turns()

    def check_answer(self, state: FacilityState, seat: Seat, decision: Decision,
                     answer: Any) -> Verdict:
        """Each order read on its own: one that does not exist or does not fit
        its shape is void, told to the seat alone; the others stand (CHAT-TRN-7).
        Orders that do not fit the building (a door the room has not, an item
        or character that does not exist) are void too: the seat is told as it
        answers, and the turn's actions say it again at the deadline, where
        they are left out. Nothing changes the building before the deadline, so
        what is void now is void then."""
        verdict = read_orders(answer) if isinstance(answer, OrdersForm) else Verdict(answer)
        if not isinstance(verdict.answer, Orders) or seat not in state.world.characters:
            return verdict
        _, found = plan_orders(state.world, seat, verdict.answer)
        told = tuple(Void(void.order, for_reader(void.reason, seat), told_by_rules=True)
                     for void in found)
        return Verdict(verdict.answer, verdict.refusals, verdict.voids + told)

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
        here = {name: _seen_on(world, other) for name, other in sorted(world.characters.items())
                if other.room == me.room and name != seat}
        doors = sorted(name for (room, name) in world.doors if room == me.room)
        beyond = {name: _room_json(world, world.doors[me.room, name].destination)
                  for name in doors}
        return {
            "turn": world.turn,
            "character": {
                "room": me.room, "health": me.health, "max_health": me.max_health,
                "concentration": toml_number(me.concentration),
                "hands": list(me.hands), "inventory": list(me.inventory),
                "worn": {place: list(items) for place, items in me.worn.items() if items},
            },
            "room": {**_room_json(world, me.room), "doors": doors, "leads_to": beyond,
                     "floor": list(world.floor.get(me.room, [])), "characters": here},
        }

    def board_table(self, view: dict[str, JSON],
                    lang: Lang) -> tuple[list[str], list[list[str]]] | None:
        """Where the character is and what it may name in its orders, from its
        own view only: its room, health and concentration, what it carries, the
        doors of the room, who is there and what can be seen on them, what lies
        on the floor; each by the id an order names it with."""
        me, room = view.get("character"), view.get("room")
        if not isinstance(me, dict) or not isinstance(room, dict):
            return None
        rows: list[tuple[str, Msg]] = [
            ("where", msg("facility.board.in", room=_room_title(room, int(me.get("room", 0))))),
            ("health", msg("facility.board.health-value", health=int(me.get("health", 0)),
                           max_health=int(me.get("max_health", 0)),
                           concentration=_number(me.get("concentration", 0)))),
            ("carried", _listed(_carried(me))),
            ("doors", _listed(_doors(room))),
            ("here", _listed(_present(room.get("characters", {})), "facility.board.no-one")),
            ("floor", _listed(tuple(f"`{item}`" for item in room.get("floor", [])))),
        ]
        heads = [render(msg("facility.board.head", turn=int(view.get("turn", 0))), lang),
                 render(msg("facility.board.ids"), lang)]
        return heads, [[render(msg(f"facility.board.{row}"), lang), render(value, lang)]
                       for row, value in rows]

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


def _number(value: Any) -> Fraction | int:
    """A number of the view (concentration: an int or a float of halves) as
    the catalogue writes numbers."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return 0
    return value if isinstance(value, int) else Fraction(str(value))


def _listed(items: tuple[Param, ...], empty: str = "facility.nothing") -> Msg:
    return msg("facility.board.list", items=items) if items else msg(empty)


def _carried(me: dict[str, Any]) -> tuple[Param, ...]:
    """What the character carries, each item's id with where it is."""
    places = [("hands", me.get("hands", [])), ("inventory", me.get("inventory", [])),
              *(me.get("worn") or {}).items()]
    return tuple(msg("facility.carried", item=f"`{item}`", place=msg("facility.place",
                                                                      place=place))
                 for place, items in places for item in items)


def _room_json(world: World, number: int) -> dict[str, JSON]:
    """A room as a seat's view names it: its number and the scenario's name
    for it (None where it gives none)."""
    title = world.room_title(number)
    return {"number": number, "name": title.to_json() if isinstance(title, Name) else None}


def _room_title(room: dict[str, Any], number: int) -> Param:
    """A room of the view in words: its name, or "room 3" without one."""
    name = room.get("name")
    if isinstance(name, dict) and isinstance(name.get("en"), str):
        ru = name.get("ru")
        return Name(name["en"], ru if isinstance(ru, str) else None)
    return msg("facility.room", number=number)


def _doors(room: dict[str, Any]) -> tuple[Param, ...]:
    """The doors of the room by the id a route names them with, each with
    the room it leads to."""
    beyond = room.get("leads_to") or {}
    found: list[Param] = []
    for door in room.get("doors", []):
        other = beyond.get(door)
        found.append(msg("facility.board.door", door=f"`{door}`",
                         room=_room_title(other, int(other.get("number", 0))))
                     if isinstance(other, dict) else f"`{door}`")
    return tuple(found)


def _seen_on(world: World, other: Character) -> dict[str, Any]:
    """What a character in the room shows: uniform, the items to be seen on
    them and those items' kinds (how ``follow`` and ``detain`` name them)."""
    visible = world.visible_items(other)
    kinds = list(dict.fromkeys(world.items[item].kind for item in visible))
    return {"uniform": other.uniform, "visible": visible, "visible_kinds": kinds}


def _present(characters: dict[str, Any]) -> tuple[Param, ...]:
    """The others in the room by the id orders name them with, with the
    features ``follow`` and ``detain`` name: their uniform
    (``uniform:<name>``) and the kinds of items to be seen on them
    (``item:<kind>``)."""
    found: list[Param] = []
    for name, seen in sorted(characters.items()):
        features = [f"`uniform:{seen['uniform']}`"] if seen.get("uniform") else []
        features += [f"`item:{kind}`" for kind in seen.get("visible_kinds", [])]
        found.append(msg("facility.board.person", who=f"`{name}`", seen=tuple(features))
                     if features else f"`{name}`")
    return tuple(found)
