"""Pluck: tests, Head for the Hills, Fearsome Reputation, Diving for Cover,
mounted models (OW-PLK, OW-HFH, OW-FEAR, OW-DIV, OW-MNT)."""

from __future__ import annotations

import pytest

from tests.games.old_west.ow import (
    LAW_FIRST,
    RM,
    alive,
    asked,
    at,
    build,
    decision,
    keys,
    m,
    options,
    touching,
)

rule = pytest.mark.rule
WEAK_GUN = {"range": 12, "strength": 1}
SCRUB = {"name": "scrub", "points": [[14, 10], [17, 10], [17, 14], [14, 14]]}


def scared(dice: tuple[int, int], **profile):
    game = build([m("law", 12, 9, **profile)], [m("boss", 12, 12, fearsome=True)])
    game.feed(*LAW_FIRST)
    if asked(game) == "ow.ask.heroics":
        game.feed([])
    game.feed("charge:boss", *dice)
    return game


@rule("OW-PLK-1", "OW-PLK-2", "OW-FEAR-1")
@pytest.mark.parametrize(("dice", "passed"), [((3, 4), True), ((3, 3), False)])
def test_pluck_two_dice_plus_pluck_ten_or_more(dice, passed):
    game = scared(dice, pluck=3)
    assert ("ow.pluck-passed" in keys(game)) is passed
    assert game.state.table.in_contact("law", "boss") is passed


@rule("OW-FEAR-2")
def test_a_failed_charge_at_a_fearsome_enemy_does_nothing_else():
    game = scared((1, 1), pluck=3, gun={"range": 12, "strength": 3})
    assert "ow.too-scared" in keys(game)
    assert asked(game) != "ow.ask.shoot"  # no shot in the same phase either


@rule("OW-FAM-5")
def test_fame_raises_a_pluck_test():
    game = scared((3, 3), pluck=3, hero=True, fame=1)
    assert asked(game) == "ow.ask.fame" and options(game) == [0, 1]
    game.feed(1)
    assert game.state.table.in_contact("law", "boss")


def shot_at(target: dict, shooter_count: int = 1, **extra):
    shooters = [m(f"s{i}", 8 + 2 * i, 4, gun=WEAK_GUN) for i in range(shooter_count)]
    game = build(shooters, [m("t", 12, 12, **target)], **extra)
    game.feed(*LAW_FIRST)
    while asked(game) == "ow.ask.move":
        game.feed("hold")
    return game


@rule("OW-DIV-1", "OW-DIV-2", "OW-DIV-4")
def test_hit_but_not_hurt_tests_pluck_and_runs_for_cover():
    game = shot_at({"toughness": 9, "gun": WEAK_GUN}, covers=[SCRUB])
    game.feed("shoot:t", 5)  # hit; Strength 1 cannot hurt Toughness 9
    assert asked(game) == "ow.roll.pluck"
    before = at(game, "t")
    game.feed(1, 1)
    after = at(game, "t")
    assert after[0] >= 14 and ((after[0] - before[0]) ** 2 + (after[1] - before[1]) ** 2) <= 36
    assert asked(game) != "ow.ask.shoot"  # t may not shoot back


@rule("OW-DIV-3")
def test_already_in_cover_goes_prone():
    game = shot_at({"toughness": 9}, covers=[{"name": "scrub",
                                              "points": [[10, 10], [14, 10], [14, 14],
                                                         [10, 14]]}])
    game.feed("shoot:t", 5, 6, 1, 1)  # hit, past the scrub, Pluck failed
    assert game.state.fighters["t"].prone and at(game, "t") == (12, 12)


@rule("OW-DIV-5")
def test_several_dive_tests_in_one_turn():
    game = shot_at({"toughness": 9, "pluck": 6}, shooter_count=2)
    game.feed("shoot:t", 5, 6, 6, "shoot:t", 5)
    assert asked(game) == "ow.roll.pluck"


