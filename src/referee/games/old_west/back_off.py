"""Where a loser backs off to (OW-BCK-1, OW-BCK-2, OW-MUL-3, OW-OBS-1), when it
is surrounded (OW-SUR-1, OW-SUR-4), goes over a drop (OW-SUR-5), and how the
others make way for a surrounded loser (OW-SUR-3): Old West rules worked out
on the continuous table (:mod:`referee.boards.table` holds only geometry)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from shapely.geometry import Point

from referee.boards.table import EPS, XY, Drop, Obstacle, Piece, Table
from referee.games.old_west.geometry import OldWestTable, nearest_point, spread, unit


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


_KEPT = 4096


def back_off(table: Table, loser: str, away_from: Sequence[str],
             from_obstacles: Sequence[Obstacle] = (), step: float = 1.0,
             reach: float = 4.0, directions: int = 72, keep: int = 8) -> BackOff:
    """:func:`find_back_off`, remembered: the answer depends only on where
    every base stands, so a position met again (the exact odds of a fight
    reach the same table by many different dice) is worked out once."""
    if not isinstance(table, OldWestTable):
        return find_back_off(table, loser, away_from, from_obstacles, step, reach,
                             directions, keep)
    known = table.terrain.back_offs
    key = (tuple((p.id, p.x, p.y, p.radius, p.side) for p in table.pieces.values()),
           loser, tuple(away_from), tuple(o.name for o in from_obstacles), step, reach,
           directions, keep)
    found = known.get(key)
    if found is None:
        found = find_back_off(table, loser, away_from, from_obstacles, step, reach,
                              directions, keep)
        if len(known) >= _KEPT:
            known.clear()
        known[key] = found
    return found


def find_back_off(table: Table, loser: str, away_from: Sequence[str],
                  from_obstacles: Sequence[Obstacle] = (), step: float = 1.0,
                  reach: float = 4.0, directions: int = 72, keep: int = 8) -> BackOff:
    """Where ``loser`` can end ``step`` inches (edge to edge) from each of
    ``away_from`` (and from each of ``from_obstacles``), moving straight,
    without touching another model, crossing an obstacle or a drop, or
    leaving the table (OW-BCK-1, OW-BCK-2, OW-SUR-1, OW-SUR-4, OW-MUL-3,
    OW-OBS-1). The way may go through any gap between enemies wide enough
    for its base. With no such spot, spots over a drop are offered with
    ``over`` set (OW-SUR-5); with none of those either, the loser is surrounded."""
    for over_drops in (False, True):
        found = _back_off_spots(table, loser, away_from, from_obstacles, step, reach,
                                directions, over_drops)
        if found:
            spots = spread(found, keep)
            over = None
            if over_drops:
                over = table.drops_between(table.pieces[loser].xy, spots[0])[0]
                spots = [s for s in spots if table.drops_between(table.pieces[loser].xy, s)]
            return BackOff(tuple(spots), over)
        if not table.drops:
            break
    return BackOff(())


def _away_direction(table: Table, loser: str, away_from: Sequence[str],
                    from_obstacles: Sequence[Obstacle]) -> float:
    p = table.pieces[loser]
    dx = dy = 0.0
    for other in away_from:
        ux, uy = unit(p.x - table.pieces[other].x, p.y - table.pieces[other].y)
        dx, dy = dx + ux, dy + uy
    for obstacle in from_obstacles:
        nx, ny = nearest_point(obstacle.geometry, p.xy)
        ux, uy = unit(p.x - nx, p.y - ny)
        dx, dy = dx + ux, dy + uy
    return math.atan2(dy, dx) if (dx, dy) != (0.0, 0.0) else 0.0


def _back_off_spots(table: Table, loser: str, away_from: Sequence[str],
                    from_obstacles: Sequence[Obstacle], step: float, reach: float,
                    directions: int, over_drops: bool) -> list[tuple[float, XY]]:
    p = table.pieces[loser]
    straight = _away_direction(table, loser, away_from, from_obstacles)
    found: list[tuple[float, XY]] = []
    for k in range(directions):
        turn = (k + 1) // 2 * (1 if k % 2 else -1) * (2 * math.pi / directions)
        u = (math.cos(straight + turn), math.sin(straight + turn))
        if _moves_away(table, p, u, away_from, from_obstacles):
            d: float | None = step
        elif _through_gap(table, p, u, away_from):
            d = _clearance(table, p, u, away_from, from_obstacles, step, reach)
        else:
            continue
        if d is None:
            continue
        spot = (p.x + u[0] * d, p.y + u[1] * d)
        if not table.sweep_blockers(loser, spot, over_drops=over_drops):
            found.append((abs(turn), spot))
    return found


def _moves_away(table: Table, p: Piece, u: XY, away_from: Sequence[str],
                from_obstacles: Sequence[Obstacle]) -> bool:
    """Does direction ``u`` take ``p`` away from (or square to) each opponent
    and each obstacle it backs off from?"""
    targets = [table.pieces[o].xy for o in away_from]
    targets += [nearest_point(obstacle.geometry, p.xy) for obstacle in from_obstacles]
    return all(u[0] * (x - p.x) + u[1] * (y - p.y) <= 1e-6 for x, y in targets)


def _through_gap(table: Table, p: Piece, u: XY, away_from: Sequence[str]) -> bool:
    """Does direction ``u`` lead between two of the opponents, through a gap
    wide enough for ``p``'s base (OW-MUL-3)?"""
    ahead = []
    for other in away_from:
        o = table.pieces[other]
        wx, wy = o.x - p.x, o.y - p.y
        if u[0] * wx + u[1] * wy > 0:
            ahead.append((other, u[0] * wy - u[1] * wx))
    return any(ca * cb < 0 and table.fits_between(a, b, p.radius)
               for i, (a, ca) in enumerate(ahead) for b, cb in ahead[i + 1:])


