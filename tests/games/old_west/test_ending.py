"""The end of a game read from the position (neutral hooks): a posse that
achieves its scenario objective wins, Head for the Hills decides the rest;
seats named after their posses."""

from __future__ import annotations

from random import Random

import pytest

from referee.bots import random_bot
from referee.core.drivers import ScriptedChance, play_out
from referee.core.game import Game
from referee.core.i18n import Name, render
from referee.core.ruleset import find_ruleset
from referee.core.scenario import load_scenario
from referee.games.old_west import ending
from referee.games.old_west.ending import posse_runs
from referee.games.old_west.scenario import OldWestScenario
from tests.games.old_west.ow import alive, asked, build, keys, m, options

rule = pytest.mark.rule


def test_seats_are_called_by_their_posses_names_in_each_language():
    ruleset, scenario = load_scenario("old-west")
    name = ruleset.seat_name(scenario, "outlaws")
    assert isinstance(name, Name)
    assert render(name, "en") == "the Outlaws"
    assert render(name, "ru") == "Преступники"


def test_the_last_turn_played_is_a_draw_through_timed_out():
    """Two posses far apart with nothing to do: after ``max_turns`` the game
    is a draw, found by the ruleset's timed_out hook, not by a flag."""
    game = build([m("law", 2, 2)], [m("out", 22, 22)], house_rules={"max_turns": 2})
    play_out(game, dict.fromkeys(game.seats, _Holder()), ScriptedChance([6, 1] * 10))
    outcome = game.outcome()
    assert game.is_over and outcome is not None
    assert outcome.kind == "draw" and outcome.reason.key == "ow.end.max-turns"
    assert game.ruleset.timed_out(game.state) == outcome
    assert game.ruleset.decided(game.state) is None


@rule("OW-HFH-2")
def test_a_posse_that_ran_loses_through_decided():
    """The Outlaws ran (as after a failed Head for the Hills): at the rules'
    next look the game ends, the Lawmen win, and the log says why."""
    game = build([m("law", 2, 2)], [m("out", 22, 22)])
    assert game.ruleset.decided(game.state) is None
    game.state.ran.add("outlaws")
    play_out(game, dict.fromkeys(game.seats, random_bot(Random(0))), ScriptedChance([6, 1]))
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == ("lawmen",)
    assert outcome.reason.key == "ow.end.ran"
    assert game.state.log.events[-1].text.key == "ow.game-over"


class _Holder:
    """Holds every model where it stands."""

    def choose(self, ask):
        values = [o.value for o in ask.options]
        return "hold" if "hold" in values else values[0]


# -- scenario objectives and Head for the Hills --------------------------------------


def example_with_north_exit() -> OldWestScenario:
    """The example as first shipped: the Outlaws' exit edge right behind them
    (north), under 4" away, with the example's objective of two escaping."""
    _, scenario = load_scenario("old-west")
    data = scenario.model_dump()
    data["posses"][1]["exit_edge"] = "north"
    return OldWestScenario.model_validate(data)


class _Leaver:
    """Leaves by the exit edge whenever it may; else stays put (or the first option)."""

    def choose(self, ask):
        values = [o.value for o in ask.options]
        for wanted in ("exit", "hold"):
            if wanted in values:
                return wanted
        return values[0]


def _escape_game(law: list, out: list, models: int = 2, **extra) -> Game:
    return build(law, out, outlaws={"exit_edge": "north",
                                    "objective": {"kind": "escape", "models": models}}, **extra)


@rule("OW-HFH-3")
def test_outlaws_who_all_leave_by_their_objective_edge_win():
    """«фигурки, покинувшие стол, если того требуют цели сценария, не считаются
    вышедшими их строя» (OW-HFH-3): leaving the table for the scenario's
    objective is no defeat. In the example with the Outlaws' edge behind them
    all five walk off in the first Movement phase, unharmed: the game ends at
    the end of that phase and the Outlaws win by their objective (it used to
    be a Lawmen win: a posse with no one left on the table)."""
    game = Game(find_ruleset("old-west"), example_with_north_exit())
    play_out(game, dict.fromkeys(game.seats, _Leaver()), ScriptedChance([1, 6] * 20),
             max_inputs=200)
    outcome = game.outcome()
    assert game.is_over and outcome is not None
    assert outcome.winners == ("outlaws",)
    assert outcome.reason.key == "ow.end.escaped"
    assert render(outcome.reason, "en") == ("the Outlaws have achieved the scenario objective: "
                                            "2 models left the table by the north edge")
    assert render(outcome.reason, "ru") == ("Преступники выполнили цель сценария: через северный "
                                            "край стола ушли 2 фигурки")
    assert all(f.status == "escaped" for f in game.state.posse("outlaws", None))
    log = keys(game)
    assert "ow.phase.shooting" not in log
    assert log.index("ow.game-over") > log.index("ow.phase.movement-ended")


@rule("OW-HFH-3")
def test_the_objective_is_met_at_the_end_of_the_phase_and_the_rest_of_the_turn_is_not_played():
    """Two of three Outlaws near their edge leave; the third stays: the game
    ends when the rules next look (the end of the Movement phase), an Outlaws
    win, though the Lawmen outnumber the one left on the table."""
    game = _escape_game([m("l1", 12, 2), m("l2", 14, 2), m("l3", 16, 2)],
                        [m("o1", 4, 21), m("o2", 8, 21), m("o3", 12, 10)])
    game.feed(1, 6)  # the Drop: the Outlaws have Advantage
    while asked(game) == "ow.ask.move":
        game.feed("exit" if "exit" in options(game) else "hold")
    outcome = game.outcome()
    assert game.is_over and outcome is not None and outcome.winners == ("outlaws",)
    assert alive(game, "o3") and "ow.phase.shooting" not in keys(game)


