"""What a seat's view says as data (referee.games.echo.view): the facts of
each log line, with ids and numbers a page or a bot reads instead of the
text. The expected numbers are the rules worked by hand: dice are the skill
less the penalty (house rule 1), a blow's successes are what it takes
(house rule 3)."""

from __future__ import annotations

from typing import Any

from referee.core.game import Game
from tests.games.echo.echo import enemy, inv, new_game


def facts(game: Game, seat: str = "kofa") -> list[dict[str, Any]]:
    """The facts of every line ``seat`` reads, in order."""
    return [dict(line["facts"]) for line in game.view(seat)["log"]]


def of_kind(game: Game, kind: str, seat: str = "kofa") -> list[dict[str, Any]]:
    return [f for f in facts(game, seat) if f["kind"] == kind]


def test_a_turn_begins_with_its_number_the_first_player_and_the_units_dealt():
    game = new_game([inv("max", speed=3), inv("kofa", "b")])
    assert facts(game) == [
        {"kind": "phase-ended", "phase": "start", "turn": 1, "first_player": "max"},
        {"kind": "gate-opened", "gate": "g1", "location": "d"},
        {"kind": "gate-opened", "gate": "g2", "location": "e"},
        {"kind": "units-dealt", "investigator": "max", "units": 3, "speed": 3, "extra": 0},
        {"kind": "units-dealt", "investigator": "kofa", "units": 2, "speed": 2, "extra": 0},
        {"kind": "turn-of", "investigator": "max", "location": "a", "units": 3},
    ]


def test_a_move_says_who_went_from_where_to_where_and_the_units_spent():
    game = new_game([inv("max", speed=3), inv("kofa", "b")])
    game.feed("move:c")
    assert of_kind(game, "moved") == [
        {"kind": "moved", "investigators": ["max"], "from": "a", "to": "c", "units": 1,
         "way": "link"},
    ]
    assert of_kind(game, "units-spent") == [
        {"kind": "units-spent", "investigator": "max", "units": 1, "left": 2, "on": "move"},
    ]


def test_a_step_to_a_touching_location_costs_nothing_and_meeting_is_a_question():
    game = new_game([inv("max", speed=3), inv("kofa", "b")])
    game.feed("move:b")
    game.answer("max", "together")
    game.answer("kofa", "together")
    moved, joined = of_kind(game, "moved")[0], of_kind(game, "joined")[0]
    assert moved == {"kind": "moved", "investigators": ["max"], "from": "a", "to": "b",
                     "units": 0, "way": "touch"}
    assert joined == {"kind": "joined", "investigators": ["max", "kofa"], "joining": ["kofa"]}
    game.feed("split")
    assert of_kind(game, "split") == [{"kind": "split", "investigators": ["max", "kofa"]}]
    assert of_kind(game, "order-resumes") == [{"kind": "order-resumes", "first_player": "max"}]


def test_meeting_apart_says_who_declined():
    game = new_game([inv("max", speed=3), inv("kofa", "b")])
    game.feed("move:b")
    game.answer("max", "together")
    game.answer("kofa", "apart")
    assert of_kind(game, "went-apart") == [
        {"kind": "went-apart", "investigators": ["max"], "others": ["kofa"],
         "declined": ["kofa"]}]


def test_a_gate_passed_the_first_time_is_turned_face_up_for_everyone():
    game = new_game([inv("max", speed=3), inv("kofa", "b")])
    assert of_kind(game, "gate-opened") == [
        {"kind": "gate-opened", "gate": "g1", "location": "d"},
        {"kind": "gate-opened", "gate": "g2", "location": "e"}]
    game.feed("move:e", "gate:g2")
    assert of_kind(game, "gate-revealed") == [
        {"kind": "gate-revealed", "gate": "g2", "location": "e", "to": "w"}]
    assert of_kind(game, "gate-passed") == [
        {"kind": "gate-passed", "gate": "g2", "investigators": ["max"], "from": "e", "to": "w",
         "back": False, "units": 1}]
    game.feed("back:g2")
    assert of_kind(game, "gate-passed")[-1] == {
        "kind": "gate-passed", "gate": "g2", "investigators": ["max"], "from": "w", "to": "e",
        "back": True, "units": 1}
    assert [f["on"] for f in of_kind(game, "units-spent")] == ["move", "gate", "gate"]


