"""The Old West table, fast: the scenario's terrain prepared once and shared
by every copy of a game, and the questions the rules ask of it most (does a
base's straight path touch a fence, does a line cross a wall) answered with
plain arithmetic.

Every answer is the one :class:`referee.boards.table.Table` gives through
shapely: where the arithmetic is sure (the distance is clearly above or
below the limit, a crossing is clear-cut) it answers; in the thin band where
shapely's polygonal buffers or its exact predicates could decide otherwise,
it asks shapely. The pieces (the bases) are the only part that changes.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Sequence
from itertools import pairwise
from typing import Any

from shapely.geometry import LineString, Point

from referee.boards.table import EPS, SNUG, XY, CoverArea, Drop, Obstacle, Piece, Table, snap
from referee.core.i18n import Name

Segment = tuple[float, float, float, float]

SURE = 1e-7
"""Below this, a distance or a crossing is left to shapely's exact predicates."""
BISECTION_GUARD = 1e-4
"""How far a bound must clear a base's radius for a bisection step to be
taken without measuring: far above any rounding in the measure."""
BUFFER_SLACK = 0.006
"""How far inside a true round buffer shapely's polygon may fall (16 segments
a quarter circle: at most 0.0012 of the radius; bases are under 4")."""


def _point_segment(px: float, py: float, s: Segment) -> float:
    ax, ay, bx, by = s
    dx, dy = bx - ax, by - ay
    return _to_segment(px, py, ax, ay, dx, dy, dx * dx + dy * dy)


