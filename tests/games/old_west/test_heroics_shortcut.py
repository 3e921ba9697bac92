"""The quick question whether any Hero may make a phase's Heroic Action
(``anyone_may_act``, asked before the declaration is called) agrees with the
lists of eligible Heroes the declaration itself offers, at every step of
random games."""

from __future__ import annotations

from collections import Counter
from random import Random

from referee.bots import random_bot
from referee.core.drivers import RandomChance, play_out
from referee.core.game import Game
from referee.core.scenario import load_scenario
from referee.games.old_west.heroics import ACTION, anyone_may_act, eligible
from referee.games.old_west.state import OldWestState


def test_anyone_may_act_agrees_with_the_eligible_heroes() -> None:
    ruleset, scenario = load_scenario("old-west")
    seen: Counter[bool] = Counter()
    for seed in range(12):
        game = Game(ruleset, scenario)
        rng = Random(seed)
        bots, dice = dict.fromkeys(game.seats, random_bot(rng)), RandomChance(rng)
        while not game.is_over:
            play_out(game, bots, dice, max_inputs=1)
            state = game.state
            assert isinstance(state, OldWestState)
            for phase in ACTION:
                listed = any(eligible(state, seat, phase) for seat in state.by_advantage())
                assert anyone_may_act(state, phase) == listed
                seen[listed] += 1
    assert min(seen.values()) > 50, seen
