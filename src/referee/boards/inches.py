"""Lengths on the continuous table: inches, the tolerance within which two
things touch, and the grid positions are kept on.

Plain arithmetic, without shapely: a scenario's checks read these without
loading the geometry a game on the table needs (:mod:`referee.boards.table`
re-exports them).
"""

from __future__ import annotations

from typing import TypeAlias

Inches: TypeAlias = float
"""A length on the table, in inches."""

XY: TypeAlias = tuple[float, float]
"""A position on the table, in inches from its bottom left corner."""

MM_PER_INCH = 25.4
EPS: Inches = 0.01
"""Tolerance: bases closer than this count as touching."""

GRID: int = 4
"""Positions are kept to this many decimals of an inch (0.0001"), so a
position reached by different moves compares equal."""

SNUG: Inches = EPS / 2
"""How far a base may end over an obstacle's line. A path is checked with
:data:`EPS` of slack, so a base that stopped against an obstacle (even moved
by the rounding to :data:`GRID`) never has its next path cut by it."""


def mm_to_inches(mm: float) -> Inches:
    return mm / MM_PER_INCH


def snap(xy: XY) -> XY:
    """``xy`` on the grid positions are kept on (:data:`GRID`)."""
    return (round(xy[0], GRID), round(xy[1], GRID))
