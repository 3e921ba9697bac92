"""The search bot: Monte Carlo search over the seat's options, on positions
drawn to fit what the seat knows (:mod:`referee.bots.history`), played out
by the rules bots.

At each question with more than one option it draws positions consistent
with its seat's view, then spends its budget of playouts: each playout takes
the option the UCB1 rule picks (the best so far, or one tried too little),
one of the drawn positions in turn, answers it there (``Game.fork``, the
engine's own legal answers), and plays the game out with the ruleset's rules
bot at every seat and the dice drawn by their probabilities; the seat's
return at the end is the option's reward. A simultaneous question is
searched as if the seat answered first, unseen: a drawn position holds no
answer of another seat, which its rules bot gives in the playout. The most
rewarding option is taken.

Where no position can be drawn (a history with a question answered by
shape, a budget run out) it answers as the rules bot does.
"""

from __future__ import annotations

import math
import time
from random import Random

from referee.bots.history import History
from referee.core.drivers import Ask, Player, RandomChance, play_out
from referee.core.game import Game
from referee.core.waits import JSON

PLAYOUTS = 64
"""Playouts a question, by default."""
SECONDS = 1.0
"""At most this long a question, by default (a search cut short by it
answers from the playouts made)."""
EXPLORE = 1.4
"""UCB1's weight of an option tried little against its mean reward."""
MAX_PLAYOUT_INPUTS = 2_000


class SearchBot:
    """Searches its options by playouts from positions fitting its view."""

    def __init__(self, rules: Player, history: History, rng: Random, rollout: Player, *,
                 playouts: int = PLAYOUTS, seconds: float | None = SECONDS) -> None:
        self.rules, self.history, self.rng, self.rollout = rules, history, rng, rollout
        self.playouts, self.seconds = playouts, seconds

    def choose(self, ask: Ask) -> JSON:
        options = ask.options
        if len(options) <= 1:
            return self.rules.choose(ask)
        positions = self.history.draw(ask.seat, ask.view.get("log") or [],
                                      ask.view.get("waiting") or {})
        if not positions:
            return self.rules.choose(ask)
        values = [option.value for option in options]
        visits = [0] * len(values)
        rewards = [0.0] * len(values)
        started = time.perf_counter()
        for played in range(self.playouts):
            if self.seconds is not None and played and \
                    time.perf_counter() - started > self.seconds:
                break
            pick = self.ucb(visits, rewards, played)
            game = positions[played % len(positions)].fork()
            game.answer(ask.seat, values[pick])
            rewards[pick] += self.play(game, ask.seat)
            visits[pick] += 1
        best = max(range(len(values)),
                   key=lambda i: (rewards[i] / visits[i] if visits[i] else -math.inf, visits[i]))
        return values[best]

    def ucb(self, visits: list[int], rewards: list[float], played: int) -> int:
        untried = [index for index, count in enumerate(visits) if count == 0]
        if untried:
            return untried[0]
        return max(range(len(visits)), key=lambda i: rewards[i] / visits[i]
                   + EXPLORE * math.sqrt(math.log(played) / visits[i]))

    def play(self, game: Game, seat: str) -> float:
        """The seat's return once ``game`` is played out by the rules bots
        (none, 0, where it does not end)."""
        play_out(game, dict.fromkeys(game.seats, self.rollout), RandomChance(self.rng),
                 max_inputs=MAX_PLAYOUT_INPUTS)
        outcome = game.outcome() if game.is_over else None
        return 0.0 if outcome is None else float(outcome.returns.get(seat, 0.0))
