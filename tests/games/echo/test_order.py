"""The order of play (ECHO-ORD-1 to ECHO-ORD-4)."""

from __future__ import annotations

import pytest

from tests.games.echo.echo import asked, inv, keys, new_game, options, units, where


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