def _clearance(table: Table, p: Piece, u: XY, away_from: Sequence[str],
               from_obstacles: Sequence[Obstacle], step: float,
               reach: float) -> float | None:
    """How far along ``u`` the loser must go to be ``step`` from everything
    it backs off from; None if farther than ``reach``."""
    need = step
    for other in away_from:
        o = table.pieces[other]
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


def make_way(table: Table, loser: str, away_from: Sequence[str], gap: float = 0.05,
             reach: float = 3.0) -> dict[str, XY]:
    """A surrounded loser still ends with its base off its enemies: it moves
    the least it can, and models in its way shift slightly to let it through
    (OW-SUR-3). It never crosses an obstacle (OW-SUR-4). Returns every piece
    moved and where to."""
    p = table.pieces[loser]
    best: tuple[float, XY] | None = None
    for k in range(72):
        angle = 2 * math.pi * k / 72
        u = (math.cos(angle), math.sin(angle))
        d = _clearance(table, p, u, away_from, (), gap, reach)
        if d is None:
            continue
        spot = (p.x + u[0] * d, p.y + u[1] * d)
        if not table.on_table(spot, p.radius) or table.crossed_obstacles(loser, spot):
            continue
        if table.drops_between(p.xy, spot):
            continue
        if best is None or d < best[0]:
            best = (d, spot)
    moved: dict[str, XY] = {}
    centre = p.xy if best is None else best[1]
    if best is not None:
        moved[loser] = best[1]
    for other in table.pieces.values():
        if other.id == loser:
            continue
        wanted = p.radius + other.radius + gap
        dist = math.hypot(other.x - centre[0], other.y - centre[1])
        if dist < wanted - EPS or (best is None and other.id in away_from):
            ux, uy = unit(other.x - centre[0], other.y - centre[1])
            moved[other.id] = (centre[0] + ux * wanted, centre[1] + uy * wanted)
    for piece_id, spot in moved.items():
        table.move(piece_id, spot)
    return moved
