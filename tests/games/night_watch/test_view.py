"""What a Night Watch seat's view says as data: the typed state, the facts of
each log line, the meaning of each option, the label of each chance."""

from __future__ import annotations

from typing import Any

import pytest

from referee.core.game import Game
from referee.core.views import view_model_of
from referee.core.waits import Chance
from referee.games.night_watch.view import NightWatchView
from tests.games.night_watch.nw import RULESET, new_game, other


def facts(game: Game, seat: str = "referee") -> list[dict[str, Any]]:
    return [line["facts"] for line in game.view(seat)["log"]]


def meanings(game: Game, seat: str) -> list[dict[str, Any]]:
    return [option["meaning"] for option in game.view(seat)["waiting"]["options"]]


def duel_with_chip() -> Game:
    """The book's example (NW-CMB-9): Andrey defends himself with Defence-3,
    Larisa plays Attack-4 on him and lays her -1 chip on his Defence."""
    game = new_game([other("andrey", "night", 1, "metro"),
                     other("larisa", "day", 2, "metro", chips=[-1])],
                    night=["defence-3"], day=["attack-4"], hand_size=1)
    game.feed("defence-3", "attack-4", "stay", "stay")
    game.feed("cast:defence-3:andrey", "done", "cast:attack-4:andrey", "chip:0:1")
    return game


def test_a_move_says_who_went_from_where_to_where():
    game = new_game([other("andrey", "night", 1, "barbershop")])
    game.feed("move:metro", "stay")
    said = facts(game)
    moved = said.index({"kind": "moved", "other": "andrey", "from": "barbershop",
                        "to": "metro"})
    assert said.index({"kind": "stayed", "other": "andrey", "location": "metro"}) > moved


def test_a_draw_names_the_card_to_its_own_watch_and_the_referee_only():
    game = new_game([other("larisa", "day", 1, "metro"), other("andrey", "night", 2, "zoo")],
                    day=["attack-4"], hand_size=1)
    game.feed("attack-4")
    drawn = {"kind": "drew", "other": "larisa", "watch": "day", "card": "attack-4"}
    assert drawn in facts(game, "day") and drawn in facts(game, "referee")
    assert {"kind": "drew", "other": "larisa", "watch": "day"} in facts(game, "night")
    assert not any(f.get("card") for f in facts(game, "night"))


def test_each_turn_and_egors_move_end_a_phase_as_data():
    game = new_game([other("andrey", "night", 1, "metro")], egor_start="metro")
    game.feed("stay")
    assert [f for f in facts(game) if f["kind"] == "phase-ended"] == [
        {"kind": "phase-ended", "phase": "start", "turn": 1},
        {"kind": "phase-ended", "phase": "egor", "turn": 1, "from": "metro", "to": "zoo"},
        {"kind": "phase-ended", "phase": "start", "turn": 2},
        {"kind": "phase-ended", "phase": "egor", "turn": 2, "from": "zoo", "to": "zoo"}]
    assert {"kind": "entered", "other": "andrey", "watch": "night",
            "location": "metro"} in facts(game)


@pytest.mark.rule("NW-CMB-8", "NW-CMB-9")
def test_cards_played_chips_and_wounds_are_data_with_the_books_numbers():
    game = duel_with_chip()
    assert facts(game)[-3:] == [
        {"kind": "played", "other": "andrey", "card": "defence-3", "target": "andrey",
         "play": 1},
        {"kind": "played", "other": "larisa", "card": "attack-4", "target": "andrey",
         "play": 2},
        {"kind": "laid-chip", "other": "larisa", "chip": -1, "play": 1, "target": "andrey"}]
    table = game.view("night")["state"]["plays"]
    assert [(p["card"], p["chips"], p["power"]) for p in table] == [
        ("defence-3", [-1], 2), ("attack-4", [], 4)]
    game.feed("done")
    said = facts(game)
    # «Атака-4» against «Защита-3» weakened by «-1»: two wounds instead of four.
    assert {"kind": "wounded", "other": "andrey", "attack": 4, "defence": 2, "wounds": 2,
            "total": 2} in said
    assert {"kind": "discarded", "location": "metro", "count": 2} in said
    assert game.view("night")["state"]["plays"] == []


