"""The continuous table: round bases at positions in inches, obstacles, cover
areas, drops and the table's edges (DESIGN idea 5).

Shared by the games played with miniatures on open terrain (Old West,
Samurai). Distances between models are edge to edge: two bases that touch
are 0" apart. The terrain is prepared once (:class:`Terrain`) and shared by
every table laid on it, so a copy of a game copies only the bases. The
questions the rules ask most (does a base's straight path touch a fence,
does a line cross a wall, is a spot in cover) are answered in plain
arithmetic (:mod:`referee.boards.shapes`, :mod:`referee.boards.sweep`),
giving shapely's answers: shapely decides only in the thin band where the
arithmetic is not sure, and is loaded only then or with the first shape made.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Iterable, Iterator
from html import escape
from typing import TYPE_CHECKING, Any

from referee.boards.inches import EPS, GRID, MM_PER_INCH, SNUG, XY, Inches, mm_to_inches, snap
from referee.boards.shapes import BISECTION_GUARD, SURE, Shape, point_segment, unit
from referee.boards.sweep import (
    Around,
    bases_in_way,
    crossed,
    ends_over,
    lines_cross,
    near_bases,
    path_clear,
)
from referee.boards.terrain import CoverArea, Drop, Obstacle, Piece, Terrain, obstacle_shape

if TYPE_CHECKING:
    from shapely.geometry import Polygon
    from shapely.geometry.base import BaseGeometry


class Table:
    """A rectangular table ``width`` by ``depth`` inches, origin at the bottom
    left, with its terrain prepared (:class:`Terrain`) and the bases on it.

    Bases are moved, added, removed and resized through its methods only:
    each change forgets what :attr:`known` remembered of the position."""

    def __init__(self, width: Inches, depth: Inches, obstacles: Iterable[Obstacle] = (),
                 covers: Iterable[CoverArea] = (), drops: Iterable[Drop] = ()) -> None:
        self._lay(width, depth, Terrain(obstacles, covers, drops))

    @classmethod
    def on(cls, terrain: Terrain, width: Inches, depth: Inches) -> Table:
        """An empty table on terrain already prepared (a scenario's, shared by
        every game of it)."""
        table = cls.__new__(cls)
        table._lay(width, depth, terrain)
        return table

    def _lay(self, width: Inches, depth: Inches, terrain: Terrain) -> None:
        self.width = width
        self.depth = depth
        self.terrain = terrain
        self.pieces: dict[str, Piece] = {}
        self.known: dict[object, Any] = {}
        """Answers worked out on the bases as they stand now (who fights
        whom, the cover each model stands in), forgotten as soon as a base
        changes."""

    def __deepcopy__(self, memo: dict[int, object]) -> Table:
        """A copy with its own pieces; the terrain is shared."""
        twin = self.__class__.__new__(self.__class__)
        twin.__dict__.update(self.__dict__)
        twin.pieces = {key: Piece(p.id, p.x, p.y, p.radius, p.side, p.label, set(p.marks))
                       for key, p in self.pieces.items()}
        twin.known = {}
        memo[id(self)] = twin
        return twin

    # -- terrain, as laid ---------------------------------------------------------

    @property
    def obstacles(self) -> tuple[Obstacle, ...]:
        return self.terrain.obstacles

    @obstacles.setter
    def obstacles(self, obstacles: Iterable[Obstacle]) -> None:
        self._relay(Terrain(obstacles, self.covers, self.drops))

    @property
    def covers(self) -> tuple[CoverArea, ...]:
        return self.terrain.covers

    @covers.setter
    def covers(self, covers: Iterable[CoverArea]) -> None:
        self._relay(Terrain(self.obstacles, covers, self.drops))

    @property
    def drops(self) -> tuple[Drop, ...]:
        return self.terrain.drops

    @drops.setter
    def drops(self, drops: Iterable[Drop]) -> None:
        self._relay(Terrain(self.obstacles, self.covers, drops))

    def _relay(self, terrain: Terrain) -> None:
        """New terrain under the same bases (prepared anew)."""
        self.terrain = terrain
        self.known = {}

    # -- pieces -------------------------------------------------------------------

    def add(self, piece: Piece) -> None:
        self.pieces[piece.id] = piece
        self.known = {}

    def remove(self, piece_id: str) -> None:
        self.pieces.pop(piece_id, None)
        self.known = {}

    def move(self, piece_id: str, to: XY) -> None:
        piece = self.pieces[piece_id]
        piece.x, piece.y = snap(to)
        self.known = {}

    def resize(self, piece_id: str, radius: Inches) -> None:
        """The base of ``piece_id`` becomes one of ``radius``."""
        self.pieces[piece_id].radius = radius
        self.known = {}

    def circle(self, piece_id: str) -> Polygon:
        from shapely.geometry import Point

        piece = self.pieces[piece_id]
        return Point(piece.x, piece.y).buffer(piece.radius)

    # -- distances ----------------------------------------------------------------

    def distance(self, a: str, b: str) -> Inches:
        """Edge-to-edge distance between two bases (0 when they touch)."""
        pa, pb = self.pieces[a], self.pieces[b]
        return max(0.0, math.hypot(pa.x - pb.x, pa.y - pb.y) - pa.radius - pb.radius)

    def in_contact(self, a: str, b: str) -> bool:
        """Base contact: the bases touch (within :data:`EPS`)."""
        return self.distance(a, b) <= EPS

    def within(self, a: str, b: str, inches: Inches) -> bool:
        """Is ``b`` within ``inches`` of ``a``, edge to edge ("within 6 inches")?"""
        return self.distance(a, b) <= inches + EPS

    def enemies_of(self, piece_id: str) -> list[str]:
        side = self.pieces[piece_id].side
        return [p.id for p in self.pieces.values() if p.side != side]

    def touching(self, piece_id: str) -> list[str]:
        """Enemies in base contact with ``piece_id``."""
        return [e for e in self.enemies_of(piece_id) if self.in_contact(piece_id, e)]

    def gap(self, a: str, b: str) -> Inches:
        """The gap between two bases."""
        return self.distance(a, b)

    def fits_between(self, a: str, b: str, radius: Inches) -> bool:
        """Could a base of ``radius`` pass between ``a`` and ``b``?"""
        return self.gap(a, b) >= 2 * radius - 2 * EPS

    def overlapping(self, piece_id: str) -> list[str]:
        """Models whose bases overlap ``piece_id``'s (touching is not
        overlapping: they may be up to :data:`EPS` closer than that)."""
        p = self.pieces[piece_id]
        return [o.id for o in self.pieces.values() if o.id != piece_id
                and math.hypot(p.x - o.x, p.y - o.y) < p.radius + o.radius - EPS]

    # -- terrain ------------------------------------------------------------------

    def obstacles_under(self, piece_id: str) -> list[Obstacle]:
        """Obstacles the base of ``piece_id`` stands on: inside a building or
        across a wall, by more than a move may end over one (:data:`SNUG`)."""
        p = self.pieces[piece_id]
        x, y = p.xy
        return [o for o, shape in self.terrain.obstacle_shapes
                if not shape.apart(x, y, x, y, p.radius)
                and shape.touched_by_path(p.xy, p.xy, p.radius - SNUG)]

    def obstacles_between(self, a: XY, b: XY) -> tuple[Obstacle, ...]:
        """Obstacles the straight line from ``a`` to ``b`` crosses (touches).
        Remembered by the terrain, which never changes: a shot asks the same
        of a shooter and its target several times (sight, cover, the
        picture), and models that stay where they stand are asked about
        again turn after turn. Handed out as kept: a tuple, which no caller
        can change."""
        known = self.terrain.cache("table.between")
        key = (a, b)
        found: tuple[Obstacle, ...] | None = known.get(key)
        if found is None:
            if len(known) >= KEPT_LINES:
                known.clear()
            found = known[key] = tuple(lines_cross(self.terrain.obstacle_shapes, a, b))
        return found

    def crosses_obstacle(self, a: XY, b: XY) -> bool:
        """Does the straight line from ``a`` to ``b`` cross (touch) an
        obstacle? Not remembered: for lines asked about once (a search over
        many spots)."""
        return bool(lines_cross(self.terrain.obstacle_shapes, a, b))

    def drops_between(self, a: XY, b: XY) -> list[Drop]:
        """Drops the straight line from ``a`` to ``b`` crosses (touches)."""
        return lines_cross(self.terrain.drop_shapes, a, b)

    def near_obstacle(self, obstacle: Obstacle, xy: XY, limit: Inches) -> bool:
        """Is ``xy`` within ``limit`` of ``obstacle``?"""
        return self.terrain.shape(obstacle).within(xy, limit)

    def engaged_across(self, a: str, b: str, reach: Inches) -> Obstacle | None:
        """The obstacle two models fight across: the line between them crosses
        it, each base is within ``reach`` of it, and the bases are no more than
        twice that apart (as two bases straight across it would be)."""
        pa = self.pieces[a]
        return self.across_at(pa.xy, pa.radius, b, reach)

    def across_at(self, xy: XY, radius: Inches, b: str, reach: Inches) -> Obstacle | None:
        """:meth:`engaged_across` for a base of ``radius`` standing at ``xy``
        (where a move would put it) and the model ``b``."""
        terrain = self.terrain
        if not terrain.obstacles:
            return None
        pb = self.pieces[b]
        if math.hypot(xy[0] - pb.x, xy[1] - pb.y) - radius - pb.radius > 2 * reach + EPS:
            return None
        there = pb.xy
        if xy == there:
            return None
        x, y = xy
        near_a, near_b = fights_across_within(radius, reach), fights_across_within(pb.radius, reach)
        for obstacle, shape in terrain.obstacle_shapes:
            # an obstacle whose box is out of either base's reach is never "within"
            if shape.apart(x, y, x, y, near_a + SURE) or \
                    shape.apart(pb.x, pb.y, pb.x, pb.y, near_b + SURE):
                continue
            if shape.crossed_by_line(xy, there) and shape.within(xy, near_a) and \
                    shape.within(there, near_b):
                return obstacle  # type: ignore[no-any-return]
        return None

    def may_face_across(self, piece_id: str, going: Inches, b: str, reach: Inches) -> bool:
        """Could :meth:`across_at` find an obstacle between ``b`` and
        ``piece_id`` standing anywhere within ``going`` of where it stands? Not
        when no obstacle's box comes within reach of both: a box ``going``
        farther off than :meth:`across_at` looks stays beyond it from every
        such spot (by a margin of :data:`SURE` above any rounding)."""
        p, pb = self.pieces[piece_id], self.pieces[b]
        near_a = fights_across_within(p.radius, reach) + going + 2 * SURE
        near_b = fights_across_within(pb.radius, reach) + SURE
        for _, shape in self.terrain.obstacle_shapes:
            if not shape.apart(p.x, p.y, p.x, p.y, near_a) and \
                    not shape.apart(pb.x, pb.y, pb.x, pb.y, near_b):
                return True
        return False

    def in_cover_area(self, piece_id: str) -> CoverArea | None:
        """The cover area the centre of ``piece_id``'s base stands in, if any.
        Remembered while no base changes: every shooter asks it of each target."""
        key = ("cover", piece_id)
        known = self.known
        if key in known:
            found: CoverArea | None = known[key]
            return found
        found = known[key] = self.cover_at(self.pieces[piece_id].xy)
        return found

    def cover_at(self, xy: XY) -> CoverArea | None:
        """The cover area ``xy`` stands in (strictly inside), if any."""
        for cover, shape in self.terrain.cover_shapes:
            if shape.contains(xy):
                return cover  # type: ignore[no-any-return]
        return None

    def on_table(self, xy: XY, radius: Inches) -> bool:
        x, y = xy
        return (radius - EPS <= x <= self.width - radius + EPS
                and radius - EPS <= y <= self.depth - radius + EPS)

    def distance_to_edge(self, piece_id: str, edge: str) -> Inches:
        """Edge of the base to a table edge: ``north``, ``south``, ``east`` or ``west``."""
        p = self.pieces[piece_id]
        far = {"south": p.y, "north": self.depth - p.y, "west": p.x, "east": self.width - p.x}
        return max(0.0, far[edge] - p.radius)

    # -- paths --------------------------------------------------------------------

    def sweep_blockers(self, piece_id: str, to: XY, ignore: Iterable[str] = (),
                       crossable: Iterable[Obstacle] = (), over_drops: bool = False) -> list[str]:
        """What stops ``piece_id`` sliding straight to ``to``: names of obstacles
        and drops it would cross or end over by more than :data:`SNUG`, ids of
        models its base would pass through or end touching, ``"edge"`` if it
        would leave the table. Empty: the path is clear."""
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
            if (point_segment(other.x, other.y, s) < reach - EPS
                    or math.hypot(to[0] - other.x, to[1] - other.y) < reach + EPS):
                blockers.append(other.id)
        if start != to:
            passable = set(map(id, crossable))
            for o, shape in self.terrain.obstacle_shapes:
                if shape.box_gap(*s) > r:
                    continue
                if shape.touched_by_path(to, to, r - SNUG) or (
                        id(o) not in passable and shape.touched_by_path(start, to, r - EPS)):
                    blockers.append(o.name)
            if not over_drops:
                blockers += [d.name for d in self.drops_between(start, to)]
        return blockers

    def path_clear(self, piece_id: str, to: XY, ignore: Iterable[str] = (),
                   crossable: Iterable[Obstacle] = (), over_drops: bool = False) -> bool:
        """No :meth:`sweep_blockers` at all, found without listing them."""
        terrain = self.terrain
        piece = self.pieces[piece_id]
        return path_clear(self, piece, to, ignore, crossable, over_drops,
                          near_bases(piece, self.pieces.values()), terrain.obstacle_shapes,
                          terrain.drop_shapes)

    def bases_in_way(self, piece: Piece, to: XY, ignore: Collection[str] = ()) -> bool:
        """Would ``piece`` leave the table going straight to ``to``, or pass
        through or end touching another base (:meth:`sweep_blockers`)?"""
        return bases_in_way(self, piece, to, ignore, near_bases(piece, self.pieces.values()))

    def ends_over(self, start: XY, to: XY, r: Inches) -> bool:
        """Would a base of radius ``r`` going from ``start`` to ``to`` end over
        an obstacle (by more than :data:`SNUG`)? ``start != to``."""
        return ends_over(self.terrain.obstacle_shapes, start, to, r)

    def around(self, piece_id: str, reach: Inches) -> Around:
        """What ``piece_id`` could meet going at most ``reach`` from where it
        stands (:class:`Around`)."""
        return Around(self, piece_id, reach)

    def crossed_obstacles(self, piece_id: str, to: XY) -> list[Obstacle]:
        """Obstacles the base touches on its straight way to ``to``."""
        piece = self.pieces[piece_id]
        return crossed(self.terrain.obstacle_shapes, piece.xy, to, piece.radius)

    def obstacles_near(self, a: XY, b: XY, margin: Inches) -> list[Obstacle]:
        """The obstacles whose bounding box comes within ``margin`` of the
        segment's, in the table's order: nothing farther can touch a base of
        radius ``margin`` going from ``a`` to ``b``."""
        low_x, high_x = min(a[0], b[0]) - margin, max(a[0], b[0]) + margin
        low_y, high_y = min(a[1], b[1]) - margin, max(a[1], b[1]) + margin
        return [o for o, (x0, y0, x1, y1) in zip(self.obstacles, self.terrain.obstacle_boxes,
                                                 strict=True)
                if x0 <= high_x and x1 >= low_x and y0 <= high_y and y1 >= low_y]

    def toward(self, piece_id: str, target: XY, length: Inches) -> XY:
        """The point ``length`` inches from ``piece_id`` straight toward ``target``."""
        p = self.pieces[piece_id]
        ux, uy = unit(target[0] - p.x, target[1] - p.y)
        return (p.x + ux * length, p.y + uy * length)

    def contact_spots(self, mover: str, target: str, fan: int = 9) -> Iterator[XY]:
        """Spots where ``mover``'s base would touch ``target``'s, nearest to
        ``mover``'s line of approach first (so each is at least as far from
        ``mover`` as the one before), each worked out when asked for (the
        first usually suffices)."""
        m, t = self.pieces[mover], self.pieces[target]
        reach = m.radius + t.radius
        base = math.atan2(m.y - t.y, m.x - t.x)
        tx, ty = t.x, t.y
        for turn in _FAN_TURNS if fan == len(_FAN_TURNS) else _fan_turns(fan):
            yield (tx + reach * math.cos(base + turn), ty + reach * math.sin(base + turn))

    def stop_before(self, piece_id: str, obstacle: Obstacle, target: XY,
                    within: float = math.inf) -> XY | None:
        """Where ``piece_id``, going straight toward ``target``, stops with its
        base against ``obstacle`` (a charge to a fence): touching it, not over
        it, on the grid of :data:`GRID` decimals; None if it never meets it,
        or if it would stop farther than ``within`` from ``target``, by
        :data:`FAR_STOP` at least, as where it first touches tells.

        The answer of a bisection of :data:`STOP_STEPS` steps on how far the
        base goes, each step measuring the swept path exactly (no polygonal
        buffer): :func:`_guided_stop` when where the base first touches the
        obstacle can be worked out (:meth:`Shape.first_touch`), else
        :func:`_bisected_stop`."""
        p = self.pieces[piece_id]
        shape = self.terrain.shape(obstacle)
        if p.xy == target or not shape.crossed_by_line(p.xy, target):
            return None
        total = math.hypot(target[0] - p.x, target[1] - p.y)
        ux, uy = unit(target[0] - p.x, target[1] - p.y)  # as toward() goes
        px, py, r = p.x, p.y, p.radius
        touch = shape.first_touch(px, py, ux, uy, r, total)
        if touch is not None and total - touch > within + FAR_STOP:
            return None
        low = None if touch is None else _guided_stop(shape, px, py, ux, uy, r, total, touch)
        if low is None:
            low = _bisected_stop(shape, px, py, ux, uy, r, total)
        return snap((px + ux * low, py + uy * low))

    # -- picture ------------------------------------------------------------------

    def svg(self, scale: float = 20.0, colours: dict[str, str] | None = None,
            title: str = "") -> str:
        """An SVG picture of the table: cover, obstacles, drops and every model."""
        w, h = self.width * scale, self.depth * scale
        sides = sorted({p.side for p in self.pieces.values()})
        palette = ["#1f5fa8", "#b02a2a", "#2a8a3a", "#8a5a00"]
        colour = {s: palette[i % len(palette)] for i, s in enumerate(sides)}
        colour.update(colours or {})

        def xy(x: float, y: float) -> str:
            return f"{x * scale:.1f},{h - y * scale:.1f}"

        out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0f}" height="{h:.0f}" '
               f'viewBox="0 0 {w:.0f} {h:.0f}">',
               f"<title>{escape(title)}</title>",
               f'<rect width="{w:.0f}" height="{h:.0f}" fill="#e8dcb5" stroke="#333"/>']
        for cover in self.covers:
            points = " ".join(xy(x, y) for x, y in cover.area.exterior.coords)
            out.append(f'<polygon class="cover" points="{points}" fill="#6a9a4a" '
                       f'fill-opacity="0.4"><title>{escape(cover.name)}</title></polygon>')
        for obstacle in self.obstacles:
            out.append(_shape_svg(obstacle.geometry, xy, obstacle.name, "obstacle", "#6b4423",
                                  max(2.0, scale * 0.15)))
        for drop in self.drops:
            points = " ".join(xy(x, y) for x, y in drop.edge.coords)
            out.append(f'<polyline class="drop" points="{points}" fill="none" stroke="#a00" '
                       f'stroke-dasharray="6,3" stroke-width="3"><title>{escape(drop.name)} '
                       f'({drop.height:g}")</title></polyline>')
        for piece in self.pieces.values():
            cx, cy = piece.x * scale, h - piece.y * scale
            dash = ' stroke-dasharray="3,2"' if "prone" in piece.marks else ""
            out.append(f'<g class="model" id="{escape(piece.id)}"><circle cx="{cx:.1f}" '
                       f'cy="{cy:.1f}" r="{piece.radius * scale:.1f}" '
                       f'fill="{colour[piece.side]}" stroke="#000"{dash}/>'
                       f'<text x="{cx:.1f}" y="{cy - piece.radius * scale - 2:.1f}" '
                       f'font-size="{scale * 0.5:.0f}" text-anchor="middle">'
                       f"{escape(piece.label or piece.id)}</text></g>")
        out.append("</svg>")
        return "\n".join(out)


def fights_across_within(radius: Inches, reach: Inches) -> Inches:
    """How near an obstacle a base of ``radius`` must stand for its model to
    fight across it with ``reach`` (:meth:`Table.across_at`)."""
    return radius + reach + EPS


KEPT_LINES = 4096
"""At most this many lines' obstacles are remembered per terrain
(:meth:`Table.obstacles_between`)."""
STOP_STEPS = 30
"""The steps of :meth:`Table.stop_before`'s bisection."""
FAR_STOP = 0.001
"""Inches by which a stop :meth:`Table.stop_before` is asked for must lie
beyond ``within`` of the target, where the base first touches the obstacle
says, to be refused unmeasured: far above the bisection's error and the
snap to :data:`GRID` decimals (7e-5" at most)."""
GUIDE = 2e-8
"""How far from where a base first touches an obstacle a step of
:func:`_guided_stop` must be to be taken without measuring: closing on it at
:data:`~referee.boards.shapes.TOUCH_RATE` at least, the gap there differs
from the radius by 1e-9" or more, far above any rounding in the measure."""