def test_a_battle_says_the_order_check_the_round_and_each_blow_with_its_dice():
    game = new_game([inv("max", "a", speed=3, stealth=2, fight=2), inv("kofa", "b")],
                    enemies=[enemy("thief", "c", attentiveness=1, health=2, fight=1)])
    game.feed("move:c", "fight", "stealth", 1, 2)
    # Stealth 2 less the thief's Attentiveness 1: one die; one success passes.
    assert of_kind(game, "order-check") == [
        {"kind": "order-check", "investigator": "max", "skill": "stealth", "dice": 1,
         "penalty": 1, "successes": 1, "needed": 1, "passed": True,
         "first": "investigators"}]
    assert of_kind(game, "phase-ended")[-1] == {
        "kind": "phase-ended", "phase": "round", "turn": 1, "location": "c",
        "investigators": ["max"], "enemies": ["thief"], "first": "investigators"}
    # Fight 2: two dice, two successes take two Health of the thief's two.
    assert of_kind(game, "blow") == [
        {"kind": "blow", "striker": "investigator", "investigator": "max", "enemy": "thief",
         "dice": 2, "successes": 2, "harms": "health", "health": 0, "reason": 3}]
    assert of_kind(game, "enemy-down") == [
        {"kind": "enemy-down", "enemy": "thief", "status": "detained", "location": "c"}]
    assert of_kind(game, "units-spent")[-1]["on"] == "round"


def test_a_miss_and_a_fall_say_who_struck_whom():
    game = new_game([inv("max", "a", speed=3, fight=1, health=1, reason=4)],
                    enemies=[enemy("thief", "c", fight=2)])
    game.feed("move:c", "fight", "stealth", 0, 1)  # enemies first: a hit, then no blow
    assert of_kind(game, "blow", "max") == [
        {"kind": "blow", "striker": "enemy", "investigator": "max", "enemy": "thief",
         "dice": 2, "successes": 1, "harms": "health", "health": 0, "reason": 4}]
    assert of_kind(game, "investigator-down", "max") == [
        {"kind": "investigator-down", "investigator": "max", "status": "unconscious",
         "units_lost": 1}]
    assert of_kind(game, "no-blow", "max") == [{"kind": "no-blow", "investigator": "max"}]


def test_a_get_away_check_names_the_enemies_and_the_group():
    game = new_game([inv("max", "a", speed=3, stealth=3)],
                    enemies=[enemy("thief", "c", attentiveness=1)])
    game.feed("move:c", "away", 0)
    assert of_kind(game, "get-away", "max") == [
        {"kind": "get-away", "investigator": "max", "skill": "stealth", "dice": 2,
         "penalty": 1, "successes": 0, "needed": 1, "passed": False,
         "investigators": ["max"], "enemies": ["thief"]}]


BALM = {"id": "balm", "name": {"en": "Kahar's Balm", "ru": "Бальзам Кахара"},
        "effect": "heal", "cost": 1, "power": 2}
SPHERE = {"id": "sphere", "name": {"en": "Lethal Sphere", "ru": "Смертный шар"},
          "effect": "smite", "cost": 1, "power": 2, "harms": "reason", "skill": "magic",
          "penalty": 1}
PATH = {"id": "path", "name": {"en": "the Dark Path", "ru": "Тёмный Путь"},
        "effect": "teleport", "cost": 1}


def test_items_used_say_which_item_whose_and_what_it_did():
    game = new_game([inv("max", "a", speed=4, magic=3, items=("balm", "sphere")),
                     inv("kofa", "b")],
                    enemies=[enemy("ghost", "a", kind="undead", reason=3)],
                    items=[BALM, SPHERE])
    game.feed("fight", "stealth", 0, 1, 0)  # the ghost first takes 1 Health; Max misses
    game.feed("item:balm")
    assert of_kind(game, "item-used")[0] == {
        "kind": "item-used", "item": "balm", "investigator": "max", "investigators": ["max"],
        "units": 1}
    assert of_kind(game, "healed") == [
        {"kind": "healed", "investigator": "max", "item": "balm", "amount": 1,
         "harms": "health", "health": 4, "reason": 4}]
    game.feed("item:sphere", 1)  # Magic 3 less 1: two dice
    assert of_kind(game, "item-check") == [
        {"kind": "item-check", "item": "sphere", "investigator": "max", "skill": "magic",
         "dice": 2, "penalty": 1, "successes": 1, "needed": 1, "passed": True}]
    assert of_kind(game, "smote") == [
        {"kind": "smote", "item": "sphere", "enemy": "ghost", "amount": 2, "harms": "reason",
         "health": 3, "reason": 1}]


def test_a_teleport_says_where_from_and_where_to():
    game = new_game([inv("max", "a", speed=3, items=("path",)), inv("kofa", "b")],
                    items=[PATH])
    game.feed("item:path", "d")
    assert of_kind(game, "teleported") == [
        {"kind": "teleported", "investigators": ["max"], "item": "path", "from": "a",
         "to": "d"}]


def test_the_end_of_a_turn_discards_units_and_passes_the_token():
    game = new_game([inv("max", speed=3), inv("kofa", "b")], melifaro="kofa")
    game.feed("max", "done", "done")
    assert of_kind(game, "turn-ended") == [{"kind": "turn-ended", "investigator": "max"},
                                           {"kind": "turn-ended", "investigator": "kofa"}]
    assert of_kind(game, "units-discarded") == [
        {"kind": "units-discarded", "investigator": "max", "units": 3},
        {"kind": "units-discarded", "investigator": "kofa", "units": 2}]
    assert of_kind(game, "first-player") == [{"kind": "first-player", "investigator": "kofa"}]