@rule("OW-HFH-2")
def test_short_of_its_objective_a_posse_that_runs_loses():
    """«Именно от этого зависит, кто выиграет и кто проиграет сражение»
    (OW-HFH-2): one Outlaw of the two needed got away, then the posse ran (a
    failed Head for the Hills test): the Lawmen win."""
    game = _escape_game([m("l1", 2, 2)], [m("o1", 20, 20), m("o2", 22, 20), m("o3", 18, 20)])
    state = game.state
    state.remove_from_table("o1", "escaped")
    state.remove_from_table("o2", "out")
    posse_runs(state, "outlaws", "OW-HFH-2")
    outcome = ending.decided(state)
    assert outcome is not None and outcome.winners == ("lawmen",)
    assert outcome.reason.key == "ow.end.ran"


@rule("OW-HFH-2")
def test_short_of_its_objective_a_posse_with_no_one_left_on_the_table_loses():
    """One Outlaw of the two needed got away, the other was taken out: no
    Outlaw is left on the table, the objective is not met, the Lawmen win."""
    game = _escape_game([m("l1", 2, 2)], [m("o1", 20, 20), m("o2", 22, 20)])
    state = game.state
    state.remove_from_table("o1", "escaped")
    state.remove_from_table("o2", "out")
    outcome = ending.decided(state)
    assert outcome is not None and outcome.winners == ("lawmen",)
    assert outcome.reason.key == "ow.end.wiped"


@rule("OW-HFH-3")
def test_an_objective_met_comes_before_head_for_the_hills_at_the_same_look():
    """The Outlaws met their objective while the Lawmen are gone from the
    table at the same look, and the other way round the Lawmen ran: either way
    the objective is looked at first (docs: "How a game ends")."""
    game = _escape_game([m("l1", 2, 2), m("l2", 4, 2)],
                        [m("o1", 20, 20), m("o2", 22, 20), m("o3", 18, 20)])
    state = game.state
    state.remove_from_table("o1", "escaped")
    state.remove_from_table("o2", "escaped")
    state.remove_from_table("o3", "out")
    outcome = ending.decided(state)
    assert outcome is not None and outcome.winners == ("outlaws",)
    assert outcome.reason.key == "ow.end.escaped"


@rule("OW-HFH-3")
def test_both_posses_meeting_their_objectives_at_one_look_is_a_draw():
    game = build([m("l1", 2, 2), m("l2", 4, 2)], [m("o1", 20, 20), m("o2", 22, 20)],
                 lawmen={"exit_edge": "south", "objective": {"kind": "escape", "models": 1}},
                 outlaws={"exit_edge": "north", "objective": {"kind": "escape", "models": 1}})
    state = game.state
    state.remove_from_table("l1", "escaped")
    state.remove_from_table("o1", "escaped")
    outcome = ending.decided(state)
    assert outcome is not None and outcome.kind == "draw"
    assert outcome.reason.key == "ow.end.both-achieved"


def test_a_posse_holding_the_table_wins_when_the_last_turn_is_over():
    """The Lawmen's objective is to hold the table: the last turn played with
    both posses on it is a Lawmen win (without objectives, a draw: above)."""
    game = build([m("law", 2, 2)], [m("out", 22, 22)], house_rules={"max_turns": 2},
                 lawmen={"objective": {"kind": "hold"}, "name_ru": "Законники"})
    play_out(game, dict.fromkeys(game.seats, _Holder()), ScriptedChance([6, 1] * 10))
    outcome = game.outcome()
    assert game.is_over and outcome is not None and outcome.winners == ("lawmen",)
    assert outcome.reason.key == "ow.end.held"
    assert render(outcome.reason, "en") == ("the last turn (turn 2) is over and Lawmen are "
                                            "still on the table: the scenario objective is "
                                            "achieved")
    assert render(outcome.reason, "ru") == ("последний ход (2-й) сыгран, Законники остались на "
                                            "столе: цель сценария выполнена")
    assert game.state.log.events[-1].text.params["reason"].key == "ow.end.held"
    assert game.ruleset.decided(game.state) is None


@rule("OW-HFH-2")
def test_a_posse_holding_the_table_that_runs_loses_before_the_last_turn():
    game = build([m("law", 2, 2)], [m("out", 22, 22)], lawmen={"objective": {"kind": "hold"}})
    game.state.ran.add("lawmen")
    play_out(game, dict.fromkeys(game.seats, _Holder()), ScriptedChance([6, 1]))
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == ("outlaws",)
    assert outcome.reason.key == "ow.end.ran"


def test_every_seat_sees_both_objectives():
    _, scenario = load_scenario("old-west")
    game = Game(find_ruleset("old-west"), scenario)
    for seat in ("lawmen", "outlaws", "referee"):
        posses = game.view(seat)["state"]["posses"]
        assert {key: (posse["objective"], posse["exit_edge"]) for key, posse in posses.items()} \
            == {"lawmen": ({"kind": "hold", "models": None}, None),
                "outlaws": ({"kind": "escape", "models": 2}, "south")}
