"""The table answers in plain arithmetic what shapely answers (the
yardstick in ``shapely_table.py``): bases of both games' sizes scattered
over fences, walls, a house, an L-shaped barn, a rock, cover areas and
drops, many of them a hair from the terrain, where a rounding could tip
the answer."""

from __future__ import annotations

import math
from random import Random

import pytest
from shapely.geometry import LineString, Point, Polygon
from tests.boards import shapely_table as plain

from referee.boards.shapes import nearest_point, unit
from referee.boards.sweep import Ring, base_in_way
from referee.boards.table import EPS, XY, CoverArea, Drop, Obstacle, Piece, Table

OBSTACLES = (
    Obstacle("fence", LineString([(3, 12), (14, 12)]), 1.0),
    Obstacle("zigzag", LineString([(2, 4), (5, 6.5), (8, 4.2), (11, 6.9)]), 0.5),
    Obstacle("house", Polygon([(17, 10), (21, 10), (21, 14), (17, 14)]), 3.0),
    Obstacle("barn", Polygon([(3, 17), (9, 17), (9, 19), (5, 19), (5, 22), (3, 22)]), 2.0),
    Obstacle("rock", Polygon([(14, 18), (16.5, 19.3), (14.7, 21.1)]), 1.5),
)
COVERS = (
    CoverArea("scrub", Polygon([(8, 15), (12, 15), (12, 18), (8, 18)])),
    CoverArea("corn", Polygon([(13, 2), (20, 3.5), (15, 8)])),
)
DROPS = (
    Drop("gulch", LineString([(0, 17.5), (6, 17.5)]), 2.0),
    Drop("cliff", LineString([(18, 16), (20, 19), (23.5, 19.5)]), 3.0),
)
RADII = (25 / 25.4 / 2, 30 / 25.4 / 2, 40 / 25.4 / 2, 60 / 25.4 / 2)


def near_terrain(rng: Random, radius: float, obstacles_only: bool = False) -> XY:
    """A spot whose distance to some piece of terrain's outline is within a
    hair of ``radius`` (or of ``radius`` less the table's tolerances), on the
    table's grid or not."""
    geometry = rng.choice([o.geometry for o in OBSTACLES] if obstacles_only else
                          [*(o.geometry for o in OBSTACLES), *(d.edge for d in DROPS),
                           *(c.area for c in COVERS)])
    line = geometry.exterior if isinstance(geometry, Polygon) else geometry
    at = line.interpolate(rng.uniform(0, line.length))
    angle = rng.uniform(0, 2 * math.pi)
    nearest = line.interpolate(line.project(Point(at.x + math.cos(angle),
                                                  at.y + math.sin(angle))))
    ux, uy = unit(at.x + math.cos(angle) - nearest.x, at.y + math.sin(angle) - nearest.y)
    gap = radius - rng.choice([0.0, EPS, EPS / 2, 0.0]) + rng.choice([0.0, 1e-9, -1e-9, 1e-5,
                                                                      -1e-5, 3e-3, -3e-3])
    x, y = nearest.x + gap * ux, nearest.y + gap * uy
    return (round(x, 4), round(y, 4)) if rng.random() < 0.5 else (x, y)


def scattered(rng: Random) -> Table:
    table = Table(24, 24, OBSTACLES, COVERS, DROPS)
    for n in range(6):
        radius = rng.choice(RADII)
        x, y = near_terrain(rng, radius) if n % 2 else (rng.uniform(0, 24), rng.uniform(0, 24))
        table.add(Piece(f"m{n}", x, y, radius, "ab"[n % 2]))
    return table


def close_call(table: Table, mover: str, to: XY) -> bool:
    """Does the way, or its end, come within a hair of touching some
    obstacle (as the table's tolerances reckon touching)?"""
    p = table.pieces[mover]
    path = Point(to) if p.xy == to else LineString([p.xy, to])
    return any(abs(path.distance(o.geometry) - (p.radius - EPS)) < 0.005
               or abs(Point(to).distance(o.geometry) - (p.radius - EPS / 2)) < 0.005
               for o in OBSTACLES)


