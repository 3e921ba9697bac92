"""Sight lines on the continuous table: what a straight line between two
models passes through, measured (DESIGN idea 5).

Geometry only. A sight line reports its length, how many inches of it lie
inside each cover area, which other bases it crosses and which obstacles it
meets, each at its distance along the line from the first model. It says
nothing about whether anyone can see or shoot: a game reads the measurement
through its own rules (Samurai: a model on the line blocks, more than 2" of
light cover blocks).

Conventions, each pinned by a drawn case in ``tests/boards/test_sightline.py``:

- :func:`measure_sight` draws the line from centre to centre. :func:`best_sight`
  tries lines between points across both bases and returns the best one by a
  key the game chooses.
- Each area's stretches are measured on their own (:attr:`SightLine.covers`),
  so where two areas overlap each lists the shared part;
  :meth:`SightLine.cover_length` counts every inch of the line once, however
  many areas lie on it, and can leave out the ends of the line (the parts
  under the two models' own bases, say).
- *Inside* a cover area means inside its interior. A line that only touches a
  corner, or runs along an edge, is not inside for that stretch, and an area
  it never gets into is not listed. A line that ends inside an area counts up
  to its end point, and one that starts inside counts from 0.
- A base counts as *crossed* when the line cuts into it by more than the
  table's contact tolerance :data:`~referee.boards.table.EPS`, so its centre
  is less than ``radius - EPS`` from the line. A base that the line only
  touches (tangent) is not crossed. The two end models are never listed.
- An obstacle counts as soon as the line touches it, as in
  :meth:`Table.obstacles_between`. A wall has no thickness, so the line meets
  it at one point. A building is met where the line enters it and left where
  the line leaves it.

A line that crosses every outline cleanly (no corner near it, neither end
near an outline) is measured in plain arithmetic, giving shapely's
crossings to rounding; shapely measures the lines that graze a corner, run
along an edge or end on an outline, where these conventions decide.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import shapely
from shapely.geometry import LineString
from shapely.geometry.base import BaseGeometry
from shapely.prepared import PreparedGeometry

from referee.boards.shapes import Shape, crossing, point_segment
from referee.boards.table import EPS, XY, CoverArea, Inches, Obstacle, Piece, Table, Terrain

_TINY = 1e-9
"""Stretches shorter than this are rounding noise, not cover."""


@dataclass(frozen=True)
class CoverCrossing:
    """One cover area on a sight line. ``stretches`` are the (from, to)
    distances along the line where it is inside the area, in order. A concave
    area, such as a U-shaped hedge, can give more than one."""

    cover: CoverArea
    stretches: tuple[tuple[Inches, Inches], ...]

    @property
    def name(self) -> str:
        return self.cover.name

    @property
    def inside(self) -> Inches:
        """Total length of the line inside the area."""
        return sum(b - a for a, b in self.stretches)

    @property
    def enters(self) -> Inches:
        return self.stretches[0][0]

    @property
    def leaves(self) -> Inches:
        return self.stretches[-1][1]


@dataclass(frozen=True)
class BaseCrossing:
    """Another model's base on a sight line. The line enters it at ``at`` and
    leaves it at ``leaves`` (distances along the line, clipped to the line).
    ``offset`` is how far its centre is from the line, 0 when the line passes
    dead centre."""

    piece_id: str
    at: Inches
    leaves: Inches
    offset: Inches


@dataclass(frozen=True)
class ObstacleCrossing:
    """An obstacle the sight line meets: first at ``at`` and last at
    ``leaves``. For a wall crossed once the two are the same."""

    obstacle: Obstacle
    at: Inches
    leaves: Inches

    @property
    def name(self) -> str:
        return self.obstacle.name

    @property
    def height(self) -> Inches:
        return self.obstacle.height


@dataclass(frozen=True)
class SightLine:
    """What the straight line from ``start`` (on ``from_id``) to ``end`` (on
    ``to_id``) passes through. Every crossing is ordered along the line, and
    every distance is measured from ``start``."""

    from_id: str
    to_id: str
    start: XY
    end: XY
    length: Inches
    covers: tuple[CoverCrossing, ...] = ()
    bases: tuple[BaseCrossing, ...] = ()
    obstacles: tuple[ObstacleCrossing, ...] = ()

    def inside(self, cover_name: str) -> Inches:
        """Inches of the line inside the named cover area (0 if it never enters it)."""
        return sum(c.inside for c in self.covers if c.name == cover_name)

    def cover_inside(self, covers: Iterable[str] | None = None) -> Inches:
        """Inches inside cover, summed over ``covers`` (names), or over every
        area when None. Overlapping areas each count their own stretch; for
        the inches of the line in cover, each counted once, see
        :meth:`cover_length`."""
        wanted = None if covers is None else set(covers)
        return sum(c.inside for c in self.covers if wanted is None or c.name in wanted)

    def cover_stretches(self, covers: Iterable[str] | None = None, start: Inches = 0.0,
                        end: Inches | None = None) -> tuple[tuple[Inches, Inches], ...]:
        """The (from, to) stretches of the line inside any of ``covers``
        (names; every area when None), in order. Where areas overlap, their
        shared part is one stretch. Only the part of the line from ``start``
        to ``end`` (distances along it; the whole line by default) is kept."""
        wanted = None if covers is None else set(covers)
        stop = self.length if end is None else end
        return _merge([(max(a, start), min(b, stop)) for c in self.covers
                       if wanted is None or c.name in wanted for a, b in c.stretches
                       if min(b, stop) > max(a, start)])

    def cover_length(self, covers: Iterable[str] | None = None, start: Inches = 0.0,
                     end: Inches | None = None) -> Inches:
        """Inches of the line inside any of ``covers`` (names; every area when
        None), each inch counted once however many areas lie on it, between
        ``start`` and ``end`` as in :meth:`cover_stretches`."""
        return sum(b - a for a, b in self.cover_stretches(covers, start, end))

    @property
    def crossed_ids(self) -> tuple[str, ...]:
        return tuple(b.piece_id for b in self.bases)


# -- measuring -------------------------------------------------------------------------


def measure_sight(table: Table, from_id: str, to_id: str) -> SightLine:
    """The sight line from the centre of ``from_id``'s base to the centre of
    ``to_id``'s."""
    a, b = table.pieces[from_id], table.pieces[to_id]
    return measure_line(table, a.xy, b.xy, from_id, to_id)


