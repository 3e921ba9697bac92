"""The building and everyone in it, as the resolver works on it.

Built from a checked :class:`FacilityScenario`; written back as the next
turn's scenario by :func:`to_scenario`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Iterable, Iterator
from collections.abc import Set as AbstractSet
from copy import copy
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any, TypeVar, TypeVarTuple

from referee.boards.graph import LocationGraph
from referee.core.events import Audience
from referee.core.i18n import Msg, Name, msg
from referee.core.prepared import prepared
from referee.core.readonly import ReadOnlyDict, read_only
from referee.games.facility.report import camera
from referee.games.facility.scenario import (
    CharacterModel,
    FacilityScenario,
    ItemModel,
    Settings,
    name_of,
)
from referee.games.facility.tables import COST_UNIT, HANDS, INVENTORY, WEAPON_ABILITIES

T = TypeVar("T")
Ts = TypeVarTuple("Ts")
KEPT_LINES = 10_000
"""At most this many lines are kept with a building (:meth:`World.kept_line`)."""
RoomNumber = int
ItemId = str
CharName = str


@lru_cache(maxsize=256)
def fraction(value: float) -> Fraction:
    """A scenario's number as the rules count it (kept for the numbers met lately)."""
    return Fraction(value).limit_denominator(1000)


def toml_number(value: Fraction) -> int | float:
    """``value`` as a file writes it: whole, or a float (as ``float(value)``)."""
    numerator, denominator = value.as_integer_ratio()
    return numerator if denominator == 1 else numerator / denominator


def points_number(points: int, unit: int) -> int | float:
    """``points`` parts of ``1/unit`` as a file writes them (:func:`toml_number`
    of their fraction: a true division is rounded from the exact quotient)."""
    whole, rest = divmod(points, unit)
    return whole if rest == 0 else points / unit


@lru_cache(maxsize=1024)
def points_fraction(points: int, unit: int) -> Fraction:
    """``points`` parts of ``1/unit`` as a fraction (made once for the values met lately)."""
    return Fraction(points, unit)


