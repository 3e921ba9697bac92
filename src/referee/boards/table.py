"""The continuous table: round bases at positions in inches, obstacles, cover
areas, drops and the table's edges (DESIGN idea 5).

Shared by the games played with miniatures on open terrain (Old West,
Samurai). Geometry goes through shapely; the hot loops (circles against
circles) are plain arithmetic. Distances between models are edge to edge:
two bases that touch are 0" apart.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import TypeAlias

from shapely.geometry import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry

Inches: TypeAlias = float
"""A length on the table, in inches."""

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

XY: TypeAlias = tuple[float, float]


def mm_to_inches(mm: float) -> Inches:
    return mm / MM_PER_INCH


@dataclass(frozen=True)
class Obstacle:
    """A fence, hedge or wall (a line) or a building or rock (a polygon)."""

    name: str
    geometry: BaseGeometry
    height: Inches


@dataclass(frozen=True)
class CoverArea:
    """Ground that gives cover to a model standing in it (scrub, a cornfield)."""

    name: str
    area: Polygon


@dataclass(frozen=True)
class Drop:
    """The edge of a cliff or a roof: crossing the line means falling ``height``."""

    name: str
    edge: LineString
    height: Inches


@dataclass
class Piece:
    """A model's base on the table."""

    id: str
    x: float
    y: float
    radius: Inches
    side: str
    label: str = ""
    marks: set[str] = field(default_factory=set)

    @property
    def xy(self) -> XY:
        return (self.x, self.y)


def snap(xy: XY) -> XY:
    """``xy`` on the grid positions are kept on (:data:`GRID`)."""
    return (round(xy[0], GRID), round(xy[1], GRID))


def _unit(dx: float, dy: float) -> XY:
    length = math.hypot(dx, dy)
    return (1.0, 0.0) if length < 1e-9 else (dx / length, dy / length)


def _segment_point_distance(a: XY, b: XY, p: XY) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 < 1e-12 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy)
                                                 / length2))
    return math.hypot(ax + t * dx - p[0], ay + t * dy - p[1])


