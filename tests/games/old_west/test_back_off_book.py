"""Back Off as the book has it: the loser ends 1" further from every
opponent, or it is surrounded; models come to fight only by a charge; a fall
from a drop. Pictures a player would draw, expected results from the book."""

from __future__ import annotations

import math

import pytest
from shapely.geometry import LineString

from referee.boards.table import Obstacle, Piece, Table
from referee.games.old_west.back_off import back_off, make_way
from tests.games.old_west.ow import LAW_FIRST, R, asked, build, gap, keys, m, options, touching

rule = pytest.mark.rule
FENCE = {"name": "fence", "points": [[0, 10], [24, 10]], "height": 1.0}
ON_FENCE = 10 + R + 0.001
"""A base standing right against the fence at y = 10, on its north side."""


def put(table: Table, pid: str, xy: tuple[float, float] | list[float], side: str) -> None:
    table.add(Piece(pid, xy[0], xy[1], R, side))


def hold_still(game) -> None:
    """Every model asked to move stays put."""
    while asked(game) == "ow.ask.move":
        game.feed("hold")


def wound_dice(game) -> int:
    """Feed 1s (never a wound at S3 against T3) to every wound roll asked; how many."""
    count = 0
    while asked(game) == "ow.roll.wound":
        game.feed(1)
        count += 1
    return count


def further(table: Table, loser: str, start: tuple[float, float], opponent: str) -> float:
    """How much wider the gap to ``opponent`` is than it was from ``start``."""
    o = table.pieces[opponent]
    return math.dist(table.pieces[loser].xy, o.xy) - math.dist(start, o.xy)


# -- "1 inch further from every opponent" ----------------------------------------------


@rule("OW-BCK-1")
@pytest.mark.parametrize("flank", [None, 0.0, 60.0])
def test_a_loser_ends_a_full_inch_further_from_every_opponent(flank):
    """«Проигравший раунд ближнего боя, отодвигается от противника на 1"»:
    whatever spot it picks, each opponent's gap has grown by the inch."""
    table = Table(24, 24)
    put(table, "loser", (12, 12), "law")
    put(table, "front", touching(12, 12, 90), "out")
    opponents = ["front"]
    if flank is not None:
        put(table, "flank", touching(12, 12, flank), "out")
        opponents.append("flank")
    spots = back_off(table, "loser", opponents).spots
    assert spots
    for spot in spots:
        table.move("loser", spot)
        for opponent in opponents:
            assert further(table, "loser", (12, 12), opponent) >= 1.0
        table.move("loser", (12, 12))


@rule("OW-SUR-1", "OW-SUR-2", "OW-SUR-3", "OW-SUR-4")
def test_a_fence_right_behind_the_loser_surrounds_it():
    """«…боец не может отойти, так как сзади него нет места - например, если
    путь отхода блокирован препятствием (забором, стеной и т.п.)… Если
    проигравший… не может отойти на 1", тогда он считается окружённым.
    Каждый удар… удваивается»: no sliding along the fence instead."""
    game = build([m("law", 12, ON_FENCE)], [m("out", *touching(12, ON_FENCE, 90))],
                 obstacles=[FENCE])
    game.feed(*LAW_FIRST, 1, 6)
    assert "ow.surrounded" in keys(game) and "ow.backs-off" not in keys(game)
    assert wound_dice(game) == 2  # one Attack, doubled
    assert not game.state.table.in_contact("law", "out")  # off the enemy's base…
    assert game.state.table.pieces["law"].y > 10  # …and not over the fence


@rule("OW-SUR-1", "OW-SUR-2")
def test_a_friend_right_behind_the_loser_surrounds_it():
    """«…путь отхода блокирован… другими фигурками»: a friend counts as much
    as an enemy, and stepping round him is not backing off."""
    game = build([m("law", 12, 12), m("friend", *touching(12, 12, 270))],
                 [m("out", *touching(12, 12, 90))])
    game.feed(*LAW_FIRST)
    hold_still(game)
    game.feed(1, 6)
    assert "ow.surrounded" in keys(game)
    assert wound_dice(game) == 2


@rule("OW-SUR-1")
def test_enemies_on_three_sides_surround_the_loser():
    """«Ярким описанием может служить ситуация, когда фигурка с трёх сторон
    окружена врагами»: open ground behind it, and still surrounded."""
    table = Table(24, 24)
    put(table, "loser", (12, 12), "law")
    for name, angle in (("left", 180.0), ("front", 90.0), ("right", 0.0)):
        put(table, name, touching(12, 12, angle), "out")
    assert back_off(table, "loser", ["left", "front", "right"]).surrounded


