"""A piece of terrain's outline in plain arithmetic, for the questions the
table asks of it most (how far is a point, does a line cross it, does a
base's straight path touch it).

Every answer is the one shapely gives: where the arithmetic is sure (the
distance is clearly above or below the limit, a crossing is clear-cut) it
answers; in the thin band where shapely's polygonal buffers or its exact
predicates could decide otherwise, it asks shapely, loaded then (a table
whose questions are all clear-cut never loads it).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from itertools import pairwise
from typing import TYPE_CHECKING, TypeAlias

from referee.boards.inches import XY

if TYPE_CHECKING:
    from shapely.geometry.base import BaseGeometry

Segment: TypeAlias = tuple[float, float, float, float]
"""A straight stretch from (x0, y0) to (x1, y1)."""

SURE = 1e-7
"""Below this, a distance or a crossing is left to shapely's exact predicates."""
BISECTION_GUARD = 1e-4
"""How far a bound must clear a base's radius for a bisection step to be
taken without measuring: far above any rounding in the measure."""
BUFFER_SLACK = 0.006
"""How far inside a true round buffer shapely's polygon may fall, for a
radius up to :data:`SLACK_RADIUS` (shapely draws a quarter circle with 16
segments: it falls at most :data:`BUFFER_SAG` of the radius inside)."""
BUFFER_SAG = 0.0013
"""How far inside a round buffer shapely's polygon may fall, as a share of
the radius (1 - cos(pi/64) is 0.0012)."""
SLACK_RADIUS = BUFFER_SLACK / BUFFER_SAG
"""The largest radius :data:`BUFFER_SLACK` covers."""
TOUCH_RATE = 0.05
"""The least rate (inches of gap per inch of way) at which a moving base
must close on a shape where it first touches it for that touch to be worked
out rather than found step by step: a way that grazes the outline is
measured (:meth:`Shape.first_touch`)."""
NEAR_MISS = 1e-9
"""A base whose way passes within this of touching an outline without
touching it grazes it (:meth:`Shape.first_touch`); far above any rounding."""


def point_segment(px: float, py: float, s: Segment) -> float:
    """The distance from (px, py) to the segment ``s``."""
    ax, ay, bx, by = s
    dx, dy = bx - ax, by - ay
    return to_segment(px, py, ax, ay, dx, dy, dx * dx + dy * dy)


def segments_through(points: Sequence[XY]) -> tuple[Segment, ...]:
    """The segments from each of ``points`` to the next."""
    return tuple((a[0], a[1], b[0], b[1]) for a, b in pairwise(points))


def nearest_segment(segments: Iterable[Segment], x: float, y: float) -> float:
    """The distance from (x, y) to the nearest of ``segments``."""
    best = math.inf
    for segment in segments:
        d = point_segment(x, y, segment)
        if d < best:
            best = d
    return best


def encloses(sides: Iterable[Segment], x: float, y: float) -> bool:
    """Is (x, y) inside the ring ``sides`` bound (even-odd), for a point
    clear of every side?"""
    inside = False
    for ax, ay, bx, by in sides:
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            inside = not inside
    return inside


def to_segment(px: float, py: float, ax: float, ay: float, dx: float, dy: float,
               length2: float) -> float:
    """The distance from (px, py) to the segment from (ax, ay) along (dx, dy),
    ``length2`` its squared length (worked out once by a caller measuring
    many points against one segment)."""
    if length2 < 1e-12:
        t = 0.0
    else:
        t = ((px - ax) * dx + (py - ay) * dy) / length2
        if t > 1.0:
            t = 1.0
        elif not t > 0.0:
            t = 0.0
    return math.hypot(ax + t * dx - px, ay + t * dy - py)


def crossing(s: Segment, t: Segment) -> int:
    """1: the segments surely cross at one inner point; 0: surely not a proper
    crossing; -1: too close to call."""
    ax, ay, bx, by = s
    cx, cy, dx, dy = t
    o1 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
    o2 = (bx - ax) * (dy - ay) - (by - ay) * (dx - ax)
    o3 = (dx - cx) * (ay - cy) - (dy - cy) * (ax - cx)
    o4 = (dx - cx) * (by - cy) - (dy - cy) * (bx - cx)
    if -1e-9 < o1 < 1e-9 or -1e-9 < o2 < 1e-9 or -1e-9 < o3 < 1e-9 or -1e-9 < o4 < 1e-9:
        return -1
    return 1 if (o1 > 0) != (o2 > 0) and (o3 > 0) != (o4 > 0) else 0


