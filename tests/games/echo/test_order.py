"""The order of play (ECHO-ORD-1 to ECHO-ORD-4)."""

from __future__ import annotations

import pytest

from tests.games.echo.echo import asked, chance, enemy, inv, keys, new_game, options, units, where


@pytest.mark.rule("ECHO-ORD-1")
def test_the_first_player_moves_first_then_clockwise():
    game = new_game([inv("max"), inv("juffin"), inv("kofa")], first_player="juffin")
    movers = []
    for _ in range(3):
        movers.append(asked(game)[0])
        game.feed("done")
    assert movers == ["juffin", "kofa", "max"]


@pytest.mark.rule("ECHO-ORD-1")
def test_house_rule_the_first_player_token_passes_clockwise_each_turn():
    game = new_game([inv("max"), inv("juffin"), inv("kofa")], first_player="kofa")
    game.feed("done", "done", "done")
    assert game.state.first_player == "max" and asked(game) == ("max",)


@pytest.mark.rule("ECHO-ORD-2")
def test_melifaro_decides_who_moves_next():
    game = new_game([inv("max"), inv("melifaro"), inv("kofa")], melifaro="melifaro")
    assert asked(game) == ("melifaro",)
    assert options(game) == ["max", "melifaro", "kofa"]  # the usual order first
    game.feed("kofa")
    assert asked(game) == ("kofa",)
    assert "echo.melifaro" in keys(game)
    game.feed("done", "max")
    assert asked(game) == ("max",)
    game.feed("done")
    assert asked(game) == ("melifaro",)  # the last one: no choice left to make


@pytest.mark.rule("ECHO-ORD-2")
def test_house_rule_an_unconscious_melifaro_decides_nothing():
    game = new_game([inv("max"), inv("melifaro"), inv("kofa")], melifaro="melifaro")
    game.feed("kofa")
    game.state.investigators["melifaro"].status = "unconscious"  # he falls in Kofa's turn
    game.feed("done")
    assert asked(game) == ("max",)  # the usual order, nobody asked


@pytest.mark.rule("ECHO-ORD-3")
def test_meeting_puts_the_question_to_both_and_both_must_agree():
    game = new_game([inv("max", "a", speed=3), inv("kofa", "b", speed=3)])
    game.feed("move:b")
    assert set(asked(game)) == {"max", "kofa"}
    game.answer("max", "together")
    game.answer("kofa", "apart")
    assert asked(game) == ("max",)
    game.feed("move:a")
    assert where(game, "kofa") == "b"


@pytest.mark.rule("ECHO-ORD-3")
def test_together_they_move_and_spend_the_same_units_at_once():
    game = new_game([inv("max", "a", speed=3), inv("kofa", "b", speed=2)])
    game.feed("move:b")
    game.answer("max", "together")
    game.answer("kofa", "together")
    game.feed("move:a", "move:c")
    assert (where(game, "max"), where(game, "kofa")) == ("c", "c")
    assert (units(game, "max"), units(game, "kofa")) == (2, 1)


@pytest.mark.rule("ECHO-ORD-3")
def test_one_who_has_had_its_turn_may_still_join_regardless_of_the_order():
    game = new_game([inv("max", "a", speed=3), inv("kofa", "b", speed=3)])
    game.feed("move:c", "done")            # Max's turn: 2 units left
    assert asked(game) == ("kofa",)
    game.feed("move:a", "move:c")          # Kofa comes to Max: 0 + 1 unit
    game.answer("kofa", "together")
    game.answer("max", "together")
    game.feed("move:d")
    assert (units(game, "max"), units(game, "kofa")) == (1, 1)


@pytest.mark.rule("ECHO-ORD-3")
def test_a_group_spends_only_what_every_member_has():
    game = new_game([inv("max", "a", speed=3), inv("kofa", "b", speed=1)])
    game.feed("move:b")
    game.answer("max", "together")
    game.answer("kofa", "together")
    game.feed("move:a", "move:c")
    assert units(game, "kofa") == 0
    assert "move:d" not in options(game) and "split" in options(game)


@pytest.mark.rule("ECHO-ORD-4")
def test_after_splitting_the_order_starts_again_from_the_first_player():
    game = new_game([inv("max", "a"), inv("melifaro", "c"), inv("kofa", "b")],
                    melifaro="melifaro")
    game.feed("kofa")                      # Melifaro sends Kofa first
    game.feed("move:a")
    game.answer("kofa", "together")
    game.answer("max", "together")
    game.feed("split")
    assert "echo.order-resumes" in keys(game)
    assert asked(game) == ("melifaro",)
    assert options(game) == ["max", "melifaro", "kofa"]  # from the First Player, Max


