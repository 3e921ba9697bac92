"""The random bot's lean comes from above the rules: the core's RandomBot
leans as the weights it is given say, uniformly without; the ruleset's bots
(referee.bots) lean as the ruleset's registered policy says."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from random import Random

import pytest

from referee.bots import random_bot, random_playout
from referee.bots.policy import Policy, register_policy
from referee.core import drivers
from referee.core.drivers import Ask, RandomBot
from referee.core.game import Game
from tests.core.toy import Toy, ToyScenario


def highest(ask: Ask) -> list[float]:
    values = [option.value for option in ask.options]
    return [1.0 if value == max(values) else 0.0 for value in values]


class HighBidder(Toy):
    """The toy, its bots leaning wholly to the highest card they hold."""

    name = "high-bidder"


class Highest(Policy):
    def weights(self, ask: Ask) -> Sequence[float] | None:
        return highest(ask)


@pytest.fixture(autouse=True)
def high_bidding_policy() -> Iterator[None]:
    register_policy(HighBidder.name, Highest())
    yield
    register_policy(HighBidder.name, None)


def test_the_rulesets_bots_follow_the_rulesets_lean():
    for seed in range(15):
        game = random_playout(Game(HighBidder(), ToyScenario()), seed)
        assert game.state.bids == {seat: max(game.state.hands[seat]) for seat in game.seats}


def test_the_cores_bot_follows_the_weights_it_is_given_and_no_rulesets_hook():
    leaning = [drivers.random_playout(Game(HighBidder(), ToyScenario()), seed, highest)
               for seed in range(15)]
    assert all(game.state.bids == {seat: max(game.state.hands[seat]) for seat in game.seats}
               for game in leaning)
    uniform = [drivers.random_playout(Game(HighBidder(), ToyScenario()), seed).state.bids
               for seed in range(15)]
    assert any(bids != game.state.bids for bids, game in zip(uniform, leaning, strict=True))


def test_without_a_lean_the_bot_picks_as_a_uniform_choice_from_its_seed():
    game = random_playout(Game(Toy(), ToyScenario(deck=list("ABCDEF"), draws=3)), 0)
    start = Game(Toy(), game.scenario, game.inputs[:-2])
    ask = Ask.of(start, "north")
    assert len(ask.options) > 1
    for seed in range(20):
        expected = Random(seed).choice(ask.options).value
        assert RandomBot(Random(seed)).choose(ask) == expected
        assert random_bot(Random(seed)).choose(ask) == expected
