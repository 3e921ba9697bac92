"""A seat's view of the state is its own: the game hands it out without
copying it (``fresh_views``), so writing on it must change no other view, no
later view and nothing in the game; the parts every view shares (the table,
the names, the settings) refuse to be changed."""

from __future__ import annotations

import json
from random import Random
from typing import Any

import pytest

from referee.bots import random_bot
from referee.core.drivers import RandomChance, play_out
from referee.core.game import Game
from referee.core.readonly import ReadOnlyDict, ReadOnlyList
from referee.core.scenario import load_scenario
from referee.core.waits import Decision


def scribble(value: Any) -> int:
    """Write on every list and table inside ``value`` but the read-only
    ones, which must refuse; how many refused."""
    shared = 0
    if isinstance(value, ReadOnlyDict | ReadOnlyList):
        with pytest.raises(TypeError, match="cannot be changed"):
            value.clear()
        shared = 1
    if isinstance(value, dict):
        for part in list(value.values()):
            shared += scribble(part)
        if not isinstance(value, ReadOnlyDict):
            value["scribbled"] = True
    elif isinstance(value, list):
        for part in value:
            shared += scribble(part)
        if not isinstance(value, ReadOnlyList):
            value.append("scribbled")
    return shared


def asked(game: Game, key: str, rng: Random) -> Game:
    """``game`` played on by random bots until it asks ``key``."""
    bot = random_bot(rng)
    while not game.is_over:
        wait = game.waiting
        if isinstance(wait, Decision) and wait.question.key == key:
            return game
        play_out(game, dict.fromkeys(game.seats, bot), RandomChance(rng), max_inputs=1)
    raise AssertionError(f"no {key} asked")


def test_writing_on_a_view_changes_no_other_view_and_nothing_in_the_game():
    ruleset, scenario = load_scenario("old-west")
    for key in ("ow.ask.move", "ow.ask.shoot"):
        game = asked(Game(ruleset, scenario), key, Random(3))
        before = {seat: json.dumps(game.view(seat)) for seat in game.seats}
        checksum = game.checksum()
        seat = game.seats_to_answer()[0]
        view = game.view(seat)
        assert view["waiting"]["options"], "the asked model's options are in the view"
        assert scribble(view["state"]) >= 3  # the table, the names, the settings
        scribble(view["waiting"])
        for other in game.seats:
            assert json.dumps(game.view(other)) == before[other], (key, other)
        assert game.checksum() == checksum
