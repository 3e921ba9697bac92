"""Where a loser backs off to (OW-BCK-1, OW-BCK-2, OW-MUL-3, OW-OBS-1), when it
is surrounded (OW-SUR-1, OW-SUR-4), goes over a drop (OW-SUR-5), and how the
others make way for a surrounded loser (OW-SUR-3): Old West rules worked out
on the continuous table (:mod:`referee.boards.table` holds only geometry).

A back-off takes the loser 1" further from every opponent: each opponent's
gap (edge to edge) ends at least ``step`` wider than it began, and so does
its gap to each obstacle it fought across. It moves straight, in a direction
within :data:`AWAY_LIMIT` degrees of straight away from each of them (a
step square to an opponent, along a fence or past a friend behind, does not
take it away), as far as that takes — or, losing to several, through a gap
between them wide enough for its base (OW-MUL-3). With no such move it is
surrounded («сзади него нет места»)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from shapely.geometry import Point

from referee.boards.table import EPS, XY, Drop, Obstacle, Piece, Table
from referee.games.old_west.geometry import OldWestTable, nearest_point, spread, unit

AWAY_LIMIT = 75.0
"""House rule: the widest angle, in degrees, between a back-off and the line
straight away from an opponent (or an obstacle fought across). The book
says only «отодвигается от противника»; under 90° every step of the way
takes the loser further off, and 75° keeps a friend standing right behind
it (which a base would only clear at 82°) in its way, as the book wants."""

_AWAY_COS = math.cos(math.radians(AWAY_LIMIT))

MARGIN = 0.001
"""Inches a back-off goes beyond the inch, so that keeping positions to
0.0001" never leaves a gap a hair short of it."""

ACROSS_REACH = 0.5
"""The house rule ``across_reach`` at its default, for callers without rules."""


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
             reach: float = 4.0, directions: int = 72, keep: int = 8,
             across_reach: float = ACROSS_REACH) -> BackOff:
    """:func:`find_back_off`, remembered: the answer depends only on where
    every base stands, so a position met again (the exact odds of a fight
    reach the same table by many different dice) is worked out once."""
    if not isinstance(table, OldWestTable):
        return find_back_off(table, loser, away_from, from_obstacles, step, reach,
                             directions, keep, across_reach)
    known = table.terrain.back_offs
    key = (tuple((p.id, p.x, p.y, p.radius, p.side) for p in table.pieces.values()),
           loser, tuple(away_from), tuple(o.name for o in from_obstacles), step, reach,
           directions, keep, across_reach)
    found = known.get(key)
    if found is None:
        found = find_back_off(table, loser, away_from, from_obstacles, step, reach,
                              directions, keep, across_reach)
        if len(known) >= _KEPT:
            known.clear()
        known[key] = found
    return found


def find_back_off(table: Table, loser: str, away_from: Sequence[str],
                  from_obstacles: Sequence[Obstacle] = (), step: float = 1.0,
                  reach: float = 4.0, directions: int = 72, keep: int = 8,
                  across_reach: float = ACROSS_REACH) -> BackOff:
    """Where ``loser`` can end ``step`` inches further (edge to edge) from
    each of ``away_from`` and each of ``from_obstacles`` than it stands now,
    moving straight away from them (within :data:`AWAY_LIMIT`) at most
    ``reach`` inches, without touching another model, crossing an obstacle or
    a drop, leaving the table, or ending in reach of an enemy across an
    obstacle (OW-BCK-1, OW-BCK-2, OW-SUR-1, OW-SUR-4, OW-OBS-1). Losing to
    several, the way may also go through any gap between them wide enough
    for its base (OW-MUL-3). With no such spot, spots over a drop are offered
    with ``over`` set (OW-SUR-5); with none of those either, the loser is
    surrounded."""
    for over_drops in (False, True):
        found = _back_off_spots(table, loser, away_from, from_obstacles, step, reach,
                                directions, over_drops, across_reach)
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
                    directions: int, over_drops: bool,
                    across_reach: float) -> list[tuple[float, XY]]:
    p = table.pieces[loser]
    straight = _away_direction(table, loser, away_from, from_obstacles)
    sources = [table.pieces[o].xy for o in away_from]
    sources += [nearest_point(obstacle.geometry, p.xy) for obstacle in from_obstacles]
    not_yet = _not_across(table, loser, across_reach)
    found: list[tuple[float, XY]] = []
    for k in range(directions):
        turn = (k + 1) // 2 * (1 if k % 2 else -1) * (2 * math.pi / directions)
        u = (math.cos(straight + turn), math.sin(straight + turn))
        if not _goes_away(p, u, sources) and not _through_gap(table, p, u, away_from):
            continue
        d = _length(table, p, u, away_from, from_obstacles, step, reach)
        if d is None:
            continue
        spot = (p.x + u[0] * d, p.y + u[1] * d)
        if not _clear(table, loser, spot, over_drops):
            continue
        if _faces_across(table, loser, spot, across_reach, not_yet):
            continue
        found.append((abs(turn), spot))
    return found


