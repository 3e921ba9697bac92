"""The book's tables and the house-rule defaults, in one place.

Play, the documentation and the tests all read these.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

BOOK_MAX_DOORS = 5
"""CHAT-MOV-1: at most 5 doors per turn; CHAT-MOV-5: movement takes 5 steps."""

STEPS = 5
"""CHAT-MOV-5: movement is resolved as 5 steps."""

PAUSE = "pause"
"""CHAT-MOV-6: a route element that stands still for one step (and counts as a door)."""


MOVEMENT_COSTS: tuple[tuple[int, Fraction], ...] = (
    (1, Fraction(0)), (3, Fraction(1, 2)), (BOOK_MAX_DOORS, Fraction(1)))
"""CHAT-MOV-3 as printed: up to so many doors passed in a turn, so much
concentration spent (1 door — 0; 2–3 doors — 0.5; 4–5 doors — 1)."""


def movement_cost(doors: int) -> Fraction:
    """CHAT-MOV-3: concentration for passing ``doors`` doors (pauses count, CHAT-MOV-7)."""
    for most, cost in MOVEMENT_COSTS:
        if doors <= most:
            return cost
    return MOVEMENT_COSTS[-1][1]


def _as_printed(costs: tuple[tuple[int, Fraction], ...]) -> tuple[tuple[str, Fraction], ...]:
    """Each band of ``costs`` by the doors it spans, as the book writes them ("2-3")."""
    found: list[tuple[str, Fraction]] = []
    fewest = 1
    for most, cost in costs:
        found.append((str(most) if most == fewest else f"{fewest}-{most}", cost))
        fewest = most + 1
    return tuple(found)


MOVEMENT_COST_TABLE: tuple[tuple[str, Fraction], ...] = _as_printed(MOVEMENT_COSTS)
"""CHAT-MOV-3 as printed, for the docs: ``("1", 0), ("2-3", 1/2), ("4-5", 1)``."""


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

MELEE_DAMAGE = 1
"""CHAT-MEL-1: a melee attack does 1 damage; the default of the setting
``melee_damage``."""


@dataclass(frozen=True)
class AbilityInfo:
    """An item's active ability. House rule: the book only names a pistol's shot."""

    key: str
    cost: Fraction
    damages: bool


ABILITIES: dict[str, AbilityInfo] = {
    "shot": AbilityInfo("shot", Fraction(0), True),
}

COST_UNIT = math.lcm(*(cost.denominator for cost in (
    *(info.cost for info in ACTIONS.values()), *(info.cost for info in ABILITIES.values()),
    *(cost for _, cost in MOVEMENT_COSTS), CHASE_DISCOUNT_IF_TARGET_STILL)))
"""The largest part of a point any cost of the tables comes in (a half):
concentration counted in such parts adds up every cost in whole numbers."""

WEAPON_ABILITIES = frozenset({"shot"})
"""House rule (danger, CHAT-IGN-1): an item with one of these abilities is a weapon."""

DEFAULT_HAND_SLOTS = 2
DEFAULT_INVENTORY_SLOTS = 4
DEFAULT_WORN_PLACES: dict[str, int] = {"body": 1, "belt": 2}
"""House rule: two hands, four inventory places, one worn on the body, two on the belt."""

HANDS = "hands"
INVENTORY = "inventory"
DEFAULT_CARRY: tuple[str, ...] = (HANDS, INVENTORY)
"""House rule: an item may be carried in the hands and the inventory unless
the scenario says otherwise."""
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
FIRST_STEP = 1
END_PHASE = STEPS + 1
"""Report steps: 0 the actions, 1-5 the movement steps (CHAT-MOV-5), 6 the
end of the turn."""
