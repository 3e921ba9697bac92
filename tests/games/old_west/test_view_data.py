"""What an Old West view says as data beside its words: facts on the log
lines (ids and numbers, never a display name), meanings on the options,
labels on the chances, and one name for every id in the view's names part.
Expected values come from the book's own examples or from where the rules
put the models."""

from __future__ import annotations

import json
from random import Random
from typing import Any

import pytest

from referee.core.drivers import Ask, RandomBot, RandomChance, play_out
from referee.core.events import REFEREE
from referee.core.game import Game
from referee.core.scenario import load_scenario
from referee.core.views import view_model_of
from referee.core.waits import Chance, Decision
from tests.games.old_west.ow import (
    LAW_FIRST,
    RM,
    R,
    asked,
    at,
    build,
    chance,
    decision,
    facts,
    m,
    touching,
)

rule = pytest.mark.rule
FENCE = {"name": "rail fence", "points": [[0, 12], [24, 12]], "height": 1.0}
SCRUB = {"name": "scrub", "points": [[10, 13], [14, 13], [14, 17], [10, 17]]}
GUN = {"range": 24, "strength": 3}


def meanings(game: Game) -> dict[Any, dict[str, Any]]:
    """Each option of the pending decision, by value, with its meaning."""
    wait = decision(game)
    return {json.dumps(o.value): dict(o.meaning or {}) for o in wait.options_for(wait.seats[0])}


def moving(*law: dict[str, Any], out: list[dict[str, Any]] | None = None,
           **extra: Any) -> Game:
    game = build(list(law) or [m("deputy", 12, 4)], out or [m("outlaw", 12, 22)], **extra)
    game.feed(*LAW_FIRST)
    assert asked(game) == "ow.ask.move"
    return game


def names_in(value: Any) -> list[Any]:
    """Every display name (a table with ``en``) inside ``value``."""
    if isinstance(value, dict):
        return [value] if "en" in value else [n for v in value.values() for n in names_in(v)]
    if isinstance(value, list):
        return [n for v in value for n in names_in(v)]
    return []


# -- moves -------------------------------------------------------------------------


def test_an_advance_means_where_the_model_ends_and_the_move_says_from_where_to_where():
    game = moving()
    advance = meanings(game)['"advance"']
    assert advance["kind"] == "advance" and advance["model"] == "deputy"
    game.answer("lawmen", "advance")
    (moved,) = facts(game, "moved")
    assert moved["model"] == "deputy" and moved["from"] == [12, 4]
    assert moved["to"] == pytest.approx(list(at(game, "deputy")), abs=1e-3)
    assert moved["to"] == advance["to"]


@rule("OW-MEL-1", "OW-OBS-1")
def test_a_charge_across_a_fence_names_the_charger_the_target_and_the_fence():
    game = moving(m("law", 12, 9), out=[m("out", 12, 12 + R + 0.2)], obstacles=[FENCE])
    charge = meanings(game)['"charge:out"']
    assert charge == {"kind": "charge", "model": "law", "target": "out",
                      "to": charge["to"], "across": "obstacle-1"}
    game.answer("lawmen", "charge:out")
    (charged,) = facts(game, "charged")
    assert (charged["model"], charged["target"], charged["across"]) == ("law", "out",
                                                                       "obstacle-1")
    assert charged["from"] == [12, 9] and charged["to"] == charge["to"]
    state = game.view("outlaws")["state"]
    assert state["names"]["terrain"]["obstacle-1"]["en"] == "rail fence"
    assert state["table"]["terrain"]["obstacle-1"] == {
        "kind": "wall", "points": [[0, 12], [24, 12]], "height": 1.0}


def test_a_point_the_model_stays_at_is_said_as_data():
    game = moving()
    game.answer("lawmen", "point")
    assert game.view("outlaws")["state"]["point"]["model"] == "deputy"
    game.answer("lawmen", {"x": 12, "y": 4})
    assert facts(game, "stayed") == [{"kind": "stayed", "model": "deputy"}]
    assert game.view("outlaws")["state"]["point"] is None


# -- the fight and the wounds ------------------------------------------------------


@rule("OW-FGT-1", "OW-ATT-1", "OW-MUL-1")
def test_every_fight_die_says_whose_side_and_model_it_is():
    """Two Attacks against one: the Lawman's two dice, then the Outlaw's."""
    game = build([m("law", 12, 12, attacks=2)], [m("out", *touching(12, 12, 90))])
    game.feed(*LAW_FIRST, 2, 5, 4)
    assert [(f["seat"], f["model"], f["value"]) for f in facts(game, "fight-die")] == [
        ("lawmen", "law", 2), ("lawmen", "law", 5), ("outlaws", "out", 4)]
    assert [(f["seat"], f["value"]) for f in facts(game, "fight-best")] == [
        ("lawmen", 5), ("outlaws", 4)]
    assert facts(game, "fight-won") == [{"kind": "fight-won", "seat": "lawmen"}]


