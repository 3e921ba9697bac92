"""Surrounded models, models on the ground, obstacles and riders in melee
(OW-SUR, OW-GRD, OW-OBS, OW-RID)."""

from __future__ import annotations

import pytest

from tests.games.old_west.ow import (
    LAW_FIRST,
    RM,
    R,
    alive,
    asked,
    build,
    events,
    gap,
    keys,
    m,
    options,
    touching,
)

rule = pytest.mark.rule
FENCE = {"name": "fence", "points": [[0, 10], [24, 10]], "height": 1.0}


def trapped():
    """A Lawman with the fence behind him and two Outlaws on his front corners."""
    y = 10 + R + 0.001
    return build([m("law", 12, y)],
                 [m("o1", *touching(12, y, 45)), m("o2", *touching(12, y, 135))],
                 obstacles=[FENCE])


@rule("OW-SUR-1", "OW-SUR-2", "OW-SUR-3")
def test_surrounded_loser_takes_doubled_strikes_and_ends_off_the_enemy():
    game = trapped()
    game.feed(*LAW_FIRST, 1, 6, 1)
    assert "ow.surrounded" in keys(game)
    assert not any(game.state.table.in_contact("law", o) for o in ("o1", "o2"))
    assert game.state.table.pieces["law"].y > 10  # not over the fence (OW-SUR-4)
    wound_dice = 0
    while asked(game) == "ow.roll.wound":
        game.feed(1)
        wound_dice += 1
    assert wound_dice == 4  # two Outlaws, one Attack each, doubled


@rule("OW-SUR-5")
def test_loser_at_a_drop_takes_normal_strikes_then_falls():
    y = 10 + R + 0.1
    game = build([m("law", 12, y, wounds=3)],
                 [m("o1", *touching(12, y, 20)), m("o2", *touching(12, y, 160)),
                  m("o3", *touching(12, y, 90))],
                 drops=[{"name": "cliff", "points": [[0, 10], [24, 10]], "height": 3.0}])
    game.feed(*LAW_FIRST, 1, 6, 1, 1)
    if asked(game) == "ow.ask.back-off":
        game.feed(0)
    assert "ow.over-edge" in keys(game) and "ow.surrounded" not in keys(game)
    strikes = 0
    while asked(game) == "ow.roll.wound" and "ow.falls" not in keys(game):
        game.feed(1)
        strikes += 1
    assert strikes == 3  # three Outlaws, not doubled
    falls = 0
    while asked(game) == "ow.roll.wound":
        game.feed(1)
        falls += 1
    assert falls == 3  # a 3" fall: one Strength 3 hit per inch (house rule)
    assert game.state.fighters["law"].prone


@rule("OW-GRD-1", "OW-GRD-2")
def test_prone_model_that_wins_stands_up_without_striking():
    game = build([m("law", 12, 12, prone=True)], [m("out", *touching(12, 12, 90))])
    game.feed(*LAW_FIRST)
    assert asked(game) == "ow.roll.fight"  # the round is fought as usual
    game.feed(6, 1)
    if asked(game) == "ow.ask.back-off":
        game.feed(0)
    assert not game.state.fighters["law"].prone
    assert gap(game, "law", "out") == pytest.approx(1.0, abs=0.02)
    assert asked(game) == "ow.roll.drop"  # no wound roll


@rule("OW-GRD-3")
def test_prone_model_that_loses_stays_down_and_counts_as_surrounded():
    game = build([m("law", 12, 12, prone=True)], [m("out", *touching(12, 12, 90))])
    game.feed(*LAW_FIRST, 1, 6)
    if asked(game) == "ow.ask.back-off":
        game.feed(0)
    assert game.state.fighters["law"].prone and "ow.prone-loses" in keys(game)
    assert gap(game, "law", "out") == pytest.approx(1.0, abs=0.02)
    game.feed(1)
    assert asked(game) == "ow.roll.wound"  # doubled: a second blow


def across_fence():
    """A Lawman and an Outlaw fighting across the fence."""
    return build([m("law", 12, 10 - R - 0.01)], [m("out", 12, 10 + R + 0.01)],
                 obstacles=[FENCE])


@rule("OW-OBS-1", "OW-OBS-3")
def test_losers_back_off_an_inch_from_the_obstacle_leaving_a_gap():
    game = across_fence()
    game.feed(*LAW_FIRST, 6, 1)
    if asked(game) == "ow.ask.back-off":
        game.feed(0)
    y = game.state.table.pieces["out"].y
    assert y - R - 10 == pytest.approx(1.0, abs=0.05)
    game.feed(1)  # the blow hits the fence
    from referee.games.old_west.movement import charge_spot

    assert charge_spot(game.state, "law", "out") is not None  # the winner may jump it next turn


@rule("OW-OBS-2")
@pytest.mark.parametrize(("roll", "reaches"), [(1, False), (3, False), (4, True), (6, True)])
def test_strike_across_an_obstacle_needs_four_or_more(roll, reaches):
    game = across_fence()
    game.feed(*LAW_FIRST, 6, 1)
    if asked(game) == "ow.ask.back-off":
        game.feed(0)
    assert asked(game) == "ow.roll.across"
    game.feed(roll)
    assert (asked(game) == "ow.roll.wound") is reaches
    assert ("ow.hits-barrier" in keys(game)) is not reaches


@rule("OW-OBS-4")
def test_enemy_across_and_enemy_in_contact_fight_as_several():
    y = 10 + R + 0.01
    game = build([m("law", 12, 10 - R - 0.01), m("law2", *touching(12, y, 0))],
                 [m("out", 12, y)], obstacles=[FENCE])
    game.feed(*LAW_FIRST)
    dice = 0
    while asked(game) == "ow.roll.fight":
        game.feed(6 if dice == 0 else 1)
        dice += 1
    assert dice == 3  # the Lawmen roll two dice together, the Outlaw one
    assert events(game, "ow.fight-won")[0]["posse"].en == "Lawmen"
    if asked(game) == "ow.ask.back-off":
        game.feed(0)
    assert asked(game) == "ow.roll.across"  # law strikes across the fence first
    game.feed(1, 1)  # a miss on the fence, then law2's blow in contact: no across roll
    assert "ow.hits-barrier" in keys(game)


@rule("OW-RID-1", "OW-RID-2", "OW-RID-4")
def test_the_rider_fights_and_the_striker_picks_rider_or_mount():
    game = build([m("law", 12, 12)],
                 [m("rider", *touching(12, 12, 90, R, RM), mount={"kind": "horse"})])
    game.feed(*LAW_FIRST)
    dice = 0
    while asked(game) == "ow.roll.fight":
        game.feed(6 if dice == 0 else 1)
        dice += 1
    assert dice == 2  # the mount does not fight
    if asked(game) == "ow.ask.back-off":
        game.feed(0)
    assert asked(game) == "ow.ask.strike"
    assert options(game) == ["rider", "rider:mount"]
    game.feed("rider")
    assert asked(game) == "ow.roll.wound"  # no roll for the horse being in the way


@rule("OW-RID-3")
def test_a_killed_mount_throws_its_rider():
    game = build([m("law", 12, 12)],
                 [m("rider", *touching(12, 12, 90, R, RM), mount={"kind": "horse"})])
    game.feed(*LAW_FIRST, 6, 1)
    if asked(game) == "ow.ask.back-off":
        game.feed(0)
    game.feed("rider:mount", 6)
    assert "ow.mount-killed" in keys(game)
    assert asked(game) == "ow.roll.fall-horse"
    game.feed(3)
    assert game.state.fighters["rider"].mount is None and game.state.fighters["rider"].prone
    assert alive(game, "rider")
