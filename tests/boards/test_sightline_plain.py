"""Sight lines measured in plain arithmetic give shapely's crossings: the
same areas and obstacles in the same order, every distance along the line
the same to rounding, on random lines across a concave hedge, a wall, a
building and two overlapping woods (shapely measuring each line itself)."""

from __future__ import annotations

import random

import pytest
from shapely.geometry import LineString, Polygon

from referee.boards import sightline
from referee.boards.table import CoverArea, Obstacle, Terrain

TERRAIN = Terrain(
    obstacles=[Obstacle("wall", LineString([(14, 12), (21, 12), (21, 16)]), 1.0),
               Obstacle("house", Polygon([(17, 17), (22, 17), (22, 21), (17, 21)]), 3.0)],
    covers=[CoverArea("u-hedge", Polygon([(2, 2), (10, 2), (10, 8), (8, 8), (8, 4), (4, 4),
                                          (4, 8), (2, 8)])),
            CoverArea("wood", Polygon([(3, 11), (11, 11), (11, 13), (3, 13)])),
            CoverArea("copse", Polygon([(9, 12), (13, 12), (13, 15), (9, 15)]))])


def _point(rng: random.Random) -> tuple[float, float]:
    """A spot on the table: on the inch now and then (where lines meet corners
    and run along edges), else anywhere."""
    if rng.random() < 0.3:
        return (float(rng.randint(0, 24)), float(rng.randint(0, 24)))
    return (round(rng.uniform(0, 24), 4), round(rng.uniform(0, 24), 4))


def _shapely(start: tuple[float, float], end: tuple[float, float]) -> tuple[
        tuple[sightline.CoverCrossing, ...], tuple[sightline.ObstacleCrossing, ...]]:
    line = LineString([start, end])
    return (sightline._covers(TERRAIN, line, TERRAIN.prepared_covers),
            sightline._obstacles(line, TERRAIN.prepared_obstacles))


def test_lines_measured_plainly_cross_what_shapely_says_where_shapely_says() -> None:
    rng = random.Random(7)
    plain = 0
    for _ in range(3000):
        start, end = _point(rng), _point(rng)
        if start == end:
            continue
        found = sightline._measured_plainly(TERRAIN, start, end, TERRAIN.prepared_covers,
                                            TERRAIN.prepared_obstacles)
        if found is None:  # too close to call: left to shapely
            continue
        plain += 1
        covers, obstacles = found
        want_covers, want_obstacles = _shapely(start, end)
        assert [c.name for c in covers] == [c.name for c in want_covers], (start, end)
        assert [o.name for o in obstacles] == [o.name for o in want_obstacles], (start, end)
        for got, want in zip(covers, want_covers, strict=True):
            assert [x for s in got.stretches for x in s] == pytest.approx(
                [x for s in want.stretches for x in s], abs=1e-9), (start, end)
        for got_o, want_o in zip(obstacles, want_obstacles, strict=True):
            assert (got_o.at, got_o.leaves) == pytest.approx((want_o.at, want_o.leaves),
                                                             abs=1e-9), (start, end)
    assert plain > 1500  # most lines are measured plainly


@pytest.mark.parametrize(("start", "end"), [
    ((2, 1), (2, 9)),      # along the hedge's west edge
    ((1, 1), (3, 3)),      # into its corner
    ((0, 4), (12, 4)),     # along the inner edge of the U
    ((3.5, 5), (9.5, 5)),  # starts inside, near no outline: measured plainly
    ((14, 10), (14, 14)),  # through the wall's end
    ((6, 12), (6, 11)),    # ends on the wood's edge
])
def test_a_line_grazing_a_corner_or_along_an_edge_or_ending_on_one_is_left_to_shapely(
        start: tuple[float, float], end: tuple[float, float]) -> None:
    found = sightline._measured_plainly(TERRAIN, start, end, TERRAIN.prepared_covers,
                                        TERRAIN.prepared_obstacles)
    if start == (3.5, 5):
        assert found is not None
        assert [c.stretches for c in found[0]] == [((0.0, 0.5), (4.5, 6.0))]
    else:
        assert found is None