@rule("OW-FAM-7", "OW-WND-2")
def test_book_example_the_wound_rolls_say_strength_toughness_dice_fame_and_need():
    """S3 against T8 needs 6, then 4+: a 4 and 2 Fame make the 6; the second
    die is a 1, +2 carried, and 1 more Fame wounds (the book's example)."""
    game = build([m("marshal", 12, 12, hero=True, fame=3)],
                 [m("out", *touching(12, 12, 90), toughness=8)])
    game.feed(*LAW_FIRST)
    if asked(game) == "ow.ask.heroics":
        game.feed([])
    game.feed(6, 1)
    if asked(game) == "ow.ask.back-off":
        game.feed(0)
    label = chance(game).label
    assert label == {"roll": "wound", "model": "marshal", "target": "out", "part": "rider",
                     "die": 1, "need": 6}
    game.feed(4)
    assert [o.meaning for o in decision(game).options_for("lawmen")] == [
        {"kind": "fame", "model": "marshal", "points": n, "total": 4, "need": 6} for n in (0, 2)]
    game.feed(2, 1, 1)
    first, second = facts(game, "wound-roll")
    common = {"kind": "wound-roll", "model": "marshal", "target": "out", "part": "rider",
              "strength": 3, "toughness": 8}
    assert first == {**common, "die": 1, "roll": 4, "fame": 2, "need": 6, "result": "second-die"}
    assert second == {**common, "die": 2, "roll": 1, "fame": 3, "need": 4, "result": "wounds"}
    assert [(f["points"], f["left"]) for f in facts(game, "fame-spent")] == [(2, 1), (1, 0)]
    assert facts(game, "out-of-action") == [{"kind": "out-of-action", "model": "out"}]


@rule("OW-WND-3")
def test_a_blow_that_cannot_wound_says_so_as_data():
    game = build([m("law", 12, 12, strength=1)], [m("out", *touching(12, 12, 90), toughness=10)])
    game.feed(*LAW_FIRST, 6, 1)
    if asked(game) == "ow.ask.back-off":
        game.feed(0)
    assert facts(game, "cannot-wound") == [{
        "kind": "cannot-wound", "model": "law", "target": "out", "part": "rider",
        "strength": 1, "toughness": 10}]


@rule("OW-RID-2", "OW-RID-3")
def test_a_blow_at_the_mount_means_the_mount_and_its_wounds_are_told_apart():
    game = build([m("law", 12, 12)],
                 [m("rider", *touching(12, 12, 90, R, RM), mount={"kind": "horse", "wounds": 2})])
    game.feed(*LAW_FIRST, 6, 1)
    if asked(game) == "ow.ask.back-off":
        game.feed(0)
    assert meanings(game)['"rider:mount"'] == {"kind": "strike", "model": "law",
                                               "target": "rider", "part": "mount"}
    game.feed("rider:mount", 6)
    assert facts(game, "mount-wounded") == [{"kind": "mount-wounded", "model": "rider",
                                             "left": 1}]
    assert game.view("lawmen")["state"]["models"]["rider"]["mount"]["wounds"] == 1


@rule("OW-FAM-3")
def test_secret_bids_are_revealed_as_data_once_both_are_in():
    game = build([m("marshal", 12, 12, hero=True, fame=3)],
                 [m("boss", *touching(12, 12, 90), hero=True, fame=2)])
    game.feed(*LAW_FIRST)
    game.answer("lawmen", [])
    game.answer("outlaws", [])
    game.feed(2, 3)
    assert asked(game) == "ow.ask.fame-bid"
    ask = Ask.of(game, "outlaws")
    assert ask.options[0].meaning == {"kind": "no-fame", "seat": "outlaws"}
    assert {"kind": "fame-die", "model": "boss", "points": 2, "die": 3, "to": 5} in [
        o.meaning for o in ask.options]
    game.answer("lawmen", {"marshal": 3})
    assert facts(game, "fame-bids") == []
    game.answer("outlaws", {"boss": 2})
    assert facts(game, "fame-bids") == [{"kind": "fame-bids",
                                         "bids": {"lawmen": {"marshal": 3},
                                                  "outlaws": {"boss": 2}}}]


# -- shots and Pluck ---------------------------------------------------------------