def segment_segment(s: Segment, t: Segment) -> float:
    """The distance between two segments (0 if they surely cross).

    :func:`crossing`, then the least of the four ends' :func:`point_segment`
    distances, worked out here step for step as they do (the same numbers):
    the table asks this of every side of a shape near a base's path."""
    ax, ay, bx, by = s
    cx, cy, dx, dy = t
    o1 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
    o2 = (bx - ax) * (dy - ay) - (by - ay) * (dx - ax)
    o3 = (dx - cx) * (ay - cy) - (dy - cy) * (ax - cx)
    o4 = (dx - cx) * (by - cy) - (dy - cy) * (bx - cx)
    if not (-1e-9 < o1 < 1e-9 or -1e-9 < o2 < 1e-9 or -1e-9 < o3 < 1e-9
            or -1e-9 < o4 < 1e-9) and (o1 > 0) != (o2 > 0) and (o3 > 0) != (o4 > 0):
        return 0.0
    best = math.inf
    for px, py, qx, qy, ex, ey in ((ax, ay, cx, cy, dx - cx, dy - cy),
                                   (bx, by, cx, cy, dx - cx, dy - cy),
                                   (cx, cy, ax, ay, bx - ax, by - ay),
                                   (dx, dy, ax, ay, bx - ax, by - ay)):
        length2 = ex * ex + ey * ey
        if length2 < 1e-12:
            f = 0.0
        else:
            f = ((px - qx) * ex + (py - qy) * ey) / length2
            if f > 1.0:
                f = 1.0
            elif not f > 0.0:
                f = 0.0
        d = math.hypot(qx + f * ex - px, qy + f * ey - py)
        if d < best:
            best = d
    return best


def unit(dx: float, dy: float) -> XY:
    """The direction of (dx, dy), as a vector of length 1 (east for none)."""
    length = math.hypot(dx, dy)
    return (1.0, 0.0) if length < 1e-9 else (dx / length, dy / length)


def nearest_point(geometry: BaseGeometry, xy: XY) -> XY:
    """The point of ``geometry``'s outline nearest to ``xy``: of a line
    (a fence), or of a closed shape's edge (a building's walls)."""
    from shapely.geometry import Point

    outline = geometry.exterior if geometry.geom_type == "Polygon" else geometry
    near = outline.interpolate(outline.project(Point(xy)))
    return (near.x, near.y)


def _side_touch(px: float, py: float, ux: float, uy: float, r: float, length: float,
                ax: float, ay: float, bx: float, by: float) -> float | None:
    """How far the base goes until its edge meets the side from a to b
    between its ends (infinity if never; None if it grazes the side's line,
    :meth:`Shape.first_touch`). The base starts clear of the side."""
    ex, ey = bx - ax, by - ay
    size = math.hypot(ex, ey)
    if size < 1e-12:
        return math.inf  # a point: its end's touch alone
    nx, ny = -ey / size, ex / size
    s0 = (px - ax) * nx + (py - ay) * ny  # signed distance of the centre from the line
    rate = ux * nx + uy * ny
    if abs(rate) < TOUCH_RATE:
        s1 = s0 + rate * length
        nearest, farthest = sorted((abs(s0), abs(s1)))
        if s0 * s1 <= 0:
            nearest = 0.0
        if nearest <= r + NEAR_MISS and farthest >= r - NEAR_MISS:
            return None  # along the line, at about a radius from it
        return math.inf  # ends within the band are the ends' touches
    if s0 * rate >= 0:
        return math.inf  # going away from the line (or starting within the band)
    t = (abs(s0) - r) / abs(rate)
    if t < 0:
        return math.inf  # within the band already: only an end can be met
    foot = ((px + ux * t - ax) * ex + (py + uy * t - ay) * ey) / (size * size)
    return t if 0.0 <= foot <= 1.0 else math.inf


def _end_touch(px: float, py: float, ux: float, uy: float, r: float,
               ax: float, ay: float) -> float | None:
    """How far the base goes until its edge meets the point (ax, ay)
    (infinity if never; None if it grazes it, :meth:`Shape.first_touch`).
    The base starts clear of the point."""
    wx, wy = px - ax, py - ay
    b = wx * ux + wy * uy
    if b >= 0:
        return math.inf  # going away from it
    disc = b * b - (wx * wx + wy * wy - r * r)
    if disc < 0:
        miss = math.sqrt(wx * wx + wy * wy - b * b) - r
        return math.inf if miss > NEAR_MISS else None
    root = math.sqrt(disc)
    if root < TOUCH_RATE * r:  # the gap closes at root / r an inch
        return None
    return -b - root


def _leaves_circle(px: float, py: float, ux: float, uy: float, r: float,
                   ax: float, ay: float) -> float | None:
    """Where the line from (px, py) along (ux, uy) leaves the circle of
    radius ``r`` about (ax, ay); None if it misses it."""
    wx, wy = px - ax, py - ay
    b = wx * ux + wy * uy
    disc = b * b - (wx * wx + wy * wy - r * r)
    return None if disc < 0 else -b + math.sqrt(disc)