def in_points(value: Fraction, unit: int) -> int:
    """``value`` in parts of ``1/unit`` (whole: ``unit`` is a multiple of its denominator)."""
    return value.numerator * (unit // value.denominator)


def points_unit(*values: Fraction) -> int:
    """The part of a point a character's concentration is counted in: one in
    which ``values`` (its own numbers and the recovery) and every cost of
    the tables are whole."""
    return math.lcm(COST_UNIT, *(value.denominator for value in values))


@lru_cache(maxsize=256)
def concentration_points(concentration: float, most: float,
                         recovery: float) -> tuple[int, int, int]:
    """A character's concentration and its maximum, as a scenario gives them,
    counted in parts of ``1/unit`` (CHAT-TAG-2), and the unit: worked out once
    for the numbers met lately (most characters of a building share them)."""
    points, top = fraction(concentration), fraction(most)
    unit = points_unit(points, top, fraction(recovery))
    return in_points(points, unit), in_points(top, unit), unit


@dataclass(frozen=True, slots=True)
class Door:
    """One side of a door: from ``origin`` to ``destination``, called ``name`` in ``origin``."""

    index: int
    origin: RoomNumber
    destination: RoomNumber
    name: str
    title: Name
    far_name: str
    """The same door's id on the other side."""
    far_title: Name
    """The same door as it is called on the other side."""


@dataclass(slots=True)
class Character:
    name: CharName
    title: Name
    room: RoomNumber
    health: int
    max_health: int
    points: int
    """Concentration, counted in parts of ``1/unit`` (CHAT-TAG-2): whole
    numbers, so that the rules add, take away and compare integers."""
    max_points: int
    unit: int
    uniform: str
    hand_slots: int
    inventory_slots: int
    worn_places: dict[str, int]
    hands: list[ItemId] = field(default_factory=list)
    inventory: list[ItemId] = field(default_factory=list)
    worn: dict[str, list[ItemId]] = field(default_factory=dict)

    def copy(self) -> Character:
        """A copy whose room, health and items can change without touching this one."""
        return Character(
            name=self.name, title=self.title, room=self.room, health=self.health,
            max_health=self.max_health, points=self.points, max_points=self.max_points,
            unit=self.unit, uniform=self.uniform,
            hand_slots=self.hand_slots, inventory_slots=self.inventory_slots,
            worn_places=self.worn_places, hands=list(self.hands),
            inventory=list(self.inventory),
            worn={place: list(items) for place, items in self.worn.items()})

    @property
    def concentration(self) -> Fraction:
        """Concentration, as the book counts it."""
        return points_fraction(self.points, self.unit)

    @property
    def max_concentration(self) -> Fraction:
        return points_fraction(self.max_points, self.unit)

    def points_of(self, value: Fraction) -> int:
        """``value`` (a cost, the recovery) in this character's parts of a point."""
        return in_points(value, self.unit)

    @property
    def is_down(self) -> bool:
        """House rule: a character at 0 health is down and takes no action."""
        return self.health <= 0

    def worn_now(self) -> tuple[tuple[str, tuple[ItemId, ...]], ...]:
        """The items worn now, by place, places with none left out."""
        return tuple([(place, tuple(items)) for place, items in self.worn.items() if items])

    def places(self) -> Iterator[tuple[str, list[ItemId]]]:
        yield HANDS, self.hands
        yield INVENTORY, self.inventory
        for place in self.worn_places:
            yield place, self.worn.setdefault(place, [])

    def place_of(self, item: ItemId) -> str | None:
        for place, items in self.places():
            if item in items:
                return place
        return None

    def items(self) -> list[ItemId]:
        return [item for _, items in self.places() for item in items]

    def capacity(self, place: str) -> int:
        if place == HANDS:
            return self.hand_slots
        if place == INVENTORY:
            return self.inventory_slots
        return self.worn_places.get(place, 0)

    def slot(self, place: str) -> list[ItemId]:
        if place == HANDS:
            return self.hands
        if place == INVENTORY:
            return self.inventory
        return self.worn.setdefault(place, [])

    def has_room(self, place: str) -> bool:
        return len(self.slot(place)) < self.capacity(place)

    def remove(self, item: ItemId) -> str | None:
        place = self.place_of(item)
        if place is not None:
            self.slot(place).remove(item)
        return place


class Occupants:
    """Who is in each room, worked out when first asked for and kept up to
    date as characters move (:meth:`World.move`). Not part of a position:
    a copy of the world starts afresh."""

    __slots__ = ("by_room",)

    def __init__(self) -> None:
        self.by_room: dict[RoomNumber, dict[CharName, Character]] | None = None

    def of(self, characters: dict[CharName, Character]) -> dict[RoomNumber,
                                                                dict[CharName, Character]]:
        """Room -> its characters by name."""
        if self.by_room is None:
            self.by_room = {}
            for name, who in characters.items():
                self.by_room.setdefault(who.room, {})[name] = who
        return self.by_room

    def moved(self, who: Character, origin: RoomNumber) -> None:
        """``who`` went from ``origin`` to the room it is in now."""
        if self.by_room is not None:
            del self.by_room[origin][who.name]
            self.by_room.setdefault(who.room, {})[who.name] = who

    def position_key(self) -> None:
        return None

    def __deepcopy__(self, memo: dict[int, object]) -> Occupants:
        return Occupants()


@dataclass
class World:
    scenario: FacilityScenario
    settings: Settings
    turn: int
    rooms: dict[RoomNumber, Name | Msg]
    """Every room, by number, with how a report calls it (see :meth:`room_title`)."""
    cameras: frozenset[RoomNumber]
    floor: dict[RoomNumber, list[ItemId]]
    items: dict[ItemId, ItemModel]
    characters: dict[CharName, Character]
    doors: dict[tuple[RoomNumber, str], Door]
    """(room, door name in that room) -> that side of the door."""
    between: dict[tuple[RoomNumber, RoomNumber], Door]
    """(origin, destination) -> the door used (the first by name when several)."""
    graph: LocationGraph[RoomNumber]
    routes: dict[tuple[RoomNumber, RoomNumber, int | None], list[RoomNumber] | None] = field(
        default_factory=dict)
    """Shortest routes already looked for (CHAT-MOV-2), by (origin, destination, within)."""
    _parts: dict[RoomNumber, int] | None = None
    _titles: dict[ItemId, Name] = field(default_factory=dict)
    _public: dict[object, Any] = field(default_factory=dict)
    """What every character may know of the building, as a view gives it,
    worked out once (see :meth:`public_rooms` and the others), the doors
    grouped by room it is made from, and each seat's objectives at a turn
    (:func:`.objectives.objectives_view`: given to that seat alone)."""

    adjacent: dict[RoomNumber, tuple[RoomNumber, ...]] = field(default_factory=dict)
    """Room -> the rooms one door away, lowest number first."""
    occupants: Occupants = field(default_factory=Occupants, compare=False, repr=False)
    _alone: dict[CharName, Audience] = field(default_factory=dict, compare=False, repr=False)
    words: dict[object, Msg] = field(default_factory=dict, compare=False, repr=False)
    """Texts of the building's own (an item carried in a place), each worded
    once and shared by every line that says it."""
    lines: dict[object, tuple[Msg, ReadOnlyDict]] = field(default_factory=dict, compare=False,
                                                          repr=False)
    """Whole lines, each made once for all it says and written again as it
    is, read here and kept by :meth:`kept_line` alone."""
    _readers: dict[str, tuple[CharName, ...]] | None = field(default=None, compare=False,
                                                             repr=False)
    _weapons: frozenset[ItemId] | None = field(default=None, compare=False, repr=False)

    def static(self) -> tuple[object, ...]:
        """The parts that never change in play (the building, the items, the
        routes and names worked out from them), for copies of a game to share."""
        if self._parts is None:
            self._parts = _connected_parts(self.adjacent)
        return (self.scenario, self.settings, self.rooms, self.items, self.doors, self.between,
                self.graph, self.adjacent, self.routes, self._parts, self._titles, self._public,
                self._alone, self.words, self.lines, self.camera_readers(), self.weapons())

    def camera_readers(self) -> dict[str, tuple[CharName, ...]]:
        """Camera token -> the characters who read that camera's record
        (house rule 14), worked out once for the building."""
        if self._readers is None:
            self._readers = {camera(room.number): tuple(room.camera_readers)
                             for room in self.scenario.rooms
                             if room.camera and room.camera_readers}
        return self._readers

    def weapons(self) -> frozenset[ItemId]:
        """House rule (danger): the items that arm whoever holds them, in sight,
        in the hands (:meth:`is_armed`), worked out once for the building."""
        if self._weapons is None:
            self._weapons = frozenset(
                item for item, model in self.items.items()
                if model.visible_in_hands and WEAPON_ABILITIES.intersection(model.abilities))
        return self._weapons

    def kept_line(self, kept: tuple[object, ...], line: tuple[Msg, ReadOnlyDict],
                  ) -> tuple[Msg, ReadOnlyDict]:
        """``line`` (its text and facts, both read-only) kept with the
        building, to be written again as it is wherever ``kept`` (all it
        says, as ids) is said again: characters come back to the same room,
        door and state from turn to turn and game to game. The store is
        emptied when it is full (:data:`KEPT_LINES`)."""
        lines = self.lines
        if len(lines) >= KEPT_LINES:
            lines.clear()
        lines[kept] = line
        return line

    def alone(self, seat: CharName) -> Audience:
        """The audience of a line told to ``seat`` alone: one object for
        every such line (it never changes)."""
        found = self._alone.get(seat)
        if found is None:
            found = self._alone[seat] = Audience(frozenset((seat,)))
        return found

    def shortest_route(self, origin: RoomNumber, destination: RoomNumber,
                       within: int | None = None) -> list[RoomNumber] | None:
        """CHAT-MOV-2: the shortest route, both ends included; among equals, the
        one whose rooms, read in order, have the lowest numbers (the route
        ``LocationGraph.route`` gives with the room number as tie key). None
        when there is none of at most ``within`` doors (when given): the search
        goes no further, so its cost does not grow with the building."""
        key = (origin, destination, within)
        if key not in self.routes:
            self.routes[key] = _best_route(self.adjacent, origin, destination, within)
        return self.routes[key]

    def reachable(self, origin: RoomNumber, destination: RoomNumber) -> bool:
        """Whether any route joins the two rooms (the building's connected
        parts are worked out once)."""
        if self._parts is None:
            self._parts = _connected_parts(self.adjacent)
        return self._parts[origin] == self._parts[destination]

    def item_title(self, item: ItemId) -> Name:
        title = self._titles.get(item)
        if title is None:
            model = self.items[item]
            title = self._titles[item] = name_of(model.name, item)
        return title

    def room_title(self, room: RoomNumber) -> Name | Msg:
        """How a report calls the room: the scenario's name ("the lobby"), or
        "room 3" where it gives none."""
        return self.rooms[room]

    def public(self, key: object, build: Callable[[*Ts], T], *args: *Ts) -> T:
        """What every view that shows it shares, read-only: ``build(*args)``,
        made once per building (see the ``public_*`` methods). What it is
        built from is passed as ``args`` (no closure is made to ask for it):
        asked for again, as usual, it costs a look-up."""
        found: T | None = self._public.get(key)
        if found is None:
            found = self._public[key] = read_only(build(*args))
        return found

    def public_plan(self) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        """The rules, the rooms and the characters, as every character's view
        gives them: one look-up for the three, each made once per building."""
        found: tuple[dict[str, Any], dict[str, Any], dict[str, Any]] | None = self._public.get(
            "plan")
        if found is None:
            found = self._public["plan"] = (self.public_rules(), self.public_rooms(),
                                            self.public_characters())
        return found

    def public_rules(self) -> dict[str, Any]:
        """The settings an order depends on, as a character's view gives them."""
        settings = self.settings
        return self.public("rules", lambda: {
            "max_doors": settings.max_doors, "melee_damage": settings.melee_damage,
            "secret_declarations": settings.secret_declarations})

    def public_rooms(self) -> dict[str, Any]:
        """Every room by number with its name (None: it has none): the plan of
        the building, which every character has (house rule 18)."""
        return self.public("rooms", lambda: {
            str(number): {"name": title.to_json() if isinstance(title, Name) else None}
            for number, title in sorted(self.rooms.items())})

    def public_characters(self) -> dict[str, Any]:
        """Every character by id with its name: the game's seats."""
        return self.public("characters", lambda: {
            name: {"name": character.title.to_json()}
            for name, character in sorted(self.characters.items())})

    def public_item(self, item: ItemId, seen: bool) -> dict[str, Any]:
        """An item as a view that names it gives it: its name; ``seen`` (it
        is before the character), also its kind, where it may be carried and
        its abilities."""
        return self.public(("item", item, seen), _item_view, self, item, seen)

    def public_items(self, known: Iterable[ItemId], before: AbstractSet[ItemId]
                     ) -> dict[str, Any]:
        """Every item of ``known`` by id, in id order, as a view that names
        it gives it (:meth:`public_item`; seen: it is ``before`` the
        character), both ways of giving an item looked up at once (kept
        with the building)."""
        table: dict[ItemId, tuple[Any, Any]] | None = self._public.get("items")
        if table is None:
            table = self._public["items"] = {}
        found: dict[str, Any] = {}
        for item in sorted(known):
            given = table.get(item)
            if given is None:
                given = table[item] = (self.public_item(item, False),
                                       self.public_item(item, True))
            found[item] = given[item in before]
        return found

    def public_doors(self, room: RoomNumber) -> dict[str, Any]:
        """The doors of ``room`` by the id a route names them with, each with
        its name there and the room beyond."""
        return self.public(("doors", room), _doors_view, self, room)

    def _doors_by_room(self) -> dict[RoomNumber, list[Door]]:
        """Each room's doors in the order of their ids, grouped once for the
        building (rather than every door looked at for each room's view)."""
        found: dict[RoomNumber, list[Door]] | None = self._public.get("doors by room")
        if found is None:
            found = {}
            for (origin, _), door in sorted(self.doors.items()):
                found.setdefault(origin, []).append(door)
            self._public["doors by room"] = found
        return found

    def visible_items(self, who: Character) -> list[ItemId]:
        """Items others can see on ``who``: in hands or worn, if the item shows there."""
        items = self.items
        shown = [i for i in who.hands if items[i].visible_in_hands]
        for place in who.worn_places:
            worn = who.worn.get(place)
            if worn:  # most places have nothing in them
                shown += [i for i in worn if items[i].visible_worn]
        return shown

    def is_armed(self, who: Character) -> bool:
        """House rule (danger): a weapon visible in the hands."""
        return not self.weapons().isdisjoint(who.hands)

    def in_room(self, room: RoomNumber) -> list[Character]:
        """The characters in ``room``, by name."""
        here = self.occupants.of(self.characters).get(room)
        if not here:
            return []
        if len(here) == 1:  # often: no one else is there
            return list(here.values())
        return [here[name] for name in sorted(here)]

    def around(self, room: RoomNumber) -> Collection[Character]:
        """The characters in ``room``, in no order (for a question whose
        answer does not depend on it)."""
        return self.occupants.of(self.characters).get(room, {}).values()

    def move(self, who: Character, room: RoomNumber) -> None:
        """``who`` is now in ``room``."""
        origin, who.room = who.room, room
        self.occupants.moved(who, origin)


def _item_view(world: World, item: ItemId, seen: bool) -> dict[str, Any]:
    """:meth:`World.public_item`, made."""
    model = world.items[item]
    found: dict[str, Any] = {"name": world.item_title(item).to_json()}
    if seen:
        found.update(kind=model.kind, carry=list(model.carry), abilities=list(model.abilities))
    return found


def _doors_view(world: World, room: RoomNumber) -> dict[str, Any]:
    """:meth:`World.public_doors`, made."""
    return {door.name: {"name": door.title.to_json(), "to": door.destination}
            for door in world._doors_by_room().get(room, ())}


def _rings(adjacent: dict[RoomNumber, tuple[RoomNumber, ...]], start: RoomNumber,
           goal: RoomNumber, within: int | None) -> dict[RoomNumber, int] | None:
    """Doors from ``start`` to every room reached, breadth first, until ``goal``
    is reached (None if it is not, within ``within`` doors when given)."""
    seen = {start: 0}
    frontier = [start]
    depth = 0
    while frontier and (within is None or depth < within):
        depth += 1
        found: list[RoomNumber] = []
        for room in frontier:
            for nxt in adjacent.get(room, ()):
                if nxt not in seen:
                    seen[nxt] = depth
                    found.append(nxt)
        if goal in seen:
            return seen
        frontier = found
    return None


def _best_route(adjacent: dict[RoomNumber, tuple[RoomNumber, ...]], origin: RoomNumber,
                destination: RoomNumber, within: int | None) -> list[RoomNumber] | None:
    """CHAT-MOV-2: distances to ``destination`` (doors are two-way), then from
    ``origin`` always the lowest-numbered room one door nearer: the shortest
    route whose sequence of rooms is smallest."""
    if origin == destination:
        return [origin]
    away = _rings(adjacent, destination, origin, within)
    if away is None:
        return None
    route = [origin]
    here = origin
    while here != destination:
        nearer = away[here] - 1
        here = min(r for r in adjacent[here] if away.get(r) == nearer)
        route.append(here)
    return route


def _connected_parts(adjacent: dict[RoomNumber, tuple[RoomNumber, ...]],
                     ) -> dict[RoomNumber, int]:
    """Room -> the number of its connected part of the building."""
    part: dict[RoomNumber, int] = {}
    for start in adjacent:
        if start in part:
            continue
        label = len(part)
        part[start] = label
        frontier = [start]
        while frontier:
            room = frontier.pop()
            for nxt in adjacent[room]:
                if nxt not in part:
                    part[nxt] = label
                    frontier.append(nxt)
    return part


def build_world(scenario: FacilityScenario) -> World:
    """The resolver's world for a checked scenario. The building (rooms, doors,
    routes, items) is prepared once per scenario and shared by every world
    built from it, so games of one scenario, and their copies, share it."""
    return copy_world(prepared(scenario, _building))


def _building(scenario: FacilityScenario) -> World:
    prototype = _build_world(scenario)
    prototype.static()
    return prototype


def copy_world(world: World) -> World:
    """A world whose characters and floor can change without touching ``world``
    (the building is shared)."""
    copied = copy(world)
    copied.characters = {name: c.copy() for name, c in world.characters.items()}
    copied.floor = {room: list(items) for room, items in world.floor.items()}
    copied.occupants = Occupants()
    return copied


def _build_world(scenario: FacilityScenario) -> World:
    settings = scenario.settings
    rooms: dict[RoomNumber, Name | Msg] = {
        r.number: name_of(r.name, r.name.ru or "") if r.name and (r.name.en or r.name.ru)
        else msg("facility.room", number=r.number) for r in scenario.rooms}
    graph: LocationGraph[RoomNumber] = LocationGraph()
    for number in sorted(rooms):
        graph.add(number)
    doors: dict[tuple[RoomNumber, str], Door] = {}
    between: dict[tuple[RoomNumber, RoomNumber], Door] = {}
    for index, door in enumerate(scenario.doors):
        ru = door.names_ru or (None, None)
        for side in (0, 1):
            origin, destination = door.rooms[side], door.rooms[1 - side]
            side_door = Door(index, origin, destination, door.names[side],
                             Name(door.names[side], ru[side]), door.names[1 - side],
                             Name(door.names[1 - side], ru[1 - side]))
            doors[(origin, door.names[side])] = side_door
            known = between.get((origin, destination))
            if known is None or side_door.name < known.name:
                between[(origin, destination)] = side_door
        graph.join(door.rooms[0], door.rooms[1])
    characters = {}
    for name, model in sorted(scenario.characters.items()):
        worn_places = dict(model.worn_places if model.worn_places is not None
                           else settings.worn_places)
        points, max_points, unit = concentration_points(
            model.concentration, model.max_concentration if model.max_concentration is not None
            else model.concentration, settings.concentration_recovery)
        characters[name] = Character(
            name=name, title=name_of(model.name, name), room=model.room,
            health=model.health,
            max_health=model.max_health if model.max_health is not None else model.health,
            points=points, max_points=max_points, unit=unit,
            uniform=model.uniform,
            hand_slots=model.hand_slots if model.hand_slots is not None else settings.hand_slots,
            inventory_slots=(model.inventory_slots if model.inventory_slots is not None
                             else settings.inventory_slots),
            worn_places=worn_places, hands=list(model.hands), inventory=list(model.inventory),
            worn={place: list(model.worn.get(place, [])) for place in worn_places})
    return World(
        scenario=scenario, settings=settings, turn=scenario.turn, rooms=rooms,
        cameras=frozenset(r.number for r in scenario.rooms if r.camera),
        floor={r.number: list(r.items) for r in scenario.rooms},
        items=dict(scenario.items), characters=characters, doors=doors, between=between,
        graph=graph, adjacent={room: tuple(sorted(set(graph.neighbours(room)) - {room}))
                               for room in graph})


def to_scenario(world: World) -> dict[str, Any]:
    """The world as a scenario table (for the next turn's TOML file), unset
    optional fields left out (TOML has no null)."""
    data = world.scenario.model_dump(mode="json", exclude_none=True)
    data["turn"] = world.turn
    for room in data["rooms"]:
        room["items"] = list(world.floor.get(room["number"], []))
    characters = data["characters"]
    for name, character in world.characters.items():
        entry = characters[name]
        now = _character_now(character)
        if now.keys() <= entry.keys():
            entry.update(now)
        else:  # a field the scenario left unset, in its place among the others
            entry.update(now)
            characters[name] = {key: entry[key] for key in _CHARACTER_FIELDS if key in entry}
    return data


_CHARACTER_FIELDS = tuple(CharacterModel.model_fields)
"""A character's fields in the order a scenario table gives them."""


def _character_now(character: Character) -> dict[str, Any]:
    """What a scenario table says of ``character`` that changes in play."""
    return {"room": character.room, "health": character.health,
            "max_health": character.max_health,
            "concentration": points_number(character.points, character.unit),
            "max_concentration": points_number(character.max_points, character.unit),
            "uniform": character.uniform, "hands": list(character.hands),
            "inventory": list(character.inventory),
            "worn": {p: list(v) for p, v in character.worn.items() if v}}
