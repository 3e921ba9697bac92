"""The book's tables, as data, in one place: play, odds and docs read them here.

The Wound Table (OW-WND-1..5) is written as the book prints it, one row per
Strength, one column per Toughness: a number is the lowest roll that wounds,
``6/4`` means a 6 and then 4 or more on a second die (OW-WND-2), ``–`` means the
target cannot be wounded (OW-WND-3).
"""

from __future__ import annotations

from dataclasses import dataclass

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
OW-RID-3): d6 — 1: the rider is thrown, takes a Strength 3 hit and lies
prone; 2–5: it lands prone; 6: it lands on its feet."""

FALL_FROM_HORSE_STRENGTH = 3

MOVE_BY_MOUNT: dict[str, float] = {"foot": 6.0, "mule": 8.0, "horse": 10.0}
"""Movement in inches (from the full game): on foot, on a mule, on a horse."""
