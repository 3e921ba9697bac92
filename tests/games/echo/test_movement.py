"""Movement units (ECHO-MOV-1 to ECHO-MOV-5)."""

from __future__ import annotations

import pytest

from tests.games.echo.echo import inv, keys, new_game, options, units, where

AMOBILER = {"id": "amobiler", "name": {"en": "Amobiler", "ru": "Амобилер"},
            "effect": "units", "power": 2}


@pytest.mark.rule("ECHO-MOV-1")
def test_units_are_the_speed_at_the_start_of_the_phase():
    game = new_game([inv("max", speed=3)])
    assert units(game, "max") == 3


@pytest.mark.rule("ECHO-MOV-1")
def test_an_item_adds_units_to_the_speed():
    game = new_game([inv("max", speed=3, items=["amobiler"])], items=[AMOBILER])
    assert units(game, "max") == 5


@pytest.mark.rule("ECHO-MOV-2")
def test_a_move_along_a_white_rectangle_costs_one_unit():
    game = new_game([inv("max", speed=3)])
    game.feed("move:c")
    assert (where(game, "max"), units(game, "max")) == ("c", 2)


@pytest.mark.rule("ECHO-MOV-2")
def test_each_unit_pays_for_one_thing_only_so_none_left_means_no_linked_move():
    game = new_game([inv("max", speed=2)])
    game.feed("move:c", "move:a")
    assert units(game, "max") == 0
    assert "move:c" not in options(game) and "move:e" not in options(game)
    assert "move:b" in options(game)  # touching: free (ECHO-MOV-3)


@pytest.mark.rule("ECHO-MOV-3")
def test_a_move_between_touching_locations_costs_nothing():
    game = new_game([inv("max", speed=2)])
    game.feed("move:b")
    assert (where(game, "max"), units(game, "max")) == ("b", 2)
    game.feed("move:a")
    assert (where(game, "max"), units(game, "max")) == ("a", 2)


@pytest.mark.rule("ECHO-MOV-3")
def test_touching_moves_are_capped_by_the_house_rule():
    game = new_game([inv("max", speed=2)], free_moves=2)
    game.feed("move:b", "move:a")
    assert "move:b" not in options(game)


@pytest.mark.rule("ECHO-MOV-4")
def test_each_unit_spent_discards_one_token():
    game = new_game([inv("max", speed=3)])
    before = keys(game).count("echo.units.spent")
    game.feed("move:c", "move:d")
    spent = [e for e in game.log_for("max") if e.text.key == "echo.units.spent"]
    assert len(spent) - before == 2
    assert [e.text.params["left"] for e in spent] == [2, 1]


@pytest.mark.rule("ECHO-MOV-5")
def test_unspent_units_are_discarded_at_the_end_of_the_phase():
    game = new_game([inv("max", speed=3)])
    game.feed("move:c", "done")
    discarded = [e for e in game.log_for("max") if e.text.key == "echo.units.discarded"]
    assert [e.text.params["units"] for e in discarded] == [2]
    assert game.state.turn == 2
    assert units(game, "max") == 3  # the Speed again, not 3 + 2 saved


@pytest.mark.rule("ECHO-MOV-5")
def test_unspent_units_are_gone_when_the_last_phase_ends():
    """«все непотраченные единицы движения в конце этой фазы сбрасываются»:
    in a one-turn game Max ends the phase with 2 of his 3 units unspent, and
    the finished game shows him with none, in every seat's view."""
    game = new_game([inv("max", speed=3)], max_turns=1)
    game.feed("move:c", "done")
    assert game.waiting is None
    assert units(game, "max") == 0
    assert game.view("max")["state"]["investigators"]["max"]["units"] == 0
