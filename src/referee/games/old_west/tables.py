"""The book's numbers and tables, as data, in one place: play, odds and docs
read them here (DESIGN idea 4). A house rule's default lives in the scenario's
settings (:mod:`.settings`); where a setting's default is the book's own
number, the setting reads it from here.

The Wound Table (OW-WND-1..5) is written as the book prints it, one row per
Strength, one column per Toughness: a number is the lowest roll that wounds,
``6/4`` means a 6 and then 4 or more on a second die (OW-WND-2), ``–`` means the
target cannot be wounded (OW-WND-3).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

DIE_FACES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
"""Every roll of the book is of six-sided dice."""

PLUCK_PASS = 10
"""Two dice plus Pluck: this or more passes a Pluck test (OW-PLK-1)."""
PLUCK_DICE = 2
"""A Pluck test rolls two dice (OW-PLK-1)."""

TIE_DIE_LOW = range(1, 4)
"""1–3 on the die that settles a tie goes to one side, 4–6 to the other
(OW-FGT-3, OW-MUL-2); on the die for whose Hero acts first, 1–3 is the side
with Advantage (OW-HAC-3)."""

ACROSS_NEED = 4
"""A blow across an obstacle reaches the enemy on 4, 5 or 6 (OW-OBS-2)."""

SURROUNDED_BLOWS = 2
"""Every strike at a surrounded model counts this many times (OW-SUR-2)."""

BACK_OFF_INCHES = 1.0
"""The loser of a round backs off 1" (OW-BCK-1); the default of the setting
``back_off_inches``."""

FALL_HURTS_ABOVE = 2.0
"""A fall from higher than 2" does harm (OW-SUR-5); the default of the setting
``fall_safe_height``."""

YEE_HAW_RANGE = 6.0
"""Yee Haw!: friends within 6" may move with the Hero, and end within 6" of
him (OW-YEE-2)."""

FIRE_RANGE = 6.0
""""Fire!": friends within 6" of the Hero shoot too (OW-QDR-2)."""

HEROIC_ACTION_COST = 1
"""Fame a Heroic Action costs (OW-HAC-2; the full game charges Tike for
Whuppin' the same): the defaults of ``heroic_action_cost`` and ``whuppin_cost``."""

BROKEN_SHARE = Fraction(1, 2)
"""A posse with this share of its models out of action or more tests to
Head for the Hills (OW-HFH-1)."""

FORTUNE_SAVE = 4
"""From the full game (the fragment names Fortune only): a Fortune point
spent and a roll of 4 or more keeps the Wound; the default of the setting
``fortune_save``."""

WOUND_TABLE_TEXT: tuple[str, ...] = (
    "4   5   5   6   6   6/4 6/5 6/6 –   –",
    "4   4   5   5   6   6   6/4 6/5 6/6 –",
    "3   4   4   5   5   6   6   6/4 6/5 6/6",
    "3   3   4   4   5   5   6   6   6/4 6/5",
    "3   3   3   4   4   5   5   6   6   6/4",
    "3   3   3   3   4   4   5   5   6   6",
    "3   3   3   3   3   4   4   5   5   6",
    "3   3   3   3   3   3   4   4   5   5",
    "3   3   3   3   3   3   3   4   4   5",
    "3   3   3   3   3   3   3   3   4   4",
)
"""Rows: Strength 1..10; columns: Toughness 1..10 (OW-WND-5)."""


@dataclass(frozen=True)
class WoundNeed:
    """What a wound roll needs: ``first`` or more, then (for 6/x) ``second`` or more."""

    first: int
    second: int | None = None

    @property
    def text(self) -> str:
        return f"{self.first}" if self.second is None else f"{self.first}/{self.second}"


def _parse_cell(cell: str) -> WoundNeed | None:
    if cell in ("–", "-"):
        return None
    first, _, second = cell.partition("/")
    return WoundNeed(int(first), int(second) if second else None)


WOUND_TABLE: dict[tuple[int, int], WoundNeed | None] = {
    (strength, toughness): _parse_cell(cell)
    for strength, row in enumerate(WOUND_TABLE_TEXT, start=1)
    for toughness, cell in enumerate(row.split(), start=1)
}
"""(Strength, Toughness) -> what the wound roll needs; None for "–"."""

STAT_RANGE = range(1, 11)


def wound_need(strength: int, toughness: int) -> WoundNeed | None:
    """What a blow of ``strength`` needs against ``toughness`` (OW-WND-1).
    Values beyond the table are held to its edge (1..10)."""
    s = min(max(strength, 1), 10)
    t = min(max(toughness, 1), 10)
    return WOUND_TABLE[(s, t)]


FALL_FROM_HORSE: dict[int, str] = {
    1: "hurt",
    2: "prone", 3: "prone", 4: "prone", 5: "prone",
    6: "lands",
}
"""House rule (the book's Falling from a Horse table is not in the fragment,
OW-RID-3): d6 — 1: the rider is thrown, takes a hit of the setting
``fall_strength`` (3) and lies prone; 2–5: it lands prone; 6: it lands on its
feet."""

MOVE_BY_MOUNT: dict[str, float] = {"foot": 6.0, "mule": 8.0, "horse": 10.0}
"""Movement in inches (from the full game): on foot, on a mule, on a horse."""
