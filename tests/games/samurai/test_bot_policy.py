"""The Samurai random bot (the registered policy): a person's move to a
point is never its pick, and in the Action phase it shoots or reloads three
times as often as it waits; it reads the options' meanings, never their
values or the question's key."""

from __future__ import annotations

import json
from random import Random

from referee.bots import random_playout
from referee.bots.policy import leaning, policy_for
from referee.core.drivers import Ask
from referee.core.game import Game
from referee.core.scenario import load_scenario
from referee.games.samurai.policy import SamuraiPolicy
from tests.games.samurai.sam import RETAINERS_FIRST, RULES, fighter, new_game


def test_bots_never_ask_to_move_to_a_point_of_their_own_choosing() -> None:
    """Uniform bots picked it about seven times a game; the named moves cover it."""
    ruleset, scenario = load_scenario("samurai")
    answers = [item.get("answer") for seed in range(3)
               for item in random_playout(Game(ruleset, scenario), seed).inputs]
    moves = [a for a in answers if isinstance(a, dict) and "do" in a]
    assert moves and not [a for a in moves if a["do"] == "point"], json.dumps(moves[:3])


def test_the_policy_is_registered_and_leans_as_the_options_mean() -> None:
    assert isinstance(policy_for(RULES), SamuraiPolicy)
    game = new_game([fighter("archer", (2, 10), missile="yumi")], [fighter("oso", (14, 10))])
    game.feed(*RETAINERS_FIRST)
    ask = Ask.of(game, "retainers")
    kinds = [option.meaning["kind"] for option in ask.options if option.meaning]
    assert kinds[0] == "stay" and kinds[-1] == "point"
    assert list(leaning(ask) or ()) == [0.0 if kind == "point" else 1.0 for kind in kinds]
    while not any(o.meaning and o.meaning["kind"] == "wait" for o in ask.options):
        game.answer(ask.seat, {"do": "stay"})
        ask = Ask.of(game, game.seats_to_answer()[0])
    assert [o.value for o in ask.options] == [{"act": "wait"}, {"act": "shoot", "target": "oso"}]
    assert list(leaning(ask) or ()) == [1.0, 3.0]



def test_the_random_allocation_is_legal_from_the_question_alone() -> None:
    """Answering the secret allocation needs no view: the question names the
    side's fighters and their Combat Potential, and every random split of it
    is one the game takes."""
    for seed in range(6):
        game = new_game([fighter("kenji", (10, 10), cp=3)], [fighter("oni", (11, 10), cp=2)])
        game.feed(*RETAINERS_FIRST)
        cps = {"retainers": ("kenji", 3), "bandits": ("oni", 2)}
        for seat, (fid, cp) in cps.items():
            ask = Ask.of(game, seat)
            answer = RULES.random_answer({}, seat, ask.decision, Random(seed))
            tokens = answer["fighters"][fid]
            assert list(answer["fighters"]) == [fid]
            assert tokens["attack"] + tokens["defence"] == cp
            game.answer(seat, answer)
        assert game.state.fight is not None and set(game.state.fight.tokens) == {"kenji", "oni"}
