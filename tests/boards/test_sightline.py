"""Sight lines on the continuous table, on pictures a player would draw.

In the drawings each character is a point on a one-inch grid: x runs right
(columns labelled by the last digit of x), y runs up (rows labelled on the
left, some rows left out), and the origin is the bottom left, as on the table.
``A`` and ``B`` are the two ends, ``#`` a point in or on a cover area, ``|`` a
wall, ``H`` a building, ``o`` another model's centre and ``-`` the line.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString, Polygon, box

from referee.boards.sightline import best_sight, measure_line, measure_sight
from referee.boards.table import EPS, CoverArea, Obstacle, Piece, Table

R = 0.5  # a 25 mm base is a little smaller; round numbers keep the drawings exact


def table(*, covers: dict[str, Polygon] | None = None, obstacles: tuple[Obstacle, ...] = (),
          pieces: dict[str, tuple[float, float]] | None = None, radius: float = R) -> Table:
    t = Table(24, 24, obstacles, [CoverArea(n, a) for n, a in (covers or {}).items()])
    for pid, (x, y) in (pieces or {}).items():
        t.add(Piece(pid, x, y, radius, "a" if pid == "A" else "b"))
    return t


def flat(pairs: Iterable[Iterable[float]]) -> list[float]:
    return [x for pair in pairs for x in pair]


def test_a_line_through_a_square_cover_is_inside_for_its_width():
    """
        7 . . . . # # # # . . . .
        6 . . . . # # # # . . . .
        5 . A - - # # # # - - - B      A (1,5), B (11,5): 10" long
        4 . . . . # # # # . . . .
        3 . . . . # # # # . . . .      scrub x 4..7, y 3..7
          0 1 2 3 4 5 6 7 8 9 0 1
    In the scrub from 3" to 6" along the line: 3". Seen from B, from 4" to 7".
    """
    t = table(covers={"scrub": box(4, 3, 7, 7)}, pieces={"A": (1, 5), "B": (11, 5)})
    sight = measure_sight(t, "A", "B")
    assert sight.length == pytest.approx(10)
    (scrub,) = sight.covers
    assert scrub.name == "scrub"
    assert scrub.inside == pytest.approx(3)
    assert flat(scrub.stretches) == pytest.approx([3, 6])
    assert sight.inside("scrub") == pytest.approx(3) and sight.inside("wood") == 0
    back = measure_sight(t, "B", "A")
    assert flat(back.covers[0].stretches) == pytest.approx([4, 7])
    assert sight.bases == () and sight.obstacles == ()


def test_a_line_grazing_a_corner_or_running_along_an_edge_is_not_inside():
    r"""
        9 . . . A . . . . . . .
        8 . C . . \ . . . . . .      scrub x 4..7, y 2..5
        7 . . \ . . \ . . . . .
        6 . . . \ . . \ . . . .      A (3,9) to G (9,3) touches only the corner (7,5)
        5 . E - - * # # * - - F      C (1,8) to D (8,1) cuts corner (4,5) to corner (7,2)
        4 . . . . # \ # # \ . .      E (1,5) to F (10,5) runs along the top edge
        3 . . . . # # \ # . G .
        2 . . . . # # # * . . .
        1 . . . . . . . . D . .
          0 1 2 3 4 5 6 7 8 9 0
    The diagonal enters at 3 x sqrt 2 = 4.24" and is inside for another 4.24".
    The graze is not inside at all, and neither is the line along the top edge.
    """
    t = table(covers={"scrub": box(4, 2, 7, 5)},
              pieces={"A": (3, 9), "G": (9, 3), "C": (1, 8), "D": (8, 1),
                      "E": (1, 5), "F": (10, 5)})
    assert measure_sight(t, "A", "G").covers == ()
    diagonal = measure_sight(t, "C", "D")
    assert diagonal.length == pytest.approx(7 * math.sqrt(2))
    assert flat(diagonal.covers[0].stretches) == pytest.approx(
        [3 * math.sqrt(2), 6 * math.sqrt(2)])
    assert measure_sight(t, "E", "F").covers == ()  # along the edge
    # a hair inside the edge it is inside the whole width
    assert measure_line(t, (1, 4.999), (10, 4.999)).inside("scrub") == pytest.approx(3)


def test_a_line_through_two_cover_areas_lists_them_in_order():
    """
        7 . . . . . . . . # # # # . . . .
        6 . . . # # # . . # # # # . . . .
        5 . A - # # # - - # # # # - - - B     A (1,5), B (15,5)
        4 . . . # # # . . # # # # . . . .     scrub x 3..5, y 4..6
        2 . . . . . . . . # # # # . . . .     field x 8..11.5, y 2..7
          0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5
    Scrub from 2" to 4" (2"), then field from 7" to 10.5" (3.5"): 5.5" in all.
    """
    t = table(covers={"field": box(8, 2, 11.5, 7), "scrub": box(3, 4, 5, 6)},
              pieces={"A": (1, 5), "B": (15, 5)})
    sight = measure_sight(t, "A", "B")
    assert [c.name for c in sight.covers] == ["scrub", "field"]
    assert [c.inside for c in sight.covers] == pytest.approx([2, 3.5])
    assert [c.enters for c in sight.covers] == pytest.approx([2, 7])
    assert sight.cover_inside() == pytest.approx(5.5)
    assert sight.cover_inside(["field"]) == pytest.approx(3.5)
    assert [c.name for c in measure_sight(t, "B", "A").covers] == ["field", "scrub"]


def test_overlapping_areas_count_their_shared_inches_once():
    """
        7 . . . # # # # # . . . . . . . .
        6 . . . # # # + + + + . . . . . .     woods x 3..7, y 3..7
        5 . A - # # # + + + + - - - - - B     bushes x 6..9, y 4..6 (+: both)
        4 . . . # # # + + + + . . . . . .     A (1,5), B (15,5)
        3 . . . # # # # # . . . . . . . .
          0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5
    Woods from 2" to 6" (4"), bushes from 5" to 8" (3"): each area lists its
    own stretch, but the line is in cover from 2" to 8", 6" in all (not 7").
    Leaving out the first 3" and the last 6" of the line keeps 3" to 8".
    """
    t = table(covers={"woods": box(3, 3, 7, 7), "bushes": box(6, 4, 9, 6)},
              pieces={"A": (1, 5), "B": (15, 5)})
    sight = measure_sight(t, "A", "B")
    assert [c.inside for c in sight.covers] == pytest.approx([4, 3])
    assert sight.cover_inside() == pytest.approx(7)
    assert flat(sight.cover_stretches()) == pytest.approx([2, 8])
    assert sight.cover_length() == pytest.approx(6)
    assert sight.cover_length(["bushes"]) == pytest.approx(3)
    assert sight.cover_length(start=3, end=8) == pytest.approx(5)
    assert sight.cover_length(start=9) == 0
    assert measure_sight(t, "B", "A").cover_length() == pytest.approx(6)


def test_a_u_shaped_hedge_gives_two_stretches_of_one_area():
    """
        7 . . # # # # # # . . .
        6 . . # # # # # # . . .     a U-shaped hedge: arms x 2..3 and 6..7,
        5 . . # # . . # # . . .     joined at the top (y 6..7)
        4 A - # # - - # # - - B     A (0,4), B (10,4)
        3 . . # # . . # # . . .
        2 . . # # . . # # . . .
          0 1 2 3 4 5 6 7 8 9 0
    Inside from 2" to 3" and from 6" to 7": 2" of the same area. Along the
    inside edge of the join (y = 6) only the arms count: the middle runs on
    the edge.
    """
    hedge = Polygon([(2, 2), (3, 2), (3, 6), (6, 6), (6, 2), (7, 2), (7, 7), (2, 7)])
    t = table(covers={"hedge": hedge}, pieces={"A": (0, 4), "B": (10, 4)})
    (crossing,) = measure_sight(t, "A", "B").covers
    assert flat(crossing.stretches) == pytest.approx([2, 3, 6, 7])
    assert crossing.inside == pytest.approx(2)
    along_join = measure_line(t, (0, 6), (10, 6))
    assert flat(along_join.covers[0].stretches) == pytest.approx([2, 3, 6, 7])


def test_a_line_that_ends_inside_cover_counts_up_to_the_centre():
    """
        7 . . . . # # # # .
        5 . A - - # # B # .      A (1,5), B (6,5) stands in the scrub (x 4..7, y 3..7)
        3 . . . . # # # # .
          0 1 2 3 4 5 6 7 8
    From A: inside from 3" to 5" (2"), the part behind B not counted. From B:
    from 0" to 2".
    """
    t = table(covers={"scrub": box(4, 3, 7, 7)}, pieces={"A": (1, 5), "B": (6, 5)})
    assert flat(measure_sight(t, "A", "B").covers[0].stretches) == pytest.approx([3, 5])
    assert flat(measure_sight(t, "B", "A").covers[0].stretches) == pytest.approx([0, 2])


def test_a_base_sitting_on_the_line_is_crossed_where_the_line_meets_its_rim():
    """
        5 . A - - - - o - - - - B      A (1,5), B (11,5), o (6,5), all 1" bases
          0 1 2 3 4 5 6 7 8 9 0 1
    The line meets o's rim 4.5" along and leaves it at 5.5".
    """
    t = table(pieces={"A": (1, 5), "B": (11, 5), "o": (6, 5)})
    sight = measure_sight(t, "A", "B")
    (o,) = sight.bases
    assert (o.piece_id, o.at, o.leaves, o.offset) == pytest.approx(("o", 4.5, 5.5, 0))
    assert sight.crossed_ids == ("o",)


def test_a_base_just_off_the_line_is_crossed_by_its_chord():
    """
        5.3 . . . . . . o . . . . .      o (6,5.3), 0.3" off the line
        5   . A - - - - - - - - - B      A (1,5), B (11,5)
            0 1 2 3 4 5 6 7 8 9 0 1
    Half the chord is sqrt(0.5^2 - 0.3^2) = 0.4", so the line meets o 4.6" along
    and leaves at 5.4".
    """
    t = table(pieces={"A": (1, 5), "B": (11, 5), "o": (6, 5.3)})
    (o,) = measure_sight(t, "A", "B").bases
    assert (o.at, o.leaves, o.offset) == pytest.approx((4.6, 5.4, 0.3))


def test_a_base_the_line_only_touches_is_not_crossed():
    """
        5.5 . . . . . . o . . . . .      o (6,5.5): its rim touches the line at (6,5)
        5   . A - - - - - - - - - B      A (1,5), B (11,5)
            0 1 2 3 4 5 6 7 8 9 0 1
    Tangent is not crossed, and neither is cutting in by less than the table's
    contact tolerance (0.01"). Cutting in by 0.02" is crossed.
    """
    for y, crossed in ((5.5, False), (5.5 - EPS / 2, False), (5.48, True)):
        t = table(pieces={"A": (1, 5), "B": (11, 5), "o": (6, y)})
        assert bool(measure_sight(t, "A", "B").bases) is crossed, y


def test_bases_beyond_either_end_are_not_on_the_line():
    """
        5 . o A - - - - B o .      the line stops at the centres of A (2,5) and B (7,5);
          0 1 2 3 4 5 6 7 8 9      o (0.9,5) and o (8.1,5) all but touch A and B from behind
    """
    t = table(pieces={"A": (2, 5), "B": (7, 5), "behind": (0.9, 5), "beyond": (8.1, 5)})
    assert measure_sight(t, "A", "B").bases == ()


def test_obstacles_are_met_in_order_with_their_height():
    """
       10 . . . . . . . . | . . .
        6 . . . H H . . . | . . .      a house x 3..4, y 4..6, 3" high
        5 . A - H H - - - | - - B      a wall x = 8, y 0..10, 1.5" high
        4 . . . H H . . . | . . .      A (1,5), B (11,5)
          0 1 2 3 4 5 6 7 8 9 0 1
    The house is met 2" along and left at 3"; the wall is met at 7".
    """
    wall = Obstacle("wall", LineString([(8, 0), (8, 10)]), 1.5)
    house = Obstacle("house", box(3, 4, 4, 6), 3.0)
    t = table(obstacles=(wall, house), pieces={"A": (1, 5), "B": (11, 5)})
    sight = measure_sight(t, "A", "B")
    assert [o.name for o in sight.obstacles] == ["house", "wall"]
    assert flat((o.at, o.leaves, o.height) for o in sight.obstacles) == pytest.approx(
        [2, 3, 3.0, 7, 7, 1.5])
    # a wall that stops short of the line is not met
    short = Obstacle("stub", LineString([(8, 0), (8, 4.9)]), 1.0)
    assert measure_sight(table(obstacles=(short,), pieces={"A": (1, 5), "B": (11, 5)}),
                         "A", "B").obstacles == ()


def test_the_best_line_between_the_bases_passes_a_model_and_cover_on_the_centre_line():
    """
        5.5 . . = = = = = = = = = = =      the line along the tops of both bases
        5   . . A - - # # o # - - - B      A (2,5), B (12,5), 1" bases;
        4   . . . . . # # # # . . . .      a small model o (7,5), base 0.5";
        0   . . . . . # # # # . . . .      scrub x 5..8, y 0..5.2 (top just above y 5)
            0 1 2 3 4 5 6 7 8 9 0 1 2
    Centre to centre, the line crosses o and runs 3" through the scrub. Along
    the bases' tops (y = 5.5) or a quarter inch below (y = 5.25), it passes o
    and clears the scrub.
    """
    t = table(covers={"scrub": box(5, 0, 8, 5.2)}, pieces={"A": (2, 5), "B": (12, 5)})
    t.add(Piece("o", 7, 5, 0.25, "b"))
    centre = measure_sight(t, "A", "B")
    assert centre.crossed_ids == ("o",) and centre.cover_inside() == pytest.approx(3)
    best = best_sight(t, "A", "B")
    assert best.bases == () and best.covers == ()
    assert best.start[1] == pytest.approx(best.end[1]) and best.start[1] > 5.2
    assert best.length == pytest.approx(10)
    # a game that only minds cover takes the first line out of the scrub
    no_cover = best_sight(t, "A", "B", key=lambda s: s.cover_inside())
    assert no_cover.covers == ()
    # with nothing in the way the best line is the centre line
    open_ground = table(pieces={"A": (2, 5), "B": (12, 5)})
    assert best_sight(open_ground, "A", "B") == measure_sight(open_ground, "A", "B")


def test_the_best_line_counts_an_inch_under_two_overlapping_areas_once():
    """
        10  . . . . . . . # # . . . .      woods and bushes, both x 6.5..8, y 4.6..10
        5   . . A - - - - # # - - - B      A (2,5), B (12,5), 1" bases
        4.6 . . . . . . s s s . . . .
        0   . . . . . . s s s . . . .      scrub x 5.5..8, y 0..4.6
            0 1 2 3 4 5 6 7 8 9 0 1 2
    Above y 4.6 a line is 1.5" in cover (woods and bushes over the same
    1.5"); below it, 2.5" in the scrub. The best line is the centre line,
    1.5" in cover: more than 2" of light cover would block a Samurai shot.
    Adding each area's stretch (3") would pick a line through the scrub.
    """
    t = table(covers={"woods": box(6.5, 4.6, 8, 10), "bushes": box(6.5, 4.6, 8, 10),
                      "scrub": box(5.5, 0, 8, 4.6)},
              pieces={"A": (2, 5), "B": (12, 5)})
    best = best_sight(t, "A", "B")
    assert best.cover_length() == pytest.approx(1.5)
    assert {c.name for c in best.covers} == {"woods", "bushes"}
    summed = best_sight(t, "A", "B", key=lambda s: s.cover_inside())
    assert summed.cover_length() == pytest.approx(2.5)


def test_a_new_set_of_covers_is_seen_by_the_next_measurement():
    t = table(covers={"scrub": box(4, 3, 7, 7)}, pieces={"A": (1, 5), "B": (11, 5)})
    assert measure_sight(t, "A", "B").inside("scrub") == pytest.approx(3)
    t.covers = (CoverArea("wood", box(2, 0, 3, 10)),)
    assert [c.name for c in measure_sight(t, "A", "B").covers] == ["wood"]


def test_two_models_on_the_same_spot_see_along_a_line_of_no_length():
    t = table(covers={"scrub": box(0, 0, 5, 5)}, pieces={"A": (2, 2), "B": (2, 2)})
    sight = measure_sight(t, "A", "B")
    assert sight.length == 0 and sight.covers == () and sight.bases == ()


coordinate = st.floats(0, 24, allow_nan=False)
corner = st.tuples(coordinate, coordinate)
rectangle = st.tuples(corner, st.floats(0.1, 8), st.floats(0.1, 8)).map(
    lambda c: box(c[0][0], c[0][1], c[0][0] + c[1], c[0][1] + c[2]))
triangle = st.tuples(corner, corner, corner).map(Polygon).filter(lambda p: p.area > 0.01)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.one_of(rectangle, triangle), max_size=4),
       st.lists(corner, max_size=5), corner, corner)
def test_inside_lengths_fit_the_line_and_read_the_same_both_ways(areas, others, a, b):
    covers = {f"c{i}": area for i, area in enumerate(areas)}
    wall = Obstacle("wall", LineString([(12, 0), (12, 24)]), 1.0)
    t = table(covers=covers, obstacles=(wall,),
              pieces={"A": a, "B": b, **{f"o{i}": xy for i, xy in enumerate(others)}})
    there, back = measure_sight(t, "A", "B"), measure_sight(t, "B", "A")
    assert there.length == pytest.approx(back.length)
    for crossing in there.covers:
        assert 0 < crossing.inside <= there.length + 1e-9
        assert all(0 <= s <= e <= there.length + 1e-9 for s, e in crossing.stretches)
        assert crossing.inside == pytest.approx(back.inside(crossing.name), abs=1e-6)
    assert {c.name for c in there.covers} == {c.name for c in back.covers}
    there_bases = {c.piece_id: c for c in there.bases}
    assert set(there_bases) == {c.piece_id for c in back.bases}
    for c in back.bases:
        assert c.at == pytest.approx(there.length - there_bases[c.piece_id].leaves, abs=1e-6)
    assert [o.name for o in there.obstacles] == [o.name for o in back.obstacles]