def test_ways_across_the_table_are_blocked_as_shapely_says():
    rng = Random(3)
    close = blocked = 0
    for _ in range(1200):
        table = scattered(rng)
        mover = rng.choice(list(table.pieces))
        p = table.pieces[mover]
        if rng.random() < 0.6:
            to = near_terrain(rng, p.radius, obstacles_only=True)
            if rng.random() < 0.5:  # a short way there, along the obstacle or toward it
                angle = rng.uniform(0, 2 * math.pi)
                table.move(mover, (to[0] + 0.4 * math.cos(angle), to[1] + 0.4 * math.sin(angle)))
        else:
            angle, length = rng.uniform(0, 2 * math.pi), rng.choice([0.0, 0.5, 3.0, 8.0])
            to = (p.x + length * math.cos(angle), p.y + length * math.sin(angle))
        others = [i for i in table.pieces if i != mover]
        ignore = tuple(rng.sample(others, rng.randint(0, 2)))
        crossed = table.crossed_obstacles(mover, to)
        assert crossed == plain.crossed_obstacles(table, mover, to)
        crossable = crossed if rng.random() < 0.5 else []
        over_drops = rng.random() < 0.3
        listed = table.sweep_blockers(mover, to, ignore, crossable, over_drops)
        assert listed == plain.sweep_blockers(table, mover, to, ignore, crossable, over_drops)
        assert table.path_clear(mover, to, ignore, crossable, over_drops) == (not listed)
        assert table.around(mover, 9.0).path_clear(to, ignore, crossable, over_drops) == \
            (not listed)
        close += close_call(table, mover, to)
        blocked += bool(listed)
    assert close > 250 and 300 < blocked < 1000, (close, blocked)


def test_lines_cover_and_fights_across_are_shapelys():
    rng = Random(5)
    across = inside = under = 0
    for _ in range(1200):
        table = scattered(rng)
        a, b = rng.sample(list(table.pieces), 2)
        pa, pb = table.pieces[a], table.pieces[b]
        if rng.random() < 0.5:  # b straight across the obstacle nearest to a
            wall = min(OBSTACLES, key=lambda o: o.geometry.distance(Point(pa.xy)))
            outline = getattr(wall.geometry, "exterior", wall.geometry)
            nx, ny = nearest_point(outline, pa.xy)
            ux, uy = unit(nx - pa.x, ny - pa.y)
            gap = pb.radius + rng.choice([0.0, 0.3, 0.5 + EPS, 0.5 + EPS / 2, 1.0])
            table.move(b, (nx + gap * ux, ny + gap * uy))
        assert list(table.obstacles_between(pa.xy, pb.xy)) == plain.obstacles_between(
            table, pa.xy, pb.xy)
        assert table.drops_between(pa.xy, pb.xy) == plain.drops_between(table, pa.xy, pb.xy)
        assert table.in_cover_area(a) == plain.in_cover_area(table, a)
        assert table.obstacles_under(a) == plain.obstacles_under(table, a)
        for reach in (0.0, 0.5, 1.0):
            found = table.across_at(pa.xy, pa.radius, b, reach)
            assert found == plain.across_at(table, pa.xy, pa.radius, b, reach)
            across += found is not None
            going = rng.choice([0.0, 1.0, 3.0])  # a spot within ``going`` of a, across from b
            angle, far = rng.uniform(0, 2 * math.pi), rng.uniform(0, going)
            spot = (pa.x + far * math.cos(angle), pa.y + far * math.sin(angle))
            if found is not None or table.across_at(spot, pa.radius, b, reach) is not None:
                assert table.may_face_across(a, going, b, reach)
        for obstacle in OBSTACLES:
            limit = pa.radius + rng.choice([0.0, 0.5, EPS])
            assert table.near_obstacle(obstacle, pa.xy, limit) == plain.near_obstacle(
                obstacle, pa.xy, limit)
        inside += table.in_cover_area(a) is not None
        under += bool(table.obstacles_under(a))
    assert across > 300 and inside > 50 and under > 150, (across, inside, under)


