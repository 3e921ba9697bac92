"""The exact enumerator: walk every chance outcome with its probability
(DESIGN idea 7). Decisions on the way are answered by a fixed policy."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import TypeVar

from referee.core.errors import NotWaitingForThat
from referee.core.game import Game
from referee.core.waits import JSON, Chance, Decision

Policy = Callable[[Game, Decision], dict[str, JSON]]
"""Answers for every seat asked by a decision."""

R = TypeVar("R", bound=Hashable)


def _answer(game: Game, decision: Decision, policy: Policy | None) -> None:
    if policy is None:
        raise NotWaitingForThat("the enumeration met a decision and has no policy to answer it")
    for seat, value in policy(game, decision).items():
        game.answer(seat, value)
    if decision.until_closed and game.waiting is decision:
        game.close()


def leaves(game: Game, stop: Callable[[Game], bool],
           policy: Policy | None = None) -> list[tuple[Game, Fraction]]:
    """Every game reachable from ``game`` by chance until ``stop`` holds or the
    game ends, with the probability of reaching it. ``game`` is not changed.

    The walk goes one chance event at a time over the whole frontier, and
    games in the same position (equal :meth:`Game.key`) are merged, their
    probabilities added: a roll-off keeps one node per best die so far, not
    one per sequence of dice.
    """
    found: dict[Hashable, tuple[Game, Fraction]] = {}
    frontier: dict[Hashable, tuple[Game, Fraction]] = {game.key(): (game.fork(), Fraction(1))}
    while frontier:
        following: dict[Hashable, tuple[Game, Fraction]] = {}
        for node, probability in frontier.values():
            while isinstance(node.waiting, Decision) and not stop(node):
                _answer(node, node.waiting, policy)
            wait = node.waiting
            if wait is None or stop(node):
                _merge(found, node, probability)
                continue
            if not isinstance(wait, Chance):
                raise NotWaitingForThat("the policy left a decision open")
            last = len(wait.outcomes) - 1
            for index, (value, share) in enumerate(wait.outcomes):
                child = node if index == last else node.fork()
                child.roll(value)
                _merge(following, child, probability * share)
        frontier = following
    return list(found.values())


def _merge(into: dict[Hashable, tuple[Game, Fraction]], game: Game,
           probability: Fraction) -> None:
    key = game.key()
    if key in into:
        kept, total = into[key]
        into[key] = (kept, total + probability)
    else:
        into[key] = (game, probability)
def distribution(game: Game, result: Callable[[Game], R], stop: Callable[[Game], bool],
                 policy: Policy | None = None) -> dict[R, Fraction]:
    """The exact probability of each ``result`` over every chance outcome.

    ``result`` should read the position (the state, the rules' frames), not
    the log: positions merged by their key keep the log of one of the ways
    that reached them."""
    totals: dict[R, Fraction] = {}
    for leaf, probability in leaves(game, stop, policy):
        key = result(leaf)
        totals[key] = totals.get(key, Fraction(0)) + probability
    return totals
