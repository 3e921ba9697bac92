"""A base going straight across the table, answered fast: does it leave the
table, pass through or end touching another base, touch an obstacle on its
way, end over one, cross a drop (:meth:`referee.boards.table.Table.path_clear`
and :class:`Around`, a shortlist for many ways out of one spot).

Each answer is :meth:`Table.sweep_blockers`'s, found without listing them:
a base or a piece of terrain whose box lies clear of the way by more than it
could reach is never measured.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping
from typing import Any, Protocol

from referee.boards.inches import EPS, SNUG, XY
from referee.boards.shapes import SURE, to_segment
from referee.boards.terrain import Drop, Obstacle, Piece, Shaped, Terrain


class Board(Protocol):
    """What these answers read of a table."""

    width: float
    depth: float
    terrain: Terrain

    @property
    def pieces(self) -> Mapping[str, Piece]: ...


Near = list[tuple[float, float, float, float, float, str]]
"""Other bases as a moving base of radius r meets them: each one's x and y,
its reach less and more :data:`EPS` (the two radii added), how far off a
path's box it cannot matter, and its id."""


def near_bases(piece: Piece, others: Iterable[Piece]) -> Near:
    """``others`` (but ``piece``) as :data:`Near` for ``piece``."""
    r = piece.radius
    found = []
    for other in others:
        if other is not piece:
            reach = r + other.radius
            found.append((other.x, other.y, reach - EPS, reach + EPS, reach + EPS + SURE,
                          other.id))
    return found


def bases_in_way(table: Board, piece: Piece, to: XY, ignore: Collection[str],
                 near: Near) -> bool:
    """Would ``piece`` leave the table going straight to ``to``, or pass
    through or end touching one of ``near`` (:func:`near_bases`) but
    ``ignore``? A base clear of the path's box by more than its reach is
    never measured."""
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
        if to_segment(ox, oy, sx, sy, dx, dy, length2) < inner:  # passes through it
            return True
    return False


def ends_over(obstacles: Shaped, start: XY, to: XY, r: float) -> bool:
    """Would a base of radius ``r`` going from ``start`` to ``to`` end over
    one of ``obstacles`` (by more than :data:`SNUG`)?"""
    s = (start[0], start[1], to[0], to[1])
    for _, shape in obstacles:
        if not shape.apart(*s, r) and shape.touched_by_path(to, to, r - SNUG):
            return True
    return False


def crossed(obstacles: Shaped, start: XY, to: XY, radius: float) -> list[Obstacle]:
    """The obstacles a base of ``radius`` (less :data:`EPS`) touches going
    from ``start`` to ``to``."""
    if start == to:
        return []
    radius -= EPS
    return [o for o, shape in obstacles if shape.touched_by_path(start, to, radius)]


def lines_cross(items: Shaped, a: XY, b: XY) -> list[Any]:
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


def path_clear(table: Board, piece: Piece, to: XY, ignore: Iterable[str],
               crossable: Iterable[Obstacle], over_drops: bool, others: Near,
               obstacles: Shaped, drops: Shaped) -> bool:
    """No :meth:`Table.sweep_blockers` at all, among ``others``
    (:func:`near_bases`), ``obstacles`` and ``drops``."""
    skip = ignore if isinstance(ignore, tuple) else tuple(ignore)  # no ABC check: it costs
    if bases_in_way(table, piece, to, skip, others):
        return False
    start = piece.xy
    if start == to:
        return True
    sx, sy, tx, ty, r = start[0], start[1], to[0], to[1], piece.radius
    passable = {id(o) for o in crossable} if crossable else ()  # none, as a rule
    # ends_over() and the crossings in one look at each obstacle: one whose
    # box is farther than the radius off the way is neither ended over nor crossed
    for o, shape in obstacles:
        if shape.apart(sx, sy, tx, ty, r):
            continue
        if shape.touched_by_path(to, to, r - SNUG):
            return False
        if id(o) not in passable and shape.touched_by_path(start, to, r - EPS):
            return False
    return over_drops or not lines_cross(drops, start, to)


