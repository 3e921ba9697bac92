"""The quick answers agree with the full ones: whether a way is clear
(``path_clear``) and whether a model can go straight somewhere for so many
inches of move (``movement._reaches``) say what ``sweep_blockers`` and
``crossed_obstacles`` list, for bases all over the example's table (through
the fence and the house, over the gulch, off the table, into other bases)."""

from __future__ import annotations

import math
from random import Random

import pytest

from referee.boards.table import Piece
from referee.core.game import Game
from referee.core.scenario import load_scenario
from referee.games.old_west import aiming
from referee.games.old_west.aiming import targets
from referee.games.old_west.movement import _reaches
from referee.games.old_west.state import OldWestState
from tests.boards import shapely_table as plain


def test_quick_answers_agree_with_the_listed_blockers():
    ruleset, scenario = load_scenario("old-west")
    state = Game(ruleset, scenario).state
    assert isinstance(state, OldWestState)
    table, rng = state.table, Random(7)
    ids = list(table.pieces)
    seen = {"clear": 0, "blocked": 0, "crossing": 0}
    for _ in range(600):
        for piece_id in ids:  # scatter the bases (overlaps allowed: they only block)
            table.move(piece_id, (rng.uniform(-1, 25), rng.uniform(-1, 25)))
        mover = rng.choice(ids)
        others = [i for i in ids if i != mover]
        ignore = tuple(rng.sample(others, rng.randint(0, 2)))
        p = table.pieces[mover]
        angle, length = rng.uniform(0, 2 * math.pi), rng.choice([0.0, 0.5, 2.0, 6.0, 10.0])
        to = (p.x + length * math.cos(angle), p.y + length * math.sin(angle))
        crossed = table.crossed_obstacles(mover, to)
        for over_drops in (False, True):
            listed = table.sweep_blockers(mover, to, ignore=ignore, crossable=crossed,
                                          over_drops=over_drops)
            assert table.path_clear(mover, to, ignore, crossed, over_drops) == (not listed)
            plain = table.sweep_blockers(mover, to, ignore=ignore, over_drops=over_drops)
            assert table.path_clear(mover, to, ignore, over_drops=over_drops) == (not plain)
        listed = table.sweep_blockers(mover, to, ignore=ignore, crossable=crossed)
        rules = state.rules
        barred = listed or any(o.height > rules.barrier_height for o in crossed)
        cost = math.dist(p.xy, to) + rules.barrier_cost * len(crossed)
        for limit in (length - 0.1, length + 0.5, length + 2.5, 100.0):
            for reach in (limit, 1.0):  # a way longer than the shortlist's reach too
                ways = table.around(mover, reach)
                assert _reaches(state, ways, to, limit, ignore) == (not barred and cost <= limit)
                assert ways.path_clear(to, ignore, crossed) == table.path_clear(
                    mover, to, ignore, crossed)
        seen["blocked" if listed else "clear"] += 1
        seen["crossing"] += bool(crossed) and not listed
    assert min(seen.values()) >= 20, seen


def plain_stop_before(table, piece_id, obstacle, target):
    """The bisection measured at every step, as the quick one must answer."""
    p = table.pieces[piece_id]
    shape = table.terrain.shape(obstacle)
    if p.xy == target or not shape.crossed_by_line(p.xy, target):
        return None
    low, high = 0.0, math.hypot(target[0] - p.x, target[1] - p.y)
    for _ in range(30):
        mid = (low + high) / 2
        x, y = table.toward(piece_id, target, mid)
        if shape.segment_distance((p.x, p.y, x, y)) < p.radius:
            high = mid
        else:
            low = mid
    x, y = table.toward(piece_id, target, low)
    return (round(x, 4), round(y, 4))


def test_a_stop_against_an_obstacle_is_the_plain_bisections():
    """Head on, slanting, along the fence's own line, from a base already
    touching it, through the house's corner."""
    ruleset, scenario = load_scenario("old-west")
    table = Game(ruleset, scenario).state.table
    fence, house = table.obstacles
    rng = Random(11)
    stops = 0
    for n in range(2000):
        obstacle = fence if n % 2 else house
        if n % 5 == 0:  # on the fence's line, going along it
            start = (rng.choice([1.0, 2.5, 15.0, 16.2]), 12.0 + rng.choice([0.0, 1e-9, 0.3]))
            target = (rng.uniform(4, 13), 12.0 + rng.uniform(-0.5, 0.5))
        elif n % 5 == 1:  # at an end of the fence or a corner of the house, head on or grazing
            start, target = toward_corner(rng)
        elif n % 5 == 2:  # along a wall of the house, about a radius off it
            y = rng.choice([10 - 0.4921, 10 - 0.49213, 14 + 0.49212, 10.0, 14.0])
            start = (rng.uniform(12, 16), y)
            target = (rng.uniform(17, 23), y + rng.uniform(-0.01, 0.01))
        else:
            start = (rng.uniform(1, 23), rng.uniform(6, 18))
            target = (rng.uniform(1, 23), rng.uniform(6, 18))
        table.move("marshal", start)
        quick = table.stop_before("marshal", obstacle, target)
        assert quick == plain_stop_before(table, "marshal", obstacle, target), (start, target)
        stops += quick is not None
    assert stops > 300


