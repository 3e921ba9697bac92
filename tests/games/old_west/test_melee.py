"""The Melee phase: fight, back off, wounding, groups (OW-MEL, OW-FGT, OW-BCK,
OW-WND, OW-ATT, OW-WDS, OW-MUL). Dice are scripted: the Drop first (Lawmen's
die, then the Outlaws'), then each fight die, the side with Advantage first."""

from __future__ import annotations

import pytest

from tests.games.old_west.ow import (
    LAW_FIRST,
    R,
    alive,
    asked,
    at,
    build,
    chance,
    decision,
    events,
    gap,
    keys,
    m,
    options,
    touching,
)

rule = pytest.mark.rule



def duel(law: dict | None = None, out: dict | None = None):
    """A Lawman at (12, 12) and an Outlaw touching him from the north."""
    return build([m("law", 12, 12, **(law or {}))],
                 [m("out", *touching(12, 12, 90), **(out or {}))])


def back_off_default(game) -> None:
    if asked(game) == "ow.ask.back-off":
        game.feed(0)


@rule("OW-MEL-1")
def test_only_models_in_base_contact_fight():
    apart = build([m("law", 12, 12)], [m("out", 12, 12 + 2 * R + 0.5)])
    apart.feed(*LAW_FIRST)
    while asked(apart) == "ow.ask.move":
        apart.feed("hold")
    assert "ow.fight-dice" not in keys(apart)
    assert "ow.phase.melee-ended" in keys(apart)
    game = duel()
    game.feed(*LAW_FIRST)
    assert asked(game) == "ow.roll.fight"


@rule("OW-FGT-1")
def test_higher_die_wins_and_the_winner_strikes():
    game = duel()
    game.feed(*LAW_FIRST, 2, 5)
    assert events(game, "ow.fight-won")[0]["posse"].en == "Outlaws"
    back_off_default(game)
    assert asked(game) == "ow.roll.wound"
    assert "Law" in str(chance(game).what.params["target"])


@rule("OW-FGT-2")
def test_equal_dice_go_to_the_higher_fighting():
    game = duel(out={"fighting": 4})
    game.feed(*LAW_FIRST, 4, 4)
    assert "ow.tie-fighting" in keys(game)
    assert events(game, "ow.fight-won")[0]["posse"].en == "Outlaws"


@rule("OW-FGT-3")
@pytest.mark.parametrize(("die", "winner"), [(1, "Lawmen"), (3, "Lawmen"), (4, "Outlaws"),
                                              (6, "Outlaws")])
def test_equal_dice_and_fighting_a_die_decides(die, winner):
    game = duel()
    game.feed(*LAW_FIRST, 3, 3)
    assert asked(game) == "ow.roll.tie"
    game.feed(die)
    assert events(game, "ow.fight-won")[0]["posse"].en == winner


@rule("OW-FGT-4")
def test_book_example_lawman_and_outlaw():
    """Each A1, W1, F3: one die each; a tie goes to a die, 1-3 / 4-6."""
    game = duel()
    game.feed(*LAW_FIRST)
    fight_dice = 0
    while asked(game) == "ow.roll.fight":
        game.feed(5)
        fight_dice += 1
    assert fight_dice == 2
    assert asked(game) == "ow.roll.tie"


@rule("OW-BCK-1")
def test_loser_backs_off_one_inch_from_its_opponent():
    game = duel()
    game.feed(*LAW_FIRST, 6, 1)
    back_off_default(game)
    assert gap(game, "law", "out") == pytest.approx(1.0, abs=0.02)
    assert at(game, "law") == pytest.approx((12, 12))


@rule("OW-WND-1")
@pytest.mark.parametrize(("roll", "wounded"), [(3, False), (4, True)])
def test_wound_needs_the_table_number_or_more(roll, wounded):
    game = duel()  # Strength 3 against Toughness 3: 4 or more
    game.feed(*LAW_FIRST, 6, 1)
    back_off_default(game)
    game.feed(roll)
    assert alive(game, "out") is not wounded


@rule("OW-WND-2")
@pytest.mark.parametrize(("first", "second", "wounded"),
                         [(5, None, False), (6, 3, False), (6, 4, True)])
def test_six_slash_x_needs_a_six_then_the_second_number(first, second, wounded):
    game = duel(out={"toughness": 8})  # S3 against T8: 6/4
    game.feed(*LAW_FIRST, 6, 1)
    back_off_default(game)
    game.feed(first)
    if second is not None:
        assert asked(game) == "ow.roll.wound-second"
        game.feed(second)
    assert alive(game, "out") is not wounded
    assert asked(game) == ("over" if wounded else "ow.roll.drop")


@rule("OW-WND-3")
def test_dash_cannot_wound_and_no_die_is_rolled():
    game = duel(law={"strength": 1}, out={"toughness": 9})
    game.feed(*LAW_FIRST, 6, 1)
    back_off_default(game)
    assert "ow.cannot-wound" in keys(game)
    assert asked(game) == "ow.roll.drop"