class Around:
    """What a base could meet going at most ``reach`` from where it stands:
    the other bases and the terrain near enough. A shortlist made once for
    many ways out of one spot (a model's moves, a loser's back-off): what it
    leaves out is too far to touch any of them, so every answer is the
    table's own. Valid while no base moves; a way longer than ``reach`` is
    asked of the whole table."""

    def __init__(self, table: Board, piece_id: str, reach: float) -> None:
        self.table = table
        self.piece = p = table.pieces[piece_id]
        self.reach = reach
        r = p.radius
        px, py = p.x, p.y
        self.others: Near = []  # near_bases of those that could be met, in one look
        for o in table.pieces.values():
            if o is not p and math.hypot(o.x - px, o.y - py) <= reach + r + o.radius + EPS + SURE:
                meet = r + o.radius
                self.others.append((o.x, o.y, meet - EPS, meet + EPS, meet + EPS + SURE, o.id))
        box = (p.x - reach, p.y - reach, p.x + reach, p.y + reach)
        terrain = table.terrain
        self.obstacles = [(o, shape) for o, shape in terrain.obstacle_shapes
                          if not shape.apart(*box, r + SURE)]
        self.drops = [(d, shape) for d, shape in terrain.drop_shapes
                      if not shape.apart(*box, SURE)]

    def _within(self, to: XY) -> bool:
        p = self.piece
        return math.hypot(to[0] - p.x, to[1] - p.y) <= self.reach

    def _all_others(self) -> Near:
        return near_bases(self.piece, self.table.pieces.values())

    def reaches(self, to: XY, limit: float, ignore: Collection[str] = (),
                highest: float = math.inf, each: float = 0.0) -> bool:
        """Can this piece go straight to ``to`` for at most ``limit`` inches,
        the way costing its length and ``each`` (0 or more) more for every
        obstacle it crosses? Barred by an obstacle higher than ``highest``, the table's
        edge, another base (but ``ignore``), an obstacle it would end over
        and a drop. The cheap questions first: a spot farther than ``limit``
        is never tried."""
        p = self.piece
        length = math.hypot(p.x - to[0], p.y - to[1])
        if length > limit:
            return False
        others: Near
        obstacles: Shaped
        drops: Shaped
        if length <= self.reach:
            others, obstacles, drops = self.others, self.obstacles, self.drops
        else:
            terrain = self.table.terrain
            others, obstacles, drops = (self._all_others(), terrain.obstacle_shapes,
                                        terrain.drop_shapes)
        if bases_in_way(self.table, p, to, ignore, others):
            return False
        sx, sy, r = p.x, p.y, p.radius
        tx, ty = to
        if sx == tx and sy == ty:
            return True
        start = (sx, sy)
        # crossed() and ends_over() in one look at each obstacle: one whose box
        # is farther than the radius off the way is neither crossed nor ended over
        jumped = 0
        for o, shape in obstacles:
            if shape.apart(sx, sy, tx, ty, r):
                continue
            if shape.touched_by_path(to, to, r - SNUG):
                return False
            if shape.touched_by_path(start, to, r - EPS):
                if o.height > highest:
                    return False
                jumped += 1
                if length + each * jumped > limit:
                    return False  # each more jump would only lengthen the way
        return not drops or not lines_cross(drops, start, to)

    def bases_in_way(self, to: XY, ignore: Collection[str] = ()) -> bool:
        """:meth:`Table.bases_in_way` for this piece."""
        others = self.others if self._within(to) else self._all_others()
        return bases_in_way(self.table, self.piece, to, ignore, others)

    def crossed_obstacles(self, to: XY) -> list[Obstacle]:
        """:meth:`Table.crossed_obstacles` for this piece."""
        p = self.piece
        obstacles = self.obstacles if self._within(to) else self.table.terrain.obstacle_shapes
        return crossed(obstacles, p.xy, to, p.radius)

    def ends_over(self, to: XY) -> bool:
        """:meth:`Table.ends_over` for this piece (``to`` is not where it stands)."""
        p = self.piece
        obstacles = self.obstacles if self._within(to) else self.table.terrain.obstacle_shapes
        return ends_over(obstacles, p.xy, to, p.radius)

    def drops_between(self, to: XY) -> list[Drop]:
        """:meth:`Table.drops_between` from where this piece stands."""
        drops = self.drops if self._within(to) else self.table.terrain.drop_shapes
        return lines_cross(drops, self.piece.xy, to)

    def path_clear(self, to: XY, ignore: Iterable[str] = (), crossable: Iterable[Obstacle] = (),
                   over_drops: bool = False) -> bool:
        """:meth:`Table.path_clear` for this piece."""
        terrain = self.table.terrain
        if self._within(to):
            return path_clear(self.table, self.piece, to, ignore, crossable, over_drops,
                              self.others, self.obstacles, self.drops)
        return path_clear(self.table, self.piece, to, ignore, crossable, over_drops,
                          self._all_others(), terrain.obstacle_shapes, terrain.drop_shapes)
