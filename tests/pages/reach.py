"""Games brought to a question: played by random bots (uniformly among the
options, a move to a point included) until a seat is asked what a test
wants to look at."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from random import Random
from typing import Any

from referee.core.drivers import Ask, RandomBot, RandomChance
from referee.core.game import Game
from referee.core.scenario import load_scenario
from referee.core.waits import Chance, Decision

Wanted = Callable[[Mapping[str, Any]], bool]
MAX_INPUTS = 5000


def asked(ruleset: str, wanted: Wanted, seeds: range = range(40)) -> tuple[Game, str]:
    """A game of ``ruleset``'s example at the first question whose asked
    seat's view ``wanted`` accepts, and that seat."""
    for seed in seeds:
        found = _play(ruleset, wanted, seed)
        if found is not None:
            return found
    raise AssertionError(f"no {ruleset} game reached the question wanted")


def _play(name: str, wanted: Wanted, seed: int) -> tuple[Game, str] | None:
    ruleset, scenario = load_scenario(name)
    game = Game(ruleset, scenario)
    bot, dice = RandomBot(Random(seed)), RandomChance(Random(-seed))
    while not game.is_over and len(game.inputs) < MAX_INPUTS:
        wait = game.waiting
        if isinstance(wait, Chance):
            game.roll(dice.outcome(game, wait))
            continue
        assert isinstance(wait, Decision)
        for seat in game.seats_to_answer():
            if wanted(game.view(seat)):
                return game, seat
            game.answer(seat, bot.choose(Ask.of(game, seat)))
        if wait.until_closed and game.waiting is wait:
            game.close()
    return None


def key_of(view: Mapping[str, Any]) -> str:
    """The catalogue key of the question put to the seat ("" for none)."""
    waiting = view.get("waiting") or {}
    return str((waiting.get("decision") or {}).get("key", ""))


def kinds_of(view: Mapping[str, Any]) -> set[str]:
    """What the options of the question mean, by kind."""
    waiting = view.get("waiting") or {}
    return {str((o.get("meaning") or {}).get("kind")) for o in waiting.get("options") or ()}
