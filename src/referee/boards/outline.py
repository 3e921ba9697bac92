"""A scenario's outlines checked in plain arithmetic: does a ring of points
bound a proper area, has a line any length, is a point near an area.

Every answer is the one shapely gives: where the arithmetic is sure it
answers (a checked scenario with clear-cut terrain never loads shapely);
where a point lies on or within a hair of another side, or two sides run
along one line, shapely decides.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import pairwise

from referee.boards.inches import XY
from referee.boards.shapes import SURE, Segment, encloses, nearest_segment, segments_through

TINY = 1e-100
"""A coordinate difference above this has a square above zero (shapely
measures a length as the square root of a sum of squares)."""


def proper_area(points: Sequence[XY]) -> bool:
    """At least three points and ``Polygon(points).is_valid``: the ring
    through them, closed back to the first, bounds an area without crossing
    or touching itself."""
    if len(points) < 3:
        return False
    if _surely_simple(_ring(points)):
        return True
    from shapely.geometry import Polygon  # only for an outline the arithmetic cannot call

    return bool(Polygon(points).is_valid)


def no_length(points: Sequence[XY]) -> bool:
    """``LineString(points).length == 0``, for two points or more."""
    if all(a == b for a, b in pairwise(points)):
        return True
    if any(abs(b[0] - a[0]) > TINY or abs(b[1] - a[1]) > TINY for a, b in pairwise(points)):
        return False
    from shapely.geometry import LineString

    return bool(LineString(points).length == 0)


def area_nearer_than(points: Sequence[XY], xy: XY, limit: float) -> bool:
    """``Polygon(points).distance(Point(xy)) < limit`` for a :func:`proper_area`
    (0 inside it)."""
    ring = _ring(points)
    x, y = xy
    sides = _sides(ring)
    edge = nearest_segment(sides, x, y)
    d = 0.0 if edge > SURE and encloses(sides, x, y) else edge
    if abs(d - limit) > 2 * SURE:
        return d < limit
    from shapely.geometry import Point, Polygon

    return bool(Polygon(points).distance(Point(xy)) < limit)


def _ring(points: Sequence[XY]) -> list[XY]:
    """The ring's corners, each once (a last point repeating the first is dropped)."""
    ring = list(points)
    if len(ring) > 1 and ring[0] == ring[-1]:
        ring.pop()
    return ring


def _sides(ring: list[XY]) -> tuple[Segment, ...]:
    """The ring's sides, the last closing it back to the first corner."""
    return segments_through(ring + ring[:1])


def _surely_simple(ring: list[XY]) -> bool:
    """The ring surely bounds an area: every side longer than a hair, two
    sides that meet at a corner share only that corner, and two that do not
    stay clear of each other. False when not sure (shapely then decides)."""
    n = len(ring)
    if n < 3 or not all(math.isfinite(v) for xy in ring for v in xy):
        return False
    margin = SURE * max(1.0, *(abs(v) for xy in ring for v in xy))
    sides = _sides(ring)
    if any(math.hypot(bx - ax, by - ay) <= margin for ax, ay, bx, by in sides):
        return False
    for i in range(n):
        if not _meet_at_corner_only(sides[i], sides[(i + 1) % n], margin):
            return False
        for j in range(i + 2, n - 1 if i == 0 else n):
            if not _clear(sides[i], sides[j], margin):
                return False
    return True


def _meet_at_corner_only(s: Segment, t: Segment, margin: float) -> bool:
    """Sides ``s`` and ``t``, ``t`` starting where ``s`` ends, surely share
    that corner only: ``t`` turns off ``s``'s line, or goes on ahead."""
    ax, ay, bx, by = s
    cx, cy = t[2], t[3]
    ux, uy = bx - ax, by - ay
    wx, wy = cx - bx, cy - by
    length = math.hypot(ux, uy)
    turned = abs(ux * wy - uy * wx) / length > margin
    ahead = (ux * wx + uy * wy) / length > margin
    return turned or ahead


def _clear(s: Segment, t: Segment, margin: float) -> bool:
    """Two sides surely apart: one lies wholly on one side of the other's
    line, farther than ``margin`` from it (two segments apart always have
    one such, unless they lie along one line)."""
    return _beside(s, t, margin) or _beside(t, s, margin)


def _beside(s: Segment, t: Segment, margin: float) -> bool:
    """Both ends of ``t`` on one side of ``s``'s line, each farther than ``margin``."""
    ax, ay, bx, by = s
    ux, uy = bx - ax, by - ay
    length = math.hypot(ux, uy)
    d0 = (ux * (t[1] - ay) - uy * (t[0] - ax)) / length
    d1 = (ux * (t[3] - ay) - uy * (t[2] - ax)) / length
    return (d0 > margin and d1 > margin) or (d0 < -margin and d1 < -margin)
