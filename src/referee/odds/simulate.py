"""Monte Carlo of whole games: the rulesets themselves, played by their bots.

Game ``k`` of a run uses seed ``seed + k`` for its bots and dice, so a run is
the same whatever the number of worker processes or the machines of a Dask
cluster playing it, and any single game can be played again with
``referee.bots.random_playout(Game(ruleset, scenario), S)`` or, played by
another kind of bot, ``referee.bots.seating.bot_game`` (``referee play
--seed S`` seeds its bots and dice otherwise). Each
outcome gets its share with a 95% Wilson score interval, which stays inside
0–1 and is honest for rare outcomes and small runs.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction

from referee.bots import random_playouts
from referee.bots.kinds import RANDOM, check_kind
from referee.bots.runner import run_tasks
from referee.bots.seating import bot_game
from referee.core.game import Game
from referee.core.i18n import Lang, Msg, Name, msg, render
from referee.core.scenario import load_scenario

Z_95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""
CHUNK = 25
"""Games a worker plays before it reports (and the progress bar moves)."""


@dataclass(frozen=True, slots=True)
class OutcomeShare:
    """How often one outcome came up, with its 95% interval."""

    label: Msg
    count: int
    games: int

    @property
    def share(self) -> Fraction:
        return Fraction(self.count, self.games)

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.count, self.games)


@dataclass(frozen=True, slots=True)
class Simulation:
    """The outcomes of ``games`` games of one scenario, most frequent first."""

    title: Msg | Name
    games: int
    first_seed: int
    outcomes: tuple[OutcomeShare, ...]
    inputs: int = 0
    unfinished: int = 0
    extra: dict[str, object] = field(default_factory=dict)

    def to_json(self, lang: Lang = "en") -> dict[str, object]:
        """The counts as JSON: each outcome as text in ``lang`` and as its
        catalogue message (key and parameters, for other languages)."""
        return {
            "games": self.games, "first_seed": self.first_seed,
            "inputs_per_game": self.inputs / self.games if self.games else 0,
            "unfinished": self.unfinished,
            "outcomes": [{"outcome": render(o.label, lang), "message": o.label.to_json(),
                          "count": o.count,
                          "share": f"{o.share.numerator}/{o.share.denominator}",
                          "interval_95": list(o.interval)} for o in self.outcomes],
        }


def wilson_interval(count: int, games: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``count/games``."""
    if games == 0:
        return (0.0, 1.0)
    p = count / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


Key = tuple[str, tuple[str, ...]]
"""An outcome as workers report it: its kind and the winning seats."""


def outcome_key(game: Game) -> Key:
    """``("win", seats)``, ``("draw", ())``, ``("won-together", ...)``,
    ``("lost-together", ())``, or ``("unfinished", ())``."""
    outcome = game.outcome() if game.is_over else None
    if outcome is None:
        return ("unfinished", ())
    return (outcome.kind, tuple(sorted(outcome.winners)))


def play_games(source: str, seeds: range, bots: str = RANDOM) -> tuple[Counter[Key], int]:
    """Play one game per seed of the scenario ``source`` (a file or a
    ruleset's name), every seat played by the ``bots`` kind of bot; the
    outcomes counted and the inputs played."""
    ruleset, scenario = load_scenario(source)
    counts: Counter[Key] = Counter()
    inputs = 0
    if bots == RANDOM:
        games: Iterator[Game] = random_playouts(ruleset, scenario, seeds)
    else:
        seats = Game(ruleset, scenario).seats
        games = (bot_game(ruleset, scenario, dict.fromkeys(seats, bots), seed)
                 for seed in seeds)
    for game in games:
        counts[outcome_key(game)] += 1
        inputs += len(game.inputs)
    return counts, inputs


def _chunks(first: int, games: int) -> Iterator[range]:
    for start in range(first, first + games, CHUNK):
        yield range(start, min(start + CHUNK, first + games))


def simulate(source: str, games: int, seed: int = 0, workers: int = 1,
             progress: Callable[[int], None] | None = None, *, bots: str = RANDOM,
             cluster: str | None = None) -> Simulation:
    """Play ``games`` games of ``source`` with the ruleset's ``bots`` kind of
    bot at every seat, on ``workers`` local processes or the Dask cluster
    at ``cluster`` (:mod:`referee.bots.runner`); ``progress`` is told of each
    finished batch."""
    if games < 1:
        raise ValueError("games must be at least 1")
    ruleset, scenario = load_scenario(source)  # refuse a bad source before any worker starts
    check_kind(ruleset, bots)
    batches = list(_chunks(seed, games))
    results = run_tasks(play_games, [(source, batch, bots) for batch in batches],
                        workers=workers, cluster=cluster,
                        done=None if progress is None
                        else lambda index, _: progress(len(batches[index])))
    counts: Counter[Key] = Counter()
    inputs = 0
    for found, played in results:
        counts.update(found)
        inputs += played
    sample = Game(ruleset, scenario)
    shares = tuple(OutcomeShare(_label(sample, key), count, games)
                   for key, count in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
    return Simulation(ruleset.title, games, seed, shares, inputs,
                      counts.get(("unfinished", ()), 0))


def _label(game: Game, key: Key) -> Msg:
    kind, seats = key
    if kind == "win":
        return msg("odds.sim.won", winners=tuple(game.seat_name(s) for s in seats))
    return msg(f"odds.sim.{kind}")
