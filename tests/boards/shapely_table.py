"""The table's answers worked out through shapely alone, as the first
edition of the table gave them: the yardstick the table's plain arithmetic
must match (``test_table_against_shapely.py``)."""

from __future__ import annotations

import math
from collections.abc import Iterable

from shapely.geometry import LineString, Point

from referee.boards.table import EPS, SNUG, XY, CoverArea, Drop, Obstacle, Table


def _segment_point_distance(a: XY, b: XY, p: XY) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 < 1e-12 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy)
                                                 / length2))
    return math.hypot(ax + t * dx - p[0], ay + t * dy - p[1])


def obstacles_between(table: Table, a: XY, b: XY) -> list[Obstacle]:
    if a == b:
        return []
    line = LineString([a, b])
    return [o for o in table.obstacles if line.intersects(o.geometry)]


def drops_between(table: Table, a: XY, b: XY) -> list[Drop]:
    if a == b:
        return []
    line = LineString([a, b])
    return [d for d in table.drops if line.intersects(d.edge)]


def obstacles_under(table: Table, piece_id: str) -> list[Obstacle]:
    p = table.pieces[piece_id]
    base = Point(p.xy).buffer(p.radius - SNUG)
    return [o for o in table.obstacles if base.intersects(o.geometry)]


def across_at(table: Table, xy: XY, radius: float, b: str, reach: float) -> Obstacle | None:
    pb = table.pieces[b]
    if math.hypot(xy[0] - pb.x, xy[1] - pb.y) - radius - pb.radius > 2 * reach + EPS:
        return None
    for obstacle in obstacles_between(table, xy, pb.xy):
        near_a = obstacle.geometry.distance(Point(xy)) <= radius + reach + EPS
        near_b = obstacle.geometry.distance(Point(pb.xy)) <= pb.radius + reach + EPS
        if near_a and near_b:
            return obstacle
    return None


def in_cover_area(table: Table, piece_id: str) -> CoverArea | None:
    centre = Point(table.pieces[piece_id].xy)
    return next((c for c in table.covers if c.area.contains(centre)), None)


def near_obstacle(obstacle: Obstacle, xy: XY, limit: float) -> bool:
    return bool(obstacle.geometry.distance(Point(xy)) <= limit)


def crossed_obstacles(table: Table, piece_id: str, to: XY) -> list[Obstacle]:
    piece = table.pieces[piece_id]
    if piece.xy == to:
        return []
    path = LineString([piece.xy, to]).buffer(piece.radius - EPS)
    return [o for o in table.obstacles if path.intersects(o.geometry)]


def sweep_blockers(table: Table, piece_id: str, to: XY, ignore: Iterable[str] = (),
                   crossable: Iterable[Obstacle] = (), over_drops: bool = False) -> list[str]:
    piece = table.pieces[piece_id]
    start, r = piece.xy, piece.radius
    blockers: list[str] = []
    if not table.on_table(to, r):
        blockers.append("edge")
    skip = {piece_id, *ignore}
    for other in table.pieces.values():
        if other.id in skip:
            continue
        reach = r + other.radius
        if (_segment_point_distance(start, to, other.xy) < reach - EPS
                or math.hypot(to[0] - other.x, to[1] - other.y) < reach + EPS):
            blockers.append(other.id)
    if start != to:
        path = LineString([start, to]).buffer(r - EPS)
        end = Point(to).buffer(r - SNUG)
        passable = set(map(id, crossable))
        blockers += [o.name for o in table.obstacles if end.intersects(o.geometry)
                     or (id(o) not in passable and path.intersects(o.geometry))]
        if not over_drops:
            blockers += [d.name for d in drops_between(table, start, to)]
    return blockers
