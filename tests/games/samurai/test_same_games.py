"""The same seeds play the same games: random games of the example, pinned
by a digest of every input and the game's checksum (the referee's view of
the state and the whole log), each worked out before the rules were made
faster. A change meant only to make the rules faster must leave every digest
as it is; a change of the rules, the random bot or the dice changes them on
purpose (then compute them again)."""

from __future__ import annotations

import hashlib
import json

import pytest

from referee.bots import random_playout
from referee.core.game import Game
from referee.core.scenario import load_scenario


def digest(game: Game) -> str:
    """The inputs and the checksum of the finished game, as a short hex digest."""
    text = json.dumps(game.inputs, sort_keys=True) + game.checksum()
    return hashlib.sha256(text.encode()).hexdigest()[:12]


EXAMPLE = {
    0: "d76399d81d95", 1: "30ab11e264cb", 2: "43d79a50b129", 3: "040385ff2d53",
    4: "b875a0ed52d0", 5: "b0fe7c5d57b3", 6: "6022f039e7aa", 7: "7412a83ef371",
}


@pytest.mark.parametrize("seed", sorted(EXAMPLE))
def test_a_seeded_game_of_the_example_is_the_same_game(seed: int) -> None:
    ruleset, scenario = load_scenario("samurai")
    assert digest(random_playout(Game(ruleset, scenario), seed)) == EXAMPLE[seed]
