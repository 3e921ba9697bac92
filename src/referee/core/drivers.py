"""Drivers answer what a game waits for: bots, people, dice (DESIGN idea 2).

A player sees only its own seat's view and the options put to it, never the
state, so a bot cannot cheat by construction.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from random import Random
from typing import Protocol

from referee.core.events import Event, Seat
from referee.core.game import Game
from referee.core.waits import JSON, Chance, Decision


class Player(Protocol):
    """Answers decisions for one or more seats."""

    def choose(self, game: Game, seat: Seat, decision: Decision) -> JSON:
        """The answer of ``seat``; read the game only through ``game.view(seat)``."""
        ...


class RandomBot:
    """Picks uniformly among the legal options (or the ruleset's random answer)."""

    def __init__(self, rng: Random) -> None:
        self.rng = rng

    def choose(self, game: Game, seat: Seat, decision: Decision) -> JSON:
        options = decision.options_for(seat)
        if options:
            return self.rng.choice(options).value
        return game.ruleset.random_answer(game.view(seat), seat, decision, self.rng)


class ScriptedPlayer:
    """Gives the listed answers in order (tests)."""

    def __init__(self, answers: Iterable[JSON]) -> None:
        self._answers: Iterator[JSON] = iter(answers)

    def choose(self, game: Game, seat: Seat, decision: Decision) -> JSON:
        return next(self._answers)


class ChanceSource(Protocol):
    def outcome(self, game: Game, chance: Chance) -> JSON: ...


class RandomChance:
    """Seeded dice: the same seed gives the same game."""

    def __init__(self, rng: Random) -> None:
        self.rng = rng

    def outcome(self, game: Game, chance: Chance) -> JSON:
        values = [v for v, _ in chance.outcomes]
        return self.rng.choices(values, [float(p) for _, p in chance.outcomes])[0]


class ScriptedChance:
    """Dice given in order (tests)."""

    def __init__(self, values: Iterable[JSON]) -> None:
        self._values = iter(values)

    def outcome(self, game: Game, chance: Chance) -> JSON:
        return next(self._values)


def play_out(game: Game, players: Mapping[Seat, Player], dice: ChanceSource,
             on_event: Callable[[Event], None] | None = None, max_inputs: int = 1_000_000) -> None:
    """Drive ``game`` to its end (or ``max_inputs`` more inputs).

    Each simultaneous decision asks every seat in turn; each answers from its
    own view only, so no seat sees another's answer before all are in.
    """
    shown = len(game.state.log)
    limit = len(game.inputs) + max_inputs
    while not game.is_over and len(game.inputs) < limit:
        wait = game.waiting
        if isinstance(wait, Chance):
            game.roll(dice.outcome(game, wait))
        elif isinstance(wait, Decision):
            for seat in game.seats_to_answer():
                game.answer(seat, players[seat].choose(game, seat, wait))
            if wait.until_closed and game.waiting is wait:
                game.close()
        if on_event is not None:
            for event in game.state.log.events[shown:]:
                on_event(event)
            shown = len(game.state.log)


def random_playout(game: Game, seed: int) -> Game:
    """Play ``game`` to its end with random bots and seeded dice."""
    bot = RandomBot(Random(seed))
    play_out(game, dict.fromkeys(game.seats, bot), RandomChance(Random(seed + 1)))
    return game
