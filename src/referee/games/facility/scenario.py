"""The scenario of a Facility game, as pydantic models, and the checks the
schema cannot make (every problem at once).

A scenario is the building (rooms, doors named per side, cameras), the items
and the characters at the start of a turn, and the house-rule settings.
"""

from __future__ import annotations

from collections import Counter
from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from referee.core.events import REFEREE
from referee.core.i18n import Msg, Name, msg
from referee.core.model import LocalName, StrictModel, older_names
from referee.core.scenario import refused, unknown_name
from referee.games.facility.tables import (
    ABILITIES,
    BOOK_MAX_DOORS,
    DEFAULT_CARRY,
    DEFAULT_HAND_SLOTS,
    DEFAULT_INVENTORY_SLOTS,
    DEFAULT_WORN_PLACES,
    HANDS,
    INVENTORY,
    MELEE_DAMAGE,
    PAUSE,
)

Uniform = Literal["none", "scientist", "agent"]

MAX_ROOMS = 100_000
MAX_DOORS = 400_000
MAX_ITEMS = 500_000
MAX_CHARACTERS = 100_000
"""The largest building and cast a scenario may give: far beyond a game by
chat (the benchmarks resolve 100,000 characters), and small enough to be
set up in seconds."""
MAX_POINTS = 1_000
"""The most health or concentration, and the most damage, a number may give
(the book's characters have a few points)."""
MAX_SLOTS = 100
"""The most items one place (hands, inventory, a worn place) may hold."""
MAX_TURN = 1_000
"""The latest turn a game may start at or last until."""
MAX_ROOM_NUMBER = 999_999_999
MAX_LIST = 1_000
"""The most entries of a list inside one room, item or character."""
MAX_PLACES = 20
"""The most worn places (head, belt, ...) a scenario may name."""

Points = Annotated[float, Field(ge=0, le=MAX_POINTS)]
Slots = Annotated[int, Field(ge=0, le=MAX_SLOTS)]


class Settings(StrictModel):
    """House rules (see docs/rulesets/facility.md); the book's values where it has them."""

    max_doors: int = Field(BOOK_MAX_DOORS, ge=1, le=BOOK_MAX_DOORS)
    """CHAT-MOV-1: at most 5 doors (pauses included) per turn."""
    concentration_recovery: float = Field(0.5, ge=0, le=MAX_POINTS)
    """House rule: concentration regained at the end of every turn, up to the maximum."""
    hand_slots: int = Field(DEFAULT_HAND_SLOTS, ge=0, le=MAX_SLOTS)
    """House rule: items a character holds in its hands (one per hand)."""
    inventory_slots: int = Field(DEFAULT_INVENTORY_SLOTS, ge=0, le=MAX_SLOTS)
    """House rule: items a character carries in its inventory."""
    worn_places: dict[str, Slots] = Field(default_factory=lambda: dict(DEFAULT_WORN_PLACES),
                                          max_length=MAX_PLACES)
    """House rule: places where items are worn, each with its capacity."""
    danger: Literal["armed-next-room", "none"] = "armed-next-room"
    """House rule for CHAT-IGN-1: a danger is an armed character seen through the next door."""
    melee_damage: int = Field(MELEE_DAMAGE, ge=0, le=MAX_POINTS)
    """CHAT-MEL-1: 1 damage."""
    last_turn: int = Field(12, ge=1, le=MAX_TURN)
    """House rule: the game ends after this turn (the book sets no end)."""
    secret_declarations: bool = False
    """House rule: players may mark an explicit action ``secret = true`` (the
    book declares them explicitly, CHAT-TRN-3); off by default."""


class _Named(StrictModel):
    """An entry with a name: ``name = "Anna"``, or in both languages
    ``name = { en = "Anna", ru = "Анна" }``; none, and the entry is called by
    its id (a room: "room 3"). The older spelling, ``name_ru`` beside ``name``,
    is still read (``name_ru`` alone, the older way, names it in Russian only)."""

    name: LocalName | None = None

    @model_validator(mode="before")
    @classmethod
    def _older_spelling(cls, data: Any) -> Any:
        if isinstance(data, dict) and "name_ru" not in data and not isinstance(
                data.get("name"), dict):
            return data  # the usual entry: nothing to fold
        folded = older_names(data, "name")
        name = folded.get("name") if isinstance(folded, dict) else None
        if isinstance(name, dict) and "en" not in name and "ru" in name:
            folded["name"] = {"en": "", **name}
        return folded


def name_of(name: LocalName | None, fallback: str) -> Name:
    """A name as the scenario gives it, ``fallback`` (the entry's id) standing
    in for an English name it does not give."""
    if name is None:
        return Name(fallback)
    given = name.name
    return Name(given.en or fallback, given.ru or None, given.gender, given.cases)


class RoomModel(_Named):
    number: int = Field(ge=0, le=MAX_ROOM_NUMBER)
    camera: bool = False
    """A security camera records this room (its records go to the game master)."""
    camera_readers: list[str] = Field(default_factory=list, max_length=MAX_LIST)
    """House rule 14: characters who also read this camera's record (say, a guard
    at the monitors), each line as it is recorded."""
    items: list[str] = Field(default_factory=list, max_length=MAX_LIST)
    """Items lying in the room."""


