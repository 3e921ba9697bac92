"""The Samurai random bot: a person's move to a point is never its pick."""

from __future__ import annotations

import json

from referee.bots import random_playout
from referee.core.game import Game
from referee.core.scenario import load_scenario


def test_bots_never_ask_to_move_to_a_point_of_their_own_choosing() -> None:
    """Uniform bots picked it about seven times a game; the named moves cover it."""
    ruleset, scenario = load_scenario("samurai")
    answers = [item.get("answer") for seed in range(3)
               for item in random_playout(Game(ruleset, scenario), seed).inputs]
    moves = [a for a in answers if isinstance(a, dict) and "do" in a]
    assert moves and not [a for a in moves if a["do"] == "point"], json.dumps(moves[:3])
