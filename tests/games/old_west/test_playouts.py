"""The example scenario plays to its end with random bots, in both languages."""

from __future__ import annotations

import pytest

from referee.core.drivers import random_playout
from referee.core.game import Game
from referee.core.i18n import CATALOGUE
from referee.core.scenario import load_scenario


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
    picture = ruleset.svg(scenario, game.view("outlaws")["state"], "en")
    assert picture is not None and picture.count('class="model"') >= 1