@rule("OW-MNT-1", "OW-MNT-2")
def test_a_rider_tests_with_his_own_pluck_and_dismounts_behind_cover():
    target = {"pluck": 2, "mount": {"kind": "horse", "toughness": 5}}
    game = shot_at(target, obstacles=[{"name": "fence", "points": [[8, 10], [16, 10]]}])
    game.feed("shoot:t", 5, 6, 1)  # hit, past the fence, on the mount
    assert asked(game) == "ow.roll.wound"
    game.feed(1)  # the mount is not hurt
    game.feed(3, 4)  # 3 + 4 + the rider's Pluck 2 = 9: failed
    assert "ow.pluck-failed" in keys(game)
    assert "ow.dismounts" in keys(game) and not game.state.fighters["t"].prone
    assert game.state.fighters["t"].mount is None and RM > 0


def broken_lawmen(**law):
    """Two Lawmen and two Outlaws; turn 1 the first Lawman dies in melee."""
    game = build([m("l1", 12, 12), m("l2", 2, 2, pluck=7)],
                 [m("o1", *touching(12, 12, 90)), m("o2", 22, 22)],
                 lawmen=law)
    game.feed(*LAW_FIRST)
    while asked(game) == "ow.ask.move":
        game.feed("hold")
    game.feed(1, 6)
    if asked(game) == "ow.ask.back-off":
        game.feed(0)
    game.feed(6)
    assert not alive(game, "l1")
    game.feed(*LAW_FIRST)
    return game


@rule("OW-HFH-1", "OW-HFH-2")
def test_half_lost_the_highest_pluck_tests_and_a_failure_runs():
    game = broken_lawmen(leader="l1")
    assert asked(game) == "ow.ask.hills" and decision(game).seats == ("lawmen",)
    game.feed("test", 1, 1)  # leader out: l2 (Pluck 7) tests: 9
    tested = [e for e in game.state.log.events if e.text.key == "ow.pluck-failed"]
    assert tested[0].text.params["name"].en == "L2" and tested[0].text.params["total"] == 9
    assert game.is_over and game.outcome().winners == ("outlaws",)


@rule("OW-HFH-4")
def test_a_posse_may_choose_to_run_at_the_next_movement_phase():
    game = broken_lawmen()
    game.feed("run")
    assert "ow.chooses-to-run" in keys(game)
    log = keys(game)
    assert log.index("ow.posse-runs") > log.index("ow.phase.movement")
    assert game.outcome().winners == ("outlaws",)


@rule("OW-HFH-3")
def test_models_leaving_by_the_objective_are_not_out_of_action():
    game = build([m("l1", 12, 12), m("l2", 12, 22.6), m("l3", 2, 2), m("l4", 4, 2)],
                 [m("o1", *touching(12, 12, 270)), m("o2", 22, 12)],
                 lawmen={"exit_edge": "north"})
    game.feed(*LAW_FIRST)
    while asked(game) == "ow.ask.move":
        game.feed("exit" if "exit" in options(game) else "hold")
    assert game.state.fighters["l2"].status == "escaped"
    game.feed(1, 6)
    if asked(game) == "ow.ask.back-off":
        game.feed(0)
    game.feed(6)
    game.feed(*LAW_FIRST)
    assert asked(game) != "ow.ask.hills"  # 1 of 4 out: not yet half


@rule("OW-DIV-4", "OW-QDR-1")
def test_a_failed_dive_stops_shooting_back_in_that_phase_only():
    """«Фигурка, провалившая в результате попаданий по ней, тест на Смелость,
    не может стрелять в ответ»: no shooting back in that Shooting phase; in the
    next turn the model shoots again, even first by a Quickdraw it paid for."""
    game = build([m("s0", 8, 4, gun=WEAK_GUN)],
                 [m("t", 12, 12, toughness=9, gun=WEAK_GUN, hero=True, fame=2)],
                 covers=[SCRUB])

    def to_shooting() -> None:
        game.feed(*LAW_FIRST, [])  # the Drop; no Yee Haw!
        while asked(game) == "ow.ask.move":
            game.feed("hold")
        assert asked(game) == "ow.ask.heroics" and ["t"] in options(game)

    to_shooting()
    game.feed([], "shoot:t", 5, 1, 1)  # hit, unhurt, Pluck failed: runs into the scrub
    assert "ow.runs-for-cover" in keys(game)
    assert asked(game) == "ow.roll.drop"  # t did not shoot back; the turn is over
    to_shooting()
    game.feed(["t"])  # Quickdraw: 1 Fame
    assert asked(game) == "ow.ask.shoot" and decision(game).seats == ("outlaws",)
    assert "shoot:s0" in options(game)