@rule("OW-SUR-1", "OW-MUL-3")
def test_a_loser_between_two_enemies_is_surrounded():
    """Disputed case 1: one enemy each side. Backing off from one is walking
    into the other, and a side-step is square to both: «сзади него нет места»."""
    table = Table(24, 24)
    put(table, "loser", (12, 12), "law")
    put(table, "east", touching(12, 12, 0), "out")
    put(table, "west", touching(12, 12, 180), "out")
    assert back_off(table, "loser", ["east", "west"]).surrounded
    open_flank = Table(24, 24)  # the two 140° apart, not 180°: it steps back between them
    put(open_flank, "loser", (12, 12), "law")
    put(open_flank, "east", touching(12, 12, 20), "out")
    put(open_flank, "west", touching(12, 12, 160), "out")
    spots = back_off(open_flank, "loser", ["east", "west"]).spots
    assert spots and all(y < 12 for _, y in spots)


@rule("OW-BCK-1", "OW-SUR-4")
def test_a_fence_behind_at_a_slant_leaves_a_way_back_along_it():
    """Disputed case 1: the winner stands off to one side, so the way back
    runs along the fence, away from him; the loser ends an inch further off."""
    table = Table(24, 24, [Obstacle("fence", LineString([(0, 10), (24, 10)]), 1.0)])
    put(table, "loser", (12, ON_FENCE), "law")
    put(table, "winner", touching(12, ON_FENCE, 30), "out")
    spots = back_off(table, "loser", ["winner"]).spots
    assert spots
    for spot in spots:
        assert spot[0] < 12 and spot[1] > 10 + R - 0.01  # away from him, not over the fence
        table.move("loser", spot)
        assert further(table, "loser", (12, ON_FENCE), "winner") >= 1.0
        table.move("loser", (12, ON_FENCE))


@rule("OW-BCK-2")
def test_a_back_off_does_not_end_in_reach_of_another_enemy_across_a_fence():
    """«…фигурка не может войти в соприкосновение с другим противником»:
    within reach across a fence is as good as in contact (they would fight)."""
    fence = Obstacle("fence", LineString([(0, 10), (11.6, 10)]), 1.0)
    table = Table(24, 24, [fence])
    start = (12, 11.8)
    put(table, "loser", start, "law")
    put(table, "winner", touching(*start, 90), "out")
    put(table, "beyond", (11.2, 9.4), "out")  # just across the fence, south-west
    spots = back_off(table, "loser", ["winner"], across_reach=0.5).spots
    assert spots
    for spot in spots:
        table.move("loser", spot)
        assert table.engaged_across("loser", "beyond", 0.5) is None
        table.move("loser", start)
    table.move("loser", (12, start[1] - 1.0))  # straight back would face him across it
    assert table.engaged_across("loser", "beyond", 0.5) is fence


@rule("OW-SUR-3", "OW-BCK-2")
def test_models_making_way_do_not_end_touching_a_new_enemy():
    """«…другие фигурки должны чуть-чуть сдвинуться так, чтобы дать ему
    дорогу»: a slight shift, not one that starts another fight."""
    table = Table(24, 24, [Obstacle("fence", LineString([(0, 10), (24, 10)]), 1.0)])
    start = (R + 0.02, ON_FENCE)  # at the table's west edge, against the fence
    put(table, "loser", start, "law")
    put(table, "winner", touching(*start, 90), "out")
    put(table, "beside", (start[0] + 2 * R + 0.2, start[1]), "out")
    put(table, "deputy", (start[0] + 4 * R + 0.3, start[1]), "law")
    assert back_off(table, "loser", ["winner"]).surrounded
    touching_before = {(a, b) for a in table.pieces for b in table.pieces
                       if a < b and table.pieces[a].side != table.pieces[b].side
                       and table.in_contact(a, b)}
    make_way(table, "loser", ["winner"])
    assert not table.in_contact("loser", "winner")
    touching_after = {(a, b) for a in table.pieces for b in table.pieces
                      if a < b and table.pieces[a].side != table.pieces[b].side
                      and table.in_contact(a, b)}
    assert touching_after <= touching_before


# -- only a charge brings models to fight --------------------------------------------


