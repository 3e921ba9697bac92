"""The random bot's lean in Old West (the ruleset's bot policy): it moves
rather than stands, leaves the table only when that is its posse's objective,
and at Head for the Hills takes the test instead of choosing to run."""

from __future__ import annotations

from dataclasses import replace
from random import Random
from typing import Any

import pytest

from referee.bots import random_bot
from referee.bots.policy import policy_for
from referee.core.drivers import Ask
from referee.core.i18n import msg
from referee.core.waits import Decision, Option
from referee.games.old_west.turn import run_meaning
from tests.games.old_west.ow import asked, build, m

rule = pytest.mark.rule
SEEDS = range(60)


def picks(ask: Ask) -> list[Any]:
    return [random_bot(Random(seed)).choose(ask) for seed in SEEDS]


def first_move(**outlaws: Any) -> Ask:
    """The Outlaws (with Advantage) are asked how ``o1``, 2" from the north
    edge, moves; the Lawmen are far away."""
    game = build([m("law", 12, 2)], [m("o1", 12, 21)], outlaws=outlaws)
    game.feed(1, 6)
    assert asked(game) == "ow.ask.move"
    return Ask.of(game, "outlaws")


def test_a_model_leaves_by_its_edge_when_escaping_is_the_objective():
    ask = first_move(exit_edge="north", objective={"kind": "escape", "models": 1})
    assert {"hold", "advance", "exit"} <= {o.value for o in ask.options}
    chosen = picks(ask)
    assert chosen.count("exit") >= 50


def test_a_model_never_walks_off_when_leaving_is_no_objective():
    """An exit edge with no escape objective: leaving wins nothing."""
    ask = first_move(exit_edge="north")
    assert "exit" in {o.value for o in ask.options}
    chosen = picks(ask)
    assert "exit" not in chosen
    assert chosen.count("advance") > chosen.count("hold") > 0


def test_a_posse_holding_the_table_keeps_its_ground_more_often_than_it_advances():
    game = build([m("law", 12, 2)], [m("o1", 12, 21)], lawmen={"objective": {"kind": "hold"}})
    game.feed(6, 1)
    chosen = picks(Ask.of(game, "lawmen"))
    assert chosen.count("hold") > chosen.count("advance") > 0


def hills_ask(lawmen: int, outlaws: int, lost: int) -> Ask:
    """The Lawmen at the Head for the Hills prompt, ``lost`` of them out of action."""
    game = build([m(f"l{i}", 2 + 2 * i, 2) for i in range(lawmen)],
                 [m(f"o{i}", 2 + 2 * i, 22) for i in range(outlaws)])
    for i in range(lost):
        game.state.remove_from_table(f"l{i}", "out")
    options = [Option("test", msg("ow.opt.test"),
                      {"kind": "hills-test", "seat": "lawmen", "model": "l0"}),
               Option("run", msg("ow.opt.run"), run_meaning(game.state, "lawmen"))]
    decision = Decision.single("lawmen", msg("ow.ask.hills"), options)
    return Ask("lawmen", decision, game.view("lawmen"), game.ruleset,
               game.seat_name("lawmen"))


@rule("OW-HFH-1", "OW-HFH-4")
def test_at_head_for_the_hills_the_bot_takes_the_test():
    """Half the posse lost, two left against three: the bot tests (and runs
    only if the test fails); it never throws the game away."""
    assert set(picks(hills_ask(lawmen=4, outlaws=3, lost=2))) == {"test"}


@rule("OW-HFH-4")
def test_the_bot_may_choose_to_run_only_when_hopelessly_outnumbered():
    """One Lawman left against three Outlaws: running is considered."""
    chosen = picks(hills_ask(lawmen=2, outlaws=3, lost=1))
    assert 10 <= chosen.count("run") <= 50


def test_other_decisions_are_uniform():
    game = build([m("law", 12, 2)], [m("o1", 12, 21)])
    game.feed(1, 6)
    ask = Ask.of(game, "outlaws")
    other = Decision.single("outlaws", msg("ow.ask.yee-haw", name="O1"),
                            [Option(False, msg("ow.opt.no-shout")),
                             Option(True, msg("ow.opt.yee-haw"))])
    policy = policy_for(game.ruleset)
    assert policy is not None
    assert policy.weights(replace(ask, decision=other)) is None
