"""Items (ECHO-ITEM-1, ECHO-ITEM-2): used in the Movement phase at their cost,
many with a skill check; the units go on the attempt."""

from __future__ import annotations

import pytest

from tests.games.echo.echo import chance, enemy, inv, keys, new_game, options, units, where

DARK_PATH = {"id": "dark_path", "name": {"en": "The Dark Path", "ru": "Тёмный Путь"},
             "effect": "teleport", "cost": 2, "skill": "magic", "penalty": 1}
BALM = {"id": "balm", "name": {"en": "Kahar's Balm", "ru": "Бальзам Кахара"},
        "effect": "heal", "cost": 1, "power": 2}
SPIT = {"id": "spit", "name": {"en": "Poisonous Spit", "ru": "Ядовитый плевок"},
        "effect": "smite", "cost": 1, "power": 2, "skill": "magic"}


@pytest.mark.rule("ECHO-ITEM-1")
def test_an_item_costs_its_units_and_needs_no_check_unless_it_says_so():
    game = new_game([inv("kofa", speed=2, health=4, items=["balm"])], items=[BALM])
    game.state.investigators["kofa"].health = 1
    game.feed("item:balm")
    assert units(game, "kofa") == 1
    assert game.state.investigators["kofa"].health == 3


@pytest.mark.rule("ECHO-ITEM-1")
def test_an_item_costing_more_than_the_units_left_is_not_offered():
    game = new_game([inv("juffin", speed=3, magic=4, items=["dark_path"])], items=[DARK_PATH])
    assert "item:dark_path" in options(game)
    game.feed("move:c", "move:a")
    assert "item:dark_path" not in options(game)


@pytest.mark.rule("ECHO-ITEM-2")
def test_a_check_passed_and_the_item_works():
    game = new_game([inv("juffin", speed=3, magic=4, items=["dark_path"])], items=[DARK_PATH])
    game.feed("item:dark_path")
    assert [v for v, _ in chance(game).outcomes] == [0, 1, 2, 3]  # magic 4 less the penalty 1
    game.feed(1, "d")
    assert (where(game, "juffin"), units(game, "juffin")) == ("d", 1)


@pytest.mark.rule("ECHO-ITEM-2")
def test_a_check_failed_spends_the_units_all_the_same():
    game = new_game([inv("juffin", speed=3, magic=4, items=["dark_path"])], items=[DARK_PATH])
    game.feed("item:dark_path", 0)
    assert (where(game, "juffin"), units(game, "juffin")) == ("a", 1)
    assert "echo.item.failed" in keys(game)


@pytest.mark.rule("ECHO-ITEM-2")
def test_a_smite_that_passes_takes_from_the_enemy_here():
    game = new_game([inv("max", "c", speed=3, magic=3, items=["spit"])], items=[SPIT],
                    enemies=[enemy("thief", "c", health=3)])
    assert "item:spit" in options(game)
    game.feed("item:spit", 2)
    assert game.state.enemies["thief"].health == 1
