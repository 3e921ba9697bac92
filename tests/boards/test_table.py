"""The continuous table, on pictures a player would draw."""

from __future__ import annotations

import math
import random

import pytest
from shapely.geometry import LineString, Polygon

from referee.boards.shapes import Shape
from referee.boards.table import Obstacle, Piece, Table, mm_to_inches

R = mm_to_inches(25) / 2
rule = pytest.mark.rule


def put(table: Table, pid: str, x: float, y: float, side: str) -> None:
    table.add(Piece(pid, x, y, R, side))


def around(x: float, y: float, degrees: float) -> tuple[float, float]:
    a = math.radians(degrees)
    return (x + 2 * R * math.cos(a), y + 2 * R * math.sin(a))


def test_distances_are_edge_to_edge_and_contact_is_touching():
    table = Table(24, 24)
    put(table, "a", 5, 5, "x")
    put(table, "b", 5 + 2 * R + 6, 5, "y")
    assert table.distance("a", "b") == pytest.approx(6.0)
    assert table.within("a", "b", 6) and not table.within("a", "b", 5.9)
    put(table, "c", *around(5, 5, 90), "y")
    assert table.in_contact("a", "c") and not table.in_contact("a", "b")


def test_a_charge_across_a_hedge_stops_at_the_hedge():
    hedge = Obstacle("hedge", LineString([(0, 12), (24, 12)]), 1.0)
    table = Table(24, 24, [hedge])
    put(table, "charger", 12, 6, "law")
    put(table, "target", 12, 12 + R + 0.05, "out")
    stop = table.stop_before("charger", hedge, table.pieces["target"].xy)
    assert stop is not None and stop[1] == pytest.approx(12 - R, abs=0.02)
    table.move("charger", stop)
    assert table.engaged_across("charger", "target", 0.5) is hedge
    assert "hedge" in table.sweep_blockers("charger", (12, 13.5))


def test_a_charge_s_stop_is_refused_only_when_farther_from_its_target_than_asked():
    """``within``: a stop no farther from the target than asked is the stop
    found without it; one farther by more than a step is refused."""
    hedge = Obstacle("hedge", LineString([(0, 12), (24, 12)]), 1.0)
    table = Table(24, 24, [hedge])
    put(table, "charger", 12, 6, "law")
    put(table, "target", 12, 12 + R + 0.05, "out")
    target = table.pieces["target"].xy
    stop = table.stop_before("charger", hedge, target)
    assert stop is not None
    gap = math.hypot(target[0] - stop[0], target[1] - stop[1])
    assert table.stop_before("charger", hedge, target, within=gap) == stop
    assert table.stop_before("charger", hedge, target, within=gap + 0.01) == stop
    assert table.stop_before("charger", hedge, target, within=gap - 0.1) is None


def test_a_base_is_stopped_by_a_wall_its_edge_would_graze_but_not_by_a_wall_beyond_reach():
    """Walls are tested only when their box comes within the base's radius of
    the way; the answers are those of the full test of every wall."""
    near = Obstacle("near wall", LineString([(10, 6 + R - 0.05), (14, 6 + R - 0.05)]), 2.0)
    beyond = Obstacle("far wall", LineString([(10, 6 + R + 0.05), (14, 6 + R + 0.05)]), 2.0)
    for wall, blocked in ((near, True), (beyond, False)):
        table = Table(24, 24, [wall])
        put(table, "walker", 4, 6, "x")
        assert (wall.name in table.sweep_blockers("walker", (20, 6))) is blocked
        assert bool(table.crossed_obstacles("walker", (20, 6))) is blocked
    table = Table(24, 24, [near, beyond])
    assert table.obstacles_near((4, 6), (20, 6), R) == [near]
    assert table.obstacles_near((4, 6), (20, 6), R + 0.1) == [near, beyond]
    assert table.obstacles_near((4, 2), (20, 2), R) == []


def test_svg_shows_every_model_obstacle_and_cover():
    from shapely.geometry import Polygon

    from referee.boards.table import CoverArea

    table = Table(24, 24, [Obstacle("wall", LineString([(1, 1), (5, 1)]), 2.0)],
                  [CoverArea("scrub", Polygon([(8, 8), (10, 8), (10, 10)]))])
    put(table, "a", 3, 3, "law")
    put(table, "b", 20, 20, "out")
    picture = table.svg()
    assert picture.startswith("<svg") and picture.count('class="model"') == 2
    assert 'class="obstacle"' in picture and 'class="cover"' in picture


def test_a_segment_and_a_convex_ring_are_convex_a_notched_ring_is_not():
    assert Shape(LineString([(0, 0), (3, 1)]), closed=False).convex
    assert not Shape(LineString([(0, 0), (3, 1), (4, 3)]), closed=False).convex
    assert Shape(Polygon([(0, 0), (4, 0), (4, 2), (0, 3)]), closed=True).convex
    assert not Shape(Polygon([(0, 0), (4, 0), (1, 1), (0, 3)]), closed=True).convex


@pytest.mark.parametrize("shape", [
    Shape(LineString([(0, 0), (3, 1)]), closed=False),
    Shape(Polygon([(0, 0), (4, 0), (4, 2), (0, 3)]), closed=True),
], ids=["fence", "building"])
def test_a_line_leaves_the_points_near_a_convex_shape_where_the_last_one_lies(shape):
    """Shape.leaves against the points of the line, a thousandth apart,
    that lie within reach of the shape."""
    rnd = random.Random(3)
    for _ in range(40):
        px, py = rnd.uniform(-3, 6), rnd.uniform(-3, 5)
        turn = rnd.uniform(0, 2 * math.pi)
        ux, uy, r = math.cos(turn), math.sin(turn), rnd.uniform(0.2, 2)
        near = [k / 1000 for k in range(-15_000, 15_000)
                if shape.point_distance(px + ux * k / 1000, py + uy * k / 1000) < r]
        leaves = shape.leaves(px, py, ux, uy, r)
        if not near:
            assert leaves is None or shape.point_distance(px + ux * leaves, py + uy * leaves) \
                == pytest.approx(r)
            continue
        assert leaves is not None
        assert max(near) <= leaves < max(near) + 0.001 + 1e-9