def meanings(game: Game, seat: str) -> dict[Any, dict[str, Any]]:
    """Each option put to ``seat`` now, by its value: what it means as data."""
    waiting = game.view(seat)["waiting"]
    return {option["value"]: option["meaning"] for option in waiting["options"]}


def test_each_action_says_what_it_is_and_what_it_costs():
    game = new_game([inv("max", "a", speed=3, items=("balm",)), inv("kofa", "b")],
                    items=[BALM])
    assert meanings(game, "max") == {
        "move:b": {"kind": "move", "location": "b", "units": 0, "way": "touch"},
        "move:c": {"kind": "move", "location": "c", "units": 1, "way": "link"},
        "move:e": {"kind": "move", "location": "e", "units": 1, "way": "link"},
        "item:balm": {"kind": "item", "item": "balm", "investigator": "max", "units": 1},
        "done": {"kind": "done"},
    }


def test_a_gate_option_names_the_gate_and_never_where_an_unpassed_one_leads():
    game = new_game([inv("max", speed=3), inv("kofa", "b")])
    game.feed("move:e")
    assert meanings(game, "max")["gate:g2"] == {"kind": "gate", "gate": "g2", "units": 1}
    game.feed("gate:g2")
    assert meanings(game, "max")["back:g2"] == {"kind": "back", "gate": "g2", "units": 1}
    assert game.view("max")["state"]["gates"]["g2"]["to"] == "w"


def test_meeting_the_order_check_melifaro_and_a_teleport_say_what_each_answer_is():
    game = new_game([inv("max", speed=3, stealth=3, items=("path",)), inv("kofa", "b")],
                    enemies=[enemy("thief", "c", attentiveness=1)], items=[PATH],
                    melifaro="kofa")
    assert meanings(game, "kofa") == {"max": {"kind": "next", "investigator": "max"},
                                      "kofa": {"kind": "next", "investigator": "kofa"}}
    game.feed("max", "move:b")
    assert meanings(game, "kofa") == {"together": {"kind": "together"},
                                      "apart": {"kind": "apart"}}
    game.answer("max", "apart")
    game.answer("kofa", "apart")
    game.feed("move:a", "move:c")
    assert meanings(game, "max") == {"fight": {"kind": "fight", "enemies": ["thief"]},
                                     "away": {"kind": "get-away", "enemies": ["thief"]},
                                     "done": {"kind": "done"}}
    game.feed("fight")
    # Attentiveness 2 and Stealth 3, each less the thief's Attentiveness 1.
    assert meanings(game, "max") == {
        "attentiveness": {"kind": "order-skill", "skill": "attentiveness", "dice": 1},
        "stealth": {"kind": "order-skill", "skill": "stealth", "dice": 2}}
    game.feed("stealth", 0, 1, 0)  # the thief first; a hit; Max misses
    assert "item:path" not in meanings(game, "max")  # no teleport while an enemy bars the way
    game.feed("away", 1)
    assert meanings(game, "max")["item:path"] == {"kind": "item", "item": "path",
                                                  "investigator": "max", "units": 1}
    game.feed("item:path")
    assert meanings(game, "max")["d"] == {"kind": "teleport", "location": "d"}


def label(game: Game, seat: str = "kofa") -> dict[str, Any]:
    """What the chance the game waits for rolls, as ``seat``'s view says it."""
    return dict(game.view(seat)["waiting"]["label"])


def test_each_chance_says_whose_roll_it_is_and_what_for():
    game = new_game([inv("max", "a", speed=4, stealth=3, fight=2, magic=3, items=("sphere",)),
                     inv("kofa", "b")],
                    enemies=[enemy("thief", "c", attentiveness=1, fight=1, health=9)],
                    items=[SPHERE])
    game.feed("move:c", "away")
    assert label(game) == {"roll": "get-away", "investigator": "max", "skill": "stealth",
                           "dice": 2, "penalty": 1, "enemies": ["thief"]}
    game.feed(0, "stealth")
    assert label(game) == {"roll": "order-check", "investigator": "max", "skill": "stealth",
                           "dice": 2, "penalty": 1}
    game.feed(1)
    assert label(game) == {"roll": "blow", "striker": "investigator", "investigator": "max",
                           "enemy": "thief", "dice": 2}
    game.feed(0)
    assert label(game) == {"roll": "blow", "striker": "enemy", "investigator": "max",
                           "enemy": "thief", "dice": 1}
    game.feed(0, "item:sphere")
    assert label(game) == {"roll": "item-check", "investigator": "max", "item": "sphere",
                           "skill": "magic", "dice": 2, "penalty": 1}
