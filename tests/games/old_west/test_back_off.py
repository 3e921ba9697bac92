"""Backing off on the continuous table (moved here from the board's tests:
the back-off is an Old West rule), on pictures a player would draw."""

from __future__ import annotations

import math
import random

import pytest
from shapely.geometry import LineString, Point, Polygon

from referee.boards.shapes import Shape
from referee.boards.table import Drop, Obstacle, Piece, Table, mm_to_inches
from referee.games.old_west.back_off import _guided_way, _way_to_gap, back_off, make_way

R = mm_to_inches(25) / 2
rule = pytest.mark.rule


def put(table: Table, pid: str, x: float, y: float, side: str) -> None:
    table.add(Piece(pid, x, y, R, side))


def around(x: float, y: float, degrees: float) -> tuple[float, float]:
    a = math.radians(degrees)
    return (x + 2 * R * math.cos(a), y + 2 * R * math.sin(a))


@rule("OW-SUR-1", "OW-SUR-4")
def test_against_a_fence_with_enemies_on_two_sides_is_surrounded():
    """The fence behind him, one enemy in front, one on his flank."""
    fence = Obstacle("fence", LineString([(0, 10), (24, 10)]), 1.0)
    table = Table(24, 24, [fence])
    put(table, "loser", 12, 10 + R + 0.001, "law")
    put(table, "front", *around(12, 10 + R + 0.001, 45), "out")
    put(table, "flank", *around(12, 10 + R + 0.001, 135), "out")
    assert back_off(table, "loser", ["front", "flank"]).surrounded
    # without the fence he could step back over the line: the fence is what traps him
    open_ground = Table(24, 24)
    for pid, piece in table.pieces.items():
        open_ground.add(Piece(pid, piece.x, piece.y, piece.radius, piece.side))
    assert not back_off(open_ground, "loser", ["front", "flank"]).surrounded


@rule("OW-BCK-2", "OW-MUL-3")
def test_backing_off_between_two_enemies_through_a_gap():
    table = Table(24, 24)
    put(table, "loser", 12, 12, "law")
    put(table, "winner", *around(12, 12, 90), "out")
    wide = 1.2  # the gap, wider than a 25 mm base
    put(table, "left", 12 - R - wide / 2, 12 - 1.6, "out")
    put(table, "right", 12 + R + wide / 2, 12 - 1.6, "out")
    assert table.fits_between("left", "right", R)
    spots = back_off(table, "loser", ["winner"]).spots
    assert spots and spots[0] == pytest.approx((12, 11), abs=0.01)  # straight back, through the gap
    for spot in spots:  # never into contact with another enemy
        for other in ("left", "right"):
            o = table.pieces[other]
            assert math.hypot(spot[0] - o.x, spot[1] - o.y) > 2 * R
    narrow = Table(24, 24)
    put(narrow, "loser", 12, 12, "law")
    put(narrow, "winner", *around(12, 12, 90), "out")
    put(narrow, "left", 12 - R - 0.3, 12 - 1.2, "out")
    put(narrow, "right", 12 + R + 0.3, 12 - 1.2, "out")
    assert not narrow.fits_between("left", "right", R)
    spots = back_off(narrow, "loser", ["winner"]).spots
    assert all(s[0] != pytest.approx(12) for s in spots)


@rule("OW-SUR-5")
def test_a_loser_at_a_cliff_edge_goes_over_it():
    edge = Drop("cliff", LineString([(0, 10), (24, 10)]), 3.0)
    table = Table(24, 24, drops=[edge])
    put(table, "loser", 12, 10 + R + 0.1, "law")
    put(table, "left", *around(12, 10 + R + 0.1, 20), "out")
    put(table, "right", *around(12, 10 + R + 0.1, 160), "out")
    put(table, "front", *around(12, 10 + R + 0.1, 90), "out")
    result = back_off(table, "loser", ["left", "right", "front"])
    assert not result.surrounded and result.over is edge
    assert all(y < 10 for _, y in result.spots)


@rule("OW-SUR-3")
def test_a_surrounded_loser_is_let_through_off_the_enemy_bases():
    table = Table(24, 24)
    put(table, "loser", 12, 12, "law")
    for i, a in enumerate((90, 210, 330)):
        put(table, f"e{i}", *around(12, 12, a), "out")
    assert back_off(table, "loser", ["e0", "e1", "e2"]).surrounded
    make_way(table, "loser", ["e0", "e1", "e2"])
    assert all(not table.in_contact("loser", f"e{i}") for i in range(3))


@rule("OW-OBS-1", "OW-BCK-1")
def test_the_loser_of_a_fight_across_a_thick_wall_backs_off_from_it():
    """A stone wall a quarter of an inch thick, drawn as an outline: the
    loser of a fight across it backs off 1" from the wall and the winner."""
    wall = Obstacle("wall", Polygon([(0, 10), (24, 10), (24, 10.25), (0, 10.25)]), 1.0)
    table = Table(24, 24, [wall])
    put(table, "loser", 12, 10 - R - 0.2, "law")
    put(table, "winner", 12, 10.25 + R + 0.2, "out")
    assert table.engaged_across("loser", "winner", 0.5) is wall
    spots = back_off(table, "loser", ["winner"], [wall]).spots
    assert spots and spots[0] == pytest.approx((12, 10 - R - 1.2), abs=0.01)
    winner = table.pieces["winner"]
    for spot in spots:  # each gap 1" wider than it was (0.2" to the wall, 0.65" to the winner)
        assert wall.geometry.distance(Point(spot)) - R >= 1.2 - 0.001
        assert math.dist(spot, winner.xy) - 2 * R >= 1.65 - 0.001


@rule("OW-BCK-1")
def test_the_spots_offered_are_distinct_places_half_an_inch_apart():
    """House rule SPOTS_APART: in open ground a loser backing off 1" from one
    enemy could end anywhere on an arc of 150° (within 75° of straight back),
    about 2.6" long at 1" out; the eight spots offered lie at least 0.5" from
    each other, the first straight back."""
    table = Table(24, 24)
    put(table, "loser", 12, 12, "law")
    put(table, "winner", *around(12, 12, 90), "out")
    spots = back_off(table, "loser", ["winner"]).spots
    assert spots[0] == pytest.approx((12, 11), abs=0.01)
    assert len(spots) >= 3
    for i, (ax, ay) in enumerate(spots):
        for bx, by in spots[i + 1:]:
            assert math.hypot(ax - bx, ay - by) >= 0.5


@pytest.mark.parametrize("shape", [
    Shape(LineString([(0, 0), (3, 1)]), closed=False),
    Shape(Polygon([(0, 0), (4, 0), (4, 2), (0, 3)]), closed=True),
], ids=["fence", "building"])
def test_the_way_to_a_gap_from_a_convex_obstacle_is_the_same_guided_as_measured(shape):
    """Guided by where the way leaves the points near a convex obstacle, the
    way to the gap wanted is the one measuring every step finds, to the bit."""
    assert shape.convex
    rnd = random.Random(7)
    for _ in range(300):
        px, py = rnd.uniform(-2, 6), rnd.uniform(-2, 5)
        turn = rnd.uniform(0, 2 * math.pi)
        ux, uy = math.cos(turn), math.sin(turn)
        wanted = shape.point_distance(px, py) + rnd.uniform(0.5, 2)
        start, reach = rnd.uniform(0.5, 1.5), rnd.uniform(1, 4)
        guided = _guided_way(shape, wanted, px, py, ux, uy, start, reach)
        assert guided == _way_to_gap(shape.point_distance, wanted, px, py, ux, uy, start, reach)