def best_sight(table: Table, from_id: str, to_id: str,
               key: Callable[[SightLine], Any] | None = None, samples: int = 5) -> SightLine:
    """The best sight line between any part of one base and any part of the
    other. Each base contributes ``samples`` points spread evenly across its
    diameter square to the centre line, from one rim to the other. Every pair
    is measured, giving ``samples**2`` lines. The two outer pairs are the lines
    that just touch both bases.

    ``key`` ranks the lines, and the smallest wins. The default prefers the
    fewest bases crossed, then the fewest obstacles, then the fewest inches
    in cover (:meth:`SightLine.cover_length`: an inch under two overlapping
    areas counts once), then the shortest line. On a tie the centre-to-centre line wins, so an open
    sight line reads the same as :func:`measure_sight`. This samples the
    lines rather than searching them exhaustively. A gap narrower than the
    spacing between samples can be missed."""
    a, b = table.pieces[from_id], table.pieces[to_id]
    rank = key or _default_rank
    best = measure_line(table, a.xy, b.xy, from_id, to_id)
    if samples < 2 or a.xy == b.xy:
        return best
    best_rank = rank(best)
    for pa in _across(a, b.xy, samples):
        for pb in _across(b, a.xy, samples):
            line = measure_line(table, pa, pb, from_id, to_id)
            line_rank = rank(line)
            if line_rank < best_rank:
                best, best_rank = line, line_rank
    return best