def _clear(table: Table, loser: str, spot: XY, over_drops: bool) -> bool:
    """Nothing stops the loser going straight to ``spot`` (drops aside when
    ``over_drops``)."""
    if isinstance(table, OldWestTable):
        return table.path_clear(loser, spot, over_drops=over_drops)
    return not table.sweep_blockers(loser, spot, over_drops=over_drops)


def _goes_away(p: Piece, u: XY, sources: Sequence[XY]) -> bool:
    """Does direction ``u`` lead ``p`` away from each of ``sources`` (an
    opponent's centre, an obstacle's nearest point), within :data:`AWAY_LIMIT`
    of straight away?"""
    for x, y in sources:
        wx, wy = p.x - x, p.y - y
        if u[0] * wx + u[1] * wy < _AWAY_COS * math.hypot(wx, wy):
            return False
    return True


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


def obstacle_gap(table: Table, obstacle: Obstacle, xy: XY) -> float:
    """How far ``xy`` is from ``obstacle`` (0 inside a closed one)."""
    if isinstance(table, OldWestTable):
        return table.terrain.shape(obstacle).point_distance(*xy)
    return float(obstacle.geometry.distance(Point(xy)))


def _length(table: Table, p: Piece, u: XY, away_from: Sequence[str],
            from_obstacles: Sequence[Obstacle], step: float, reach: float) -> float | None:
    """How far along ``u`` the loser must go to end ``step`` further from
    each opponent and each obstacle fought across than it starts; None if
    farther than ``reach``."""
    need = step
    for other in away_from:
        o = table.pieces[other]
        wx, wy = p.x - o.x, p.y - o.y
        now = math.hypot(wx, wy)
        wanted = now + step + MARGIN
        along = wx * u[0] + wy * u[1]
        need = max(need, -along + math.sqrt(along * along + wanted * wanted - now * now))
    for obstacle in from_obstacles:
        wanted = obstacle_gap(table, obstacle, p.xy) + step + MARGIN

        def far_enough(d: float, obstacle: Obstacle = obstacle, wanted: float = wanted) -> bool:
            return obstacle_gap(table, obstacle, (p.x + u[0] * d, p.y + u[1] * d)) >= wanted

        low, high = 0.0, need
        while not far_enough(high):
            if high > reach:
                return None
            low, high = high, high + 0.25
        if low > 0:
            for _ in range(20):
                mid = (low + high) / 2
                low, high = (low, mid) if far_enough(mid) else (mid, high)
        need = high
    return need if need <= reach + EPS else None


def _faces_across(table: Table, loser: str, spot: XY, across_reach: float,
                  not_yet: Sequence[str] | None = None) -> bool:
    """Would the loser at ``spot`` stand within reach of an enemy across an
    obstacle, one it is not within reach of already? That is as good as
    coming into contact with another enemy (OW-BCK-2). ``not_yet``: those
    enemies (:func:`_not_across`), when already known."""
    p = table.pieces[loser]
    if not_yet is None:
        not_yet = _not_across(table, loser, across_reach)
    return any(table.across_at(spot, p.radius, other, across_reach) is not None
               for other in not_yet)


