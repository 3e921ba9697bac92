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
from referee.core.i18n import CATALOGUE, Msg, Name, for_reader, msg
from referee.core.parts_on_read import PartsOnRead
from referee.core.prepared import prepared
from referee.core.readonly import ReadOnlyDict
from referee.core.ruleset import GameType, Outcome, Ruleset, Verdict, Void
from referee.core.waits import JSON, Decision
from referee.games.facility.objectives import objectives_view
from referee.games.facility.orders import TEMPLATE, Orders, OrdersForm, read_orders
from referee.games.facility.resolve import resolve_turn
from referee.games.facility.scenario import FacilityScenario, name_of, scenario_problems
from referee.games.facility.state import FacilityState
from referee.games.facility.tables import HANDS, INVENTORY
from referee.games.facility.turn import frozen
from referee.games.facility.view import CharacterState, FacilityFacts, NoneSuch, StateView
from referee.games.facility.world import Character, World, points_number, to_scenario

CATALOGUE.load(Path(__file__).with_name("text.toml"))


@dataclass
class Turns(Frame):
    """Turn after turn: everyone's orders at once, closed at the deadline
    (seats without orders do nothing), then the turn resolved."""

    def start(self, state: FacilityState) -> Step:
        seats = tuple(sorted(state.world.characters))
        return self.ask(Decision(
            seats, msg("facility.question", turn=state.world.turn), schema=Orders,
            defaults={seat: {} for seat in seats}, until_closed=True,
            templates={seat: TEMPLATE for seat in seats}), self.resolved)

    def resolved(self, state: FacilityState, answers: dict[Seat, Orders]) -> Step:
        text, facts = _turn_resolved(state.world)
        state.emit(text, facts=facts)
        # The state's own world, which no other state shares (a copy of the
        # game copies it), is resolved in place.
        resolve_turn(state.world, answers, state.log, state.planned.of(answers), in_place=True)
        return self.start(state)


def _turn_resolved(world: World) -> tuple[Msg, ReadOnlyDict]:
    """The line everyone reads as a turn's resolution begins (CHAT-TRN-4),
    made once for each turn of a building and written again as it is
    (:meth:`.World.kept_line`)."""
    key = ("turn-resolved", world.turn)
    line = world.lines.get(key)
    if line is None:
        line = world.kept_line(key, (msg("facility.turn-resolved", turn=world.turn),
                                     frozen({"kind": "turn-resolved", "turn": world.turn})))
    return line


def _character_names(scenario: FacilityScenario) -> dict[Seat, Name]:
    """Each character's name by its seat, made once per scenario."""
    return {seat: name_of(character.name, seat)
            for seat, character in scenario.characters.items()}


_CHARACTER_STATE_ORDER = tuple(CharacterState.model_fields)
"""The parts of a character's state in the order its model gives them."""


class _OwnPartsOnRead:
    """The parts of a character's view that a random bot never reads, built
    when first read as they were when the view was made: the character's
    own state (CHAT-AWR-1), what changes in play of it (its room, health,
    concentration and items by place) taken down as the view is made; and
    the items the view names, from the items before the character then (its
    own, the ``floor`` and those it sees on ``others``, kept apart from the
    view's own lists, which its reader may change) and the part of the log
    written by then (an item's description never changes in play)."""

    __slots__ = ("floor", "hands", "health", "inventory", "me", "others", "points", "room",
                 "state", "until", "worn")

    def __init__(self, state: FacilityState, me: Character, floor: tuple[str, ...]) -> None:
        self.state, self.until = state, len(state.log)
        self.me = me  # for what never changes in play: its name, maxima, places
        self.room, self.health, self.points = me.room, me.health, me.points
        self.hands, self.inventory = tuple(me.hands), tuple(me.inventory)
        self.worn = me.worn_now()
        self.floor = floor
        self.others: list[str] = []

    def character(self) -> dict[str, JSON]:
        me = self.me
        return {
            "room": self.room, "health": self.health, "max_health": me.max_health,
            "concentration": points_number(self.points, me.unit),
            "max_concentration": points_number(me.max_points, me.unit),
            "uniform": me.uniform, "hands": list(self.hands),
            "inventory": list(self.inventory),
            "worn": {place: list(items) for place, items in self.worn},
            "places": {HANDS: me.hand_slots, INVENTORY: me.inventory_slots, **me.worn_places},
        }

    def items(self) -> dict[str, JSON]:
        state = self.state
        before = {*self.hands, *self.inventory, *self.floor, *self.others}
        for _, items in self.worn:
            before.update(items)
        told = state.told.items(state.log, self.me.name, self.until)
        return state.world.public_items(before | told, before)