def _to_segment(px: float, py: float, ax: float, ay: float, dx: float, dy: float,
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


def _crossing(s: Segment, t: Segment) -> int:
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


def _segment_segment(s: Segment, t: Segment) -> float:
    if _crossing(s, t) == 1:
        return 0.0
    return min(_point_segment(s[0], s[1], t), _point_segment(s[2], s[3], t),
               _point_segment(t[0], t[1], s), _point_segment(t[2], t[3], s))


class Shape:
    """A piece of terrain's outline as segments (a fence, a drop's edge) or a
    closed ring (a building, a cover area), with its shapely geometry.

    Every question first compares boxes: a shape whose box lies farther from
    the question's than the answer could care about is never measured."""

    __slots__ = ("box", "closed", "geometry", "line_box", "ring", "segments", "x0", "x1", "y0",
                 "y1")

    def __init__(self, geometry: object, closed: bool) -> None:
        self.geometry = geometry
        self.closed = closed
        coords: list[XY] = list(geometry.exterior.coords if closed  # type: ignore[attr-defined]
                                else geometry.coords)  # type: ignore[attr-defined]
        if closed and coords[0] != coords[-1]:
            coords.append(coords[0])
        self.ring = coords
        self.segments: tuple[Segment, ...] = tuple(
            (a[0], a[1], b[0], b[1]) for a, b in pairwise(coords))
        xs, ys = [x for x, _ in coords], [y for _, y in coords]
        self.box = (min(xs), min(ys), max(xs), max(ys))
        self.x0, self.y0, self.x1, self.y1 = self.box
        self.line_box = (self.x0 - 2 * SURE, self.y0 - 2 * SURE,
                         self.x1 + 2 * SURE, self.y1 + 2 * SURE)
        """The box a line must reach into to be worth :meth:`crossed_by_line`."""

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
        inside = False
        for ax, ay, bx, by in self.segments:
            if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
                inside = not inside
        return inside

    def edge_distance(self, x: float, y: float) -> float:
        best = math.inf
        for segment in self.segments:
            d = _point_segment(x, y, segment)
            if d < best:
                best = d
        return best

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
            d = _segment_segment(s, t)
            if d < best:
                best = d
        return best

    def contains(self, xy: XY) -> bool:
        """shapely's ``contains``: strictly inside a closed shape."""
        x, y = xy
        if self.apart(x, y, x, y, SURE):
            return False
        d = self.edge_distance(x, y)
        if d < SURE:
            return bool(self.geometry.contains(Point(xy)))  # type: ignore[attr-defined]
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
            if _crossing(s, t) == 1:
                return True
        if self.segment_distance(s) > SURE:
            return False
        return bool(LineString([a, b]).intersects(self.geometry))

    def touched_by_path(self, a: XY, b: XY, radius: float) -> bool:
        """``LineString([a, b]).buffer(radius).intersects(geometry)`` (a point's
        buffer when ``a == b``)."""
        s = (a[0], a[1], b[0], b[1])
        if self.apart(*s, radius):
            return False
        sure = radius - BUFFER_SLACK
        if self.closed and (self._inside(a[0], a[1]) or self._inside(b[0], b[1])):
            d = 0.0
        else:
            d = math.inf
            for t in self.segments:
                near = _segment_segment(s, t)
                if near < sure:
                    return True  # the nearest is nearer still
                if near < d:
                    d = near
        if d > radius:
            return False
        if d < sure:
            return True
        path = Point(a) if a == b else LineString([a, b])
        return bool(path.buffer(radius).intersects(self.geometry))

    def within(self, xy: XY, limit: float) -> bool:
        """``geometry.distance(Point(xy)) <= limit``."""
        x, y = xy
        if self.apart(x, y, x, y, limit + SURE):
            return False
        d = self.point_distance(x, y)
        if abs(d - limit) < SURE:
            return bool(self.geometry.distance(Point(xy)) <= limit)  # type: ignore[attr-defined]
        return d <= limit


class Terrain:
    """A scenario's fixed terrain, prepared once: never changes during a game,
    shared by every copy."""

    def __init__(self, obstacles: Iterable[Obstacle], covers: Iterable[CoverArea],
                 drops: Iterable[Drop], names: dict[str, Name]) -> None:
        self.obstacles = tuple(obstacles)
        self.covers = tuple(covers)
        self.drops = tuple(drops)
        self.names = names
        self.back_offs: dict[tuple[object, ...], Any] = {}
        """Back-offs worked out on this terrain, by where every base stood (a
        cache: the same position always gives the same answer)."""
        self.shapes: dict[int, Shape] = {}
        for o in self.obstacles:
            self.shapes[id(o)] = Shape(o.geometry, o.geometry.geom_type == "Polygon")
        for c in self.covers:
            self.shapes[id(c)] = Shape(c.area, True)
        for d in self.drops:
            self.shapes[id(d)] = Shape(d.edge, False)
        self.obstacle_shapes = tuple((o, self.shapes[id(o)]) for o in self.obstacles)
        self.cover_shapes = tuple((c, self.shapes[id(c)]) for c in self.covers)
        self.drop_shapes = tuple((d, self.shapes[id(d)]) for d in self.drops)

    def shape(self, item: Obstacle | CoverArea | Drop) -> Shape:
        return self.shapes[id(item)]


class OldWestTable(Table):
    """The table with the Old West's terrain prepared (:class:`Terrain`).

    Bases are moved, added, removed and resized through its methods only:
    each change forgets what :attr:`known` remembered of the position."""

    def __init__(self, width: float, depth: float, terrain: Terrain) -> None:
        super().__init__(width, depth, terrain.obstacles, terrain.covers, terrain.drops)
        self.terrain = terrain
        self.known: dict[object, Any] = {}
        """Answers the rules worked out on the bases as they stand now (who
        fights whom, the obstacles between two points), forgotten as soon as
        a base changes."""

    def __deepcopy__(self, memo: dict[int, object]) -> OldWestTable:
        """A copy with its own pieces; the terrain is shared."""
        twin = OldWestTable.__new__(OldWestTable)
        twin.__dict__.update(self.__dict__)
        twin.pieces = {key: Piece(p.id, p.x, p.y, p.radius, p.side, p.label, set(p.marks))
                       for key, p in self.pieces.items()}
        twin.known = {}
        memo[id(self)] = twin
        return twin

    def add(self, piece: Piece) -> None:
        super().add(piece)
        self.known = {}

    def remove(self, piece_id: str) -> None:
        super().remove(piece_id)
        self.known = {}

    def move(self, piece_id: str, to: XY) -> None:
        super().move(piece_id, to)
        self.known = {}

    def resize(self, piece_id: str, radius: float) -> None:
        """The base of ``piece_id`` becomes one of ``radius``."""
        self.pieces[piece_id].radius = radius
        self.known = {}

    def obstacles_between(self, a: XY, b: XY) -> list[Obstacle]:
        """Remembered while no base changes: a shot asks the same of a
        shooter and its target several times (sight, cover, the picture)."""
        key = ("between", a, b)
        found = self.known.get(key)
        if found is None:
            found = self.known[key] = _lines_cross(self.terrain.obstacle_shapes, a, b)
        return list(found)

    def drops_between(self, a: XY, b: XY) -> list[Drop]:
        return _lines_cross(self.terrain.drop_shapes, a, b)

    def near_obstacle(self, obstacle: Obstacle, xy: XY, limit: float) -> bool:
        """Is ``xy`` within ``limit`` of ``obstacle``?"""
        return self.terrain.shape(obstacle).within(xy, limit)

    def across_at(self, xy: XY, radius: float, b: str, reach: float) -> Obstacle | None:
        if not self.obstacles:
            return None
        pb = self.pieces[b]
        if math.hypot(xy[0] - pb.x, xy[1] - pb.y) - radius - pb.radius > 2 * reach + EPS:
            return None
        there = pb.xy
        if xy == there:
            return None
        x, y = xy
        near_a, near_b = radius + reach + EPS, pb.radius + reach + EPS
        for obstacle, shape in self.terrain.obstacle_shapes:
            # an obstacle whose box is out of either base's reach is never "within"
            if shape.apart(x, y, x, y, near_a + SURE) or \
                    shape.apart(pb.x, pb.y, pb.x, pb.y, near_b + SURE):
                continue
            if shape.crossed_by_line(xy, there) and shape.within(xy, near_a) and \
                    shape.within(there, near_b):
                return obstacle
        return None

    def in_cover_area(self, piece_id: str) -> CoverArea | None:
        return self.cover_at(self.pieces[piece_id].xy)

    def cover_at(self, xy: XY) -> CoverArea | None:
        """The cover area ``xy`` stands in, if any."""
        for cover, shape in self.terrain.cover_shapes:
            if shape.contains(xy):
                return cover
        return None

    def bases_in_way(self, piece: Piece, to: XY, ignore: Collection[str] = ()) -> bool:
        """Would ``piece`` leave the table going straight to ``to``, or pass
        through or end touching another base (:meth:`sweep_blockers`)?"""
        return _bases_in_way(self, piece, to, ignore, _near(piece, self.pieces.values()))

    def ends_over(self, start: XY, to: XY, r: float) -> bool:
        """Would a base of radius ``r`` going from ``start`` to ``to`` end over
        an obstacle (by more than :data:`SNUG`)? ``start != to``."""
        return _ends_over(self.terrain.obstacle_shapes, start, to, r)

    def path_clear(self, piece_id: str, to: XY, ignore: Iterable[str] = (),
                   crossable: Iterable[Obstacle] = (), over_drops: bool = False) -> bool:
        """No :meth:`sweep_blockers` at all, found without listing them."""
        terrain = self.terrain
        piece = self.pieces[piece_id]
        return _path_clear(self, piece, to, ignore, crossable, over_drops,
                           _near(piece, self.pieces.values()), terrain.obstacle_shapes,
                           terrain.drop_shapes)

    def around(self, piece_id: str, reach: float) -> Around:
        """What ``piece_id`` could meet going at most ``reach`` from where it
        stands (:class:`Around`)."""
        return Around(self, piece_id, reach)

    def sweep_blockers(self, piece_id: str, to: XY, ignore: Iterable[str] = (),
                       crossable: Iterable[Obstacle] = (), over_drops: bool = False) -> list[str]:
        piece = self.pieces[piece_id]
        start, r = piece.xy, piece.radius
        blockers: list[str] = []
        if not self.on_table(to, r):
            blockers.append("edge")
        skip = {piece_id, *ignore}
        s = (start[0], start[1], to[0], to[1])
        for other in self.pieces.values():
            if other.id in skip:
                continue
            reach = r + other.radius
            if (_point_segment(other.x, other.y, s) < reach - EPS
                    or math.hypot(to[0] - other.x, to[1] - other.y) < reach + EPS):
                blockers.append(other.id)
        if start != to:
            passable = set(map(id, crossable))
            for o in self.obstacles:
                shape = self.terrain.shape(o)
                if shape.box_gap(*s) > r:
                    continue
                if shape.touched_by_path(to, to, r - SNUG) or (
                        id(o) not in passable and shape.touched_by_path(start, to, r - EPS)):
                    blockers.append(o.name)
            if not over_drops:
                blockers += [d.name for d in self.drops_between(start, to)]
        return blockers

    def crossed_obstacles(self, piece_id: str, to: XY) -> list[Obstacle]:
        piece = self.pieces[piece_id]
        return _crossed(self.terrain.obstacle_shapes, piece.xy, to, piece.radius)

    def stop_before(self, piece_id: str, obstacle: Obstacle, target: XY) -> XY | None:
        """Where the base, going straight toward ``target``, first touches
        ``obstacle`` (worked out exactly: no polygonal buffer), on the grid.

        A bisection of 30 steps on how far the base goes. The distance from
        the swept path to the obstacle changes by no more than the path's
        length does, so a step whose answer that bound already gives (by a
        wide :data:`BISECTION_GUARD`) is not measured: every step still
        answers what measuring it would."""
        p = self.pieces[piece_id]
        shape = self.terrain.shape(obstacle)
        if p.xy == target or not shape.crossed_by_line(p.xy, target):
            return None
        total = math.hypot(target[0] - p.x, target[1] - p.y)
        ux, uy = unit(target[0] - p.x, target[1] - p.y)  # as toward() goes
        px, py, r = p.x, p.y, p.radius
        far_side, near_side = r + BISECTION_GUARD, r - BISECTION_GUARD
        low, high = 0.0, total
        clear_low = shape.segment_distance((px, py, px, py))
        """At least the distance of the path ending at ``low``."""
        touch_high = shape.segment_distance((px, py, px + ux * high, py + uy * high))
        """At most the distance of the path ending at ``high``."""
        for _ in range(30):
            mid = (low + high) / 2
            at_least = clear_low - (mid - low)
            if at_least > far_side:
                low, clear_low = mid, at_least
                continue
            at_most = touch_high + (high - mid)
            if at_most < near_side:
                high, touch_high = mid, at_most
                continue
            gap = shape.segment_distance((px, py, px + ux * mid, py + uy * mid))
            if gap < r:
                high, touch_high = mid, gap
            else:
                low, clear_low = mid, gap
        return snap((px + ux * low, py + uy * low))


ItemShapes = Sequence[tuple[Any, Shape]]
"""Pieces of terrain, each with its :class:`Shape`."""


Near = list[tuple[float, float, float, float, float, str]]
"""Other bases as a moving base of radius r meets them: each one's x and y,
its reach less and more :data:`EPS` (the two radii added), how far off a
path's box it cannot matter, and its id."""


def _near(piece: Piece, others: Iterable[Piece]) -> Near:
    """``others`` (but ``piece``) as :data:`Near` for ``piece``."""
    r = piece.radius
    found = []
    for other in others:
        if other is not piece:
            reach = r + other.radius
            found.append((other.x, other.y, reach - EPS, reach + EPS, reach + EPS + SURE,
                          other.id))
    return found


def _bases_in_way(table: Table, piece: Piece, to: XY, ignore: Collection[str],
                  near: Near) -> bool:
    """:meth:`OldWestTable.bases_in_way` among ``near`` (:func:`_near`). A
    base clear of the path's box by more than its reach is never measured."""
    sx, sy, r = piece.x, piece.y, piece.radius
    tx, ty = to
    if not (r - EPS <= tx <= table.width - r + EPS and r - EPS <= ty <= table.depth - r + EPS):
        return True  # off the table (Table.on_table)
    low_x, high_x = (sx, tx) if sx <= tx else (tx, sx)
    low_y, high_y = (sy, ty) if sy <= ty else (ty, sy)
    dx, dy = tx - sx, ty - sy  # worked out once for every base
    length2 = dx * dx + dy * dy
    for ox, oy, inner, outer, far, oid in near:
        if ox < low_x - far or ox > high_x + far or oy < low_y - far or oy > high_y + far:
            continue
        if oid in ignore:
            continue
        if math.hypot(tx - ox, ty - oy) < outer:  # ends touching it (the usual block)
            return True
        if _to_segment(ox, oy, sx, sy, dx, dy, length2) < inner:  # passes through it
            return True
    return False


def _ends_over(obstacles: ItemShapes, start: XY, to: XY, r: float) -> bool:
    s = (start[0], start[1], to[0], to[1])
    for _, shape in obstacles:
        if not shape.apart(*s, r) and shape.touched_by_path(to, to, r - SNUG):
            return True
    return False


def _crossed(obstacles: ItemShapes, start: XY, to: XY, radius: float) -> list[Obstacle]:
    """The obstacles a base of ``radius`` (less :data:`EPS`) touches going
    from ``start`` to ``to`` (:meth:`OldWestTable.crossed_obstacles`)."""
    if start == to:
        return []
    radius -= EPS
    return [o for o, shape in obstacles if shape.touched_by_path(start, to, radius)]


def _lines_cross(items: ItemShapes, a: XY, b: XY) -> list[Any]:
    """The pieces of terrain the line from ``a`` to ``b`` meets."""
    if a == b:
        return []
    low_x, high_x = (a[0], b[0]) if a[0] < b[0] else (b[0], a[0])
    low_y, high_y = (a[1], b[1]) if a[1] < b[1] else (b[1], a[1])
    found = []
    for item, shape in items:
        x0, y0, x1, y1 = shape.line_box  # clear of it: surely apart by more than SURE
        if high_x < x0 or low_x > x1 or high_y < y0 or low_y > y1:
            continue
        if shape.crossed_by_line(a, b):
            found.append(item)
    return found


def _path_clear(table: Table, piece: Piece, to: XY, ignore: Iterable[str],
                crossable: Iterable[Obstacle], over_drops: bool, others: Near,
                obstacles: ItemShapes, drops: ItemShapes) -> bool:
    """:meth:`OldWestTable.path_clear` among ``others`` (:func:`_near`),
    ``obstacles`` and ``drops``."""
    skip = ignore if isinstance(ignore, tuple) else tuple(ignore)  # no ABC check: it costs
    if _bases_in_way(table, piece, to, skip, others):
        return False
    start = piece.xy
    if start == to:
        return True
    r = piece.radius
    if _ends_over(obstacles, start, to, r):
        return False
    passable = {id(o) for o in crossable}
    s = (start[0], start[1], to[0], to[1])
    for o, shape in obstacles:
        if id(o) not in passable and not shape.apart(*s, r) \
                and shape.touched_by_path(start, to, r - EPS):
            return False
    return over_drops or not _lines_cross(drops, start, to)


class Around:
    """What a base could meet going at most ``reach`` from where it stands:
    the other bases and the terrain near enough. A shortlist made once for
    many ways out of one spot (a model's moves, a loser's back-off): what it
    leaves out is too far to touch any of them, so every answer is the
    table's own. Valid while no base moves; a way longer than ``reach`` is
    asked of the whole table."""

    def __init__(self, table: OldWestTable, piece_id: str, reach: float) -> None:
        self.table = table
        self.piece = p = table.pieces[piece_id]
        self.reach = reach
        r = p.radius
        self.others = _near(p, [o for o in table.pieces.values() if math.hypot(
            o.x - p.x, o.y - p.y) <= reach + r + o.radius + EPS + SURE])
        box = (p.x - reach, p.y - reach, p.x + reach, p.y + reach)
        terrain = table.terrain
        self.obstacles = [(o, shape) for o, shape in terrain.obstacle_shapes
                          if not shape.apart(*box, r + SURE)]
        self.drops = [(d, shape) for d, shape in terrain.drop_shapes
                      if not shape.apart(*box, SURE)]

    def _within(self, to: XY) -> bool:
        p = self.piece
        return math.hypot(to[0] - p.x, to[1] - p.y) <= self.reach

    def reaches(self, to: XY, limit: float, ignore: Collection[str] = (),
                highest: float = math.inf, each: float = 0.0) -> bool:
        """Can this piece go straight to ``to`` for at most ``limit`` inches,
        the way costing its length and ``each`` more for every obstacle it
        crosses? Barred by an obstacle higher than ``highest``, the table's
        edge, another base (but ``ignore``), an obstacle it would end over
        and a drop. The cheap questions first: a spot farther than ``limit``
        is never tried."""
        p = self.piece
        length = math.hypot(p.x - to[0], p.y - to[1])
        if length > limit:
            return False
        others: Near
        obstacles: ItemShapes
        drops: ItemShapes
        if length <= self.reach:
            others, obstacles, drops = self.others, self.obstacles, self.drops
        else:
            terrain = self.table.terrain
            others, obstacles, drops = (_near(p, self.table.pieces.values()),
                                        terrain.obstacle_shapes, terrain.drop_shapes)
        if _bases_in_way(self.table, p, to, ignore, others):
            return False
        start = p.xy
        if start == to:
            return True
        crossed = _crossed(obstacles, start, to, p.radius)
        if any(o.height > highest for o in crossed) or length + each * len(crossed) > limit:
            return False
        return not (_ends_over(obstacles, start, to, p.radius) or _lines_cross(drops, start, to))

    def bases_in_way(self, to: XY, ignore: Collection[str] = ()) -> bool:
        """:meth:`OldWestTable.bases_in_way` for this piece."""
        others = self.others if self._within(to) else _near(self.piece,
                                                             self.table.pieces.values())
        return _bases_in_way(self.table, self.piece, to, ignore, others)

    def crossed_obstacles(self, to: XY) -> list[Obstacle]:
        """:meth:`OldWestTable.crossed_obstacles` for this piece."""
        p = self.piece
        obstacles = self.obstacles if self._within(to) else self.table.terrain.obstacle_shapes
        return _crossed(obstacles, p.xy, to, p.radius)

    def ends_over(self, to: XY) -> bool:
        """:meth:`OldWestTable.ends_over` for this piece (``to`` is not where it stands)."""
        p = self.piece
        obstacles = self.obstacles if self._within(to) else self.table.terrain.obstacle_shapes
        return _ends_over(obstacles, p.xy, to, p.radius)

    def drops_between(self, to: XY) -> list[Drop]:
        """:meth:`OldWestTable.drops_between` from where this piece stands."""
        drops = self.drops if self._within(to) else self.table.terrain.drop_shapes
        return _lines_cross(drops, self.piece.xy, to)

    def path_clear(self, to: XY, ignore: Iterable[str] = (), crossable: Iterable[Obstacle] = (),
                   over_drops: bool = False) -> bool:
        """:meth:`OldWestTable.path_clear` for this piece."""
        if self._within(to):
            return _path_clear(self.table, self.piece, to, ignore, crossable, over_drops,
                               self.others, self.obstacles, self.drops)
        return self.table.path_clear(self.piece.id, to, ignore, crossable, over_drops)


def nearest_point(shape_geometry: object, xy: XY) -> XY:
    """The point of a geometry nearest to ``xy``."""
    geometry = shape_geometry
    near = geometry.interpolate(geometry.project(Point(xy)))  # type: ignore[attr-defined]
    return (near.x, near.y)


def spread(found: list[tuple[float, XY]], keep: int) -> list[XY]:
    """Up to ``keep`` spots spread over the range, the straightest first."""
    found.sort(key=lambda item: item[0])
    if len(found) <= keep:
        return [spot for _, spot in found]
    stride = len(found) / keep
    return [found[int(i * stride)][1] for i in range(keep)]


def unit(dx: float, dy: float) -> XY:
    length = math.hypot(dx, dy)
    return (1.0, 0.0) if length < 1e-9 else (dx / length, dy / length)


__all__: Sequence[str] = ("Around", "OldWestTable", "Shape", "Terrain", "nearest_point", "spread",
                         "unit")