def measure_line(table: Table, start: XY, end: XY, from_id: str = "",
                 to_id: str = "") -> SightLine:
    """Measure the straight line from ``start`` to ``end``. The bases of
    ``from_id`` and ``to_id`` are left out of the crossings."""
    length = math.hypot(end[0] - start[0], end[1] - start[1])
    if length < _TINY:
        return SightLine(from_id, to_id, start, end, 0.0)
    covers, obstacles = _terrain_on(table.terrain, start, end)
    return SightLine(from_id, to_id, start, end, length, covers=covers,
                     bases=_bases(table.pieces.values(), start, end, length, {from_id, to_id}),
                     obstacles=obstacles)


_KEPT = 4096
"""At most this many lines' terrain is remembered per terrain."""


def _terrain_on(terrain: Terrain, start: XY, end: XY
                ) -> tuple[tuple[CoverCrossing, ...], tuple[ObstacleCrossing, ...]]:
    """The cover areas and the obstacles on the line from ``start`` to
    ``end``, remembered by the terrain (the terrain never changes, and
    models that stay where they stand see each other along the same lines
    turn after turn and game after game)."""
    known = terrain.cache("sightline.terrain")
    key = (start, end)
    found = known.get(key)
    if found is None:
        covers = _boxes_met(terrain, terrain.prepared_covers, start, end)
        obstacles = _boxes_met(terrain, terrain.prepared_obstacles, start, end)
        if covers or obstacles:
            found = _measured_plainly(terrain, start, end, covers, obstacles)
            if found is None:
                line = LineString([start, end])
                found = (_covers(terrain, line, covers), _obstacles(line, obstacles))
        else:
            found = ((), ())
        if len(known) >= _KEPT:
            known.clear()
        known[key] = found
    return found


_NEAR: Inches = 1e-6
"""How near a corner of the terrain may come to a line, or an end of the
line to the terrain's outline, before the plain arithmetic of
:func:`_measured_plainly` leaves the line to shapely."""


def _measured_plainly(terrain: Terrain, start: XY, end: XY,
                      covers: Sequence[tuple[CoverArea, PreparedGeometry]],
                      obstacles: Sequence[tuple[Obstacle, PreparedGeometry]]
                      ) -> tuple[tuple[CoverCrossing, ...], tuple[ObstacleCrossing, ...]] | None:
    """:func:`_terrain_on`'s crossings worked out in plain arithmetic
    where the line crosses every outline cleanly: no corner within
    :data:`_NEAR` of it, neither of its ends within :data:`_NEAR` of an
    outline. The line is then inside an area between one crossing of its
    outline and the next (shapely's stretches, to rounding: no stretch
    comes near the tolerances the measures are read with), and meets an
    obstacle from its first crossing to its last. None when a line grazes
    a corner, runs along an edge or ends on an outline: shapely decides."""
    length = math.hypot(end[0] - start[0], end[1] - start[1])
    found_covers = []
    for cover, _ in covers:
        shape = terrain.shape(cover)
        if cover.area.interiors:
            return None  # an area with holes in it: its ring alone does not say what is inside
        cuts = _cuts(shape, start, end)
        if cuts is None:
            return None
        starts_inside = shape.point_distance(*start) == 0.0
        bounds = [0.0, *cuts, 1.0]  # inside and outside by turns between them
        merged = _merge([(bounds[k] * length, bounds[k + 1] * length)
                         for k in range(len(cuts) + 1) if (k % 2 == 0) == starts_inside])
        if merged:
            found_covers.append(CoverCrossing(cover, merged))
    found_obstacles = []
    for obstacle, _ in obstacles:
        shape = terrain.shape(obstacle)
        if shape.closed and obstacle.geometry.interiors:
            return None
        cuts = _cuts(shape, start, end)
        if cuts is None:
            return None
        if shape.closed:  # an end inside a building meets it there
            if shape.point_distance(*start) == 0.0:
                cuts.insert(0, 0.0)
            if shape.point_distance(*end) == 0.0:
                cuts.append(1.0)
        if cuts:
            found_obstacles.append(ObstacleCrossing(obstacle, cuts[0] * length,
                                                    cuts[-1] * length))
    found_covers.sort(key=lambda c: (c.enters, c.name))
    found_obstacles.sort(key=lambda o: (o.at, o.name))
    return tuple(found_covers), tuple(found_obstacles)


