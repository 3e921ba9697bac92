"""The scenario file of a Facility turn and the orders file, as pydantic models.

A scenario is the building (rooms, doors named per side, cameras), the items
and the characters at the start of a turn, and the house-rule settings. The
``resolve`` command writes the next turn's state in the same format.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from referee.games.facility.tables import (
    BOOK_MAX_DOORS,
    DEFAULT_CARRY,
    DEFAULT_HAND_SLOTS,
    DEFAULT_INVENTORY_SLOTS,
    DEFAULT_WORN_PLACES,
)

Uniform = Literal["none", "scientist", "agent"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Settings(_Strict):
    """House rules (see docs/rulesets/facility.md); the book's values where it has them."""

    max_doors: int = Field(BOOK_MAX_DOORS, ge=1, le=BOOK_MAX_DOORS)
    """CHAT-MOV-1: at most 5 doors (pauses included) per turn."""
    concentration_recovery: float = Field(0.5, ge=0)
    """House rule: concentration regained at the end of every turn, up to the maximum."""
    hand_slots: int = Field(DEFAULT_HAND_SLOTS, ge=0)
    """House rule: items a character holds in its hands (one per hand)."""
    inventory_slots: int = Field(DEFAULT_INVENTORY_SLOTS, ge=0)
    """House rule: items a character carries in its inventory."""
    worn_places: dict[str, int] = Field(default_factory=lambda: dict(DEFAULT_WORN_PLACES))
    """House rule: places where items are worn, each with its capacity."""
    danger: Literal["armed-next-room", "none"] = "armed-next-room"
    """House rule for CHAT-IGN-1: a danger is an armed character seen through the next door."""
    melee_damage: int = Field(1, ge=0)
    """CHAT-MEL-1: 1 damage."""
    last_turn: int = Field(12, ge=1)
    """House rule: the game ends after this turn (the book sets no end)."""
    secret_declarations: bool = False
    """House rule: players may mark an explicit action ``secret = true`` (the
    book declares them explicitly, CHAT-TRN-3); off by default."""


class RoomModel(_Strict):
    number: int = Field(ge=0)
    name: str = ""
    name_ru: str = ""
    camera: bool = False
    """A security camera records this room (its records go to the game master)."""
    camera_readers: list[str] = []
    """House rule 14: characters who also read this camera's record (say, a guard
    at the monitors), each line as it is recorded."""
    items: list[str] = []
    """Items lying in the room."""


class DoorModel(_Strict):
    """A door between two rooms, named on each side: ``rooms = [1, 2]``,
    ``names = ["north", "south"]`` is room 1's north door and room 2's south door."""

    rooms: tuple[int, int]
    names: tuple[str, str]
    names_ru: tuple[str, str] | None = None


class ItemModel(_Strict):
    kind: str
    """What the item is (``pistol``); a visible feature for follow and detain."""
    name: str = ""
    name_ru: str = ""
    description: str = ""
    description_ru: str = ""
    carry: list[str] = Field(default_factory=lambda: list(DEFAULT_CARRY))
    """Where it can be carried: ``hands``, ``inventory`` and worn places."""
    visible_in_hands: bool = True
    visible_worn: bool = True
    abilities: list[str] = []
    """Active abilities (``shot``)."""
    damage: int = Field(1, ge=0)
    """House rule: damage a shot of this item does."""


class CharacterModel(_Strict):
    name: str = ""
    name_ru: str = ""
    room: int
    health: int = Field(3, ge=0)
    max_health: int | None = Field(None, ge=0)
    concentration: float = Field(2, ge=0)
    max_concentration: float | None = Field(None, ge=0)
    uniform: Uniform = "none"
    hands: list[str] = []
    inventory: list[str] = []
    worn: dict[str, list[str]] = {}
    hand_slots: int | None = Field(None, ge=0)
    inventory_slots: int | None = Field(None, ge=0)
    worn_places: dict[str, int] | None = None


class FacilityScenario(_Strict):
    title: str = ""
    turn: int = Field(1, ge=1)
    settings: Settings = Field(default_factory=Settings)
    rooms: list[RoomModel]
    doors: list[DoorModel] = []
    items: dict[str, ItemModel] = {}
    characters: dict[str, CharacterModel]


# -- orders -----------------------------------------------------------------------


class Declared(_Strict):
    """An action declared explicitly unless ``secret`` (CHAT-TRN-3, CHAT-TAG-1)."""

    id: str | None = None
    """A label for bluffing (CHAT-BLF-1); by default ``<action>[<n>]`` (n from 0),
    ``melee`` for the melee attack."""
    secret: bool = False


class Move(_Strict):
    """Movement (CHAT-MOV-1..7): a target room, a route of doors (named on the
    side of the room the character is in), room numbers and ``pause``s, or both:
    the route first, then the shortest way on to ``to``."""

    to: int | None = None
    route: list[str | int] = []


class Melee(Declared):
    target: str | None = None


class Take(Declared):
    item: str
    place: str | None = None
    """Secretly where to put it (CHAT-TAK-1)."""


class Give(Declared):
    item: str
    to: str


class Accept(_Strict):
    """The receiver's secret placement and order of acceptance (CHAT-GIV-2)."""

    item: str
    place: str | None = None


class Drop(Declared):
    item: str


class Show(Declared):
    item: str


class Use(Declared):
    """An item's active ability (a pistol's ``shot``)."""

    ability: str = "shot"
    item: str | None = None
    target: str | None = None


class Equip(_Strict):
    """The items to hold in the hands after equipping (CHAT-EQP-1); the rest of
    what is in the hands goes to the inventory."""

    hands: list[str] = []


class Unreadable(_Strict):
    """An order the reader could not parse; it is reported void."""

    order: str
    reason: str


class Orders(_Strict):
    """One character's orders for a turn; everything optional."""

    move: Move | None = None
    chase: str | None = None
    follow: list[str] = []
    detain: list[str] = []
    ignore: bool = False
    melee: Melee | None = None
    take: list[Take] = []
    give: list[Give] = []
    accept: list[Accept] = []
    refuse: list[str] = []
    drop: list[Drop] = []
    show: list[Show] = []
    equip: Equip | None = None
    use: list[Use] = []
    bluff: list[str] = []
    unreadable: list[Unreadable] = []
