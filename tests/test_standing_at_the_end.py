"""Where the game stands, once it is over: the turn told is never past the
last one ("Turn 3 of 3", not "Turn 4 of 3")."""

from __future__ import annotations

import re

import pytest

from referee.core.drivers import random_playout
from referee.core.game import Game
from referee.core.i18n import render
from referee.core.scenario import load_scenario
from referee.server.checks import text_from_json


@pytest.mark.parametrize("ruleset", ["samurai", "old-west", "night-watch"])
def test_the_turn_told_at_the_end_is_at_most_the_last(ruleset: str) -> None:
    ended = 0
    for seed in range(1, 4):
        game = random_playout(Game(*load_scenario(ruleset)), seed)
        assert game.outcome is not None
        seat = game.seats[0]
        standing = game.view(seat)["state"]["objectives"]["standing"]
        told = render(text_from_json(standing[0]), "en")
        found = re.fullmatch(r"Turn (\d+) of (\d+)\.", told)
        assert found is not None, told
        assert int(found[1]) <= int(found[2]), told
        ended += 1
    assert ended == 3