class DoorModel(StrictModel):
    """A door between two rooms, named on each side: ``rooms = [1, 2]``,
    ``names = ["north", "south"]`` is room 1's north door and room 2's south door."""

    rooms: tuple[int, int]
    names: tuple[str, str]
    names_ru: tuple[str, str] | None = None


class ItemModel(_Named):
    kind: str
    """What the item is (``pistol``); a visible feature for follow and detain."""
    description: str = ""
    description_ru: str = ""
    carry: list[str] = Field(default_factory=lambda: list(DEFAULT_CARRY),
                             max_length=MAX_PLACES + 2)
    """Where it can be carried: ``hands``, ``inventory`` and worn places."""
    visible_in_hands: bool = True
    visible_worn: bool = True
    abilities: list[str] = Field(default_factory=list, max_length=MAX_PLACES)
    """Active abilities (``shot``)."""
    damage: int = Field(1, ge=0, le=MAX_POINTS)
    """House rule: damage a shot of this item does."""


class CharacterModel(_Named):
    room: int
    health: int = Field(3, ge=0, le=MAX_POINTS)
    max_health: int | None = Field(None, ge=0, le=MAX_POINTS)
    concentration: Points = 2
    max_concentration: Points | None = None
    uniform: Uniform = "none"
    hands: list[str] = Field(default_factory=list, max_length=MAX_LIST)
    inventory: list[str] = Field(default_factory=list, max_length=MAX_LIST)
    worn: dict[str, Annotated[list[str], Field(max_length=MAX_LIST)]] = Field(
        default_factory=dict, max_length=MAX_PLACES)
    hand_slots: Slots | None = None
    inventory_slots: Slots | None = None
    worn_places: dict[str, Slots] | None = Field(None, max_length=MAX_PLACES)
    aim: LocalName | None = None
    """What the character plays for, in its player's words: text, or
    ``{ en, ru }``; told to that character and the game master alone (the
    book sets no victory)."""
    lang: Literal["en", "ru"] | None = None
    """The language of the player's reports and orders template (``referee
    resolve --reports``, ``referee orders-template``); unset, the game master's."""


class FacilityScenario(StrictModel):
    title: LocalName | None = None
    """The scenario's title: text, or ``{ en, ru }``."""
    turn: int = Field(1, ge=1, le=MAX_TURN)
    settings: Settings = Field(default_factory=Settings)
    rooms: list[RoomModel] = Field(max_length=MAX_ROOMS)
    doors: list[DoorModel] = Field(default_factory=list, max_length=MAX_DOORS)
    items: dict[str, ItemModel] = Field(default_factory=dict, max_length=MAX_ITEMS)
    characters: dict[str, CharacterModel] = Field(max_length=MAX_CHARACTERS)


# -- what the schema cannot see -------------------------------------------------------


def scenario_problems(scenario: FacilityScenario) -> list[Msg]:
    """Every problem, each naming its field (catalogue keys ``facility.check.*``)."""
    return [*_room_problems(scenario), *_door_problems(scenario), *_item_problems(scenario),
            *_character_problems(scenario), *_placement_problems(scenario)]


def _rooms_known(scenario: FacilityScenario) -> bool:
    """Whether every room's number is the file's (none refused by the schema,
    no room left out), so that a number no room has is the file's mistake."""
    gone = refused(scenario)
    return not gone.lost("rooms") and not any(
        gone("rooms", i, "number") for i in range(len(scenario.rooms)))


def _room_problems(scenario: FacilityScenario) -> list[Msg]:
    gone = refused(scenario)
    counts = Counter(room.number for i, room in enumerate(scenario.rooms)
                     if not gone("rooms", i, "number"))
    problems = [msg("facility.check.room-twice", field=f"rooms[{i}].number", room=room.number)
                for i, room in enumerate(scenario.rooms) if counts[room.number] > 1]
    if not scenario.rooms:
        problems.append(msg("facility.check.no-rooms", field="rooms"))
    for i, room in enumerate(scenario.rooms):
        if room.camera_readers and not room.camera:
            problems.append(msg("facility.check.readers-no-camera",
                                field=f"rooms[{i}].camera_readers", room=room.number))
        for j, reader in enumerate(room.camera_readers):
            if reader not in scenario.characters and not gone.lost("characters"):
                problems.append(msg("facility.check.no-character",
                                    field=f"rooms[{i}].camera_readers[{j}]", name=reader,
                                    **unknown_name(reader, scenario.characters)))
    return problems


