"""Enemies and battle (ECHO-BAT-1 to ECHO-BAT-5) and the house rules that
fill the book's missing section 4.3."""

from __future__ import annotations

from fractions import Fraction

import pytest

from referee.core.waits import Chance
from referee.games.echo.battle import enemy_fate, investigator_fate
from tests.games.echo.echo import asked, chance, enemy, inv, keys, new_game, options, units, where


@pytest.mark.rule("ECHO-BAT-1")
def test_an_enemy_bars_the_way_until_defeated_or_got_away_from():
    """«чтобы начать или продолжить движение, они должны вначале либо победить
    его, либо пройти проверку ухода»: no move on, no Gate; staying is no
    move, so the turn may end there before a battle begins (disputed case 10)."""
    game = new_game([inv("max", "a", speed=3)], enemies=[enemy("thief", "c")])
    game.feed("move:c")
    assert options(game) == ["fight", "away", "done"]
    game.feed("done")
    assert where(game, "max") == "c" and game.state.enemies["thief"].status == "active"


@pytest.mark.rule("ECHO-BAT-1")
def test_a_passed_get_away_check_lets_the_investigator_move_on():
    game = new_game([inv("max", "a", speed=3, stealth=3)],
                    enemies=[enemy("thief", "c", attentiveness=1)])
    game.feed("move:c", "away")
    assert [v for v, _ in chance(game).outcomes] == [0, 1, 2]  # Stealth 3 less Attentiveness 1
    game.feed(1)
    assert "move:d" in options(game) and "done" in options(game)
    assert units(game, "max") == 2  # getting away costs no unit


@pytest.mark.rule("ECHO-BAT-1")
def test_a_failed_get_away_check_is_followed_by_a_round():
    game = new_game([inv("max", "a", speed=3, stealth=3)], enemies=[enemy("thief", "c")])
    game.feed("move:c", "away", 0)
    assert options(game) == ["attentiveness", "stealth"]  # the order of blows is checked


@pytest.mark.rule("ECHO-BAT-1")
def test_a_defeated_enemy_no_longer_bars_the_way():
    game = new_game([inv("max", "a", speed=3, fight=2)],
                    enemies=[enemy("thief", "c", health=2, fight=1)])
    game.feed("move:c", "fight", "stealth", 1, 2)  # first; two successes: Health 0
    assert game.state.enemies["thief"].status == "detained"
    assert "move:d" in options(game)


@pytest.mark.rule("ECHO-BAT-2")
def test_one_unit_pays_for_one_round():
    game = new_game([inv("max", "a", speed=3, fight=1, health=9, reason=9)],
                    enemies=[enemy("ghost", "c", kind="undead", health=9, reason=9, fight=1)])
    game.feed("move:c", "fight", "stealth", 1)
    assert units(game, "max") == 1
    game.feed(0, 0, "fight")
    assert units(game, "max") == 0


@pytest.mark.rule("ECHO-BAT-2")
def test_with_no_units_left_the_battle_goes_on():
    """Max's last unit pays the first round; the battle then goes on at none
    and cannot be left by ending the turn."""
    game = new_game([inv("max", "a", speed=2, fight=1, health=9, reason=9)],
                    enemies=[enemy("ghost", "c", kind="undead", health=9, reason=9, fight=1)])
    game.feed("move:c", "fight", "stealth", 1, 0, 0)
    assert units(game, "max") == 0
    assert options(game) == ["fight", "away"]
    game.feed("fight", 1, 0)
    assert game.state.enemies["ghost"].health == 8
    assert "echo.units.none-left" in keys(game)


@pytest.mark.rule("ECHO-BAT-2")
def test_disputed_case_12_no_battle_begins_at_no_units():
    """«Один раунд битвы … (но если ед. движения не осталось, битва всё равно
    продолжается до конца)»: a battle goes on at no units, but only one under
    way. Max spends his one unit reaching the ghost: he cannot fight nor try
    the get-away check (whose failure brings a round), and ends his turn
    there, still barred."""
    game = new_game([inv("max", "a", speed=1)],
                    enemies=[enemy("ghost", "c", kind="undead", fight=1)])
    game.feed("move:c")
    assert units(game, "max") == 0
    assert options(game) == ["done"]
    game.feed("done")
    assert game.state.turn == 2 and units(game, "max") == 1
    assert options(game) == ["fight", "away", "done"]  # a unit again: he may begin it