class Facility(Ruleset[FacilityScenario, FacilityState]):
    name = "facility"
    aliases = ("chat", "play-by-chat")
    version = "6"
    """6: a character may be given an ``aim`` by its scenario, and every
    view states the seat's objectives and the turn (``objectives``: the
    character's aim, told to it and the game master alone, and the last
    turn, in words and as data); an order naming an item the character
    neither carries nor sees is void with one reason whether or not the item
    exists (house rule 20, disputed case 16: a take of an item lying in
    another room is void, no longer declared); a saved game of version 5
    replays with a notice.
    5: a follow or detain entry naming a kind of item no item of the
    building is of stands (it never matches) where it was void, so the answer
    does not tell the seat which kinds the building holds (the log, which a
    save file's checksum digests, changed for such orders).
    4: the game master's view writes the building's names as the scenario
    files now do (``name = { en, ru }``, a title in both languages), which a
    save file's checksum digests; the game itself plays as in 3.
    3: the game master's log heads a sight of someone leaving or coming in
    with whose sight it is (the log, which a save file's checksum digests, changed)."""
    title = msg("facility.title")
    game_type = GameType(decisions="simultaneous", chance=False, hidden_information=True,
                         cooperative=False, min_seats=1, max_seats=10_000, max_length=None,
                         length_note=msg("facility.length-note"))
    scenario_model = FacilityScenario
    view_model = StateView  # type: ignore[assignment]
    facts_model = FacilityFacts
    meaning_model = NoneSuch
    chance_model = NoneSuch
    fresh_views = True
    """:meth:`view` builds each view anew; the building's names and the like
    are read-only parts every view shares."""

    def seats(self, scenario: FacilityScenario) -> tuple[Seat, ...]:
        return tuple(sorted(scenario.characters))

    def seat_name(self, scenario: FacilityScenario, seat: Seat) -> Msg | Name:
        found = prepared(scenario, _character_names).get(seat)
        return super().seat_name(scenario, seat) if found is None else found

    def within_earshot(self, state: FacilityState, seat: Seat) -> frozenset[Seat]:
        """The room's chat (CHAT-VIS-1): the other characters in ``seat``'s room
        now. House rule 19: a character that is down (house rule 6) is in it,
        hearing and speaking, as explicit declarations reach it; no camera is."""
        me = state.world.characters.get(seat)
        if me is None:
            return frozenset()
        return frozenset(other.name for other in state.world.in_room(me.room)
                         if other.name != seat)

    def check_scenario(self, scenario: FacilityScenario) -> list[Msg]:
        return scenario_problems(scenario)

    def new_state(self, scenario: FacilityScenario) -> FacilityState:
        return FacilityState(scenario)

    def play(self, state: FacilityState) -> Frame:
        return Turns()

    def check_answer(self, state: FacilityState, seat: Seat, decision: Decision,
                     answer: Any) -> Verdict:
        """Orders that all fit their shape come read whole (:class:`Orders`);
        an answer that does not comes as an :class:`OrdersForm`, each order
        read on its own: one that does not exist or does not fit its shape is
        void, told to the seat alone; the others stand (CHAT-TRN-7).
        Orders that do not fit the building (a door the room has not, an item
        or character that does not exist) are void too: the seat is told as it
        answers, and the turn's actions say it again at the deadline, where
        they are left out. Nothing changes the building before the deadline, so
        what is void now is void then."""
        verdict = read_orders(answer) if isinstance(answer, OrdersForm) else Verdict(answer)
        if not isinstance(verdict.answer, Orders) or seat not in state.world.characters:
            return verdict
        _, found = state.planned.plan(state.world, seat, verdict.answer)
        if not found:
            return verdict  # the usual answer: every order fits the building
        told = tuple(Void(void.order, for_reader(void.reason, seat), told_by_rules=True,
                          code=void.why.code, about=void.why.about)
                     for void in found)
        return Verdict(verdict.answer, verdict.refusals, verdict.voids + told)

    def timed_out(self, state: FacilityState) -> Outcome | None:
        """House rule 13: the game ends once ``settings.last_turn`` has been played."""
        world = state.world
        if world.turn <= world.settings.last_turn:
            return None
        return Outcome.draw(tuple(sorted(world.characters)), msg("facility.ended"))

    def outcome_words(self, scenario: FacilityScenario, outcome: Outcome) -> Msg:
        """The book sets no victory: the game is over, and why."""
        if outcome.kind == "draw":
            return msg("facility.end.said", reason=outcome.reason)
        return super().outcome_words(scenario, outcome)

    def view(self, state: FacilityState, seat: Seat) -> dict[str, JSON]:
        """What ``seat`` may know (:mod:`.view`): the game master the whole
        world; a character itself, its room as it stands there (CHAT-AWR-1,
        CHAT-VIS-4), the building's plan and cast, and the items it has seen
        (in the room, on others, in its report); anyone else the turn. A
        character's own state and its items are built when first read, as
        they were when the view was made."""
        world = state.world
        objectives = objectives_view(world, seat)
        if seat == REFEREE:
            return {"turn": world.turn, "world": to_scenario(world), "objectives": objectives}
        me = world.characters.get(seat)
        if me is None:
            return {"turn": world.turn, "objectives": objectives}
        floor = tuple(world.floor.get(me.room, ()))
        own = _OwnPartsOnRead(state, me, floor)
        present: dict[str, dict[str, Any]] = {}
        if len(world.around(me.room)) > 1:  # most are alone in their room
            for other in world.in_room(me.room):
                if other is not me:
                    visible = world.visible_items(other)
                    present[other.name] = {"uniform": other.uniform, "visible": visible}
                    own.others += visible
        rules, rooms, characters = world.public_plan()
        return PartsOnRead({
            "turn": world.turn,
            "rules": rules,
            "rooms": rooms,
            "characters": characters,
            "room": {"number": me.room, "doors": world.public_doors(me.room), "floor": list(floor),
                     "present": present},
            "objectives": objectives,
        }, {"items": own.items, "character": own.character}, _CHARACTER_STATE_ORDER)

    def random_answer(self, view: dict[str, JSON], seat: Seat, decision: Decision,
                      rng: Random) -> JSON:
        """A plausible order from the seat's own view: walk through a door, pick
        something up, or wait."""
        state = view.get("state")
        room = state.get("room", {}) if isinstance(state, dict) else {}
        orders: dict[str, JSON] = {}
        doors = sorted(room.get("doors", {}))
        if doors and rng.random() < 0.6:
            orders["move"] = {"route": [rng.choice(doors)]}
        floor = room.get("floor", [])
        if floor and rng.random() < 0.3:
            orders["take"] = [{"item": rng.choice(floor)}]
        return orders
