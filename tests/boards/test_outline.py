"""A scenario's outlines checked in plain arithmetic answer what shapely
answers: rings on a coarse grid (where sides touch, cross and run along one
line often), rings of any points, the usual shapes, and points a hair from
an area."""

from __future__ import annotations

from random import Random

import pytest
from shapely.geometry import LineString, Point, Polygon

from referee.boards.inches import XY
from referee.boards.outline import area_nearer_than, no_length, proper_area

SHAPES: dict[str, list[XY]] = {
    "house": [(17, 10), (21, 10), (21, 14), (17, 14)],
    "house closed": [(17, 10), (21, 10), (21, 14), (17, 14), (17, 10)],
    "barn": [(3, 17), (9, 17), (9, 19), (5, 19), (5, 22), (3, 22)],
    "rock": [(14, 18), (16.5, 19.3), (14.7, 21.1)],
    "a corner on a straight side": [(0, 0), (2, 0), (4, 0), (4, 3), (0, 3)],
    "bow tie": [(0, 0), (4, 4), (4, 0), (0, 4)],
    "spike": [(0, 0), (4, 0), (4, 3), (4, 5), (4, 3), (0, 3)],
    "flat": [(0, 0), (2, 0), (4, 0)],
    "a corner twice": [(0, 0), (4, 0), (4, 0), (4, 3), (0, 3)],
    "touching itself": [(0, 0), (4, 0), (4, 4), (2, 0.0), (0, 4)],
    "a hair from touching itself": [(0, 0), (4, 0), (4, 4), (2, 1e-9), (0, 4)],
    "a side along another": [(0, 0), (6, 0), (6, 2), (4, 2), (4, 0), (2, 0), (2, 2), (0, 2)],
}


def shapely_valid(points: list[XY]) -> bool:
    return len(points) >= 3 and bool(Polygon(points).is_valid)


@pytest.mark.parametrize("name", SHAPES)
def test_a_known_shape_is_a_proper_area_as_shapely_says(name: str) -> None:
    assert proper_area(SHAPES[name]) == shapely_valid(SHAPES[name])


def test_the_usual_shapes_are_proper_and_the_broken_ones_not() -> None:
    assert all(proper_area(SHAPES[name]) for name in ("house", "barn", "rock", "house closed"))
    assert not any(proper_area(SHAPES[name]) for name in ("bow tie", "spike", "flat"))


def random_ring(rng: Random) -> list[XY]:
    """Three to seven corners on a grid of 1, 1/2 or 1/4 inch, or anywhere,
    sometimes closed back to the first."""
    step = rng.choice([1.0, 0.5, 0.25, 0.0])
    corners = [(rng.randint(0, 8) * step, rng.randint(0, 8) * step) if step
               else (rng.uniform(0, 24), rng.uniform(0, 24)) for _ in range(rng.randint(3, 7))]
    return corners + corners[:1] if rng.random() < 0.2 else corners


def test_random_rings_are_proper_areas_exactly_when_shapely_says() -> None:
    rng = Random(28)
    for _ in range(5000):
        ring = random_ring(rng)
        if len(set(ring)) < 3 and ring[0] == ring[-1]:
            continue  # shapely refuses to make such a ring at all
        assert proper_area(ring) == shapely_valid(ring), ring


def test_a_point_is_near_an_area_exactly_when_shapely_says() -> None:
    rng = Random(5)
    areas = [ring for ring in (random_ring(rng) for _ in range(3000)) if proper_area(ring)]
    for ring in areas[:400]:
        polygon = Polygon(ring)
        spots = [(rng.uniform(-2, 26), rng.uniform(-2, 26)) for _ in range(3)] + ring
        for xy in spots:
            for limit in (0.0, 1e-12, 0.49, 0.5, rng.uniform(0, 3)):
                assert area_nearer_than(ring, xy, limit) == \
                    (polygon.distance(Point(xy)) < limit), (ring, xy, limit)
            gap = polygon.distance(Point(xy))
            for hair in (-1e-12, 0.0, 1e-12):  # a limit a rounding away from the distance
                assert area_nearer_than(ring, xy, gap + hair) == (gap < gap + hair)


@pytest.mark.parametrize("points", [
    [(1.0, 2.0), (1.0, 2.0)], [(1.0, 2.0), (1.0, 2.0), (1.0, 2.0)], [(0.0, 0.0), (0.0, 1.0)],
    [(0.0, 0.0), (0.0, 0.0), (3.0, 4.0)], [(0.0, 0.0), (1e-170, 0.0)],
    [(0.0, 0.0), (1e-120, 0.0)], [(0.0, 0.0), (5e-324, 5e-324)],
])
def test_a_line_has_no_length_exactly_when_shapely_says(points: list[XY]) -> None:
    assert no_length(points) == (LineString(points).length == 0)
