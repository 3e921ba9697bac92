"""A base going straight across the table, answered fast: does it leave the
table, pass through or end touching another base, touch an obstacle on its
way, end over one, cross a drop (:meth:`referee.boards.table.Table.path_clear`
and :class:`Around`, a shortlist for many ways out of one spot; :class:`Ring`,
the ways to spots about one target, remembering what barred each).

Each answer is :meth:`Table.sweep_blockers`'s, found without listing them:
a base or a piece of terrain whose box lies clear of the way by more than it
could reach is never measured.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping
from enum import Enum
from typing import Any, Protocol

from referee.boards.inches import EPS, SNUG, XY
from referee.boards.shapes import BUFFER_SLACK, SURE, Shape, to_segment
from referee.boards.terrain import Drop, Obstacle, Piece, Shaped, Terrain


class Board(Protocol):
    """What these answers read of a table."""

    width: float
    depth: float
    terrain: Terrain

    @property
    def pieces(self) -> Mapping[str, Piece]: ...


NearBase = tuple[float, float, float, float, float, str]
Near = list[NearBase]
"""Other bases as a moving base of radius r meets them: each one's x and y,
its reach less and more :data:`EPS` (the two radii added), how far off a
path's box it cannot matter, and its id."""


class Bar(Enum):
    """What bars a straight way that is no base and no terrain (never
    mistaken for a base, whatever its id)."""

    FAR = "far"
    """Longer than the way may be."""
    EDGE = "edge"
    """Off the table (:meth:`Table.on_table`)."""


Barrier = Bar | NearBase | Obstacle | Drop | None
"""What bars a straight way (:meth:`Around.barrier`): a :class:`Bar`, another
base (as :data:`NearBase`), an obstacle, a drop; None for nothing."""


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
    ``ignore``? (:func:`base_in_way`)"""
    return base_in_way(table, piece, to, ignore, near) is not None


def base_in_way(table: Board, piece: Piece, to: XY, ignore: Collection[str],
                near: Near) -> Bar | NearBase | None:
    """What stops ``piece`` going straight to ``to`` first: :attr:`Bar.EDGE`
    if it would leave the table, else the first of ``near``
    (:func:`near_bases`) but ``ignore`` that it would pass through or end
    touching; None if nothing. A base clear of the path's box by more than
    its reach is never measured."""
    sx, sy, r = piece.x, piece.y, piece.radius
    tx, ty = to
    if not (r - EPS <= tx <= table.width - r + EPS and r - EPS <= ty <= table.depth - r + EPS):
        return Bar.EDGE
    low_x, high_x = (sx, tx) if sx <= tx else (tx, sx)
    low_y, high_y = (sy, ty) if sy <= ty else (ty, sy)
    dx, dy = tx - sx, ty - sy  # worked out once for every base
    length2 = dx * dx + dy * dy
    for base in near:
        ox, oy, inner, outer, far, oid = base
        if ox < low_x - far or ox > high_x + far or oy < low_y - far or oy > high_y + far:
            continue
        if oid in ignore:
            continue
        if math.hypot(tx - ox, ty - oy) < outer:  # ends touching it (the usual block)
            return base
        if to_segment(ox, oy, sx, sy, dx, dy, length2) < inner:  # passes through it
            return base
    return None


def touches_one(to: XY, near: Near) -> bool:
    """Would a base at ``to`` touch one of ``near`` (:func:`near_bases`)?"""
    tx, ty = to
    for ox, oy, _, outer, _, _ in near:  # noqa: SIM110  (no generator made for every way)
        if math.hypot(tx - ox, ty - oy) < outer:
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
    if base_in_way(table, piece, to, skip, others) is not None:
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
        could_meet = reach + r + EPS + SURE  # and the other's radius (SURE above any rounding)
        for o in table.pieces.values():
            if o is not p and math.hypot(o.x - px, o.y - py) <= could_meet + o.radius:
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
        and a drop (:meth:`barrier`)."""
        return self.barrier(to, limit, ignore, highest, each) is None

    def barrier(self, to: XY, limit: float, ignore: Collection[str] = (),
                highest: float = math.inf, each: float = 0.0) -> Barrier:
        """What bars :meth:`reaches`' way to ``to``, the first found: :attr:`Bar.FAR`
        (longer than ``limit``), :attr:`Bar.EDGE`, another base, an obstacle
        (ended over, higher than ``highest``, or one jump too many), a drop;
        None if nothing does. The cheap questions first: a spot farther than
        ``limit`` is never tried."""
        p = self.piece
        length = math.hypot(p.x - to[0], p.y - to[1])
        if length > limit:
            return Bar.FAR
        others: Near
        obstacles: Shaped
        drops: Shaped
        if length <= self.reach:
            others, obstacles, drops = self.others, self.obstacles, self.drops
        else:
            terrain = self.table.terrain
            others, obstacles, drops = (self._all_others(), terrain.obstacle_shapes,
                                        terrain.drop_shapes)
        base = base_in_way(self.table, p, to, ignore, others)
        if base is not None:
            return base
        sx, sy, r = p.x, p.y, p.radius
        tx, ty = to
        if sx == tx and sy == ty:
            return None
        start = (sx, sy)
        # crossed() and ends_over() in one look at each obstacle: one whose box
        # is farther than the radius off the way is neither crossed nor ended over
        jumped = 0
        for o, shape in obstacles:
            if shape.apart(sx, sy, tx, ty, r):
                continue
            if shape.touched_by_path(to, to, r - SNUG):
                return o  # type: ignore[no-any-return]
            if shape.touched_by_path(start, to, r - EPS):
                if o.height > highest:
                    return o  # type: ignore[no-any-return]
                jumped += 1
                if length + each * jumped > limit:  # each more jump would only lengthen it
                    return o  # type: ignore[no-any-return]
        if not drops:
            return None
        dropped = lines_cross(drops, start, to)
        return dropped[0] if dropped else None

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


