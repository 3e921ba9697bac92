"""The search bot: Monte Carlo search over the seat's options, on positions
drawn to fit what the seat knows (:mod:`referee.bots.history`), played out
by the rules bots.

At each question with more than one option it draws positions consistent
with its seat's view, then spends its budget of playouts: each playout takes
the option the UCB1 rule picks (the best so far, or one tried too little),
one of the drawn positions in turn, answers it there (``Game.fork``, the
engine's own legal answers), and plays the game out with the ruleset's rules
bot at every seat and the dice drawn by their probabilities; the seat's
return at the end is the option's reward. Where the ruleset sets a horizon,
a playout stops after that many inputs and the ruleset's score of the
position stands for the return. A simultaneous question is searched as if
the seat answered first, unseen: a drawn position holds no answer of
another seat, which its rules bot gives in the playout. The most rewarding
option is taken.

A question answered by shape (a Samurai allocation) is searched among the
rules bot's answer and the variations the ruleset names (its ``forms``).
A question the ruleset can answer by working it out (``worked_out``: a
Samurai allocation in a fight of one against one, from its exact odds) is
answered so, without playouts.

Where no position can be drawn (a history with a question answered by a
shape the ruleset cannot name, a budget run out) it answers as the rules
bot does.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Sequence
from random import Random
from typing import Protocol

from referee.bots.history import History
from referee.bots.rules import RulesBot
from referee.core.drivers import Ask, Player, RandomChance, play_out
from referee.core.errors import RefereeError
from referee.core.events import Seat
from referee.core.game import Game
from referee.core.waits import JSON, same_json

PLAYOUTS = 64
"""Playouts a question, by default."""
SECONDS = 1.0
"""At most this long a question, by default (a search cut short by it
answers from the playouts made)."""
SECONDS_SETTING = "REFEREE_SEARCH_SECONDS"
"""The environment variable that sets that limit for every search bot of a
process and its workers (``none``: no limit, the playouts alone count, so
a seeded game is the same on any machine, however busy)."""
EXPLORE = 1.4
"""UCB1's weight of an option tried little against its mean reward."""
MAX_PLAYOUT_INPUTS = 2_000


KEEP = 0.25
"""How much better, on average, another option must play out than the rules
bot's own choice to be taken instead, in a search in paired rounds."""


class Judge(Protocol):
    """What a ruleset tells the search (:class:`referee.bots.kinds.RulesetBots`)."""

    horizon: int | None
    width: int | None
    playouts: int
    keep: float

    def rules(self, rng: Random) -> Player | None: ...

    def searched(self, ask: Ask) -> Sequence[JSON]: ...

    def forms(self, ask: Ask, chosen: JSON) -> Sequence[JSON]: ...

    def worked_out(self, ask: Ask) -> JSON | None: ...

    def score(self, game: Game, seat: Seat) -> float: ...


def seconds_setting() -> float | None:
    """The time limit a question :data:`SECONDS_SETTING` sets (the default
    where it is unset)."""
    setting = os.environ.get(SECONDS_SETTING, "").strip().lower()
    if not setting:
        return SECONDS
    if setting in ("none", "0"):
        return None
    try:
        return float(setting)
    except ValueError:
        return SECONDS


