"""The example scenario plays to its end with random bots, in both languages."""

from __future__ import annotations

from random import Random

import pytest

from referee.bots import random_bot, random_playout
from referee.core.drivers import RandomChance, play_out
from referee.core.game import Game
from referee.core.i18n import CATALOGUE
from referee.core.scenario import load_scenario
from referee.display import display_for


@pytest.mark.parametrize("seed", range(4))
def test_example_plays_to_an_end_and_every_line_is_translated(seed):
    ruleset, scenario = load_scenario("old-west")
    game = random_playout(Game(ruleset, scenario), seed)
    assert game.is_over and game.outcome() is not None
    for event in game.state.log.events:
        assert event.text.key in CATALOGUE.templates["en"], event.text.key
        assert event.text.key in CATALOGUE.templates["ru"], event.text.key
    replay = Game(ruleset, scenario, game.inputs)
    assert replay.checksum() == game.checksum()
    display = display_for(ruleset)
    assert display is not None
    picture = display.svg(game.view("outlaws"), "en")
    assert picture is not None and picture.count('class="model"') >= 1


@pytest.mark.parametrize("seed", range(3))
def test_no_generator_is_ever_on_the_stack_and_a_fork_is_a_copy(seed):
    """The rules are frames all the way down: at every wait of a random game
    the position copies without replay, and a fork plays on like the game."""
    ruleset, scenario = load_scenario("old-west")
    game = Game(ruleset, scenario)
    rng = Random(seed)
    forks = []
    while not game.is_over:
        assert game._at.copyable, [type(f).__name__ for f in game._at.stack]
        if rng.random() < 0.02:
            forks.append((len(game.inputs), game.fork()))
        play_out(game, dict.fromkeys(game.seats, random_bot(rng)), RandomChance(rng),
                 max_inputs=1)
    for count, fork in forks:
        assert fork.key() == Game(ruleset, scenario, game.inputs[:count]).key()
        for item in game.inputs[count:]:
            fork.apply(item)
        assert fork.checksum() == game.checksum()