def _cuts(shape: Shape, start: XY, end: XY) -> list[float] | None:
    """Where the line from ``start`` to ``end`` crosses ``shape``'s
    outline, as shares of its length in order; None when a corner of the
    outline lies within :data:`_NEAR` of the line or an end of the line
    within :data:`_NEAR` of the outline (too close to call)."""
    ax, ay = start
    bx, by = end
    line = (ax, ay, bx, by)
    if shape.edge_distance(ax, ay) < _NEAR or shape.edge_distance(bx, by) < _NEAR:
        return None
    cuts = []
    for cx, cy, ex, ey in shape.segments:
        if point_segment(cx, cy, line) < _NEAR or point_segment(ex, ey, line) < _NEAR:
            return None
        crossed = crossing(line, (cx, cy, ex, ey))
        if crossed == -1:
            return None
        if crossed == 1:
            # where the line meets the edge: the share of the line at which
            # the edge's side of it changes
            before = (ex - cx) * (ay - cy) - (ey - cy) * (ax - cx)
            after = (ex - cx) * (by - cy) - (ey - cy) * (bx - cx)
            cuts.append(before / (before - after))
    cuts.sort()
    return cuts


def _boxes_met(terrain: Terrain, items: Sequence[tuple[Any, PreparedGeometry]], start: XY,
               end: XY) -> list[tuple[Any, PreparedGeometry]]:
    """Those of ``items`` whose box the box of the line from ``start`` to
    ``end`` meets: no other can meet the line, so shapely is asked of these
    alone, and not at all when there are none."""
    low_x, high_x = (start[0], end[0]) if start[0] < end[0] else (end[0], start[0])
    low_y, high_y = (start[1], end[1]) if start[1] < end[1] else (end[1], start[1])
    found = []
    for item, fast in items:
        x0, y0, x1, y1 = terrain.shape(item).line_box
        if not (high_x < x0 or low_x > x1 or high_y < y0 or low_y > y1):
            found.append((item, fast))
    return found


def _covers(terrain: Terrain, line: LineString,
            covers: Iterable[tuple[CoverArea, PreparedGeometry]]) -> tuple[CoverCrossing, ...]:
    found = []
    for cover, fast in covers:
        if not fast.intersects(line):
            continue
        # the closed area's part of the line, less any part along its edge
        spans = _intervals(line, line.intersection(cover.area))
        stretches = _merge([span for span, inside in zip(
            spans, _within(terrain, cover, line, spans), strict=True) if inside])
        if stretches:
            found.append(CoverCrossing(cover, stretches))
    found.sort(key=lambda c: (c.enters, c.name))
    return tuple(found)


def _within(terrain: Terrain, cover: CoverArea, line: LineString,
            spans: Sequence[tuple[float, float]]) -> list[bool]:
    """For each span of ``line``, is its middle inside the area and not on
    its edge? A line that runs along an edge only grazes the cover,
    whichever way it is measured. Every middle is asked of shapely at once."""
    if not spans:
        return []
    middles = shapely.line_interpolate_point(line, [(a + b) / 2 for a, b in spans])
    off_edge = shapely.distance(_edge(terrain, cover), middles) > _TINY
    inside = shapely.contains(cover.area, middles)
    return [bool(a and b) for a, b in zip(off_edge, inside, strict=True)]


def _edge(terrain: Terrain, cover: CoverArea) -> BaseGeometry:
    """The boundary of ``cover``'s area, worked out once per terrain."""
    edges = terrain.cache("sightline.edges")
    edge: BaseGeometry | None = edges.get(id(cover))
    if edge is None:
        edge = edges[id(cover)] = cover.area.boundary
    return edge


