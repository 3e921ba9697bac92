"""The end of a game read from the position (neutral hooks), and seats named
after their posses."""

from __future__ import annotations

from random import Random

import pytest

from referee.core.drivers import RandomBot, ScriptedChance, play_out
from referee.core.i18n import Name, render
from referee.core.scenario import load_scenario
from tests.games.old_west.ow import build, m

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
    play_out(game, dict.fromkeys(game.seats, RandomBot(Random(0))), ScriptedChance([6, 1]))
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == ("lawmen",)
    assert outcome.reason.key == "ow.end.ran"
    assert game.state.log.events[-1].text.key == "ow.game-over"


class _Holder:
    """Holds every model where it stands."""

    def choose(self, ask):
        values = [o.value for o in ask.options]
        return "hold" if "hold" in values else values[0]
