"""Drivers answer what a game waits for: bots, people, dice (DESIGN idea 2).

A player is handed an :class:`Ask`: its own seat's view and the options put to
that seat, never the state or another seat's options, so a bot cannot cheat.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from random import Random
from typing import Protocol

from pydantic import BaseModel

from referee.core.errors import NotWaitingForThat
from referee.core.events import REFEREE, Event, Seat
from referee.core.game import Game
from referee.core.i18n import Msg, Name, msg
from referee.core.ruleset import AnyRuleset
from referee.core.waits import JSON, Chance, Decision, Option


@dataclass(frozen=True)
class Ask:
    """What a player is shown: its seat, the question with only its own
    options, and its own view of the game. Nothing else reaches a player."""

    seat: Seat
    decision: Decision
    view: dict[str, JSON]
    ruleset: AnyRuleset
    seat_name: Msg | Name

    @classmethod
    def of(cls, game: Game, seat: Seat) -> Ask:
        """The question ``game`` puts to ``seat`` now. :raises NotWaitingForThat:"""
        wait = game.waiting
        if not isinstance(wait, Decision) or seat not in wait.seats:
            raise NotWaitingForThat(msg("core.error.seat-not-asked", seat=seat,
                                        seats=tuple(wait.seats)
                                        if isinstance(wait, Decision) else ()))
        return cls(seat, wait.for_seat(seat), game.view(seat), game.ruleset,
                   game.seat_name(seat))

    @property
    def options(self) -> tuple[Option, ...]:
        return self.decision.options_for(self.seat)

    @property
    def answer_schema(self) -> dict[str, JSON] | None:
        """The JSON Schema of the answer, for a decision answered by shape."""
        waiting = self.view.get("waiting")
        return waiting.get("answer_schema") if isinstance(waiting, dict) else None

    @property
    def template(self) -> JSON:
        """A pre-filled answer the rules offer, or None."""
        waiting = self.view.get("waiting")
        return waiting.get("template") if isinstance(waiting, dict) else None


class Player(Protocol):
    """Answers the questions put to one or more seats."""

    def choose(self, ask: Ask) -> JSON:
        """The answer to ``ask``, from what it shows."""
        ...


Weights = Callable[[Ask], Sequence[float] | None]
"""How much a bot leans to each option an ask offers, in their order; None: uniformly."""


class RandomBot:
    """Picks among the legal options at random: uniformly, or as ``weights``
    leans (a policy from the layer above the rules); gives the ruleset's
    random answer to a decision answered by shape."""

    def __init__(self, rng: Random, weights: Weights | None = None) -> None:
        self.rng = rng
        self.weights = weights

    def choose(self, ask: Ask) -> JSON:
        options = ask.options
        if options:
            weights = None if self.weights is None else self.weights(ask)
            if weights is None:
                return self.rng.choice(options).value
            return self.rng.choices(options, weights)[0].value
        return ask.ruleset.random_answer(ask.view, ask.seat, ask.decision, self.rng)


class ScriptedPlayer:
    """Gives the listed answers in order (tests)."""

    def __init__(self, answers: Iterable[JSON]) -> None:
        self._answers: Iterator[JSON] = iter(answers)

    def choose(self, ask: Ask) -> JSON:
        return next(self._answers)


class ChanceSource(Protocol):
    def outcome(self, game: Game, chance: Chance) -> JSON: ...


class RandomChance:
    """Seeded dice: the same seed gives the same game."""

    def __init__(self, rng: Random) -> None:
        self.rng = rng

    def outcome(self, game: Game, chance: Chance) -> JSON:
        return chance.pick(self.rng)


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
    shown = len(game.log_for(REFEREE))
    limit = len(game.inputs) + max_inputs
    while not game.is_over and len(game.inputs) < limit:
        wait = game.waiting
        if isinstance(wait, Chance):
            game.roll(dice.outcome(game, wait))
        elif isinstance(wait, Decision):
            for seat in game.seats_to_answer():
                game.answer(seat, players[seat].choose(Ask.of(game, seat)))
            if wait.until_closed and game.waiting is wait:
                game.close()
        if on_event is not None:
            events = game.log_for(REFEREE)
            for event in events[shown:]:
                on_event(event)
            shown = len(events)


def random_playout(game: Game, seed: int, weights: Weights | None = None) -> Game:
    """Play ``game`` to its end with random bots (leaning as ``weights``
    says; uniformly without) and seeded dice."""
    bot = RandomBot(Random(seed), weights)
    play_out(game, dict.fromkeys(game.seats, bot), RandomChance(Random(seed + 1)))
    return game


def random_playouts(ruleset: AnyRuleset, scenario: BaseModel, seeds: Iterable[int],
                    weights: Weights | None = None) -> Iterator[Game]:
    """One random playout of ``scenario`` per seed, each finished game in turn.

    Many games in a row create and drop millions of small objects; a caller
    that owns its process may set what was alive before the first game aside
    from the garbage collector's scans meanwhile (``referee.runtime.frozen_heap``).
    """
    for seed in seeds:
        yield random_playout(Game(ruleset, scenario), seed, weights)
