"""Movement: Egor first, Watchers by Initiative, always through the Metro."""

from __future__ import annotations

import pytest

from referee.core.game import Game
from referee.core.scenario import load_scenario
from referee.core.waits import Chance
from referee.games.night_watch.scenario import Scenario
from tests.games.night_watch.nw import asked, new_game, option_values, other


@pytest.mark.rule("NW-MOV-1")
def test_a_move_takes_the_card_off_one_location_and_puts_it_on_another():
    game = new_game([other("andrey", "night", 1, "zoo")])
    game.feed("move:metro")
    view = game.view("day")["state"]
    assert view["others"]["andrey"]["location"] == "metro"
    assert "Andrey goes from the Zoo to the Metro." in game.text_log()


@pytest.mark.rule("NW-MOV-2")
def test_egor_moves_before_any_watcher():
    game = new_game([other("larisa", "day", 1, "barbershop")],
                    egor_start="barbershop", egor_goal="flat")
    assert asked(game) == ("day", "Larisa")
    assert game.view("day")["state"]["egor"] == "metro"
    log = game.text_log()
    assert log.index("Egor goes from the Barbershop to the Metro.") > log.index("— Turn 1 —")


@pytest.mark.rule("NW-MOV-3")
def test_watchers_move_one_at_a_time_lowest_initiative_first_by_their_owner():
    game = new_game([other("anton", "night", 9, "zoo"), other("larisa", "day", 3, "zoo"),
                     other("andrey", "night", 5, "zoo")])
    order = []
    for _ in range(3):
        order.append(asked(game))
        game.feed("stay")
    assert order == [("day", "Larisa"), ("night", "Andrey"), ("night", "Anton Gorodetsky")]


def movers_in_order(game: Game, count: int) -> list[str]:
    """The Others asked to move, in order, each staying; draws take the first card."""
    order: list[str] = []
    while len(order) < count:
        if isinstance(game.waiting, Chance):
            game.roll(game.waiting.outcomes[0][0])
            continue
        order.append(asked(game)[1])
        game.feed("stay")
    return order


@pytest.mark.rule("NW-MOV-4")
def test_the_books_opening_order_larisa_andrey_anton_then_zavulon():
    ruleset, scenario = load_scenario("night-watch")
    assert isinstance(scenario, Scenario)
    assert movers_in_order(Game(ruleset, scenario), 3) == [
        "Larisa", "Andrey", "Anton Gorodetsky"]
    from_start = scenario.model_copy(update={"others": [
        o.model_copy(update={"enters_turn": 1}) for o in scenario.others]})
    assert movers_in_order(Game(ruleset, from_start), 4) == [
        "Larisa", "Andrey", "Anton Gorodetsky", "Zavulon"]


@pytest.mark.rule("NW-MOV-5")
def test_an_other_moves_at_most_one_location_a_turn():
    game = new_game([other("andrey", "night", 1, "barbershop")])
    assert option_values(game) == ["stay", "move:metro"]
    game.feed("move:metro")
    assert game.view("night")["state"]["turn"] == 2
    assert game.view("night")["state"]["others"]["andrey"]["location"] == "metro"


@pytest.mark.rule("NW-MOV-6")
def test_every_move_goes_through_the_metro_so_two_ordinary_locations_take_two_turns():
    game = new_game([other("andrey", "night", 1, "barbershop")])
    assert "move:zoo" not in option_values(game)
    game.feed("move:metro")
    assert {"move:zoo", "move:barbershop", "move:entrance"} <= set(option_values(game))
    game.feed("move:zoo")
    state = game.view("night")["state"]
    assert (state["turn"], state["others"]["andrey"]["location"]) == (3, "zoo")


@pytest.mark.rule("NW-MOV-7")
def test_egors_flat_and_the_roof_are_reached_only_from_the_entrance():
    game = new_game([other("andrey", "night", 1, "metro")])
    assert not {"move:flat", "move:roof"} & set(option_values(game))
    game.feed("move:entrance")
    assert {"move:flat", "move:roof", "move:metro"} <= set(option_values(game))
    game.feed("move:roof")
    assert option_values(game) == ["stay", "move:entrance"]


@pytest.mark.rule("NW-MOV-8")
def test_egor_gets_from_the_barbershop_to_his_flat_in_three_turns():
    game = new_game([other("andrey", "night", 1, "zoo")],
                    egor_start="barbershop", egor_goal="flat")
    game.feed("stay", "stay", "stay")
    egor = [line for line in game.text_log() if line.startswith("Egor")]
    assert egor == ["Egor goes from the Barbershop to the Metro.",
                    "Egor goes from the Metro to the Entrance.",
                    "Egor goes from the Entrance to Egor's Flat.", "Egor stays at Egor's Flat."]


@pytest.mark.rule("NW-MOV-9")
def test_moving_is_optional_and_combat_begins_after_the_last_move():
    game = new_game([other("larisa", "day", 1, "zoo"), other("andrey", "night", 2, "zoo")])
    assert option_values(game)[0] == "stay"
    game.feed("stay")
    assert "Combat at the Zoo." not in game.text_log()
    game.feed("stay")
    assert game.text_log()[-1] == "Combat at the Zoo."
    assert asked(game) == ("day", "Larisa")