@pytest.mark.rule("ECHO-BAT-2", "ECHO-ORD-3")
def test_disputed_case_12_a_group_begins_a_battle_only_if_every_member_can_pay():
    """Kofa has spent her one unit coming to Max; together they reach the
    ghost at no cost (a touching Location) with Max at 2 units, Kofa at 0: the
    group cannot begin the battle until it splits."""
    game = new_game([inv("max", "a", speed=2), inv("kofa", "c", speed=1)],
                    enemies=[enemy("ghost", "b", kind="undead", fight=1)], first_player="kofa")
    game.feed("move:a")
    game.answer("kofa", "together")
    game.answer("max", "together")
    game.feed("move:b")
    assert (units(game, "kofa"), units(game, "max")) == (0, 2)
    assert options(game) == ["split", "done"]


@pytest.mark.rule("ECHO-BAT-3")
def test_every_combatant_strikes_exactly_one_blow_a_round():
    game = new_game([inv("max", "a", speed=3, fight=2, health=9, reason=9),
                     inv("kofa", "c", speed=3, fight=1, health=9, reason=9)],
                    enemies=[enemy("ghost", "c", kind="undead", health=9, reason=9, fight=2),
                             enemy("wraith", "c", kind="undead", health=9, reason=9, fight=3)])
    game.feed("move:c")
    game.answer("max", "together")
    game.answer("kofa", "together")
    game.feed("fight", "stealth", 1)   # investigators first
    blows = []
    while isinstance(game.waiting, Chance):
        blows.append(len(chance(game).outcomes) - 1)  # dice of this blow
        game.feed(0)
    assert blows == [2, 1, 2, 3]  # Max, Kofa, then the ghost and the wraith, once each
    assert (units(game, "max"), units(game, "kofa")) == (1, 2)  # each paid the round's unit
    assert options(game) == ["fight", "away", "split"]


@pytest.mark.rule("ECHO-BAT-4")
def test_an_enemy_down_before_its_blow_does_not_strike():
    game = new_game([inv("max", "a", speed=3, fight=3)],
                    enemies=[enemy("thief", "c", health=2, fight=2)])
    game.feed("move:c", "fight", "stealth", 1, 2)
    assert "echo.no-blow" in keys(game)
    assert not isinstance(game.waiting, Chance)  # the thief rolls no blow


@pytest.mark.rule("ECHO-BAT-4")
def test_an_investigator_down_before_its_blow_does_not_strike():
    game = new_game([inv("max", "a", speed=3, fight=3, reason=1), inv("kofa", "b")],
                    enemies=[enemy("ghost", "c", kind="undead", fight=2, harms="reason")])
    game.feed("move:c", "fight", "stealth", 0, 1)  # enemies first; Reason 0
    assert game.state.investigators["max"].status == "unconscious"
    assert asked(game) == ("kofa",)
    assert "echo.no-blow" in keys(game)
    assert game.state.enemies["ghost"].health == 3


@pytest.mark.rule("ECHO-BAT-5")
def test_the_order_check_takes_the_enemy_attentiveness_as_penalty():
    game = new_game([inv("max", "a", speed=3, attentiveness=3, stealth=2)],
                    enemies=[enemy("thief", "c", attentiveness=2)])
    game.feed("move:c", "fight", "attentiveness")
    assert [v for v, _ in chance(game).outcomes] == [0, 1]  # 3 - 2 dice


@pytest.mark.rule("ECHO-BAT-5")
def test_house_rule_with_several_enemies_the_highest_attentiveness_is_the_penalty():
    """House rule 6: a thief of Attentiveness 1 and a guard of 2 together give
    the order check a penalty of 2, so Attentiveness 3 rolls one die, not two."""
    game = new_game([inv("max", "a", speed=3, attentiveness=3, stealth=2)],
                    enemies=[enemy("thief", "c", attentiveness=1),
                             enemy("guard", "c", attentiveness=2)])
    game.feed("move:c", "fight", "attentiveness")
    assert [v for v, _ in chance(game).outcomes] == [0, 1]  # 3 - 2 dice


@pytest.mark.rule("ECHO-BAT-5")
def test_disputed_case_the_penalty_on_stealth_only_as_a_setting():
    game = new_game([inv("max", "a", speed=3, attentiveness=3, stealth=2)],
                    enemies=[enemy("thief", "c", attentiveness=2)], order_penalty="stealth")
    game.feed("move:c", "fight", "attentiveness")
    assert len(chance(game).outcomes) == 4  # 3 dice, no penalty


@pytest.mark.rule("ECHO-BAT-5")
def test_a_failed_order_check_lets_the_enemies_strike_first():
    game = new_game([inv("max", "a", speed=3, stealth=3, fight=1)],
                    enemies=[enemy("thief", "c", attentiveness=1, fight=2)])
    game.feed("move:c", "fight", "stealth", 0)
    assert len(chance(game).outcomes) == 3  # the thief's 2 dice come first
    assert "echo.order.enemies" in keys(game)


