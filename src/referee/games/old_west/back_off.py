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
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache

from referee.boards.shapes import BISECTION_GUARD, SURE, Shape, nearest_point, unit
from referee.boards.table import EPS, XY, Drop, Obstacle, Piece, Table
from referee.games.old_west.settings import DEFAULTS

AWAY_LIMIT = 75.0
"""House rule: the widest angle, in degrees, between a back-off and the line
straight away from an opponent (or an obstacle fought across). The book
says only «отодвигается от противника»; under 90° every step of the way
takes the loser further off, and 75° keeps a friend standing right behind
it (which a base would only clear at 82°) in its way, as the book wants."""

_AWAY_COS = math.cos(math.radians(AWAY_LIMIT))

SPOTS_APART = 0.5
"""House rule: inches, at least, between two back-off spots offered, so
that each choice is a distinct place a player can tell from the others (not
eight points a tenth of an inch apart around one arc)."""

MARGIN = 0.001
"""Inches a back-off goes beyond the inch, so that keeping positions to
0.0001" never leaves a gap a hair short of it."""

ACROSS_REACH = DEFAULTS.across_reach
"""The house rule ``across_reach`` at its default, for callers without rules."""
STEP = DEFAULTS.back_off_inches
"""The house rule ``back_off_inches`` at its default (the book's 1", OW-BCK-1)."""
REACH = DEFAULTS.back_off_reach
"""The house rule ``back_off_reach`` at its default."""


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


def back_off(table: Table, loser: str, away_from: Sequence[str],
                  from_obstacles: Sequence[Obstacle] = (), step: float = STEP,
                  reach: float = REACH, directions: int = 72, keep: int = 8,
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
        way_out = _WayOut(table, loser, reach, over_drops, across_reach)
        spots = spread(_back_off_spots(table, loser, away_from, from_obstacles, step, reach,
                                       directions), keep, allowed=way_out.open)
        if spots:
            over = None
            if over_drops:
                over = table.drops_between(table.pieces[loser].xy, spots[0])[0]
                spots = [s for s in spots if table.drops_between(table.pieces[loser].xy, s)]
            return BackOff(tuple(spots), over)
        if not table.drops:
            break
    return BackOff(())


def spread(found: Iterable[tuple[float, XY]], keep: int, apart: float = SPOTS_APART,
           allowed: Callable[[XY], bool] | None = None) -> list[XY]:
    """Up to ``keep`` of the spots ``found`` (each with how far its way
    turns from straight away, the straightest first) that are ``allowed``,
    each at least ``apart`` inches from every spot offered before it (house
    rule :data:`SPOTS_APART`). A spot too near one already kept is never
    asked about, nor are the spots after the last one kept."""
    kept: list[XY] = []
    for _, (x, y) in found:
        for kx, ky in kept:
            if math.hypot(x - kx, y - ky) < apart:
                break
        else:
            if allowed is None or allowed((x, y)):
                kept.append((x, y))
                if len(kept) == keep:
                    break
    return kept


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
                    directions: int) -> Iterator[tuple[float, XY]]:
    """Every direction that takes the loser away, with how far it turns from
    straight away and where it ends, the straightest first (tried in
    :data:`directions` steps around the circle, turning each way in turn);
    whether the way there is open is :class:`_WayOut`'s to say. What does
    not change from one direction to the next is worked out once: each
    source's bound of the angle, each opponent's distances and which pairs
    of opponents leave a gap wide enough."""
    p = table.pieces[loser]
    straight = _away_direction(table, loser, away_from, from_obstacles)
    sources = [table.pieces[o].xy for o in away_from]
    sources += [nearest_point(obstacle.geometry, p.xy) for obstacle in from_obstacles]
    away = [(wx, wy, _AWAY_COS * math.hypot(wx, wy))
            for wx, wy in ((p.x - x, p.y - y) for x, y in sources)]
    gaps = _Gaps(table, p, away_from)
    apart = _Apart(table, p, away_from, from_obstacles, step, reach)
    # Away from one source alone, straight away is straight from it: a turn
    # wider than AWAY_LIMIT (and a hair) never goes away, nor through a gap.
    alone = len(away) == 1 and away[0][2] > 0 and not gaps.pairs
    widest = math.radians(AWAY_LIMIT + 1.0) if alone else math.inf
    px, py = p.x, p.y
    for turn, wide in _turns(directions):
        if wide > widest:
            break  # the turns only widen from here
        angle = straight + turn
        ux, uy = math.cos(angle), math.sin(angle)
        goes_away = True  # within AWAY_LIMIT of straight away from each source
        for wx, wy, limit in away:
            if ux * wx + uy * wy < limit:
                goes_away = False
                break
        if not goes_away and not gaps.through((ux, uy)):
            continue
        d = apart.length(ux, uy)
        if d is None:
            continue
        yield wide, (px + ux * d, py + uy * d)


@cache
def _turns(directions: int) -> tuple[tuple[float, float], ...]:
    """How far each of ``directions`` tries turns from straight away (none,
    then a step more each way in turn), and how wide that is."""
    turns = [(k + 1) // 2 * (1 if k % 2 else -1) * (2 * math.pi / directions)
             for k in range(directions)]
    return tuple((turn, abs(turn)) for turn in turns)