def _obstacles(line: LineString, obstacles: Iterable[tuple[Obstacle, PreparedGeometry]]
               ) -> tuple[ObstacleCrossing, ...]:
    found = []
    for obstacle, fast in obstacles:
        if not fast.intersects(line):
            continue
        along = _along(line, shapely.get_coordinates(line.intersection(obstacle.geometry)))
        if along:
            found.append(ObstacleCrossing(obstacle, min(along), max(along)))
    found.sort(key=lambda o: (o.at, o.name))
    return tuple(found)


def _bases(pieces: Iterable[Piece], start: XY, end: XY, length: Inches,
           ends: set[str]) -> tuple[BaseCrossing, ...]:
    """Circles against a segment, in plain arithmetic."""
    ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
    found = []
    for piece in pieces:
        if piece.id in ends:
            continue
        wx, wy = piece.x - start[0], piece.y - start[1]
        along = wx * ux + wy * uy
        offset = abs(wx * uy - wy * ux)
        if offset >= piece.radius - EPS:
            continue
        half = math.sqrt(piece.radius ** 2 - offset ** 2)
        enters, leaves = along - half, along + half
        # the part of the chord on the segment must itself cut in by more than EPS
        if leaves <= EPS or enters >= length - EPS:
            continue
        found.append(BaseCrossing(piece.id, max(0.0, enters), min(length, leaves), offset))
    found.sort(key=lambda c: (c.at, c.piece_id))
    return tuple(found)


# -- helpers ---------------------------------------------------------------------------


def _default_rank(line: SightLine) -> tuple[int, int, float, float]:
    return (len(line.bases), len(line.obstacles), round(line.cover_length(), 6),
            round(line.length, 6))


def _across(piece: Piece, toward: XY, samples: int) -> list[XY]:
    """``samples`` points across ``piece``'s base, on the diameter square to
    the line toward ``toward``, from rim to rim."""
    dx, dy = toward[0] - piece.x, toward[1] - piece.y
    norm = math.hypot(dx, dy)
    px, py = -dy / norm, dx / norm
    steps = [-1 + 2 * k / (samples - 1) for k in range(samples)]
    return [(piece.x + s * piece.radius * px, piece.y + s * piece.radius * py) for s in steps]


def _along(line: LineString, coords: Any) -> list[float]:
    """How far along ``line`` each of ``coords`` (an array of x, y) lies,
    every point asked of shapely at once."""
    if len(coords) == 0:
        return []
    return [float(a) for a in shapely.line_locate_point(line, shapely.points(coords))]


def _line_parts(geometry: BaseGeometry) -> list[BaseGeometry]:
    """The line parts of a (possibly multi-part) geometry, in order."""
    if geometry.is_empty:
        return []
    parts = getattr(geometry, "geoms", None)
    if parts is not None:
        return [line for part in parts for line in _line_parts(part)]
    return [geometry] if geometry.geom_type == "LineString" else []  # not a touching point


def _intervals(line: LineString, geometry: BaseGeometry) -> list[tuple[float, float]]:
    """The (from, to) distances along ``line`` of each line part of ``geometry``."""
    parts = _line_parts(geometry)
    if not parts:
        return []
    coords, index = shapely.get_coordinates(parts, return_index=True)
    along = _along(line, coords)
    spans: list[list[float]] = [[] for _ in parts]
    for part, at in zip(index.tolist(), along, strict=True):
        spans[part].append(at)
    return [(min(found), max(found)) for found in spans]


def _merge(intervals: list[tuple[float, float]]) -> tuple[tuple[float, float], ...]:
    """Join stretches that touch (a line split where it crosses a vertex) and
    drop rounding slivers."""
    merged: list[tuple[float, float]] = []
    for a, b in sorted(intervals):
        if merged and a <= merged[-1][1] + _TINY:
            merged[-1] = (merged[-1][0], max(merged[-1][1], b))
        else:
            merged.append((a, b))
    return tuple((a, b) for a, b in merged if b - a > _TINY)
