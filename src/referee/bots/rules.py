"""What every rule-of-thumb bot shares: it rates each option put to its seat
from the seat's view and the option's meaning alone, takes the best (equal
ratings drawn at random, so a seeded bot plays the same game again), and
answers a question answered by shape as its ruleset writes it.

A ruleset's rules bot (``games/<name>/bot.py``) fills in :meth:`RulesBot.rate`
and, where its rules ask for a shaped answer, :meth:`RulesBot.shaped`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from referee.core.drivers import Ask
from referee.core.waits import JSON

Meaning = Mapping[str, Any]


class RulesBot:
    """Takes the option it rates highest; answers a shaped question with
    the ruleset's own random answer unless :meth:`shaped` says better."""

    def __init__(self, rng: Random) -> None:
        self.rng = rng

    def choose(self, ask: Ask) -> JSON:
        options = ask.options
        if not options:
            return self.shaped(ask)
        if len(options) == 1:
            return options[0].value
        ratings = self.rate(ask, [option.meaning or {} for option in options])
        best = max(ratings)
        chosen = [option for option, rating in zip(options, ratings, strict=True)
                  if rating == best]
        return chosen[0].value if len(chosen) == 1 else self.rng.choice(chosen).value

    def rate(self, ask: Ask, meanings: Sequence[Meaning]) -> Sequence[float]:
        """How good each option is, in their order (higher is better)."""
        return [0.0] * len(meanings)

    def shaped(self, ask: Ask) -> JSON:
        """The answer to a question answered by shape."""
        return ask.ruleset.random_answer(ask.view_when_read(), ask.seat, ask.decision, self.rng)


def state_of(ask: Ask) -> Mapping[str, Any]:
    """The ``state`` part of the asked seat's view."""
    state = ask.view.get("state")
    return state if isinstance(state, Mapping) else {}


def facts_of(ask: Ask) -> list[Mapping[str, Any]]:
    """The facts of the seat's log lines, oldest first."""
    return [line.get("facts") or {} for line in ask.view.get("log") or ()
            if isinstance(line, Mapping)]