class _WayOut:
    """Is the way to a back-off spot open: no model, obstacle, table edge or
    (unless ``over_drops``) drop in the way, and no enemy across an obstacle
    in reach at its end? What the loser could meet is found once."""

    def __init__(self, table: Table, loser: str, reach: float, over_drops: bool,
                 across_reach: float) -> None:
        self.table, self.loser = table, loser
        self.over_drops, self.across_reach = over_drops, across_reach
        self.ways = table.around(loser, reach + EPS)
        self.not_yet = _not_across(table, loser, across_reach, reach + EPS)

    def open(self, spot: XY) -> bool:
        return self.ways.path_clear(spot, over_drops=self.over_drops) and not _faces_across(
            self.table, self.loser, spot, self.across_reach, self.not_yet)


class _Gaps:
    """:func:`_through_gap` for one loser, the pairs of opponents with a gap
    wide enough for its base found once."""

    def __init__(self, table: Table, p: Piece, away_from: Sequence[str]) -> None:
        self.p = p
        self.opponents = [(other, table.pieces[other].x - p.x, table.pieces[other].y - p.y)
                          for other in away_from]
        self.fits: dict[tuple[str, str], bool] = {}
        self.table = table
        self.pairs = len(self.opponents) > 1
        """Are there two opponents, between whom a gap could be?"""

    def through(self, u: XY) -> bool:
        if not self.pairs:
            return False
        ux, uy = u
        ahead = [(other, ux * wy - uy * wx) for other, wx, wy in self.opponents
                 if ux * wx + uy * wy > 0]
        for i, (a, ca) in enumerate(ahead):
            for b, cb in ahead[i + 1:]:
                if ca * cb < 0:
                    fits = self.fits.get((a, b))
                    if fits is None:
                        fits = self.fits[(a, b)] = self.table.fits_between(a, b, self.p.radius)
                    if fits:
                        return True
        return False


class _Apart:
    """:func:`_length` for one loser, each opponent's distances and each
    obstacle's gap worked out once."""

    def __init__(self, table: Table, p: Piece, away_from: Sequence[str],
                 from_obstacles: Sequence[Obstacle], step: float, reach: float) -> None:
        self.p, self.step, self.reach = p, step, reach
        self.opponents = []
        for other in away_from:
            o = table.pieces[other]
            wx, wy = p.x - o.x, p.y - o.y
            now = math.hypot(wx, wy)
            wanted = now + step + MARGIN
            self.opponents.append((wx, wy, wanted * wanted, now * now))
        self.obstacles = [(table.terrain.shape(obstacle),
                           obstacle_gap(table, obstacle, p.xy) + step + MARGIN)
                          for obstacle in from_obstacles]

    def length(self, ux: float, uy: float) -> float | None:
        need = self.step
        for wx, wy, wanted2, now2 in self.opponents:
            along = wx * ux + wy * uy
            far = -along + math.sqrt(along * along + wanted2 - now2)
            if far > need:
                need = far
        p, reach = self.p, self.reach
        for shape, wanted in self.obstacles:
            found = _way_from(shape, wanted, p.x, p.y, ux, uy, need, reach)
            if found is None:
                return None
            need = found
        return need if need <= reach + EPS else None


GAP_STEP = 0.25
"""Inches :func:`_way_to_gap` goes at a time before its bisection."""
GAP_HALVINGS = 20
"""The steps of :func:`_way_to_gap`'s bisection."""


def _way_to_gap(gap: Callable[[float, float], float], wanted: float, px: float, py: float,
                ux: float, uy: float, start: float, reach: float) -> float | None:
    """How far from (px, py) along the unit direction (ux, uy), ``start``
    at least, a spot stands ``wanted`` from an obstacle (``gap`` measures
    it): going :data:`GAP_STEP` at a time from ``start`` to the first step
    that does (None once past ``reach`` without), then a bisection of
    :data:`GAP_HALVINGS` steps between it and the step before.

    A gap changes by no more than the way does, so a step whose answer that
    bound already gives (by a wide :data:`BISECTION_GUARD`) is not measured:
    every step still answers what measuring it would, and the numbers
    stepped through are the same."""
    low, high = 0.0, start
    at_high = gap(px + ux * high, py + uy * high)  # measured: at most, and at least
    while not at_high >= wanted:
        if high > reach:
            return None
        low, high = high, high + GAP_STEP
        at_low = at_high  # at most the gap at ``low``
        if at_low + GAP_STEP < wanted - BISECTION_GUARD:
            at_high = at_low + GAP_STEP  # at most the gap at ``high``: still short
        else:
            at_high = gap(px + ux * high, py + uy * high)
    if low > 0:
        for _ in range(GAP_HALVINGS):
            mid = (low + high) / 2
            if at_low + (mid - low) < wanted - BISECTION_GUARD:
                low, at_low = mid, at_low + (mid - low)
            elif at_high - (high - mid) >= wanted + BISECTION_GUARD:
                high, at_high = mid, at_high - (high - mid)
            else:
                at_mid = gap(px + ux * mid, py + uy * mid)
                if at_mid >= wanted:
                    high, at_high = mid, at_mid
                else:
                    low, at_low = mid, at_mid
    return high