class Ring:
    """Straight ways from a base (:class:`Around`) to spots about one target
    (where it would touch the target's base, :meth:`Table.contact_spots`),
    tried one after another for the first open one, each at most ``limit``
    inches long, jumping obstacles up to ``highest`` for ``each`` inches more
    (a charge). Every answer is :meth:`Around.reaches`' own, but a way that
    something which barred an earlier one surely bars too is refused
    without the whole look:

    - a base that an earlier way passed through or ended against, or that
      stands about the target near enough to touch a base in contact with it
      (looked for once the first way is barred: a target ringed by fighters
      is found out of reach without following each way in), if this way
      meets it (:func:`base_in_way`, asked of those bases alone);
    - an obstacle that barred an earlier way (or one ``jumps`` names: those
      between the base and its target, say), if this way crosses one of its
      sides cleanly (:meth:`Shape.crossed_cleanly`) and the obstacle is too
      high, or jumping it takes the way beyond ``limit``.

    And once a base bars a way, if its shadow covers the target's whole
    circle of contact spots (:meth:`_shadowed`), no spot is tried after it.
    The spots must lie on that circle.
    """

    def __init__(self, ways: Around, target_id: str, limit: float, highest: float,
                 each: float, jumps: Iterable[Obstacle] = ()) -> None:
        self.ways = ways
        self.target_id = target_id
        self.ignore = (target_id,)
        self.limit, self.highest, self.each = limit, highest, each
        self.crowd: Near | None = None
        """The bases about the target, once the first way is barred."""
        self.met: Near = []
        """The bases earlier ways met."""
        shape = ways.table.terrain.shape
        self.jumps: list[tuple[Obstacle, Shape]] = [(o, shape(o)) for o in jumps]
        """The obstacles that barred earlier ways, and those named."""
        self.jumps_sure = ways.piece.radius - EPS > BUFFER_SLACK
        """Does a clean crossing surely touch the obstacle (not for a tiny base)?"""

    def first_reached(self, spots: Iterable[XY]) -> XY | None:
        """The first of ``spots`` this base reaches, or None. The spots come
        each at least as far from the base as the one before: once one lies
        beyond ``limit`` by :data:`FARTHER`, those after it are not tried."""
        ways = self.ways
        p = ways.piece
        px, py = p.x, p.y
        limit = self.limit
        beyond = limit + FARTHER
        for to in spots:
            length = math.hypot(px - to[0], py - to[1])
            if length > limit:
                if length > beyond:
                    return None
                continue
            if self._barred_before(to, length):
                continue
            barrier = ways.barrier(to, limit, self.ignore, self.highest, self.each)
            if barrier is None:
                return to
            met = self._remember(barrier)
            if met is not None and self._shadowed(met):
                return None  # that base bars the way to every spot left
        return None

    def _barred_before(self, to: XY, length: float) -> bool:
        """Does what barred earlier ways surely bar the way to ``to`` too?"""
        ways = self.ways
        if self.crowd is not None and touches_one(to, self.crowd):
            return True
        if self.met and base_in_way(ways.table, ways.piece, to, (), self.met) is not None:
            return True  # (or the way leaves the table: barred all the same)
        if self.jumps and self.jumps_sure:
            start = ways.piece.xy
            dear = length + self.each > self.limit  # as Around.barrier has it, for one jump
            for obstacle, shape in self.jumps:
                if (dear or obstacle.height > self.highest) and shape.crossed_cleanly(start, to):
                    return True
        return False

    def _remember(self, barrier: Barrier) -> NearBase | None:
        """Keep what barred a way; the base it is, if one."""
        if self.crowd is None:
            self.crowd = self._about_target()
        if isinstance(barrier, Obstacle):
            self.jumps.append((barrier, self.ways.table.terrain.shape(barrier)))
        elif isinstance(barrier, tuple):
            self.met.append(barrier)
            return barrier
        return None

    def _shadowed(self, base: NearBase) -> bool:
        """Does every way from this base to a spot where it would touch the
        target's base pass through ``base`` (by :data:`SHADOW_MARGIN` at
        least, so that each measure of :func:`base_in_way` finds it)?

        It does if the target's whole circle of such spots lies in the
        shadow ``base`` casts, seen from where this base stands: every
        direction to the circle is nearer the direction to ``base`` than the
        tangents to it (``gamma + beta < alpha``, the angles from the line to
        the other's centre), and the circle is no nearer than ``base``'s
        centre, so each way reaches the point nearest that centre."""
        ways = self.ways
        p, target = ways.piece, ways.table.pieces[self.target_id]
        ox, oy, inner = base[0], base[1], base[2] - SHADOW_MARGIN
        ux, uy = ox - p.x, oy - p.y
        vx, vy = target.x - p.x, target.y - p.y
        to_base, to_target = math.hypot(ux, uy), math.hypot(vx, vy)
        contact = p.radius + target.radius
        if to_base <= inner or to_target - contact < to_base + SHADOW_MARGIN:
            return False  # this base stands in the other's reach, or the circle comes nearer
        alpha = math.asin(inner / to_base)
        beta = math.asin(contact / to_target)
        gamma = abs(math.atan2(ux * vy - uy * vx, ux * vx + uy * vy))
        return gamma + beta < alpha - SHADOW_MARGIN

    def _about_target(self) -> Near:
        """The bases the charger could meet (but its target) that stand near
        enough to the target to touch the charger in base contact with it."""
        ways = self.ways
        target = ways.table.pieces[self.target_id]
        around = ways.piece.radius + target.radius + SURE
        tx, ty = target.x, target.y
        return [base for base in ways.others
                if base[5] != self.target_id and math.hypot(base[0] - tx, base[1] - ty)
                < around + base[3]]


SHADOW_MARGIN = 1e-9
"""How far inside a base's reach every way to a target's contact circle
must pass for :meth:`Ring._shadowed` to bar them all unmeasured, and by how
much its angles must agree: far above any rounding of the measures."""
FARTHER = 1e-9
"""How far beyond ``limit`` a spot must be for those after it (each at least
as far off) to be left untried (:meth:`Ring.first_reached`): far above any
rounding of their distances, so each would have been found too far."""