@rule("OW-MEL-1")
def test_an_advance_stops_out_of_reach_of_an_enemy_across_a_fence():
    """«Противники могут касаться друг друга подставками только в том случае,
    если одна сторона напала на другую»: an advance that would end an inch
    from an Outlaw standing behind a fence, both against it, stops short of
    fighting reach; no melee is fought."""
    angle = math.radians(40)
    target = (12, 12 + 0.1 + R)
    start = (target[0] - (5 + 2 * R) * math.cos(angle), target[1] - (5 + 2 * R) * math.sin(angle))
    game = build([m("law", *start)], [m("out", *target)],
                 obstacles=[{"name": "fence", "points": [[0, 12], [24, 12]], "height": 1.0}])
    game.feed(*LAW_FIRST)
    assert "advance" in options(game)
    game.feed("advance")
    hold_still(game)
    assert "ow.moves" in keys(game)
    assert game.state.engaged_with("law") == ()
    assert "ow.phase.melee-ended" in keys(game) and "ow.fight-won" not in keys(game)


@rule("OW-DIV-2", "OW-MEL-1")
def test_a_dive_for_cover_stops_out_of_reach_of_an_enemy_across_a_fence():
    """«…жертва должна немедленно передвинуться так, чтобы между нею и
    стрелком оказалось какое-либо препятствие» — a dive, not a charge: the
    nearest scrub, right against the fence an Outlaw stands behind, would put
    the two in fighting reach; the Lawman dives to scrub further along."""
    game = build([m("law", 12, 8)],
                 [m("shooter", 12, 1, gun={"range": 12}), m("out", 12, 12 + R + 0.05)],
                 obstacles=[{"name": "fence", "points": [[0, 12], [24, 12]], "height": 1.0}],
                 covers=[{"name": "scrub",
                          "points": [[8, 10.9], [16, 10.9], [16, 11.6], [8, 11.6]]}])
    game.feed(*LAW_FIRST)
    hold_still(game)
    game.feed("shoot:law", 6, 1, 1, 1)  # a hit, no wound, the Pluck test failed
    assert "ow.runs-for-cover" in keys(game)
    assert game.state.table.cover_at(game.state.pos("law")) is not None
    assert game.state.engaged_with("law") == ()


@rule("OW-OBS-1", "OW-MEL-1")
@pytest.mark.parametrize("x", [14.74, 15.425, 13.0])
def test_a_charge_stopped_at_a_fence_leaves_the_way_back_open(x):
    """«Проигравшие раунд отходят на 1" от препятствия»: a Lawman who charged
    up to the fence and lost backs off an inch from it, open ground behind
    him; he stopped touching the fence, not over its line."""
    fence = {"name": "fence", "points": [[0, 12], [24, 12]], "height": 1.0}
    game = build([m("law", x, 7.3)], [m("out", 12.2, 12 + R + 0.2)], obstacles=[fence])
    game.feed(*LAW_FIRST, "charge:out")
    hold_still(game)
    stopped = game.state.table.pieces["law"].y
    assert 12 - R - 0.01 <= stopped <= 12 - R + 0.001  # against the fence, not over it
    game.feed(1, 6)
    if asked(game) == "ow.ask.back-off":
        game.feed(0)
    assert "ow.backs-off" in keys(game) and "ow.surrounded" not in keys(game)
    assert 12 - (game.state.table.pieces["law"].y + R) >= (12 - stopped - R) + 1.0


# -- falling (OW-SUR-5) -------------------------------------------------------------


@rule("OW-SUR-5")
@pytest.mark.parametrize(("height", "hits"), [(2.0, 0), (2.5, 2), (3.0, 3), (4.0, 4)])
def test_a_fall_over_two_inches_does_one_hit_per_full_inch(height, hits):
    """«…получает обычные удары (не удвоенные), после чего получает
    повреждения от падения, если высота, с которой боец падает больше 2"».
    How much harm the book does not say: house rule, one Strength 3 hit per
    full inch fallen, and the faller lies prone; 2" or less does no harm."""
    y = 10 + R + 0.1
    game = build([m("law", 12, y, wounds=5)],
                 [m("o1", *touching(12, y, 20)), m("o2", *touching(12, y, 160)),
                  m("o3", *touching(12, y, 90))],
                 drops=[{"name": "cliff", "points": [[0, 10], [24, 10]], "height": height}])
    game.feed(*LAW_FIRST, 1, 6, 1, 1)
    if asked(game) == "ow.ask.back-off":
        game.feed(0)
    assert "ow.over-edge" in keys(game)
    assert wound_dice(game) == 3 + hits  # three normal strikes, then the fall
    assert ("ow.falls" in keys(game)) is (hits > 0)
    assert ("ow.fall-safe" in keys(game)) is (hits == 0)
    assert game.state.fighters["law"].prone is (hits > 0)
    assert gap(game, "law", "o3") > 0