def _leaves_band(px: float, py: float, ux: float, uy: float, r: float,
                 ax: float, ay: float, bx: float, by: float) -> float | None:
    """Where the line from (px, py) along (ux, uy) leaves the band within
    ``r`` of the side from a to b, beside the side (not past its ends);
    None if it does not (running along it, or leaving past an end)."""
    ex, ey = bx - ax, by - ay
    size = math.hypot(ex, ey)
    if size < 1e-12:
        return None
    nx, ny = -ey / size, ex / size
    rate = ux * nx + uy * ny
    if abs(rate) < 1e-12:
        return None
    edge = r if rate > 0 else -r
    t = (edge - (px - ax) * nx - (py - ay) * ny) / rate
    foot = ((px + ux * t - ax) * ex + (py + uy * t - ay) * ey) / (size * size)
    return t if 0.0 <= foot <= 1.0 else None


class Shape:
    """A piece of terrain's outline as segments (a fence, a drop's edge) or a
    closed ring (a building, a cover area), with its shapely geometry.

    Every question first compares boxes: a shape whose box lies farther from
    the question's than the answer could care about is never measured."""

    __slots__ = ("box", "closed", "convex", "geometry", "line_box", "ring", "segments", "x0",
                 "x1", "y0", "y1")

    def __init__(self, geometry: BaseGeometry, closed: bool) -> None:
        self.geometry = geometry
        self.closed = closed
        coords: list[XY] = list(geometry.exterior.coords if closed else geometry.coords)
        if closed and coords[0] != coords[-1]:
            coords.append(coords[0])
        self.ring = coords
        self.segments = segments_through(coords)
        xs, ys = [x for x, _ in coords], [y for _, y in coords]
        self.box = (min(xs), min(ys), max(xs), max(ys))
        self.x0, self.y0, self.x1, self.y1 = self.box
        self.line_box = (self.x0 - 2 * SURE, self.y0 - 2 * SURE,
                         self.x1 + 2 * SURE, self.y1 + 2 * SURE)
        """The box a line must reach into to be worth :meth:`crossed_by_line`."""
        self.convex = (len(self.segments) == 1 if not closed else
                       not geometry.interiors and bool(geometry.equals(geometry.convex_hull)))
        """Is the shape convex (one segment, or a ring around a convex area)?
        Then a point's distance from it, along any line, is convex."""

    def box_gap(self, ax: float, ay: float, bx: float, by: float) -> float:
        """A lower bound of the distance from the segment a-b (its box's gap)."""
        low, high = (ax, bx) if ax < bx else (bx, ax)
        dx = self.x0 - high if self.x0 > high else low - self.x1 if low > self.x1 else 0.0
        low, high = (ay, by) if ay < by else (by, ay)
        dy = self.y0 - high if self.y0 > high else low - self.y1 if low > self.y1 else 0.0
        return math.hypot(dx, dy)

    def apart(self, ax: float, ay: float, bx: float, by: float, limit: float) -> bool:
        """``box_gap(ax, ay, bx, by) > limit``, mostly without the square root."""
        low, high = (ax, bx) if ax < bx else (bx, ax)
        dx = self.x0 - high if self.x0 > high else low - self.x1 if low > self.x1 else 0.0
        if dx > limit:
            return True
        low, high = (ay, by) if ay < by else (by, ay)
        dy = self.y0 - high if self.y0 > high else low - self.y1 if low > self.y1 else 0.0
        if dy > limit:
            return True
        return math.hypot(dx, dy) > limit

    def _inside(self, x: float, y: float) -> bool:
        return encloses(self.segments, x, y)

    def edge_distance(self, x: float, y: float) -> float:
        """Distance from a point to the outline."""
        return nearest_segment(self.segments, x, y)

    def point_distance(self, x: float, y: float) -> float:
        """Distance from a point (0 inside a closed shape)."""
        d = self.edge_distance(x, y)
        return 0.0 if self.closed and d > 0 and self._inside(x, y) else d

    def segment_distance(self, s: Segment) -> float:
        """Distance from a segment (0 if it crosses or lies inside)."""
        if self.closed and (self._inside(s[0], s[1]) or self._inside(s[2], s[3])):
            return 0.0
        best = math.inf
        for t in self.segments:
            d = segment_segment(s, t)
            if d < best:
                best = d
        return best

    def first_touch(self, px: float, py: float, ux: float, uy: float, r: float,
                    length: float) -> float | None:
        """How far a base of radius ``r`` at (px, py) goes along the unit
        direction (ux, uy) until its edge first touches the outline (0 if it
        already overlaps the shape; infinity if it never does), worked out
        from each side's line and ends (where a moving circle meets a line
        or a point is a quadratic). None when the way, within ``length``,
        grazes the outline: it closes on a side or an end slower than
        :data:`TOUCH_RATE`, or misses one by less than :data:`NEAR_MISS`, or
        starts as near as that to touching; then only measuring tells."""
        if self.closed and self._inside(px, py):
            return 0.0
        first = math.inf
        for ax, ay, bx, by in self.segments:
            d = point_segment(px, py, (ax, ay, bx, by))
            if d < r - NEAR_MISS:
                return 0.0
            if d <= r + NEAR_MISS:
                return None
            side = _side_touch(px, py, ux, uy, r, length, ax, ay, bx, by)
            ends = (_end_touch(px, py, ux, uy, r, ax, ay), _end_touch(px, py, ux, uy, r, bx, by))
            for t in (side, *ends):
                if t is None:
                    return None
                if t < first:
                    first = t
        return first

    def leaves(self, px: float, py: float, ux: float, uy: float, r: float) -> float | None:
        """How far along the unit direction (ux, uy) from (px, py) the line
        last leaves the points within ``r`` of the outline (or inside it):
        the farthest place where it leaves a circle of radius ``r`` about a
        corner or the band of that width along a side (beside the side).
        For a :attr:`convex` shape the line's points that near are one
        stretch, and this is its far end; None if the line never comes near."""
        last: float | None = None
        for ax, ay, bx, by in self.segments:
            for t in (_leaves_circle(px, py, ux, uy, r, ax, ay),
                      _leaves_band(px, py, ux, uy, r, ax, ay, bx, by)):
                if t is not None and (last is None or t > last):
                    last = t
        if not self.closed:
            t = _leaves_circle(px, py, ux, uy, r, *self.ring[-1])
            if t is not None and (last is None or t > last):
                last = t
        return last

    def contains(self, xy: XY) -> bool:
        """shapely's ``contains``: strictly inside a closed shape."""
        x, y = xy
        if self.apart(x, y, x, y, SURE):
            return False
        d = self.edge_distance(x, y)
        if d < SURE:
            from shapely.geometry import Point

            return bool(self.geometry.contains(Point(xy)))
        return self._inside(x, y)

    def crossed_by_line(self, a: XY, b: XY) -> bool:
        """``LineString([a, b]).intersects(geometry)``, ``a != b``."""
        s = (a[0], a[1], b[0], b[1])
        if self.apart(*s, SURE):
            return False
        if self.closed and any(self._inside(*p) and self.edge_distance(*p) > SURE
                               for p in (a, b)):
            return True
        for t in self.segments:
            if crossing(s, t) == 1:
                return True
        if self.segment_distance(s) > SURE:
            return False
        from shapely.geometry import LineString

        return bool(LineString([a, b]).intersects(self.geometry))

    def crossed_cleanly(self, a: XY, b: XY) -> bool:
        """Does the segment a-b cross a side of the outline at one inner
        point, clear of any rounding (:func:`crossing`)? Then a path of any
        radius above :data:`BUFFER_SLACK` from ``a`` to ``b`` surely touches
        the shape: :meth:`touched_by_path` finds that side at distance 0."""
        s = (a[0], a[1], b[0], b[1])
        for t in self.segments:  # noqa: SIM110  (no generator made for every way)
            if crossing(s, t) == 1:
                return True
        return False

    def touched_by_path(self, a: XY, b: XY, radius: float) -> bool:
        """``LineString([a, b]).buffer(radius).intersects(geometry)`` (a point's
        buffer when ``a == b``). A shape just farther than ``radius`` is left
        to shapely too: a corner of its buffer may round onto the shape."""
        s = (a[0], a[1], b[0], b[1])
        if self.apart(*s, radius + SURE):
            return False
        sure = radius - (BUFFER_SLACK if radius <= SLACK_RADIUS else radius * BUFFER_SAG)
        if self.closed and (self._inside(a[0], a[1]) or self._inside(b[0], b[1])):
            d = 0.0
        else:
            d = math.inf
            for t in self.segments:
                near = segment_segment(s, t)
                if near < sure:
                    return True  # the nearest is nearer still
                if near < d:
                    d = near
        if d > radius + SURE:
            return False
        if d < sure:
            return True
        from shapely.geometry import LineString, Point

        path = Point(a) if a == b else LineString([a, b])
        return bool(path.buffer(radius).intersects(self.geometry))

    def within(self, xy: XY, limit: float) -> bool:
        """``geometry.distance(Point(xy)) <= limit``."""
        x, y = xy
        if self.apart(x, y, x, y, limit + SURE):
            return False
        d = self.point_distance(x, y)
        if abs(d - limit) < SURE:
            from shapely.geometry import Point

            return bool(self.geometry.distance(Point(xy)) <= limit)
        return d <= limit