@pytest.mark.rule("NW-CMB-12")
def test_a_death_and_the_items_it_leaves_are_data():
    game = new_game([other("larisa", "day", 1, "metro"), other("andrey", "night", 2, "metro")],
                    day=["attack-4"], hand_size=1,
                    items=[{"id": "chalk", "name": {"en": "Chalk of Fate"}, "kind": "defence",
                            "power": 1, "holder": "andrey"}])
    game.feed("attack-4", "stay", "stay", "cast:attack-4:andrey", "done", "done")
    said = facts(game)
    assert {"kind": "killed", "other": "andrey", "location": "metro", "spells": 0} in said
    assert {"kind": "item-left", "item": "chalk", "location": "metro"} in said
    assert said[-1] == {"kind": "game-over"}


def test_egors_favour_is_data():
    game = new_game([other("andrey", "night", 1, "zoo")])
    game.feed("stay")
    assert {"kind": "favour", "watch": "night", "location": "zoo", "points": 1} in facts(game)


def test_the_options_of_a_move_mean_staying_going_and_picking_up():
    game = new_game([other("andrey", "night", 1, "entrance")], items=[
        {"id": "chalk", "name": {"en": "Chalk of Fate"}, "kind": "defence", "power": 1,
         "location": "entrance"}])
    assert meanings(game, "night") == [
        {"kind": "stay", "other": "andrey", "location": "entrance"},
        {"kind": "move", "other": "andrey", "location": "metro"},
        {"kind": "move", "other": "andrey", "location": "flat"},
        {"kind": "move", "other": "andrey", "location": "roof"},
        {"kind": "take", "other": "andrey", "item": "chalk"}]
    values = [option["value"] for option in game.view("night")["waiting"]["options"]]
    assert values == ["stay", "move:metro", "move:flat", "move:roof", "take:chalk"]


def test_the_options_of_a_combat_mean_cards_items_and_chips_by_id():
    game = new_game([other("andrey", "night", 1, "metro"),
                     other("larisa", "day", 2, "metro", chips=[-1])],
                    night=["defence-3"], day=["attack-4"], hand_size=1,
                    items=[{"id": "blade", "name": {"en": "Blade"}, "kind": "attack",
                            "power": 1, "holder": "larisa"}])
    game.feed("defence-3", "attack-4", "stay", "stay")
    assert meanings(game, "night") == [
        {"kind": "done", "other": "andrey"},
        {"kind": "play", "other": "andrey", "card": "defence-3", "target": "andrey"},
        {"kind": "play", "other": "andrey", "card": "defence-3", "target": "larisa"}]
    game.feed("cast:defence-3:andrey", "done")
    shown = game.view("day")["waiting"]["options"]
    assert [(o["value"], o["meaning"]) for o in shown] == [
        ("done", {"kind": "done", "other": "larisa"}),
        ("cast:attack-4:andrey",
         {"kind": "play", "other": "larisa", "card": "attack-4", "target": "andrey"}),
        ("cast:attack-4:larisa",
         {"kind": "play", "other": "larisa", "card": "attack-4", "target": "larisa"}),
        ("item:blade:andrey",
         {"kind": "use-item", "other": "larisa", "item": "blade", "target": "andrey"}),
        ("item:blade:larisa",
         {"kind": "use-item", "other": "larisa", "item": "blade", "target": "larisa"}),
        ("chip:0:1", {"kind": "chip", "other": "larisa", "chip": -1, "play": 1})]


def test_a_draw_and_egors_random_step_are_labelled():
    game = new_game([other("larisa", "day", 1, "metro")], day=["attack-4"], hand_size=1,
                    egor_moves="random", egor_start="metro")
    assert game.view("night")["waiting"]["label"] == {"draw": "spell", "watch": "day"}
    game.feed("attack-4")
    assert isinstance(game.waiting, Chance)
    assert game.view("night")["waiting"]["label"] == {"pick": "egor", "location": "metro"}


def test_a_view_reads_as_the_typed_model_and_shows_a_hand_to_its_own_watch_only():
    game = new_game([other("larisa", "day", 1, "metro"), other("andrey", "night", 2, "zoo")],
                    day=["attack-4"], hand_size=1)
    game.feed("attack-4")
    night = NightWatchView.model_validate(game.view("night")["state"])
    day = NightWatchView.model_validate(game.view("day")["state"])
    assert night.others["larisa"].hand is None and night.others["larisa"].spells == 1
    assert day.others["larisa"].hand == ["attack-4"]
    assert night.cards["attack-4"].kind == "attack" and night.cards["attack-4"].power == 4
    assert night.locations["roof"].via == "entrance" and night.locations["metro"].via is None
    view_model_of(RULESET).model_validate(game.view("night"))
