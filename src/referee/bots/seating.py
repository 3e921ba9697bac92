"""Games played by bots named per seat, each game the same wherever it is
played: game ``seed`` gives each seat's bot its own generator (seeded by the
seed and the seat) and the dice theirs, so a game does not change when
another seat's bot is swapped for one that draws more or fewer numbers.

Where every seat is played by the ``random`` bot, a game is
:func:`referee.bots.random_playout`'s, as ``referee simulate`` has always
played it.
"""

from __future__ import annotations

from collections.abc import Mapping
from random import Random

from pydantic import BaseModel

from referee.bots import random_playout
from referee.bots.kinds import RANDOM, check_kind, make_bot
from referee.core.drivers import Player, RandomChance, play_out
from referee.core.events import Seat
from referee.core.game import Game
from referee.core.ruleset import AnyRuleset


def seat_rng(seed: int, seat: Seat) -> Random:
    """The generator of ``seat``'s bot in game ``seed``."""
    return Random(f"{seed}:{seat}")


def dice_rng(seed: int) -> Random:
    """The dice of game ``seed`` (where not every seat is a random bot)."""
    return Random(f"{seed}:dice")


def seat_bots(ruleset: AnyRuleset, kinds: Mapping[Seat, str], seed: int,
              setup: BaseModel | None = None) -> dict[Seat, Player]:
    """A bot of the named kind for each seat, for game ``seed`` of ``setup``.

    :raises UnknownBot: for a kind the ruleset does not offer."""
    return {seat: make_bot(ruleset, kind, seat_rng(seed, seat), setup)
            for seat, kind in kinds.items()}


def bot_game(ruleset: AnyRuleset, scenario: BaseModel, kinds: Mapping[Seat, str],
             seed: int, max_inputs: int = 1_000_000) -> Game:
    """Game ``seed`` of ``scenario`` played to its end (or ``max_inputs``
    inputs) by a bot of the kind ``kinds`` names for each seat (seats not
    named: the random bot)."""
    game = Game(ruleset, scenario)
    chosen = {seat: kinds.get(seat, RANDOM) for seat in game.seats}
    for kind in set(chosen.values()):
        check_kind(ruleset, kind)
    if all(kind == RANDOM for kind in chosen.values()):
        return random_playout(game, seed)
    play_out(game, seat_bots(ruleset, chosen, seed, scenario), RandomChance(dice_rng(seed)),
             max_inputs=max_inputs)
    return game