def toward_corner(rng: Random) -> tuple[tuple[float, float], tuple[float, float]]:
    """A start 5" from an end of the fence or a corner of the house, and a
    target beside that point: straight at it, a radius off (grazing) or
    anywhere near."""
    cx, cy = rng.choice([(17, 10), (21, 10), (21, 14), (17, 14), (3, 12), (14, 12)])
    angle = rng.uniform(0, 2 * math.pi)
    start = (round(cx + 5 * math.cos(angle), 4), round(cy + 5 * math.sin(angle), 4))
    off = rng.choice([0.0, 0.4921, 0.49212, 0.4922, 0.3, rng.uniform(-1, 1)])
    return start, (cx - off * math.sin(angle), cy + off * math.cos(angle))


def test_where_a_base_first_touches_an_obstacle_is_where_the_bisection_stops():
    """Worked out from the sides and ends (the quadratic of a circle meeting
    a point, a line's distance), the first touch lies within a bisection
    step of the plain bisection's stop; a way that grazes is left to the
    bisection, and few do."""
    ruleset, scenario = load_scenario("old-west")
    table = Game(ruleset, scenario).state.table
    fence, house = table.obstacles
    rng = Random(12)
    worked_out = left = 0
    for n in range(800):
        obstacle = fence if n % 2 else house
        start, target = toward_corner(rng) if n % 3 == 0 else (
            (rng.uniform(1, 23), rng.uniform(6, 18)), (rng.uniform(1, 23), rng.uniform(6, 18)))
        table.move("marshal", start)
        p = table.pieces["marshal"]
        total = math.dist(p.xy, target)
        if total == 0 or not table.terrain.shape(obstacle).crossed_by_line(p.xy, target):
            continue
        ux, uy = (target[0] - p.x) / total, (target[1] - p.y) / total
        touch = table.terrain.shape(obstacle).first_touch(p.x, p.y, ux, uy, p.radius, total)
        if touch is None:
            left += 1
            continue
        stop = plain_stop_before(table, "marshal", obstacle, target)
        assert stop is not None
        assert math.dist(p.xy, stop) == pytest.approx(touch, abs=1e-3), (start, target)
        worked_out += 1
    assert worked_out > 150 and left < worked_out / 10, (worked_out, left)


def test_who_fights_whom_is_remembered_only_while_no_base_changes():
    """Moved, added, removed, resized or copied: who fights whom, and whom each
    model may shoot at, are the answers worked out afresh, and a copy's
    changes are not the original's."""
    ruleset, scenario = load_scenario("old-west")
    state = Game(ruleset, scenario).state
    assert isinstance(state, OldWestState)
    table, rng = state.table, Random(5)
    ids = [f.id for f in state.fighters.values()]
    fought = aimed = 0
    for n in range(300):
        twin = state.__deepcopy__({})
        for fid in ids:
            if fid in table.pieces:
                assert state.engaged_with(fid) == state._engaged_with(fid)
                assert targets(state, fid) == aiming._targets(state, fid)
                fought += bool(state.engaged_with(fid))
                aimed += bool(targets(state, fid))
        change = n % 4
        mover = rng.choice([i for i in ids if i in table.pieces])
        other = rng.choice([i for i in ids if i in table.pieces and i != mover])
        if change == 0:  # into base contact, or near the fence
            o = table.pieces[other]
            table.move(mover, (o.x + rng.choice([0.98, 1.2, 3.0]), o.y))
        elif change == 1:
            table.move(mover, (rng.uniform(2, 13), 12 + rng.choice([-0.6, 0.6, 2.0])))
        elif change == 2:
            state.dismount(mover)
        elif mover != "marshal":
            state.remove_from_table(mover, "out")
            assert state.engaged_with(other) == state._engaged_with(other)
            assert targets(state, other) == aiming._targets(state, other)
            state.fighters[mover].status = "active"
            p = twin.table.pieces[mover]
            table.add(Piece(p.id, p.x, p.y, p.radius, p.side, p.label, set(p.marks)))
        for fid in ids:
            if fid in twin.table.pieces:
                assert twin.engaged_with(fid) == twin._engaged_with(fid)
                assert targets(twin, fid) == aiming._targets(twin, fid)
    assert fought > 50 and aimed > 50, (fought, aimed)


def test_who_fights_across_an_obstacle_is_the_tables_answer():
    """Bases near the fence, the house and far from both: the obstacle two
    bases fight across is the one the plain table finds through shapely."""
    ruleset, scenario = load_scenario("old-west")
    table = Game(ruleset, scenario).state.table
    rng = Random(13)
    across = 0
    for _ in range(3000):
        x, y = rng.uniform(1, 23), rng.choice([rng.uniform(10, 14), rng.uniform(1, 23)])
        table.move("boss", (x + rng.uniform(-1.6, 1.6), y + rng.uniform(-1.6, 1.6)))
        for reach in (0.5, 0.0, 1.0):
            quick = table.across_at((x, y), 0.5, "boss", reach)
            assert quick == plain.across_at(table, (x, y), 0.5, "boss", reach)
            across += quick is not None
    assert across > 100
