"""The same seeds play the same games: random games of the example and of two
crowded tables, pinned by a digest of every input, every log line's key and
where each model ended, each worked out before the rules were made faster.
A change meant only to make the rules faster must leave every digest as it
is; a change of the rules, the random bot or the dice changes them on purpose
(then compute them again)."""

from __future__ import annotations

import hashlib
import json
from random import Random
from typing import Any

import pytest

from referee.bots import random_bot, random_playout
from referee.core.drivers import RandomChance, play_out
from referee.core.game import Game
from referee.core.scenario import load_scenario
from referee.games.old_west.scenario import OldWestScenario
from referee.games.old_west.state import OldWestState

from .ow import R, build


def digest(game: Game) -> str:
    """Inputs, log keys and every model's end (status, wounds, Fame, Fortune,
    mount, where its base stands), as a short hex digest."""
    state = game.state
    assert isinstance(state, OldWestState)
    models = [(f.id, f.status, f.wounds, f.fame, f.fortune,
               None if f.mount is None else f.mount.wounds, f.prone)
              for f in state.fighters.values()]
    pieces = [(p.id, p.x, p.y, p.radius) for p in state.table.pieces.values()]
    text = json.dumps({"inputs": game.inputs, "keys": [e.text.key for e in state.log.events],
                       "models": models, "pieces": pieces, "turn": state.turn},
                      sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


EXAMPLE = {
    0: "47b66e7ff7fecfcb", 1: "e9492c0606c18b18", 2: "39f71dc5be44fc3f", 3: "0dddbefba4df0566",
    4: "cbfab097980765a8", 5: "b56537d12e33d75a", 6: "87d16d15566c5ef8", 7: "88c5649b0e3385cc",
}


@pytest.mark.parametrize("seed", sorted(EXAMPLE))
def test_a_seeded_game_of_the_example_is_the_same_game(seed: int) -> None:
    ruleset, scenario = load_scenario("old-west")
    assert digest(random_playout(Game(ruleset, scenario), seed)) == EXAMPLE[seed]


def long_example() -> Game:
    """The example with sturdy models and many turns: long games, many moves,
    charges across the fence and back-offs against it."""
    ruleset, scenario = load_scenario("old-west")
    data: dict[str, Any] = scenario.model_dump()
    data["house_rules"]["max_turns"] = 40
    for posse in data["posses"]:
        for model in posse["models"]:
            model["wounds"] = 6
            if model.get("mount"):
                model["mount"]["wounds"] = 6
    return Game(ruleset, OldWestScenario.model_validate(data))


def crowd() -> Game:
    """Twelve models a side in two facing lines an inch apart, across a fence
    and beside a house: charges, fights of several, surrounded losers."""
    law = [{"id": f"l{i}", "name": f"L{i}", "at": [2 + 1.6 * i, 9.0]} for i in range(12)]
    out = [{"id": f"o{i}", "name": f"O{i}", "at": [2.5 + 1.6 * i, 10.0 + 2 * R + 0.4]}
           for i in range(12)]
    fence = {"name": "fence", "points": [[1, 10.2], [12, 10.2]], "height": 1}
    house = {"name": "house", "points": [[15, 14], [19, 14], [19, 18], [15, 18]],
             "closed": True, "height": 3}
    drop = {"name": "ditch", "points": [[0, 6], [24, 6]], "height": 2}
    return build(law, out, obstacles=[fence, house], drops=[drop],
                 house_rules={"max_turns": 12})


LONG = {0: "19b700d3fc120f26", 1: "6456d340a095dcf5", 2: "75debed5ea4bea43"}
CROWD = {0: "efe39e308cbbc59b", 1: "ce7bc51b774dbd26", 2: "b253c701a0737d26",
         3: "bc994cce47f4a21a"}


def seeded(game: Game, seed: int) -> Game:
    rng = Random(seed)
    play_out(game, dict.fromkeys(game.seats, random_bot(rng)), RandomChance(rng))
    return game


@pytest.mark.parametrize("seed", sorted(LONG))
def test_a_seeded_long_game_is_the_same_game(seed: int) -> None:
    assert digest(seeded(long_example(), seed)) == LONG[seed]


@pytest.mark.parametrize("seed", sorted(CROWD))
def test_a_seeded_crowded_game_is_the_same_game(seed: int) -> None:
    assert digest(seeded(crowd(), seed)) == CROWD[seed]
