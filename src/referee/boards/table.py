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


@dataclass(frozen=True)
class BackOff:
    """Where a loser may back off to (OW-BCK-1): ``spots``, best first; empty
    when surrounded. ``over`` is the drop it would go over when the only way
    out is over an edge (OW-SUR-5)."""

    spots: tuple[XY, ...]
    over: Drop | None = None

    @property
    def surrounded(self) -> bool:
        return not self.spots


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
        piece.x, piece.y = round(to[0], 4), round(to[1], 4)

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

    # -- terrain ------------------------------------------------------------------

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
        it, and each base is within ``reach`` of it."""
        pa, pb = self.pieces[a], self.pieces[b]
        for obstacle in self.obstacles_between(pa.xy, pb.xy):
            near_a = obstacle.geometry.distance(Point(pa.xy)) <= pa.radius + reach + EPS
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
        and drops it would cross, ids of models its base would pass through or
        end touching, ``"edge"`` if it would leave the table. Empty: the path is clear."""
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
            path = LineString([start, to]).buffer(r - EPS)
            passable = set(map(id, crossable))
            blockers += [o.name for o in self.obstacles
                         if id(o) not in passable and path.intersects(o.geometry)]
            end = Point(to).buffer(r - EPS)
            blockers += [o.name for o in self.obstacles
                         if id(o) in passable and end.intersects(o.geometry)]
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
        path = LineString([piece.xy, to]).buffer(piece.radius - EPS)
        return [o for o in self.obstacles if path.intersects(o.geometry)]

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
        base against ``obstacle`` (a charge to a fence); None if it never meets it."""
        p = self.pieces[piece_id]
        line = LineString([p.xy, target])
        if not line.intersects(obstacle.geometry):
            return None
        total = line.length
        low, high = 0.0, total
        for _ in range(30):
            mid = (low + high) / 2
            spot = self.toward(piece_id, target, mid)
            sweep = LineString([p.xy, spot]).buffer(p.radius - EPS) if mid > 0 else None
            if sweep is not None and sweep.intersects(obstacle.geometry):
                high = mid
            else:
                low = mid
        return self.toward(piece_id, target, low)

    # -- back off -----------------------------------------------------------------

    def back_off(self, loser: str, away_from: Sequence[str],
                 from_obstacles: Sequence[Obstacle] = (), step: Inches = 1.0,
                 reach: Inches = 4.0, directions: int = 72, keep: int = 8) -> BackOff:
        """Where ``loser`` can end ``step`` inches (edge to edge) from each of
        ``away_from`` (and from each of ``from_obstacles``), moving straight,
        without touching another model, crossing an obstacle or a drop, or
        leaving the table (OW-BCK-1, OW-BCK-2, OW-SUR-1, OW-SUR-4, OW-MUL-3,
        OW-OBS-1). The way may go through any gap between enemies wide enough
        for its base. With no such spot, spots over a drop are offered with
        ``over`` set (OW-SUR-5); with none of those either, the loser is surrounded."""
        for over_drops in (False, True):
            found = self._back_off_spots(loser, away_from, from_obstacles, step, reach,
                                         directions, over_drops)
            if found:
                spots = _spread(found, keep)
                over = None
                if over_drops:
                    over = self.drops_between(self.pieces[loser].xy, spots[0])[0]
                    spots = [s for s in spots if self.drops_between(self.pieces[loser].xy, s)]
                return BackOff(tuple(spots), over)
            if not self.drops:
                break
        return BackOff(())

    def _away_direction(self, loser: str, away_from: Sequence[str],
                        from_obstacles: Sequence[Obstacle]) -> float:
        p = self.pieces[loser]
        dx = dy = 0.0
        for other in away_from:
            ux, uy = _unit(p.x - self.pieces[other].x, p.y - self.pieces[other].y)
            dx, dy = dx + ux, dy + uy
        for obstacle in from_obstacles:
            near = obstacle.geometry.interpolate(obstacle.geometry.project(Point(p.xy)))
            ux, uy = _unit(p.x - near.x, p.y - near.y)
            dx, dy = dx + ux, dy + uy
        return math.atan2(dy, dx) if (dx, dy) != (0.0, 0.0) else 0.0

    def _back_off_spots(self, loser: str, away_from: Sequence[str],
                        from_obstacles: Sequence[Obstacle], step: Inches, reach: Inches,
                        directions: int, over_drops: bool) -> list[tuple[float, XY]]:
        p = self.pieces[loser]
        straight = self._away_direction(loser, away_from, from_obstacles)
        found: list[tuple[float, XY]] = []
        for k in range(directions):
            turn = (k + 1) // 2 * (1 if k % 2 else -1) * (2 * math.pi / directions)
            u = (math.cos(straight + turn), math.sin(straight + turn))
            if self._moves_away(p, u, away_from, from_obstacles):
                d: float | None = step
            elif self._through_gap(p, u, away_from):
                d = self._clearance(p, u, away_from, from_obstacles, step, reach)
            else:
                continue
            if d is None:
                continue
            spot = (p.x + u[0] * d, p.y + u[1] * d)
            if not self.sweep_blockers(loser, spot, over_drops=over_drops):
                found.append((abs(turn), spot))
        return found

    def _moves_away(self, p: Piece, u: XY, away_from: Sequence[str],
                    from_obstacles: Sequence[Obstacle]) -> bool:
        """Does direction ``u`` take ``p`` away from (or square to) each opponent
        and each obstacle it backs off from?"""
        targets = [self.pieces[o].xy for o in away_from]
        for obstacle in from_obstacles:
            near = obstacle.geometry.interpolate(obstacle.geometry.project(Point(p.xy)))
            targets.append((near.x, near.y))
        return all(u[0] * (x - p.x) + u[1] * (y - p.y) <= 1e-6 for x, y in targets)

    def _through_gap(self, p: Piece, u: XY, away_from: Sequence[str]) -> bool:
        """Does direction ``u`` lead between two of the opponents, through a gap
        wide enough for ``p``'s base (OW-MUL-3)?"""
        ahead = []
        for other in away_from:
            o = self.pieces[other]
            wx, wy = o.x - p.x, o.y - p.y
            if u[0] * wx + u[1] * wy > 0:
                ahead.append((other, u[0] * wy - u[1] * wx))
        return any(ca * cb < 0 and self.fits_between(a, b, p.radius)
                   for i, (a, ca) in enumerate(ahead) for b, cb in ahead[i + 1:])

    def _clearance(self, p: Piece, u: XY, away_from: Sequence[str],
                   from_obstacles: Sequence[Obstacle], step: Inches,
                   reach: Inches) -> float | None:
        """How far along ``u`` the loser must go to be ``step`` from everything
        it backs off from; None if farther than ``reach``."""
        need = step
        for other in away_from:
            o = self.pieces[other]
            wx, wy = p.x - o.x, p.y - o.y
            wanted = p.radius + o.radius + step
            along = wx * u[0] + wy * u[1]
            disc = along * along - (wx * wx + wy * wy) + wanted * wanted
            if disc < 0:
                continue
            need = max(need, -along + math.sqrt(disc))
        for obstacle in from_obstacles:
            d = need
            while d <= reach:
                spot = Point(p.x + u[0] * d, p.y + u[1] * d)
                if obstacle.geometry.distance(spot) >= p.radius + step - EPS:
                    break
                d += 0.05
            need = d
        return need if need <= reach + EPS else None

    def make_way(self, loser: str, away_from: Sequence[str], gap: Inches = 0.05,
                 reach: Inches = 3.0) -> dict[str, XY]:
        """A surrounded loser still ends with its base off its enemies: it
        moves the least it can, and models in its way shift slightly to let it
        through (OW-SUR-3). It never crosses an obstacle (OW-SUR-4). Returns
        every piece moved and where to."""
        p = self.pieces[loser]
        best: tuple[float, XY] | None = None
        for k in range(72):
            angle = 2 * math.pi * k / 72
            u = (math.cos(angle), math.sin(angle))
            d = self._clearance(p, u, away_from, (), gap, reach)
            if d is None:
                continue
            spot = (p.x + u[0] * d, p.y + u[1] * d)
            if not self.on_table(spot, p.radius) or self.crossed_obstacles(loser, spot):
                continue
            if self.drops_between(p.xy, spot):
                continue
            if best is None or d < best[0]:
                best = (d, spot)
        moved: dict[str, XY] = {}
        centre = p.xy if best is None else best[1]
        if best is not None:
            moved[loser] = best[1]
        for other in self.pieces.values():
            if other.id == loser:
                continue
            wanted = p.radius + other.radius + gap
            dist = math.hypot(other.x - centre[0], other.y - centre[1])
            if dist < wanted - EPS or (best is None and other.id in away_from):
                ux, uy = _unit(other.x - centre[0], other.y - centre[1])
                moved[other.id] = (centre[0] + ux * wanted, centre[1] + uy * wanted)
        for piece_id, spot in moved.items():
            self.move(piece_id, spot)
        return moved

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


def _spread(found: list[tuple[float, XY]], keep: int) -> list[XY]:
    """Up to ``keep`` spots spread over the range, the straightest first."""
    found.sort(key=lambda item: item[0])
    if len(found) <= keep:
        return [spot for _, spot in found]
    stride = len(found) / keep
    return [found[int(i * stride)][1] for i in range(keep)]


def obstacle_shape(points: Sequence[XY], closed: bool) -> BaseGeometry:
    """A line through ``points``, or the polygon they enclose when ``closed``."""
    return Polygon(points) if closed else LineString(points)