GAP_CLEAR = 1e-9
"""Inches, far above any rounding in measuring a gap, by which the two ends
:func:`_guided_way` arrives at must measure clear of the gap wanted."""
GAP_GUIDE = 2e-8
"""How far from where the way leaves the points near an obstacle a step of
:func:`_guided_way` must be to be taken without measuring."""


def _way_from(shape: Shape, wanted: float, px: float, py: float, ux: float, uy: float,
              start: float, reach: float) -> float | None:
    """:func:`_way_to_gap`'s answer for the obstacle ``shape``: guided by
    where the way leaves the points near it when it is convex."""
    if shape.convex:
        return _guided_way(shape, wanted, px, py, ux, uy, start, reach)
    return _way_to_gap(shape.point_distance, wanted, px, py, ux, uy, start, reach)


def _guided_way(shape: Shape, wanted: float, px: float, py: float, ux: float, uy: float,
                start: float, reach: float) -> float | None:
    """:func:`_way_to_gap`'s answer for a convex obstacle ``shape``, taking
    the same steps but measuring only those about where the way leaves the
    points nearer than ``wanted`` to it (:meth:`Shape.leaves`), and the two
    ends it arrives at; :func:`_way_to_gap` answers if an end measures too
    near the gap wanted, or on the wrong side of it.

    Along a line the gap to a convex shape is convex, so the steps short of
    it are one stretch: a step taken as short without measuring lies between
    ``start`` and the last short end, both measured short (by
    :data:`GAP_CLEAR`), and so is short; one taken as far enough lies past
    the first end measured far enough, and so is far enough."""
    gap = shape.point_distance

    def measuring() -> float | None:
        return _way_to_gap(gap, wanted, px, py, ux, uy, start, reach)

    at_start = gap(px + ux * start, py + uy * start)
    if at_start >= wanted:
        return start
    leaves = shape.leaves(px, py, ux, uy, wanted)
    if leaves is None or at_start > wanted - GAP_CLEAR:
        return measuring()
    measured: dict[float, float] = {}

    def far_enough(way: float) -> bool:
        if way < leaves - GAP_GUIDE:
            return False
        if way > leaves + GAP_GUIDE:
            return True
        at = measured[way] = gap(px + ux * way, py + uy * way)
        return at >= wanted

    low, high = 0.0, start
    while True:
        if high > reach:
            return None if _sure_short(gap, measured, high, px, py, ux, uy, wanted) else measuring()
        low, high = high, high + GAP_STEP
        if far_enough(high):
            break
    if low > 0:
        for _ in range(GAP_HALVINGS):
            mid = (low + high) / 2
            if far_enough(mid):
                high = mid
            else:
                low = mid
    if not _sure_short(gap, measured, max(low, start), px, py, ux, uy, wanted):
        return measuring()
    at_high = measured.get(high)
    if at_high is None:
        at_high = gap(px + ux * high, py + uy * high)
    return high if at_high >= wanted + GAP_CLEAR else measuring()


def _sure_short(gap: Callable[[float, float], float], measured: dict[float, float],
                way: float, px: float, py: float, ux: float, uy: float, wanted: float) -> bool:
    """Does the spot ``way`` along measure short of ``wanted``, by
    :data:`GAP_CLEAR` at least?"""
    at = measured.get(way)
    if at is None:
        at = gap(px + ux * way, py + uy * way)
    return at < wanted - GAP_CLEAR


def obstacle_gap(table: Table, obstacle: Obstacle, xy: XY) -> float:
    """How far ``xy`` is from ``obstacle`` (0 inside a closed one)."""
    return table.terrain.shape(obstacle).point_distance(*xy)


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


def _not_across(table: Table, loser: str, across_reach: float,
                going: float | None = None) -> list[str]:
    """The enemies the loser, where it stands, is not within reach of across
    an obstacle (riderless mounts are no enemies); with ``going``, only
    those it could come within reach of by going that far."""
    p = table.pieces[loser]
    found = []
    for other in table.pieces.values():
        if other.side == p.side or "mount" in other.marks:
            continue
        if going is not None and math.hypot(other.x - p.x, other.y - p.y) - going - p.radius \
                - other.radius > 2 * across_reach + EPS + SURE:
            continue  # farther from every spot within ``going`` than across_at looks
        if going is not None and not table.may_face_across(loser, going, other.id, across_reach):
            continue  # no obstacle near enough to both, wherever the loser goes
        if table.across_at(p.xy, p.radius, other.id, across_reach) is None:
            found.append(other.id)
    return found


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
    not_yet = _not_across(table, loser, across_reach, reach + EPS)  # no spot is farther
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
        if table.drops_between(p.xy, spot) or _faces_across(table, loser, spot, across_reach,
                                                            not_yet):
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