def test_a_rings_first_spot_is_the_first_the_base_reaches():
    """:meth:`Ring.first_reached` remembers what barred earlier ways (and is
    told of the obstacles between charger and target) to refuse later ones
    unmeasured: its choice is the first contact spot :meth:`Around.reaches`
    finds open, on tables crowded about the target and strewn with fences."""
    rng = Random(11)
    found = refused = remembered = 0
    for _ in range(2000):
        table = scattered(rng)
        mover, target = rng.sample(list(table.pieces), 2)
        t = table.pieces[target]
        for n, other in enumerate(rng.sample(list(table.pieces), 3)):  # a crowd about the target
            if other not in (mover, target) and n < 2:
                angle = rng.uniform(0, 2 * math.pi)
                near = t.radius + table.pieces[other].radius + rng.choice([0.0, EPS / 2, 0.3])
                table.move(other, (t.x + near * math.cos(angle), t.y + near * math.sin(angle)))
        if rng.random() < 0.5:  # the mover straight across an obstacle from its target
            m = table.pieces[mover]
            gap = rng.uniform(0.5, 5.0)
            angle = rng.uniform(0, 2 * math.pi)
            table.move(mover, (t.x + (gap + m.radius + t.radius) * math.cos(angle),
                               t.y + (gap + m.radius + t.radius) * math.sin(angle)))
        others = [i for i in table.pieces if i not in (mover, target)]
        if rng.random() < 0.5:  # a base a hair from the way straight to the target
            m, t, o = table.pieces[mover], table.pieces[target], table.pieces[others[0]]
            ux, uy = unit(t.x - m.x, t.y - m.y)
            along = rng.uniform(0.2, 0.8)
            aside = (m.radius + o.radius) * rng.choice([1, -1]) + rng.choice(
                [-EPS, -EPS / 2, 0.0, EPS / 2, EPS, 0.1])
            table.move(o.id, (m.x + along * (t.x - m.x) - aside * uy,
                              m.y + along * (t.y - m.y) + aside * ux))
        if rng.random() < 0.4:  # a base in front of the mover, touching it or nearly
            m, t, o = table.pieces[mover], table.pieces[target], table.pieces[others[-1]]
            turn = math.atan2(t.y - m.y, t.x - m.x) + rng.uniform(-0.6, 0.6)
            near = m.radius + o.radius + rng.choice([0.0, EPS / 2, EPS, 0.05, 0.3])
            table.move(o.id, (m.x + near * math.cos(turn), m.y + near * math.sin(turn)))
        limit = rng.choice([2.0, 4.0, 6.0 + EPS, 9.0])
        highest, each = rng.choice([(1.0, 2.0), (1.5, 0.0), (0.0, 2.0), (math.inf, 1.0)])
        ways = table.around(mover, limit)
        spots = list(table.contact_spots(mover, target))
        plain_first = next((s for s in spots
                            if ways.reaches(s, limit, (target,), highest, each)), None)
        m, t = table.pieces[mover], table.pieces[target]
        ring = Ring(ways, target, limit, highest, each, table.obstacles_between(m.xy, t.xy))
        assert ring.first_reached(spots) == plain_first
        found += plain_first is not None
        refused += plain_first is None
        remembered += bool(ring.met or ring.jumps)
    assert found > 250 and refused > 300 and remembered > 500, (found, refused, remembered)



@pytest.mark.parametrize("name", ["bob", "edge", "far"])
def test_a_ring_tells_a_base_named_like_a_word_from_the_table_edge(name: str) -> None:
    """A target by the table's edge whose id is a word a barrier is also
    told by (``edge``, ``far``): the ways off the table are not taken for
    ways through the target, and :class:`Ring` finds the spot
    :meth:`Around.reaches` finds."""
    table = Table(48, 48)
    table.add(Piece("m", 1, 14, 1.0, "a"))
    table.add(Piece(name, 0.5, 10, 0.5, "b"))
    ways = table.around("m", 6.0)
    spots = list(table.contact_spots("m", name))
    plain_first = next(s for s in spots if ways.reaches(s, 6.0, (name,)))
    assert Ring(ways, name, 6.0, math.inf, 0.0).first_reached(spots) == plain_first
    assert plain_first == pytest.approx((1.18, 11.34), abs=0.01)

def test_a_base_said_to_shadow_a_targets_circle_bars_every_way_to_it():
    """When a :class:`Ring` finds that a base barring one way casts a shadow
    over the target's whole circle of contact spots, every point of that
    circle is barred by it, as :func:`base_in_way` measures (all moved onto
    a table so wide that no spot is barred by its edge first)."""
    rng = Random(5)
    shadows = 0
    off = 100.0
    wide = Table(24 + 2 * off, 24 + 2 * off)
    for _ in range(3000):
        table = scattered(rng)
        mover, target, other = rng.sample(list(table.pieces), 3)
        m, t, o = table.pieces[mover], table.pieces[target], table.pieces[other]
        turn = math.atan2(t.y - m.y, t.x - m.x) + rng.uniform(-0.8, 0.8)
        near = m.radius + o.radius + rng.choice([0.0, EPS / 2, EPS, 0.05, 0.3, 1.0])
        table.move(other, (m.x + near * math.cos(turn), m.y + near * math.sin(turn)))
        if rng.random() < 0.5:  # the target a little way off
            gap, angle = rng.uniform(0.0, 3.0) + m.radius + t.radius, rng.uniform(0, 2 * math.pi)
            table.move(target, (m.x + gap * math.cos(angle), m.y + gap * math.sin(angle)))
        ways = table.around(mover, 30.0)
        base = next(b for b in ways.others if b[5] == other)
        if not Ring(ways, target, 30.0, 1.0, 2.0)._shadowed(base):
            continue
        shadows += 1
        contact = m.radius + t.radius
        mover_there = Piece(mover, m.x + off, m.y + off, m.radius, m.side)
        base_there = (base[0] + off, base[1] + off, base[2], base[3], base[4], base[5])
        for k in range(360):
            angle = math.radians(k)
            spot = (off + t.x + contact * math.cos(angle), off + t.y + contact * math.sin(angle))
            assert base_in_way(wide, mover_there, spot, (), [base_there]) == base_there
    assert shadows > 1000, shadows