class SearchBot:
    """Searches its options by playouts from positions fitting its view."""

    def __init__(self, rules: Player, history: History, rng: Random, rollout: Player, *,
                 playouts: int = PLAYOUTS, seconds: float | str | None = "setting",
                 judge: Judge | None = None) -> None:
        self.rules, self.history, self.rng, self.rollout = rules, history, rng, rollout
        self.playouts = playouts if judge is None or judge.width is None else judge.playouts
        self.seconds = seconds_setting() if isinstance(seconds, str) else seconds
        self.judge = judge

    def choose(self, ask: Ask) -> JSON:
        known = self.judge.worked_out(ask) if self.judge is not None else None
        if known is not None:
            return known
        values = self.answers(ask)
        if len(values) <= 1:
            return values[0] if values else self.rules.choose(ask)
        positions = self.history.draw(ask.seat, ask.view.get("log") or [],
                                      ask.view.get("waiting") or {})
        if not positions:
            return self.rules.choose(ask) if ask.options else values[0]
        if self.judge is not None and self.judge.width is not None:
            return self.paired(ask.seat, values, positions)
        visits = [0] * len(values)
        rewards = [0.0] * len(values)
        started = time.perf_counter()
        for played in range(self.playouts):
            if self.seconds is not None and played and \
                    time.perf_counter() - started > self.seconds:
                break
            pick = self.ucb(visits, rewards, played)
            game = positions[played % len(positions)].fork(snapshots=False)
            try:
                game.answer(ask.seat, values[pick])
            except RefereeError:
                reward = -math.inf  # a variation the rules refuse: never taken
            else:
                reward = self.play(game, ask.seat)
            rewards[pick] += reward
            visits[pick] += 1
        best = max(range(len(values)),
                   key=lambda i: (rewards[i] / visits[i] if visits[i] else -math.inf, visits[i]))
        return values[best]

    def paired(self, seat: Seat, values: list[JSON], positions: list[Game]) -> JSON:
        """The best of ``values`` (the rules bot's own first) over rounds in
        which each is played out from the same drawn position with the same
        dice and the same rules bots, so that what differs between their
        playouts is the answer; the rules bot's answer is kept unless
        another does better by the ruleset's ``keep`` (:data:`KEEP` unless
        it says) on average."""
        totals = [0.0] * len(values)
        started = time.perf_counter()
        rounds = max(1, self.playouts // len(values))
        for played in range(rounds):
            if self.seconds is not None and played and \
                    time.perf_counter() - started > self.seconds:
                break
            seed = self.rng.random()
            for index, value in enumerate(values):
                game = positions[played % len(positions)].fork(snapshots=False)
                try:
                    game.answer(seat, value)
                except RefereeError:
                    totals[index] = -math.inf  # a variation the rules refuse: never taken
                    continue
                totals[index] += self.play(game, seat, Random(seed))
        totals[0] += (KEEP if self.judge is None else self.judge.keep) * rounds
        return values[max(range(len(values)), key=lambda index: totals[index])]

    def answers(self, ask: Ask) -> list[JSON]:
        """The answers weighed: the options (those the ruleset says are
        worth it), or for a question answered by shape the rules bot's
        answer and the ruleset's variations of it."""
        if ask.options:
            if self.judge is None:
                return [option.value for option in ask.options]
            if self.judge.width is None:
                return list(self.judge.searched(ask)) or [self.rules.choose(ask)]
            return self.narrowed(ask, self.judge.width)
        chosen = self.rules.choose(ask)
        found = [chosen]
        for form in self.judge.forms(ask, chosen) if self.judge is not None else ():
            if not any(same_json(form, known) for known in found):
                found.append(form)
        return found

    def narrowed(self, ask: Ask, width: int) -> list[JSON]:
        """The rules bot's answer, then the options it rates next best that
        the ruleset finds worth searching, ``width`` in all."""
        chosen = self.rules.choose(ask)
        searched = self.judge.searched(ask) if self.judge is not None else ()
        rated: list[tuple[float, JSON]] = []
        if isinstance(self.rules, RulesBot):
            meanings = [option.meaning or {} for option in ask.options]
            ratings = self.rules.rate(ask, meanings)
            rated = [(rating, option.value) for rating, option in
                     zip(ratings, ask.options, strict=True)
                     if any(same_json(option.value, value) for value in searched)]
        rated.sort(key=lambda pair: -pair[0])
        found = [chosen]
        for _, value in rated:
            if len(found) >= width:
                break
            if not any(same_json(value, known) for known in found):
                found.append(value)
        return found

    def ucb(self, visits: list[int], rewards: list[float], played: int) -> int:
        untried = [index for index, count in enumerate(visits) if count == 0]
        if untried:
            return untried[0]
        return max(range(len(visits)), key=lambda i: rewards[i] / visits[i]
                   + EXPLORE * math.sqrt(math.log(played) / visits[i]))

    def play(self, game: Game, seat: str, rng: Random | None = None) -> float:
        """The seat's return once ``game`` is played out by the rules bots
        (none, 0, where it does not end), or the ruleset's score of the
        position at its horizon; with ``rng``, the dice and the rules bots
        draw on it alone."""
        horizon = self.judge.horizon if self.judge is not None else None
        rollout = self.rollout
        if rng is not None and self.judge is not None:
            rollout = self.judge.rules(Random(rng.random())) or rollout
        play_out(game, dict.fromkeys(game.seats, rollout), RandomChance(rng or self.rng),
                 max_inputs=MAX_PLAYOUT_INPUTS if horizon is None else horizon)
        if not game.is_over:
            return 0.0 if horizon is None or self.judge is None else self.judge.score(game, seat)
        outcome = game.outcome()
        return 0.0 if outcome is None else float(outcome.returns.get(seat, 0.0))
