"""The book's tables and the house-rule defaults, in one place.

Play, the documentation and the tests all read these.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

BOOK_MAX_DOORS = 5
"""CHAT-MOV-1: at most 5 doors per turn; CHAT-MOV-5: movement takes 5 steps."""

STEPS = 5
"""CHAT-MOV-5: movement is resolved as 5 steps."""

PAUSE = "pause"
"""CHAT-MOV-6: a route element that stands still for one step (and counts as a door)."""


def movement_cost(doors: int) -> Fraction:
    """CHAT-MOV-3: concentration for passing ``doors`` doors (pauses count, CHAT-MOV-7)."""
    if doors <= 1:
        return Fraction(0)
    if doors <= 3:
        return Fraction(1, 2)
    return Fraction(1)


MOVEMENT_COST_TABLE: tuple[tuple[str, Fraction], ...] = (
    ("1", Fraction(0)), ("2-3", Fraction(1, 2)), ("4-5", Fraction(1)))
"""CHAT-MOV-3 as printed, for the docs."""


@dataclass(frozen=True)
class ActionInfo:
    """What the book says of an action: its tags and costs."""

    key: str
    secret: bool
    """Declared secretly (CHAT-TAG-1) by the book."""
    cost: Fraction
    """CHAT-TAG-2."""
    repeatable: bool
    """CHAT-TAG-3."""
    movement: bool
    """Resolved with movement, after every other action (CHAT-TRN-4)."""


ACTIONS: dict[str, ActionInfo] = {info.key: info for info in (
    ActionInfo("move", True, Fraction(0), False, True),
    ActionInfo("chase", True, Fraction(1), False, True),
    ActionInfo("follow", True, Fraction(0), False, True),
    ActionInfo("detain", True, Fraction(1, 2), False, True),
    ActionInfo("ignore", True, Fraction(0), False, True),
    ActionInfo("melee", False, Fraction(1), False, False),
    ActionInfo("take", False, Fraction(0), True, False),
    ActionInfo("give", False, Fraction(0), True, False),
    ActionInfo("refuse", False, Fraction(0), True, False),
    ActionInfo("drop", False, Fraction(0), True, False),
    ActionInfo("show", False, Fraction(1, 2), True, False),
    ActionInfo("equip", True, Fraction(0), False, False),
    ActionInfo("bluff", True, Fraction(0), False, False),
    ActionInfo("use", False, Fraction(0), False, False),
)}

CHASE_DISCOUNT_IF_TARGET_STILL = Fraction(1, 2)
"""CHAT-CHS-3: a chase costs 0.5 less when its target did not move."""


@dataclass(frozen=True)
class AbilityInfo:
    """An item's active ability. House rule: the book only names a pistol's shot."""

    key: str
    cost: Fraction
    damages: bool


ABILITIES: dict[str, AbilityInfo] = {
    "shot": AbilityInfo("shot", Fraction(0), True),
}

WEAPON_ABILITIES = frozenset({"shot"})
"""House rule (danger, CHAT-IGN-1): an item with one of these abilities is a weapon."""

DEFAULT_HAND_SLOTS = 2
DEFAULT_INVENTORY_SLOTS = 4
DEFAULT_WORN_PLACES: dict[str, int] = {"body": 1, "belt": 2}
"""House rule: two hands, four inventory places, one worn on the body, two on the belt."""

DEFAULT_CARRY: tuple[str, ...] = ("hands", "inventory")
HANDS = "hands"
INVENTORY = "inventory"
TAKE_DEFAULT_ORDER = (HANDS, INVENTORY)
"""CHAT-TAK-1: hands, then inventory, then worn (worn places in scenario order)."""
GIVE_DEFAULT_ORDER = (HANDS, INVENTORY)
"""CHAT-GIV-2: hands, then inventory."""

UNIFORM_FEATURE = "uniform:"
ITEM_FEATURE = "item:"
"""Visible features in follow and detain lists (CHAT-FOL-1, CHAT-DET-1):
``uniform:scientist``, ``uniform:agent`` and ``item:<kind>`` (visible equipment)."""
UNIFORMS = ("scientist", "agent")

ACTION_PHASE = 0
END_PHASE = STEPS + 1
"""Report steps: 0 the actions, 1-5 the movement steps, 6 the end of the turn."""
