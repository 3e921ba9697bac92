"""A ruleset may give the random bot a lean among the options
(Ruleset.bot_weights); without one the bot picks exactly as before."""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from referee.core.drivers import Ask, RandomBot, random_playout
from referee.core.game import Game
from referee.core.waits import JSON, Decision
from tests.core.toy import Toy, ToyScenario


class HighBidder(Toy):
    """The toy, with bots leaning wholly to the highest card they hold."""

    def bot_weights(self, view: dict[str, JSON], seat: str,
                    decision: Decision) -> Sequence[float] | None:
        values = [o.value for o in decision.options_for(seat)]
        return [1.0 if v == max(values) else 0.0 for v in values]


def test_a_bot_follows_the_rulesets_lean():
    for seed in range(15):
        game = random_playout(Game(HighBidder(), ToyScenario()), seed)
        assert game.state.bids == {seat: max(game.state.hands[seat]) for seat in game.seats}


def test_without_a_lean_the_bot_picks_as_a_uniform_choice_from_its_seed():
    game = random_playout(Game(Toy(), ToyScenario(deck=list("ABCDEF"), draws=3)), 0)
    start = Game(Toy(), game.scenario, game.inputs[:-2])
    ask = Ask.of(start, "north")
    assert len(ask.options) > 1
    for seed in range(20):
        assert RandomBot(Random(seed)).choose(ask) == Random(seed).choice(ask.options).value
