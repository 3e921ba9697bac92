"""What a Samurai seat reads as data: the typed state of its view (every
fighter and band by its id, the public terrain), the facts of the log's
lines, what each option means and what each chance rolls. Dice are
scripted; expected numbers are worked by hand from the book's procedure and
the house rules' tables (docs/rulesets/samurai.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from referee.core.drivers import random_playout
from referee.core.events import REFEREE
from referee.core.game import Game
from referee.core.scenario import load_scenario
from referee.core.waits import Chance, Decision
from referee.games.samurai.scenario import SamuraiScenario
from referee.games.samurai.view import SamuraiView
from tests.games.samurai.sam import (
    RETAINERS_FIRST,
    fighter,
    hedge,
    new_game,
    stay_all,
    tokens,
)
from tests.games.samurai.test_combat import duel, fight_to_attack

SURFACES = ("referee.bots", "referee.odds", "referee.cli", "referee.display",
            "referee.games.samurai.display", "referee.games.samurai.policy",
            "referee.games.samurai.table_odds", "referee.games.samurai.picture")


def facts_since(game: Game, start: int) -> list[dict[str, Any]]:
    return [json.loads(json.dumps(e.facts_for())) for e in game.state.log.events[start:]]


def meanings(game: Game) -> list[dict[str, Any]]:
    waiting = game.view(game.seats_to_answer()[0])["waiting"]
    return [option["meaning"] for option in waiting["options"]]


def label(game: Game) -> dict[str, Any]:
    assert isinstance(game.waiting, Chance)
    return dict(game.waiting.label or {})


def test_the_rules_import_nothing_above_them():
    """Pictures, bots and odds read views; the rules never import them."""
    probe = ("import json, sys\nimport referee.games.samurai.ruleset\n"
             f"print(json.dumps(sorted(m for m in sys.modules if m.startswith({SURFACES!r}))))")
    done = subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True,
                          text=True)
    assert json.loads(done.stdout.splitlines()[-1]) == []


def test_the_view_names_every_fighter_and_band_once_by_id_and_carries_the_terrain():
    ruleset, scenario = load_scenario("samurai")
    assert isinstance(scenario, SamuraiScenario)
    game = Game(ruleset, scenario)
    state = game.view("bandits")["state"]
    other = game.view("retainers")["state"]
    assert {**state, "objectives": None} == {**other, "objectives": None}  # the table is open
    assert state["objectives"]["standing"] == other["objectives"]["standing"]  # and the score
    assert list(state["bands"]) == ["retainers", "bandits"]
    assert state["bands"]["retainers"]["name"]["gender"] == "plural"  # «Вассалы»
    ids = [f.id for band in scenario.bands for f in band.fighters]
    assert list(state["fighters"]) == ids
    assert {state["fighters"][f.id]["name"]["en"] for band in scenario.bands
            for f in band.fighters} == {f.name.en for band in scenario.bands for f in band.fighters}
    assert [(t["name"]["en"], t["cover"]) for t in state["terrain"]] == [
        (t.name.en, t.cover) for t in scenario.terrain]
    assert state["table"] == {"width": 24.0, "depth": 24.0}
    assert state["phase"] == "setup" and state["fight"] is None
    SamuraiView.model_validate(state)


@pytest.mark.rule("SAM-ATK-1", "SAM-ATK-3", "SAM-ATK-4", "SAM-ATK-6", "SAM-ATK-7", "SAM-ATK-8")
def test_an_attack_says_who_attacked_whom_both_results_and_the_damage():
    """Kenji (Melee 3, weapon +1) attacks Oni (Melee 2, medium armour +2),
    both Boosted. Attack 3d6 = 5, 4, 1, the two highest: 9 + 3 + 1 = 13;
    Defence 2d6 = 3, 2, both: 5 + 2 + 2 = 9; margin 4: a grievous wound
    (house rule: 4–5), a lasting penalty of 2."""
    game = duel()
    fight_to_attack(game, kenji=(3, 0), oni=(0, 2))
    assert meanings(game) == [{"kind": "pass", "fighter": "kenji"},
                              {"kind": "attack", "attacker": "kenji", "defender": "oni"}]
    start = len(game.state.log.events)
    game.feed({"attack": "kenji", "target": "oni"})
    assert meanings(game) == [
        {"kind": "boost-defence", "attacker": "kenji", "defender": "oni", "boost": boost}
        for boost in (False, True)]
    game.feed(True, True, "none")
    assert label(game) == {"roll": "attack", "fighter": "kenji"}
    game.feed(5, 4, 1)
    assert label(game) == {"roll": "defence", "fighter": "oni"}
    game.feed(3, 2)  # then Oni, with no Attack token, passes
    assert facts_since(game, start)[:6] == [
        {"kind": "attack-declared", "attacker": "kenji", "defender": "oni"},
        {"kind": "boosted", "fighter": "oni", "roll": "defence"},
        {"kind": "boosted", "fighter": "kenji", "roll": "attack"},
        {"kind": "attack-roll", "fighter": "kenji", "dice": [5, 4, 1], "kept": [5, 4],
         "modifier": 4, "total": 13},
        {"kind": "defence-roll", "fighter": "oni", "dice": [3, 2], "modifier": 4, "total": 9},
        {"kind": "attack-result", "attacker": "kenji", "defender": "oni", "attack": 13,
         "defence": 9, "margin": 4, "result": "grievous", "wounds": 2}]


@pytest.mark.rule("SAM-FGT-3", "SAM-FGT-4")
def test_the_revealed_tokens_and_initiative_say_whose_and_how_much():
    """Kenji Boosts his Initiative with an Attack token: 2d6 = 2, 5, the
    higher, + Initiative 3 = 8; Oni 4 + 1 = 5."""
    game = duel()
    start = len(game.state.log.events)
    game.answer("retainers", tokens(kenji=(3, 0, True)))
    game.answer("bandits", tokens(oni=(1, 1)))
    assert label(game) == {"roll": "initiative", "fighter": "kenji"}
    game.feed(2, 5, 4)
    assert facts_since(game, start) == [
        {"kind": "tokens-revealed", "fighter": "kenji", "attack": 3, "defence": 0},
        {"kind": "boosted", "fighter": "kenji", "roll": "initiative"},
        {"kind": "tokens-revealed", "fighter": "oni", "attack": 1, "defence": 1},
        {"kind": "initiative", "fighter": "kenji", "dice": [2, 5], "roll": 5, "modifier": 3,
         "total": 8, "reroll": False},
        {"kind": "initiative", "fighter": "oni", "dice": [4], "roll": 4, "modifier": 1,
         "total": 5, "reroll": False},
        {"kind": "initiative-order", "fighters": ["kenji", "oni"]}]


@pytest.mark.rule("SAM-LOS-3", "SAM-RNG-1")
def test_a_shot_says_shooter_target_cover_and_roll():
    """The archer's yumi at Oso 11" away (base to base), across 1" of hedge:
    light cover that does not block. 2d6 = 1, 1, range 6–12" 0: Attack 2;
    Defence 6 + light cover 1 + no armour = 7; missed by 5."""
    game = new_game([fighter("archer", (2, 10), missile="yumi")], [fighter("oso", (14, 10))],
                    [hedge(6, 8, 7, 12)])
    game.feed(*RETAINERS_FIRST)
    stay_all(game)
    assert meanings(game) == [{"kind": "wait", "fighter": "archer"},
                              {"kind": "shoot", "shooter": "archer", "target": "oso"}]
    start = len(game.state.log.events)
    game.answer("retainers", {"act": "shoot", "target": "oso"})
    assert label(game) == {"roll": "shot", "fighter": "archer"}
    game.feed(1, 1)
    assert facts_since(game, start) == [
        {"kind": "shot-declared", "shooter": "archer", "target": "oso", "weapon": "yumi"},
        {"kind": "shot-roll", "shooter": "archer", "target": "oso", "dice": [1, 1],
         "modifier": 0, "attack": 2, "defence": 7, "cover": "light", "distance": 11.0},
        {"kind": "shot-result", "shooter": "archer", "target": "oso", "attack": 2,
         "defence": 7, "margin": -5, "result": "missed", "wounds": 0},
        {"kind": "phase-ended", "phase": "action", "turn": 1},
        {"kind": "phase-ended", "phase": "turn", "turn": 1}]


def test_a_charge_means_where_it_ends_and_the_line_says_where_the_fighter_went():
    game = new_game([fighter("kenji", (10, 10))], [fighter("oni", (10, 14))])
    assert label(game) == {"roll": "priority", "seat": "retainers"}
    start = len(game.state.log.events)
    game.feed(*RETAINERS_FIRST)
    charge = next(m for m in meanings(game) if m["kind"] == "charge")
    assert charge["fighter"] == "kenji" and charge["target"] == "oni"
    assert meanings(game)[-1] == {"kind": "point", "fighter": "kenji"}
    game.answer("retainers", {"do": "charge", "target": "oni", "to": charge["end"]})
    assert facts_since(game, start)[:3] == [
        {"kind": "priority", "turn": 1, "seat": "retainers",
         "rolls": {"retainers": 6, "bandits": 1}},
        {"kind": "phase-began", "phase": "move", "turn": 1},
        {"kind": "moved", "fighter": "kenji", "start": [10.0, 10.0], "end": charge["end"],
         "move": "charge", "target": "oni"}]


@pytest.mark.parametrize("seed", [2, 7])
def test_every_phase_end_says_its_phase_and_turn_as_data(seed: int):
    """The lines a picture is drawn after: each phase's end and the turn's."""
    ruleset, scenario = load_scenario("samurai")
    game = random_playout(Game(ruleset, scenario), seed)
    keys = {"sam.phase.move-ended", "sam.phase.combat-ended", "sam.phase.action-ended",
            "sam.turn-ended"}
    ends = [e for e in game.log_for(REFEREE) if e.kind in keys]
    assert ends
    for event in ends:
        facts = event.facts_for()
        assert facts is not None and facts["kind"] == "phase-ended"
        assert facts["turn"] == event.text.params["turn"]
        assert facts["phase"] == {"sam.phase.move-ended": "move",
                                  "sam.phase.combat-ended": "combat",
                                  "sam.phase.action-ended": "action",
                                  "sam.turn-ended": "turn"}[event.kind]


def test_every_option_of_a_random_game_means_what_its_value_asks():
    """Ids in the meanings are those the answer names (values unchanged)."""
    ruleset, scenario = load_scenario("samurai")
    played = random_playout(Game(ruleset, scenario), 5)
    game = Game(ruleset, scenario)
    for item in played.inputs:
        wait = game.waiting
        if isinstance(wait, Decision) and wait.options is not None:
            for seat in wait.seats:
                for option in wait.options_for(seat):
                    assert option.meaning is not None
                    value, meaning = option.value, dict(option.meaning)
                    if isinstance(value, dict) and "target" in value:
                        assert value["target"] in (meaning.get("target"),
                                                   meaning.get("defender"))
                    if isinstance(value, dict) and "to" in value:
                        assert value["to"] == meaning["end"]
        game.apply(item)