def _guided_stop(shape: Shape, px: float, py: float, ux: float, uy: float, r: float,
                 total: float, touch: float) -> float | None:
    """:func:`_bisected_stop`'s answer, knowing the base first touches the
    shape ``touch`` inches along: a step clearly short of that is clear and
    one clearly past it touches; only the steps about it are measured, and
    so are the two ends the bisection arrives at. None if an end's measure
    disagrees (then the plain bisection answers).

    The bisection's steps are the same numbers as the plain one's; every
    step taken without measuring lies at or short of the last clear end, or
    at or past the last touching one, and the measure only shrinks as the
    path grows, so the two ends' measures answer for every step."""
    low, high = 0.0, total
    low_measured = high_measured = True  # where the plain bisection starts too
    for _ in range(STOP_STEPS):
        mid = (low + high) / 2
        if mid < touch - GUIDE:
            low, low_measured = mid, False
        elif mid > touch + GUIDE:
            high, high_measured = mid, False
        elif shape.segment_distance((px, py, px + ux * mid, py + uy * mid)) < r:
            high, high_measured = mid, True
        else:
            low, low_measured = mid, True
    if not low_measured and shape.segment_distance(
            (px, py, px + ux * low, py + uy * low)) < r:
        return None
    if not high_measured and shape.segment_distance(
            (px, py, px + ux * high, py + uy * high)) >= r:
        return None
    return low