@rule("OW-DIV-1", "OW-PLK-1")
def test_a_shot_says_shooter_target_cover_and_each_roll():
    game = build([m("law", 12, 4, gun=GUN)], [m("out", 12, 15, toughness=9)],
                 obstacles=[FENCE], covers=[SCRUB])
    game.feed(*LAW_FIRST)
    while asked(game) == "ow.ask.move":
        game.feed("hold")
    assert asked(game) == "ow.ask.shoot"
    shoot = meanings(game)['"shoot:out"']
    assert shoot == {"kind": "shoot", "model": "law", "target": "out",
                     "cover": ["obstacle-1", "cover-1"]}
    assert meanings(game)['"hold"'] == {"kind": "hold-fire", "model": "law"}
    game.answer("lawmen", "shoot:out")
    assert chance(game).label == {"roll": "to-hit", "model": "law", "target": "out", "need": 4}
    game.feed(5)
    assert (chance(game).label or {})["roll"] == "in-the-way"
    game.feed(4, 6, 6)  # past the fence, past the scrub, 6 to wound T9 from S3: 6/5
    (shot,) = facts(game, "shot")
    assert shot == {"kind": "shot", "model": "law", "target": "out",
                    "cover": ["obstacle-1", "cover-1"], "in_the_way": 4}
    assert facts(game, "to-hit") == [{"kind": "to-hit", "model": "law", "target": "out",
                                      "roll": 5, "fame": 0, "need": 4, "hit": True}]
    assert [(f["cover"], f["roll"], f["past"]) for f in facts(game, "in-the-way")] == [
        ("obstacle-1", 4, True), ("cover-1", 6, True)]
    game.feed(1)  # the second die of 6/5: no wound
    assert [f["result"] for f in facts(game, "wound-roll")] == ["second-die", "no-wound"]
    label = chance(game).label  # hit, not removed: a Pluck test (OW-DIV-1)
    assert label == {"roll": "pluck", "model": "out", "test": "dive", "die": 1, "need": 10}
    game.feed(3, 4)
    (test,) = facts(game, "pluck-test")
    assert test == {"kind": "pluck-test", "model": "out", "test": "dive", "dice": [3, 4],
                    "pluck": 3, "fame": 0, "total": 10, "need": 10, "passed": True}


# -- the phases, the names, every line ---------------------------------------------


def random_game(seed: int) -> Game:
    ruleset, scenario = load_scenario("old-west")
    game = Game(ruleset, scenario)
    play_out(game, dict.fromkeys(game.seats, RandomBot(Random(seed))),
             RandomChance(Random(-seed)))
    return game


@pytest.mark.parametrize("seed", range(3))
def test_every_phase_end_says_which_phase_and_turn_it_ended(seed: int):
    game = random_game(seed)
    keys = {"ow.phase.movement-ended", "ow.phase.shooting-ended", "ow.phase.melee-ended"}
    ended = [e for e in game.state.log.events if e.kind in keys]
    assert ended
    for event in ended:
        phase = event.kind.removeprefix("ow.phase.").removesuffix("-ended")
        assert event.facts_for() == {"kind": "phase-ended", "phase": phase,
                                     "turn": event.text.params["turn"]}


@pytest.mark.parametrize("seed", range(3))
def test_no_fact_holds_a_display_name_and_every_id_has_one_name(seed: int):
    game = random_game(seed)
    for seat in (*game.seats, REFEREE):
        view = game.view(seat)
        state = view["state"]
        for line in view["log"]:
            assert names_in(line["facts"]) == [], line["facts"]
        names = state["names"]
        assert set(names["models"]) == set(state["models"])
        assert set(names["terrain"]) == set(state["table"]["terrain"])
        assert set(names["posses"]) == set(state["posses"]) == set(game.seats)
        assert set(names["guns"]) == {k for k, v in state["models"].items() if v["gun"]}
        view_model_of(game.ruleset).model_validate(json.loads(json.dumps(view)))


def test_every_question_and_roll_of_a_game_says_what_it_is():
    """Meanings name the model asked about, labels the die's roller, by id."""
    ruleset, scenario = load_scenario("old-west")
    game = Game(ruleset, scenario)
    rng, dice = Random(5), RandomChance(Random(-5))
    bot = RandomBot(rng)
    models = set(game.state.fighters)
    while not game.is_over:
        wait = game.waiting
        if isinstance(wait, Chance):
            assert wait.label is not None and wait.label.get("model", "x") in models | {None, "x"}
            game.roll(dice.outcome(game, wait))
            continue
        assert isinstance(wait, Decision)
        for seat in game.seats_to_answer():
            for option in wait.options_for(seat):
                meaning = option.meaning
                assert meaning is not None and meaning["kind"]
                assert meaning.get("model", "x") in models | {"x"}
            game.answer(seat, bot.choose(Ask.of(game, seat)))
        if wait.until_closed and game.waiting is wait:
            game.close()
