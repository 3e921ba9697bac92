"""What a Facility seat's view holds, as pydantic models (the typed contract of
:mod:`referee.core.views`): the ``state`` part, the facts of every log line,
and, since Facility asks by shape and rolls no dice, that no option meaning
and no chance label ever appears.

A character's state is what it may know (CHAT-AWR-1, CHAT-VIS-*): itself, its
room and who and what is in it, the items it has seen (in its room, on
others, in its report), with the building's rooms and the cast, which every
character knows (house rule: the plan of the building is handed out; the
characters are the game's seats, which every view names). The game master's
state is the whole world as the next turn's scenario file. Every piece is
referred to by id; names sit once in ``rooms``, ``characters`` and ``items``.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from collections.abc import Set as AbstractSet
from typing import Annotated, Any, Literal, NoReturn, Union, get_args

from pydantic import ConfigDict, Field, JsonValue, PlainValidator, WithJsonSchema

from referee.core.events import Event, Facts
from referee.core.views import LocalName, ObjectivesView, ViewModel
from referee.games.facility.scenario import FacilityScenario, Uniform

Number = int | float
"""Concentration and its changes, in halves: ``2``, ``1.5``."""


# -- the state -----------------------------------------------------------------------


class RoomEntry(ViewModel):
    """A room of the building, by its number (the key): its name, or None
    where the scenario gives none (it reads "room 3")."""

    name: LocalName | None


class CharacterEntry(ViewModel):
    """A character of the game, by its id (the seat): its name."""

    name: LocalName


class ItemEntry(ViewModel):
    """An item the view names, by its id: its name; and, for one the
    character has before it now (carried, on the floor, on someone in the
    room), what anyone seeing it can tell: its kind (the visible feature
    ``item:<kind>`` of follow and detain, CHAT-FOL-1), where it may be
    carried and its active abilities. An item only heard of (named in the
    character's report) has its name alone."""

    name: LocalName
    kind: str | None = None
    carry: list[str] | None = None
    abilities: list[str] | None = None


class Rules(ViewModel):
    """The house-rule settings an order depends on (docs: house rules)."""

    max_doors: int
    """CHAT-MOV-1: doors and pauses a route may have."""
    melee_damage: int
    """CHAT-MEL-1: damage of a melee attack."""
    secret_declarations: bool
    """House rule 17: an explicit order may be made ``secret = true``."""


class Me(ViewModel):
    """The seat's own character (CHAT-AWR-1)."""

    room: int
    health: int
    max_health: int
    concentration: Number
    max_concentration: Number
    uniform: Uniform
    hands: list[str]
    inventory: list[str]
    worn: dict[str, list[str]]
    """Worn items by place (``belt``), places with none left out."""
    places: dict[str, int]
    """Where it may carry items, each with its room: ``hands``,
    ``inventory`` and its worn places (house rule 1)."""


class DoorOut(ViewModel):
    """A door of the seat's room, by the id a route names it with (``north``)."""

    name: LocalName
    """The door as the room calls it ("north", «северная»)."""
    to: int
    """The room beyond it."""


class Seen(ViewModel):
    """Another character in the seat's room, as it can be seen."""

    uniform: Uniform
    visible: list[str]
    """Items to be seen on it: in its hands, or worn where they show."""


class Here(ViewModel):
    """The room the seat's character is in."""

    number: int
    doors: dict[str, DoorOut]
    floor: list[str]
    """Items lying in it."""
    present: dict[str, Seen]
    """The others in it, by id."""


class FacilityObjectives(ObjectivesView):
    """What the seat's character plays for and where the game stands: the
    words, and beside them the character's ``aim`` as its scenario gives it
    (to that character alone; None where none is given, and for anyone but
    a character) and the last turn (house rule 13)."""

    aim: LocalName | None
    last_turn: int


class CharacterState(ViewModel):
    """A character's state: what it may know at the start of the turn it orders."""

    turn: int
    rules: Rules
    rooms: dict[str, RoomEntry]
    characters: dict[str, CharacterEntry]
    items: dict[str, ItemEntry]
    """Every item the view names (here, on someone, in the log), and only those."""
    character: Me
    room: Here
    objectives: FacilityObjectives


class ObserverState(ViewModel):
    """Anyone else who reads a part of the log (a camera): the turn and
    what ends the game."""

    turn: int
    objectives: FacilityObjectives


class MasterState(ViewModel):
    """The game master's state: the world as the next turn's scenario file."""

    turn: int
    world: FacilityScenario
    objectives: FacilityObjectives


StateView = Union[CharacterState, MasterState, ObserverState]  # noqa: UP007
"""A seat's state: a character's, the game master's, or another observer's."""


# -- facts: what each log line says as data ---------------------------------------------


class _Line(ViewModel):
    """A line of a resolved turn."""

    model_config = ConfigDict(extra="forbid", frozen=True, serialize_by_alias=True)

    step: int
    """When: 0 the actions, 1 to 5 the movement steps, 6 the end of the turn."""
    camera: int | None = None
    """Seen on the camera of this room: a record its readers read (house rule 14)."""


class TurnResolved(ViewModel):
    """A turn's resolution begins (CHAT-TRN-4); everyone reads it."""

    kind: Literal["turn-resolved"]
    turn: int


class Impossible(_Line):
    """CHAT-TRN-6: an order declared that cannot happen, told to its seat."""

    kind: Literal["impossible"]
    seat: str
    part: str
    """The order as the orders name it (``melee``, ``take[0]``, an ``id``)."""
    problem: Literal["self", "other-room", "not-here", "item-cannot"]
    about: dict[str, JsonValue] = Field(default_factory=dict)
    """The ids the problem names, as the order gave them: ``character``
    (``self``, ``other-room``), ``item`` (``not-here``, ``item-cannot``),
    ``ability`` (``item-cannot``)."""


class Declared(_Line):
    """CHAT-VIS-1: an explicit declaration, heard by the others in the room."""

    kind: Literal["declared"]
    character: str
    action: Literal["melee", "shot", "take", "give", "refuse", "drop", "show"]
    target: str | None = None
    item: str | None = None


class Bluffed(_Line):
    """CHAT-BLF-1: a declaration of the seat's own not carried out."""

    kind: Literal["bluffed"]
    character: str
    part: str


class TakeFailed(_Line):
    """CHAT-TAK-2, CHAT-TAK-3: a take that gets nothing."""

    kind: Literal["take-failed"]
    character: str
    item: str
    reason: Literal["contested", "no-room"]


class Took(_Line):
    """CHAT-TAK-5: who took which item, from where."""

    kind: Literal["took"]
    character: str
    item: str
    room: int


class Put(_Line):
    """CHAT-TAK-1, CHAT-GIV-2: where an item taken or received went."""

    kind: Literal["put"]
    character: str
    item: str
    place: str


class NoConcentration(_Line):
    """CHAT-TAG-2 (house rule 4): an action not paid for does not happen."""

    kind: Literal["no-concentration"]
    character: str
    action: Literal["chase", "detain", "melee", "show", "shot"]


class Attack(_Line):
    """CHAT-MEL-2, a shot: who attacked whom (no one: the air), and with what."""

    kind: Literal["attack"]
    attacker: str
    target: str | None
    means: Literal["melee", "shot"]
    item: str | None = None
    """The item shot with."""
    result: Literal["hit", "air"]


class CannotUse(_Line):
    """CHAT-TRN-6: nothing to use the ability with."""

    kind: Literal["cannot-use"]
    character: str
    ability: str


class Hurt(_Line):
    """CHAT-MEL-1: damage taken this turn, all at once (CHAT-TRN-5)."""

    kind: Literal["hurt"]
    character: str
    damage: int
    health: int


class Dealt(_Line):
    """CHAT-MEL-1: the damage an attacker's blows and shots did to a target
    this turn, told to the attacker."""

    kind: Literal["dealt"]
    character: str
    target: str
    damage: int


class Fell(_Line):
    """House rule 6: a character brought to 0 health is down."""

    kind: Literal["fell"]
    character: str


class CannotShow(_Line):
    kind: Literal["cannot-show"]
    character: str
    item: str


class Shown(_Line):
    """CHAT-SHW-2: an item shown, and where it was at the start of the turn."""

    kind: Literal["shown"]
    character: str
    item: str
    place: str


class GiveFailed(_Line):
    """CHAT-GIV-3: a transfer that does not happen, told to its giver."""

    kind: Literal["give-failed"]
    character: str
    item: str
    target: str


class GiveFailedReason(_Line):
    """Why a transfer did not happen, for the game master alone."""

    kind: Literal["give-failed-reason"]
    character: str
    item: str
    target: str
    reason: Literal["not-carried", "used", "refused", "down", "no-room"]


class Gave(_Line):
    """CHAT-GIV-6: which item was given, by whom, to whom."""

    kind: Literal["gave"]
    character: str
    item: str
    target: str


class CameraGave(_Line):
    """CHAT-GIV-6: a camera records that something was given."""

    kind: Literal["camera-gave"]
    camera: int
    character: str
    target: str


class CannotDrop(_Line):
    kind: Literal["cannot-drop"]
    character: str
    item: str
    reason: Literal["not-carried", "given"]


class Dropped(_Line):
    """CHAT-DRP-3: an item left in the room."""

    kind: Literal["dropped"]
    character: str
    item: str
    room: int


class EquipFailed(_Line):
    kind: Literal["equip-failed"]
    character: str


class Rearranged(_Line):
    """CHAT-EQP-1: the seat's own hands and inventory after equipping."""

    kind: Literal["rearranged"]
    character: str
    hands: list[str]
    inventory: list[str]


class Equipped(_Line):
    """CHAT-EQP-2: what stopped and what started being visible on someone."""

    kind: Literal["equipped"]
    character: str
    hidden: list[str]
    shown: list[str]


class ChaseStarted(_Line):
    """CHAT-CHS-1."""

    kind: Literal["chase-started"]
    character: str
    target: str


class ChaseRefund(_Line):
    """CHAT-CHS-3: concentration given back when the target stayed."""

    kind: Literal["chase-refund"]
    character: str
    target: str
    amount: Number


class ChaseShort(_Line):
    """House rule 4: a chase paid at 0.5 ends when the target moves."""

    kind: Literal["chase-short"]
    character: str
    target: str


class Lost(_Line):
    """CHAT-FOL-6: no concentration to keep following."""

    kind: Literal["lost"]
    character: str
    target: str


class Tired(_Line):
    """CHAT-MOV-3: no concentration for the next door."""

    kind: Literal["tired"]
    character: str


class Paused(_Line):
    """CHAT-MOV-6."""

    kind: Literal["paused"]
    character: str


class Danger(_Line):
    """CHAT-IGN-1 (house rule 5): armed characters seen through a door."""

    kind: Literal["danger"]
    character: str
    door: str
    room: int
    """The room beyond the door."""
    armed: list[str]


class Following(_Line):
    """CHAT-FOL-1."""

    kind: Literal["following"]
    character: str
    target: str


class Moved(_Line):
    """CHAT-MOV-5: the seat's own character through a door."""

    kind: Literal["moved"]
    character: str
    door: str
    """As the room it leaves calls it."""
    from_: int = Field(alias="from")
    to: int


class _Sighting(_Line):
    """CHAT-MOV-4, CHAT-VIS-4: someone seen at a door of ``room``, the door
    as that room calls it."""

    character: str
    door: str
    room: int


class TurnedBack(_Sighting):
    kind: Literal["turned-back"]


class Headed(_Sighting):
    kind: Literal["headed"]


class Left(_Sighting):
    kind: Literal["left"]


class Stayed(_Sighting):
    kind: Literal["stayed"]


class CameTowards(_Sighting):
    kind: Literal["came-towards"]


class Entered(_Sighting):
    kind: Literal["entered"]


class Together(_Sighting):
    """CHAT-VIS-4: who went through a door at once with the readers."""

    kind: Literal["together"]
    others: list[str]


class Present(_Line):
    """House rule 12: who the character sees on coming into a room."""

    kind: Literal["present"]
    character: str
    room: int
    others: list[str]


class CameraLeft(_Sighting):
    """CHAT-MOV-4: a camera records someone leaving its room."""

    kind: Literal["camera-left"]
    camera: int


class CameraEntered(_Sighting):
    """CHAT-MOV-4: a camera records someone coming into its room."""

    kind: Literal["camera-entered"]
    camera: int


class Detained(_Line):
    """CHAT-DET-6: who detained whom, in a room or a doorway."""

    kind: Literal["detained"]
    character: str
    target: str
    doorway: bool


class Recovered(_Line):
    """House rule 3: concentration back at the end of the turn."""

    kind: Literal["recovered"]
    character: str
    amount: Number
    concentration: Number


class Awareness(_Line):
    """CHAT-AWR-1: the character's own state at the end of the turn."""

    kind: Literal["awareness"]
    character: str
    room: int
    health: int
    max_health: int
    concentration: Number
    hands: list[str]
    inventory: list[str]
    worn: dict[str, list[str]]


FacilityFacts = Union[  # noqa: UP007
    TurnResolved, Impossible, Declared, Bluffed, TakeFailed, Took, Put, NoConcentration,
    Attack, CannotUse, Hurt, Dealt, Fell, CannotShow, Shown, GiveFailed, GiveFailedReason, Gave,
    CameraGave, CannotDrop, Dropped, EquipFailed, Rearranged, Equipped, ChaseStarted,
    ChaseRefund, ChaseShort, Lost, Tired, Paused, Danger, Following, Moved, TurnedBack,
    Headed, Left, Stayed, CameTowards, Entered, Together, Present, CameraLeft, CameraEntered,
    Detained, Recovered, Awareness]
"""Every kind of fact a Facility log line carries; a void order's line
carries the core's ``void`` facts (seat, part, and why as data: ``code``
and ``about``, :data:`VOID_CODES`)."""

VOID_CODES: dict[str, tuple[str, ...]] = {
    "no-order": ("order",), "shape": ("problems",), "down": (),
    "no-character": ("character",), "self": ("character",), "other-room": ("character",),
    "chase-and-move": (), "bad-entry": ("entry",), "no-door": ("door", "room"),
    "not-adjacent": ("room", "from"), "no-room": ("room",), "no-way": ("room",),
    "too-long": ("doors", "most"), "too-far": ("room", "most"), "secret-not-allowed": (),
    "no-item": ("item",), "twice": ("item",), "bad-place": ("item", "place"),
    "no-ability": ("ability",), "not-explicit": ("order",)}
"""Why an order of a seat's is void (the ``code`` of its ``void`` facts), and
what its ``about`` names, as the order gave it: an order by its name
(``no-order``) or its label (``not-explicit``); the problems of an order
that does not fit its shape, each a ``field`` (the path to it) and pydantic's
kind of ``problem`` (``shape``); a character, item, ability, place, door or
room as typed, a room by its number (``from``: the room the route was at);
``doors`` in a route and the ``most`` it may have."""

ITEM_LISTS = ("hidden", "shown", "hands", "inventory")
"""The fields of facts that hold lists of items (``item`` names one, and
``worn`` a table of lists)."""


def told_items(events: Iterable[Event], reader: str) -> set[str]:
    """Every item the facts of ``events`` name, as ``reader`` reads them: a
    view names, in its ``items``, every item its log names."""
    found: set[str] = set()
    for event in events:
        facts = event.facts_for(reader)
        if facts is not None:
            found.update(named_items(facts))
    return found


def named_items(facts: Facts) -> AbstractSet[str]:
    """Every item these facts name: in ``item``, in a list of items
    (:data:`ITEM_LISTS`) or in ``worn``, of the fields its kind of line has
    (:data:`ITEM_FIELDS_OF`; most have none); for a kind not Facility's own
    (the core's ``void``), whichever of them the facts hold."""
    fields: Collection[str] | None = ITEM_FIELDS_OF.get(facts.get("kind"))
    if fields is None:
        fields = _ITEM_FIELDS.intersection(facts)
    if not fields:  # most lines name no item
        return _NO_ITEMS
    found: set[str] = set()
    for field in fields:
        value = facts.get(field)
        if field == "item":
            if value is not None:
                found.add(value)
        elif field == "worn":
            for items in (value or {}).values():
                found.update(items)
        else:
            found.update(value or ())
    return found


_ITEM_FIELDS = frozenset({"item", "worn", *ITEM_LISTS})
"""Every field of facts that names items."""

_NO_ITEMS: frozenset[str] = frozenset()


def _kind(model: type[ViewModel]) -> str:
    """The ``kind`` a model of facts is for."""
    kind: str = get_args(model.model_fields["kind"].annotation)[0]
    return kind


ITEM_FIELDS_OF: dict[object, tuple[str, ...]] = {
    _kind(model): tuple(field for field in model.model_fields if field in _ITEM_FIELDS)
    for model in get_args(FacilityFacts)}
"""Each kind of Facility's lines, with the fields of its facts that name
items (most have none), as its model declares them."""


# -- no options, no chances -------------------------------------------------------------


def _none_such(value: Any) -> NoReturn:
    raise ValueError("Facility asks by shape and rolls no dice: there is none")


NoneSuch = Annotated[Any, PlainValidator(_none_such), WithJsonSchema({"not": {}})]
"""What an option's meaning or a chance's label is in Facility: there is
none. Its orders are asked by shape (an orders table with its template),
never by options, and it rolls no dice; the published schema says so."""