class Table:
    """A rectangular table ``width`` by ``depth`` inches, origin at the bottom left."""

    def __init__(self, width: Inches, depth: Inches, obstacles: Iterable[Obstacle] = (),
                 covers: Iterable[CoverArea] = (), drops: Iterable[Drop] = ()) -> None:
        self.width = width
        self.depth = depth
        self.obstacles = tuple(obstacles)
        self.covers = tuple(covers)
        self.drops = tuple(drops)
        self.pieces: dict[str, Piece] = {}

    # -- pieces -------------------------------------------------------------------

    def add(self, piece: Piece) -> None:
        self.pieces[piece.id] = piece

    def remove(self, piece_id: str) -> None:
        self.pieces.pop(piece_id, None)

    def move(self, piece_id: str, to: XY) -> None:
        piece = self.pieces[piece_id]
        piece.x, piece.y = snap(to)

    def circle(self, piece_id: str) -> Polygon:
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
        base = Point(p.xy).buffer(p.radius - SNUG)
        return [o for o in self.obstacles_near(p.xy, p.xy, p.radius)
                if base.intersects(o.geometry)]

    def obstacles_between(self, a: XY, b: XY) -> list[Obstacle]:
        """Obstacles the straight line from ``a`` to ``b`` crosses."""
        if a == b:
            return []
        line = LineString([a, b])
        return [o for o in self.obstacles if line.intersects(o.geometry)]

    def drops_between(self, a: XY, b: XY) -> list[Drop]:
        if a == b:
            return []
        line = LineString([a, b])
        return [d for d in self.drops if line.intersects(d.edge)]

    def engaged_across(self, a: str, b: str, reach: Inches) -> Obstacle | None:
        """The obstacle two models fight across: the line between them crosses
        it, each base is within ``reach`` of it, and the bases are no more than
        twice that apart (as two bases straight across it would be)."""
        pa = self.pieces[a]
        return self.across_at(pa.xy, pa.radius, b, reach)

    def across_at(self, xy: XY, radius: Inches, b: str, reach: Inches) -> Obstacle | None:
        """:meth:`engaged_across` for a base of ``radius`` standing at ``xy``
        (where a move would put it) and the model ``b``."""
        pb = self.pieces[b]
        if math.hypot(xy[0] - pb.x, xy[1] - pb.y) - radius - pb.radius > 2 * reach + EPS:
            return None
        for obstacle in self.obstacles_between(xy, pb.xy):
            near_a = obstacle.geometry.distance(Point(xy)) <= radius + reach + EPS
            near_b = obstacle.geometry.distance(Point(pb.xy)) <= pb.radius + reach + EPS
            if near_a and near_b:
                return obstacle
        return None

    def in_cover_area(self, piece_id: str) -> CoverArea | None:
        centre = Point(self.pieces[piece_id].xy)
        return next((c for c in self.covers if c.area.contains(centre)), None)

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
        for other in self.pieces.values():
            if other.id in skip:
                continue
            reach = r + other.radius
            if (_segment_point_distance(start, to, other.xy) < reach - EPS
                    or math.hypot(to[0] - other.x, to[1] - other.y) < reach + EPS):
                blockers.append(other.id)
        if start != to:
            near = self.obstacles_near(start, to, r)
            if near:
                path = LineString([start, to]).buffer(r - EPS)
                end = Point(to).buffer(r - SNUG)
                passable = set(map(id, crossable))
                blockers += [o.name for o in near if end.intersects(o.geometry)
                             or (id(o) not in passable and path.intersects(o.geometry))]
            if not over_drops:
                blockers += [d.name for d in self.drops_between(start, to)]
        return blockers

    def path_clear(self, piece_id: str, to: XY, ignore: Iterable[str] = (),
                   crossable: Iterable[Obstacle] = ()) -> bool:
        return not self.sweep_blockers(piece_id, to, ignore, crossable)

    def crossed_obstacles(self, piece_id: str, to: XY) -> list[Obstacle]:
        """Obstacles the base touches on its straight way to ``to``."""
        piece = self.pieces[piece_id]
        if piece.xy == to:
            return []
        near = self.obstacles_near(piece.xy, to, piece.radius)
        if not near:
            return []
        path = LineString([piece.xy, to]).buffer(piece.radius - EPS)
        return [o for o in near if path.intersects(o.geometry)]

    def obstacles_near(self, a: XY, b: XY, margin: Inches) -> list[Obstacle]:
        """The obstacles whose bounding box comes within ``margin`` of the
        segment's, in the table's order: nothing farther can touch a base of
        radius ``margin`` going from ``a`` to ``b`` (the boxes are worked out
        once per table)."""
        boxes = self.__dict__.get("_boxes")
        if boxes is None:
            boxes = self.__dict__["_boxes"] = [o.geometry.bounds for o in self.obstacles]
        low_x, high_x = min(a[0], b[0]) - margin, max(a[0], b[0]) + margin
        low_y, high_y = min(a[1], b[1]) - margin, max(a[1], b[1]) + margin
        return [o for o, (x0, y0, x1, y1) in zip(self.obstacles, boxes, strict=True)
                if x0 <= high_x and x1 >= low_x and y0 <= high_y and y1 >= low_y]

    def toward(self, piece_id: str, target: XY, length: Inches) -> XY:
        """The point ``length`` inches from ``piece_id`` straight toward ``target``."""
        p = self.pieces[piece_id]
        ux, uy = _unit(target[0] - p.x, target[1] - p.y)
        return (p.x + ux * length, p.y + uy * length)

    def contact_spots(self, mover: str, target: str, fan: int = 9) -> list[XY]:
        """Spots where ``mover``'s base would touch ``target``'s, nearest to
        ``mover``'s line of approach first."""
        m, t = self.pieces[mover], self.pieces[target]
        reach = m.radius + t.radius
        base = math.atan2(m.y - t.y, m.x - t.x)
        spots = []
        for k in range(fan):
            turn = (k + 1) // 2 * (1 if k % 2 else -1) * math.radians(20)
            angle = base + turn
            spots.append((t.x + reach * math.cos(angle), t.y + reach * math.sin(angle)))
        return spots

    def stop_before(self, piece_id: str, obstacle: Obstacle, target: XY) -> XY | None:
        """Where ``piece_id``, going straight toward ``target``, stops with its
        base against ``obstacle`` (a charge to a fence): touching it, not over
        it, on the grid of :data:`GRID` decimals; None if it never meets it."""
        p = self.pieces[piece_id]
        line = LineString([p.xy, target])
        if not line.intersects(obstacle.geometry):
            return None
        total = line.length
        low, high = 0.0, total
        for _ in range(30):
            mid = (low + high) / 2
            spot = self.toward(piece_id, target, mid)
            sweep = LineString([p.xy, spot]).buffer(p.radius) if mid > 0 else None
            if sweep is not None and sweep.intersects(obstacle.geometry):
                high = mid
            else:
                low = mid
        return snap(self.toward(piece_id, target, low))

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


def _shape_svg(geometry: BaseGeometry, xy: Callable[[float, float], str], name: str, cls: str,
               colour: str, width: float) -> str:
    if isinstance(geometry, Polygon):
        points = " ".join(xy(x, y) for x, y in geometry.exterior.coords)
        return (f'<polygon class="{cls}" points="{points}" fill="{colour}" fill-opacity="0.7">'
                f"<title>{escape(name)}</title></polygon>")
    points = " ".join(xy(x, y) for x, y in geometry.coords)
    return (f'<polyline class="{cls}" points="{points}" fill="none" stroke="{colour}" '
            f'stroke-width="{width:.1f}"><title>{escape(name)}</title></polyline>')


def obstacle_shape(points: Sequence[XY], closed: bool) -> BaseGeometry:
    """A line through ``points``, or the polygon they enclose when ``closed``."""
    return Polygon(points) if closed else LineString(points)