@pytest.mark.rule("ECHO-BAT-5")
def test_house_rule_the_order_check_is_made_once_a_battle():
    game = new_game([inv("max", "a", speed=3, fight=1, health=9, reason=9)],
                    enemies=[enemy("ghost", "c", kind="undead", health=9, reason=9, fight=1)])
    game.feed("move:c", "fight", "stealth", 1, 0, 0, "fight")
    assert len(chance(game).outcomes) == 2  # straight to Max's blow, no second order check


@pytest.mark.rule("ECHO-BAT-5")
def test_with_a_penalty_as_big_as_the_skill_the_check_fails_without_dice():
    game = new_game([inv("max", "a", speed=3, stealth=1, fight=1)],
                    enemies=[enemy("thief", "c", attentiveness=2, fight=1)])
    game.feed("move:c", "fight", "stealth")
    assert "echo.order.enemies" in keys(game)


def test_house_rule_a_check_is_one_die_a_point_five_or_six_a_success():
    game = new_game([inv("max", "a", speed=3, stealth=3)], enemies=[enemy("thief", "c")])
    game.feed("move:c", "away")
    odds = dict(chance(game).outcomes)  # 2 dice at 1/3: 4/9, 4/9, 1/9 worked by hand
    assert odds == {0: Fraction(4, 9), 1: Fraction(4, 9), 2: Fraction(1, 9)}


@pytest.mark.parametrize(("kind", "health", "reason", "fate"), [
    ("commoner", 1, 3, "active"), ("commoner", 0, 3, "detained"),
    ("mage", 3, -1, "detained"), ("mage", -2, 3, "dead"), ("commoner", 0, 0, "dead"),
    ("undead", 1, 1, "active"), ("undead", 0, 5, "destroyed"), ("artifact", 5, -1, "destroyed"),
])
def test_house_rule_the_full_games_detention_and_death(kind, health, reason, fate):
    assert enemy_fate(kind, health, reason) == fate


def test_house_rule_an_investigator_falls_as_a_human_enemy_would_be_detained():
    assert investigator_fate(0, 2) == "unconscious"
    assert investigator_fate(-2, 2) == "dead"
    assert investigator_fate(2, 2) == "conscious"


def test_house_rule_the_unconscious_come_to_next_turn():
    game = new_game([inv("max", "a", speed=3, fight=3, reason=1)],
                    enemies=[enemy("ghost", "c", kind="undead", fight=2, harms="reason")])
    game.feed("move:c", "fight", "stealth", 0, 1)
    assert (game.state.turn, where(game, "max")) == (2, "c")
    assert game.state.investigators["max"].reason == 1
    assert options(game) == ["fight", "away", "done"]  # the ghost is still there


@pytest.mark.rule("ECHO-BAT-1", "ECHO-BAT-5")
def test_disputed_case_14_stealth_2_against_attentiveness_2_is_no_endless_loop():
    """Stealth 2 less the ghost's Attentiveness 2 is no die: the get-away
    check fails unrolled and a round follows; the ghost knocks Max out. He
    comes to beside it next turn with Reason 1 and is not made to fight
    again: he may end his turn and wait for help, and the game goes on to its
    last turn."""
    game = new_game([inv("max", "a", speed=3, stealth=2, attentiveness=2, reason=2)],
                    enemies=[enemy("ghost", "c", kind="undead", attentiveness=2, fight=2,
                                   harms="reason")], max_turns=3)
    game.feed("move:c", "away")
    assert "echo.away.failed" in keys(game)  # no die to roll
    game.feed("stealth")                     # the order check: no die either
    assert "echo.order.enemies" in keys(game)
    game.feed(2)                             # the ghost's blow: Reason 0
    fell = keys(game).index("echo.investigator.unconscious")
    assert keys(game)[fell - 1] == "echo.hit" and "echo.wakes" in keys(game)[fell:]
    assert (game.state.turn, where(game, "max")) == (2, "c")
    assert game.state.investigators["max"].reason == 1
    assert options(game) == ["fight", "away", "done"]
    game.feed("done", "done")
    assert game.is_over and game.state.investigators["max"].status == "conscious"


@pytest.mark.rule("ECHO-BAT-2")
def test_disputed_case_14_a_battle_where_no_blow_can_land_may_be_left():
    """Max and the statue both have Fight 0 and Max's Stealth 2 is no die
    against its Attentiveness 2: no round and no check could ever end the
    battle, so the turn may end in it."""
    game = new_game([inv("max", "a", speed=2, stealth=2, fight=0)],
                    enemies=[enemy("statue", "c", kind="artifact", attentiveness=2, fight=0)])
    game.feed("move:c", "fight", "stealth")  # no dice anywhere: the round is played out
    assert units(game, "max") == 0 and "echo.round" in keys(game)
    assert options(game) == ["fight", "away", "done"]
    game.feed("fight")
    assert options(game) == ["fight", "away", "done"]
    game.feed("done")
    assert game.state.turn == 2