def _bisected_stop(shape: Shape, px: float, py: float, ux: float, uy: float, r: float,
                   total: float) -> float:
    """How far the base at (px, py) of radius ``r`` goes along (ux, uy), at
    most ``total``, before its swept path comes nearer than ``r`` to the
    shape: a bisection of :data:`STOP_STEPS` steps. The distance from the
    swept path to the shape changes by no more than the path's length does,
    so a step whose answer that bound already gives (by a wide
    :data:`~referee.boards.shapes.BISECTION_GUARD`) is not measured: every
    step still answers what measuring it would."""
    far_side, near_side = r + BISECTION_GUARD, r - BISECTION_GUARD
    low, high = 0.0, total
    clear_low = shape.segment_distance((px, py, px, py))
    """At least the distance of the path ending at ``low``."""
    touch_high = shape.segment_distance((px, py, px + ux * high, py + uy * high))
    """At most the distance of the path ending at ``high``."""
    for _ in range(STOP_STEPS):
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
    return low


def _fan_turns(fan: int) -> tuple[float, ...]:
    """How far each of ``fan`` contact spots turns from the line of approach:
    none, then 20 degrees more each way in turn."""
    return tuple((k + 1) // 2 * (1 if k % 2 else -1) * math.radians(20) for k in range(fan))


_FAN_TURNS = _fan_turns(9)
"""The turns of :meth:`Table.contact_spots`' usual fan, worked out once."""


def _shape_svg(geometry: BaseGeometry, xy: Callable[[float, float], str], name: str, cls: str,
               colour: str, width: float) -> str:
    if geometry.geom_type == "Polygon":
        points = " ".join(xy(x, y) for x, y in geometry.exterior.coords)
        return (f'<polygon class="{cls}" points="{points}" fill="{colour}" fill-opacity="0.7">'
                f"<title>{escape(name)}</title></polygon>")
    points = " ".join(xy(x, y) for x, y in geometry.coords)
    return (f'<polyline class="{cls}" points="{points}" fill="none" stroke="{colour}" '
            f'stroke-width="{width:.1f}"><title>{escape(name)}</title></polyline>')



__all__ = ("EPS", "GRID", "MM_PER_INCH", "SNUG", "XY", "Around", "CoverArea", "Drop", "Inches",
           "Obstacle", "Piece", "Table", "Terrain", "mm_to_inches", "obstacle_shape", "snap")
