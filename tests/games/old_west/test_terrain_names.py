"""Terrain named in the log reads in the reader's language."""

from __future__ import annotations

from referee.bots import random_playout
from referee.core.game import Game
from referee.core.scenario import load_scenario


def test_the_fence_is_named_in_russian_when_fighting_across_it():
    ruleset, scenario = load_scenario("old-west")
    game = random_playout(Game(ruleset, scenario), 0)
    english = [line for line in game.text_log() if "rail fence" in line]
    russian = [line for line in game.text_log(lang="ru") if "изгород" in line]  # any case
    assert english and len(russian) == len(english)
    assert not any("rail fence" in line for line in game.text_log(lang="ru"))