def _door_problems(scenario: FacilityScenario) -> list[Msg]:
    known = [room.number for room in scenario.rooms]
    numbers = set(known)
    rooms_known = _rooms_known(scenario)
    problems = []
    seen: dict[tuple[int, str], int] = {}
    for i, door in enumerate(scenario.doors):
        for side, room in enumerate(door.rooms):
            if room not in numbers and rooms_known:
                problems.append(msg("facility.check.no-room", field=f"doors[{i}].rooms[{side}]",
                                    room=room, **unknown_name(room, known)))
        if door.rooms[0] == door.rooms[1]:
            problems.append(msg("facility.check.door-one-room", field=f"doors[{i}].rooms"))
        for side, name in enumerate(door.names):
            where = (door.rooms[side], name)
            field = f"doors[{i}].names[{side}]"
            if not name.strip() or name.strip().lower() == PAUSE:
                problems.append(msg("facility.check.door-name", field=field, pause=PAUSE))
            elif where in seen:
                problems.append(msg("facility.check.door-twice", field=field, room=where[0],
                                    name=name, other=f"doors[{seen[where]}]"))
            else:
                seen[where] = i
    return problems


def _item_problems(scenario: FacilityScenario) -> list[Msg]:
    problems = []
    places = {HANDS, INVENTORY, *scenario.settings.worn_places}
    for character in scenario.characters.values():
        places.update(character.worn_places or {})
    for item_id, item in scenario.items.items():
        for i, ability in enumerate(item.abilities):
            if ability not in ABILITIES:
                problems.append(msg("facility.check.unknown-ability",
                                    field=f"items.{item_id}.abilities[{i}]", ability=ability,
                                    **unknown_name(ability, sorted(ABILITIES))))
        for i, place in enumerate(item.carry):
            if place not in places:
                problems.append(msg("facility.check.unknown-place",
                                    field=f"items.{item_id}.carry[{i}]", place=place,
                                    **unknown_name(place, sorted(places))))
    for place in scenario.settings.worn_places:
        if place in (HANDS, INVENTORY):
            problems.append(msg("facility.check.not-worn", field=f"settings.worn_places.{place}",
                                place=place))
    return problems


def _character_problems(scenario: FacilityScenario) -> list[Msg]:
    known = [room.number for room in scenario.rooms]
    numbers = set(known)
    rooms_known = _rooms_known(scenario)
    problems = []
    if not scenario.characters:
        problems.append(msg("facility.check.no-characters", field="characters"))
    for name, character in scenario.characters.items():
        field = f"characters.{name}"
        if name == REFEREE or ":" in name or not name.strip():
            problems.append(msg("facility.check.bad-id", field=field, name=name))
        if character.room not in numbers and rooms_known:
            problems.append(msg("facility.check.no-room", field=f"{field}.room",
                                room=character.room, **unknown_name(character.room, known)))
        if character.max_health is not None and character.health > character.max_health:
            problems.append(msg("facility.check.over-max", field=f"{field}.health",
                                limit="max_health"))
        if (character.max_concentration is not None
                and character.concentration > character.max_concentration):
            problems.append(msg("facility.check.over-max", field=f"{field}.concentration",
                                limit="max_concentration"))
    return problems


def _placement_problems(scenario: FacilityScenario) -> list[Msg]:
    problems = []
    where: dict[str, tuple[str, int]] = {}  # item -> the list that places it, and its index

    items_known = not refused(scenario).lost("items")  # else an item left out is no mistake

    def put(item: str, field: str, index: int) -> None:
        if item not in scenario.items:
            if items_known:
                problems.append(msg("facility.check.no-item", field=f"{field}[{index}]",
                                    item=item, **unknown_name(item, scenario.items)))
        elif item in where:
            other, at = where[item]
            problems.append(msg("facility.check.item-twice", field=f"{field}[{index}]",
                                item=item, other=f"{other}[{at}]"))
        else:
            where[item] = field, index

    for i, room in enumerate(scenario.rooms):
        for j, item in enumerate(room.items):
            put(item, f"rooms[{i}].items", j)
    settings = scenario.settings
    for name, character in scenario.characters.items():
        worn_places = (character.worn_places if character.worn_places is not None
                       else settings.worn_places)
        capacity = {HANDS: character.hand_slots if character.hand_slots is not None
                    else settings.hand_slots,
                    INVENTORY: character.inventory_slots if character.inventory_slots is not None
                    else settings.inventory_slots, **worn_places}
        held = {HANDS: character.hands, INVENTORY: character.inventory, **character.worn}
        for place, items in held.items():
            if not items and place in capacity:
                continue  # nothing there to check
            field = f"characters.{name}.{place}" if place in (HANDS, INVENTORY) else (
                f"characters.{name}.worn.{place}")
            if place not in capacity:
                problems.append(msg("facility.check.no-worn-place", field=field, place=place,
                                    count=len(worn_places),
                                    **unknown_name(place, sorted(worn_places))))
                continue
            if len(items) > capacity[place]:
                problems.append(msg("facility.check.too-many", field=field, count=len(items),
                                    room=capacity[place]))
            for j, item in enumerate(items):
                put(item, field, j)
                model = scenario.items.get(item)
                if model is not None and place not in model.carry:
                    problems.append(msg("facility.check.wrong-place", field=f"{field}[{j}]",
                                        item=item, place=place, known=", ".join(model.carry)))
    return problems
