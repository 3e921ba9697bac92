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
    game = new_game([inv("max", "a", speed=3)], enemies=[enemy("thief", "c")])
    game.feed("move:c")
    assert options(game) == ["fight", "away"]  # no move, no end of the turn


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
    game = new_game([inv("max", "a", speed=1, fight=1, health=9, reason=9)],
                    enemies=[enemy("ghost", "c", kind="undead", health=9, reason=9, fight=1)])
    game.feed("move:c", "fight", "stealth", 1, 0, 0)
    assert units(game, "max") == 0
    assert options(game) == ["fight", "away"]
    game.feed("fight", 1, 0)
    assert game.state.enemies["ghost"].health == 8
    assert "echo.units.none-left" in keys(game)


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
    assert options(game) == ["fight", "away"]  # the ghost is still there