@rule("OW-MEL-2", "OW-WND-4", "OW-HAC-1")
def test_side_with_advantage_picks_each_melee_and_the_phase_ends_after_all():
    game = build([m("a1", 4, 4), m("a2", 18, 18)],
                 [m("b1", *touching(4, 4, 0)), m("b2", *touching(18, 18, 0))])
    game.feed(1, 6)  # the Outlaws have Advantage
    assert asked(game) == "ow.ask.group"
    assert decision(game).seats == ("outlaws",)
    game.feed(1)  # the second group first
    game.feed(6, 1)
    back_off_default(game)
    game.feed(1)
    assert "ow.phase.melee-ended" not in keys(game)
    # the remaining group is fought without asking, then the phase ends
    game.feed(6, 1)
    back_off_default(game)
    game.feed(1)
    assert keys(game).count("ow.fight-won") == 2
    assert "ow.phase.melee-ended" in keys(game)
    assert gap(game, "a2", "b2") == pytest.approx(1.0, abs=0.02)  # fought first: a2 lost


@rule("OW-MEL-3")
def test_every_fighting_model_in_exactly_one_group():
    from referee.games.old_west.fights import melee_groups

    game = build([m("a1", 4, 4), m("a2", *touching(4, 4, 0, R, R)), m("a3", 18, 18)],
                 [m("b1", *touching(4, 4, 90)), m("b2", *touching(18, 18, 90)),
                  m("b3", 10, 20)])
    groups = melee_groups(game.state)
    members = [x for g in groups for x in g]
    assert sorted(members) == sorted(set(members))
    assert sorted(map(sorted, groups)) == [["a1", "b1"], ["a3", "b2"]]


@rule("OW-ATT-1")
def test_two_attacks_roll_two_dice_and_keep_the_best():
    game = duel(law={"attacks": 2})
    game.feed(*LAW_FIRST, 1, 6, 5)
    assert events(game, "ow.fight-won")[0]["posse"].en == "Lawmen"


@rule("OW-ATT-2", "OW-WDS-1")
def test_every_attack_rolls_to_wound_and_several_wounds_are_needed():
    game = duel(law={"attacks": 2}, out={"wounds": 2})
    game.feed(*LAW_FIRST, 6, 6, 1)
    back_off_default(game)
    game.feed(4)
    assert alive(game, "out") and game.state.fighters["out"].wounds == 1
    assert "ow.wounded" in keys(game)
    game.feed(4)
    assert not alive(game, "out")


@rule("OW-MUL-1")
def test_book_example_three_outlaws_against_a_cowboy():
    game = build([m("cowboy", 12, 12)],
                 [m(f"o{i}", *touching(12, 12, a)) for i, a in enumerate((0, 90, 180))])
    game.feed(*LAW_FIRST)
    rolls = 0
    while asked(game) == "ow.roll.fight":
        game.feed(4 if rolls == 0 else (2, 5, 3)[rolls - 1])
        rolls += 1
    assert rolls == 4  # the Cowboy's one die and the Outlaws' three
    assert events(game, "ow.fight-won")[0]["posse"].en == "Outlaws"  # best 5 beats 4


@rule("OW-MUL-2")
def test_tie_goes_to_the_side_with_the_best_fighting():
    game = build([m("cowboy", 12, 12, fighting=4)],
                 [m("o0", *touching(12, 12, 0), fighting=3),
                  m("o1", *touching(12, 12, 180), fighting=5)])
    game.feed(*LAW_FIRST, 4, 4, 2)
    assert events(game, "ow.fight-won")[0]["posse"].en == "Outlaws"
    assert [e.clause for e in game.state.log.events if e.text.key == "ow.tie-fighting"] == [
        "OW-MUL-2"]


@rule("OW-MUL-4", "OW-MUL-5")
def test_every_loser_backs_off_in_the_owners_order_then_every_winner_strikes():
    game = build([m("a", 12, 12, attacks=1)],
                 [m("b0", *touching(12, 12, 0)), m("b1", *touching(12, 12, 90))])
    game.feed(*LAW_FIRST, 1, 6, 2)  # the Outlaws win, b0 rolled a 6 and b1 a 2
    back_off_default(game)
    assert "ow.backs-off" in keys(game)  # open ground behind it: not surrounded
    # both Outlaws strike, the one whose die lost too
    game.feed(1)
    assert asked(game) == "ow.roll.wound"
    game.feed(1)
    assert asked(game) == "ow.roll.drop"
    game = build([m("a0", *touching(12, 12, 0)), m("a1", *touching(12, 12, 180))],
                 [m("b", 12, 12)])
    game.feed(*LAW_FIRST, 1, 1, 6)  # the Lawmen lose: two losers
    assert asked(game) == "ow.ask.back-off-order"
    assert decision(game).seats == ("lawmen",)
    assert sorted(options(game)) == ["a0", "a1"]
    game.feed("a1")
    back_off_default(game)
    back_off_default(game)
    log = keys(game)
    assert log.count("ow.backs-off") + log.count("ow.surrounded") == 2
    assert asked(game) == "ow.ask.strike"  # strikes only after all backed off
    assert "ow.roll.wound" not in [e.text.key for e in game.state.log.events]


@rule("OW-MUL-6")
def test_single_winner_assigns_each_attack_to_an_enemy():
    game = build([m("a", 12, 12, attacks=2)],
                 [m("b0", *touching(12, 12, 0)), m("b1", *touching(12, 12, 180))])
    game.feed(*LAW_FIRST, 6, 6, 1, 1)
    while asked(game) in ("ow.ask.back-off", "ow.ask.back-off-order"):
        game.feed(options(game)[0])
    assert asked(game) == "ow.ask.strike"
    assert sorted(options(game)) == ["b0", "b1"]
    game.feed("b1", 6)
    assert not alive(game, "b1")
    assert asked(game) == "ow.roll.wound"  # the second Attack: only b0 is left to strike
    game.feed(6)
    assert not alive(game, "b0")