def _not_across(table: Table, loser: str, across_reach: float) -> list[str]:
    """The enemies the loser, where it stands, is not within reach of across
    an obstacle (riderless mounts are no enemies)."""
    p = table.pieces[loser]
    return [other.id for other in table.pieces.values()
            if other.side != p.side and "mount" not in other.marks
            and table.across_at(p.xy, p.radius, other.id, across_reach) is None]


def _clearance(table: Table, p: Piece, u: XY, away_from: Sequence[str], gap: float,
               reach: float) -> float | None:
    """How far along ``u`` a surrounded loser must go to stand ``gap`` clear
    of every one of ``away_from``; None if farther than ``reach``."""
    need = gap
    for other in away_from:
        o = table.pieces[other]
        wx, wy = p.x - o.x, p.y - o.y
        wanted = p.radius + o.radius + gap
        along = wx * u[0] + wy * u[1]
        disc = along * along - (wx * wx + wy * wy) + wanted * wanted
        if disc < 0:
            continue
        need = max(need, -along + math.sqrt(disc))
    return need if need <= reach + EPS else None


def make_way(table: Table, loser: str, away_from: Sequence[str], gap: float = 0.05,
             reach: float = 3.0, across_reach: float = ACROSS_REACH) -> dict[str, XY]:
    """A surrounded loser still ends with its base off its enemies: it moves
    the least it can, and models in its way shift slightly to let it through
    (OW-SUR-3). It never crosses an obstacle (OW-SUR-4), nor ends in reach of
    another enemy across one, and no model shifted for it ends touching an
    enemy it did not touch. Returns every piece moved and where to."""
    p = table.pieces[loser]
    best: tuple[float, dict[str, XY]] | None = None
    for k in range(72):
        angle = 2 * math.pi * k / 72
        u = (math.cos(angle), math.sin(angle))
        d = _clearance(table, p, u, away_from, gap, reach)
        if d is None or (best is not None and d >= best[0]):
            continue
        spot = (p.x + u[0] * d, p.y + u[1] * d)
        if not table.on_table(spot, p.radius) or table.crossed_obstacles(loser, spot):
            continue
        if table.drops_between(p.xy, spot) or _faces_across(table, loser, spot, across_reach):
            continue
        moved = {loser: spot, **_shoved(table, loser, spot, (), gap)}
        if not _new_contacts(table, moved):
            best = (d, moved)
    moved = best[1] if best is not None else _shoved(table, loser, p.xy, away_from, gap)
    for piece_id, spot in moved.items():
        table.move(piece_id, spot)
    return moved


def _shoved(table: Table, loser: str, centre: XY, away_from: Sequence[str],
            gap: float) -> dict[str, XY]:
    """Where the models in the way of ``loser`` standing at ``centre`` shift
    to, ``gap`` off its base (and each of ``away_from``, wherever it stands)."""
    p = table.pieces[loser]
    moved: dict[str, XY] = {}
    for other in table.pieces.values():
        if other.id == loser:
            continue
        wanted = p.radius + other.radius + gap
        dist = math.hypot(other.x - centre[0], other.y - centre[1])
        if dist < wanted - EPS or other.id in away_from:
            ux, uy = unit(other.x - centre[0], other.y - centre[1])
            moved[other.id] = (centre[0] + ux * wanted, centre[1] + uy * wanted)
    return moved


def _new_contacts(table: Table, moved: dict[str, XY]) -> bool:
    """Would a model moved to where ``moved`` says touch an enemy it does not
    touch now?"""
    def at(piece: Piece) -> XY:
        return moved.get(piece.id, piece.xy)

    for piece_id in moved:
        p = table.pieces[piece_id]
        for other in table.pieces.values():
            if other.side == p.side or "mount" in other.marks:
                continue
            reach = p.radius + other.radius + EPS
            if math.dist(at(p), at(other)) <= reach < math.dist(p.xy, other.xy):
                return True
    return False