@pytest.mark.rule("ECHO-ORD-4")
def test_without_melifaro_the_first_unfinished_from_the_first_player_moves():
    game = new_game([inv("max", "a", speed=3), inv("kofa", "b", speed=3)], first_player="kofa")
    game.feed("done")                      # Kofa's turn is over
    game.feed("move:b")                    # Max meets Kofa
    game.answer("max", "together")
    game.answer("kofa", "together")
    game.feed("move:a", "move:c", "split")
    assert asked(game) == ("max",)         # Kofa had her turn; Max's goes on
    assert (units(game, "max"), units(game, "kofa")) == (2, 2)


@pytest.mark.rule("ECHO-ORD-3")
def test_disputed_case_2_who_begin_a_turn_together_may_join_without_stepping_out():
    """«Если Сыщик, который сейчас ходит, встречает другого»: Max begins his
    turn where Kofa stands; he may ask her at once, and together they spend
    the same units."""
    game = new_game([inv("max", "a", speed=3), inv("kofa", "a", speed=2)])
    assert "together" in options(game)
    game.feed("together")
    assert asked(game) == ("kofa",)  # Max asked her: only she answers
    game.feed("together")
    game.feed("move:c")
    assert (where(game, "max"), where(game, "kofa")) == ("c", "c")
    assert (units(game, "max"), units(game, "kofa")) == (2, 1)
    assert "echo.together" in keys(game)


@pytest.mark.rule("ECHO-ORD-3")
def test_disputed_case_2_the_question_is_put_once_at_the_start_of_the_turn():
    game = new_game([inv("max", "a", speed=3), inv("kofa", "a", speed=2)])
    game.feed("together", "apart")
    assert "echo.apart" in keys(game) and asked(game) == ("max",)
    assert "together" not in options(game)  # she said no: no asking again and again
    game.feed("move:b")
    assert "together" not in options(game)  # nobody here


@pytest.mark.rule("ECHO-ORD-4", "ECHO-BAT-5")
def test_splitting_mid_battle_neither_restarts_the_turn_nor_checks_the_order_again():
    """Max and Kofa fight the thief together; Max passed the order check, so
    the investigators strike first. They split: Max's turn goes on where it
    was, and his next round starts with his own blow, no second check."""
    game = new_game([inv("max", "a", speed=3), inv("kofa", "b", speed=3)],
                    enemies=[enemy("thief", "c", health=9, reason=9, fight=1)])
    game.feed("move:b")
    game.answer("max", "together")
    game.answer("kofa", "together")
    game.feed("move:a", "move:c", "fight", "stealth", 1, 0, 0, 0, "split")
    assert keys(game).count("echo.turn-of") == 1
    assert keys(game)[-3:] == ["echo.split", "echo.order-resumes", "echo.turn-goes-on"]
    assert asked(game) == ("max",)
    assert options(game) == ["fight", "away"]  # the battle goes on: no end of the turn
    game.feed("fight")
    assert chance(game).label == {"roll": "blow", "striker": "investigator",
                                  "investigator": "max", "enemy": "thief", "dice": 2}
    assert keys(game).count("echo.order.investigators") == 1


@pytest.mark.rule("ECHO-ORD-4", "ECHO-BAT-2")
def test_one_who_split_off_mid_battle_fights_on_in_it_with_its_order():
    """After the split Max gets away and ends his turn; Kofa's turn finds her
    still in the battle: she cannot end it there, and strikes first as the
    check made with Max gave."""
    game = new_game([inv("max", "a", speed=3, stealth=3), inv("kofa", "b", speed=3)],
                    enemies=[enemy("thief", "c", health=9, reason=9, fight=1)])
    game.feed("move:b")
    game.answer("max", "together")
    game.answer("kofa", "together")
    game.feed("move:a", "move:c", "fight", "stealth", 1, 0, 0, 0, "split", "away", 1, "done")
    assert asked(game) == ("kofa",)
    assert options(game) == ["fight", "away", "together"]  # Max still stands there
    game.feed("fight")
    assert chance(game).label == {"roll": "blow", "striker": "investigator",
                                  "investigator": "kofa", "enemy": "thief", "dice": 2}
