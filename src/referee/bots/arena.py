"""Tournaments between kinds of bots (``referee arena``).

A pairing ``A`` against ``B`` plays each seed once per line-up, the sides
swapped between them: in a two-sided game ``A`` takes the first side and
then the second; with more seats than two, ``A`` takes each seat in turn
against ``B`` in all the others; in a co-operative game each kind plays
every seat in its own games (the line-ups ``A`` everywhere, ``B``
everywhere), and a win is the team's.

Games go in batches, one task each (:mod:`referee.bots.runner`: this
process, a pool of processes or a Dask cluster). A task returns its range of
seeds and a digest of its games (the checksum of every game in order), so a
run is reproducible and any of its games can be played again on one
machine: game ``k`` of a pairing is seed ``first + k // L`` in line-up
``k % L`` (``L`` line-ups), played by :func:`referee.bots.seating.bot_game`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from referee.bots.kinds import check_kind
from referee.bots.runner import run_tasks
from referee.bots.seating import bot_game
from referee.core.events import Seat
from referee.core.game import Game, Input
from referee.core.ruleset import AnyRuleset
from referee.core.scenario import load_scenario
from referee.odds.simulate import wilson_interval

BATCH = 10
"""Games a task plays before it reports (and the progress bar moves)."""

Lineup = dict[Seat, str]


def lineups(ruleset: AnyRuleset, seats: Sequence[Seat], first: str,
            second: str) -> list[Lineup]:
    """The line-ups a pairing plays each seed in, sides swapped (each once:
    a kind against itself plays each seed once)."""
    if ruleset.game_type.cooperative:
        found = [dict.fromkeys(seats, first), dict.fromkeys(seats, second)]
    elif len(seats) == 2:
        one, two = seats
        found = [{one: first, two: second}, {one: second, two: first}]
    else:
        found = [{seat: first if seat == mine else second for seat in seats} for mine in seats]
    return [lineup for index, lineup in enumerate(found) if lineup not in found[:index]]


def scored_seats(lineup: Mapping[Seat, str], first: str, second: str,
                 cooperative: bool) -> tuple[str, list[Seat]]:
    """The kind a game is scored for and the seats whose result it is: in a
    competitive game ``first``'s seats (its loss is ``second``'s win; a kind
    against itself: the first seat's), in a co-operative one the team's."""
    seats = list(lineup)
    if cooperative:
        return lineup[seats[0]], seats
    if first == second:
        return first, seats[:1]
    return first, [seat for seat in seats if lineup[seat] == first]


@dataclass(frozen=True)
class GameResult:
    """One game of a pairing: the kind of bot it is scored for, how that
    kind did (``win``, ``draw``, ``loss``), its inputs and its checksum."""

    kind: str
    result: str
    inputs: int
    checksum: str
    played: tuple[Input, ...] = ()


def score(game: Game, seats: Sequence[Seat]) -> str:
    """How ``seats`` did in ``game``: won (a co-operative win counts for the
    team), drew (no seat better than another, or the game unfinished) or lost."""
    outcome = game.outcome() if game.is_over else None
    if outcome is None:
        return "draw"
    winners = set(outcome.winners)
    if outcome.cooperative:
        return "win" if winners else "loss"
    if not winners:
        return "draw"
    return "win" if winners & set(seats) else "loss"


@dataclass(frozen=True)
class Batch:
    """What one task played: games ``start`` to ``stop - 1`` of a pairing,
    with their seeds and a digest of their checksums in order."""

    pairing: tuple[str, str]
    start: int
    stop: int
    first_seed: int
    last_seed: int
    digest: str
    games: tuple[GameResult, ...]


def play_batch(source: str, first: str, second: str, start: int, stop: int, seed: int,
               keep_inputs: bool = False) -> Batch:
    """Games ``start``..``stop - 1`` of the pairing ``first`` against
    ``second`` on the scenario ``source`` (a file or a ruleset's name), the
    first seed being ``seed``."""
    ruleset, scenario = load_scenario(source)
    seats = Game(ruleset, scenario).seats
    ups = lineups(ruleset, seats, first, second)
    cooperative = ruleset.game_type.cooperative
    results = []
    digest = hashlib.sha256()
    for index in range(start, stop):
        lineup = ups[index % len(ups)]
        game = bot_game(ruleset, scenario, lineup, seed + index // len(ups))
        kind, seats_scored = scored_seats(lineup, first, second, cooperative)
        checksum = game.checksum()
        digest.update(checksum.encode())
        results.append(GameResult(kind, score(game, seats_scored), len(game.inputs), checksum,
                                  tuple(game.inputs) if keep_inputs else ()))
    first_seed = seed + start // len(ups)
    last_seed = seed + (stop - 1) // len(ups)
    return Batch((first, second), start, stop, first_seed, last_seed, digest.hexdigest(),
                 tuple(results))


@dataclass
class Record:
    """How one kind of bot did in a pairing."""

    kind: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    inputs: int = 0

    def add(self, result: str, inputs: int) -> None:
        self.games += 1
        self.inputs += inputs
        if result == "win":
            self.wins += 1
        elif result == "draw":
            self.draws += 1
        else:
            self.losses += 1

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the share of games won (draws not won)."""
        return wilson_interval(self.wins, self.games)

    @property
    def mean_length(self) -> float:
        return self.inputs / self.games if self.games else 0.0

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "games": self.games, "wins": self.wins, "draws": self.draws,
                "losses": self.losses, "win_share": self.wins / self.games if self.games else 0,
                "interval_95": list(self.interval), "mean_length": self.mean_length}


@dataclass
class Pairing:
    """A pairing's results: each kind's record, and its tasks' seeds and digests."""

    first: str
    second: str
    records: dict[str, Record] = field(default_factory=dict)
    batches: list[Batch] = field(default_factory=list)

    def add(self, batch: Batch, cooperative: bool) -> None:
        self.batches.append(batch)
        for game in batch.games:
            self.records.setdefault(game.kind, Record(game.kind)).add(game.result, game.inputs)
            if not cooperative and self.first != self.second:
                other = self.second if game.kind == self.first else self.first
                mirrored = {"win": "loss", "loss": "win"}.get(game.result, game.result)
                self.records.setdefault(other, Record(other)).add(mirrored, game.inputs)

    @property
    def digest(self) -> str:
        """The digest of every game of the pairing, in order."""
        whole = hashlib.sha256()
        for batch in sorted(self.batches, key=lambda b: b.start):
            whole.update(batch.digest.encode())
        return whole.hexdigest()

    def to_json(self) -> dict[str, object]:
        return {"bots": [self.first, self.second],
                "records": [self.records[k].to_json() for k in (self.first, self.second)
                            if k in self.records],
                "digest": self.digest,
                "tasks": [{"games": [b.start, b.stop], "seeds": [b.first_seed, b.last_seed],
                           "digest": b.digest}
                          for b in sorted(self.batches, key=lambda b: b.start)]}


@dataclass
class Tournament:
    """Every pairing's results (``games`` games each, from seed ``seed``)."""

    source: str
    ruleset: str
    games: int
    seed: int
    pairings: list[Pairing]

    def to_json(self) -> dict[str, object]:
        return {"ruleset": self.ruleset, "scenario": self.source, "games": self.games,
                "first_seed": self.seed, "pairings": [p.to_json() for p in self.pairings]}


def pairings_of(kinds: Sequence[str]) -> list[tuple[str, str]]:
    """Every pair of the kinds named, each once, in the order named (one
    kind alone: against itself)."""
    if len(kinds) == 1:
        return [(kinds[0], kinds[0])]
    return [(a, b) for i, a in enumerate(kinds) for b in kinds[i + 1:]]


def tasks_of(source: str, pairs: Sequence[tuple[str, str]], games: int, seed: int,
             keep_inputs: bool, batch: int = BATCH) -> Iterator[tuple[object, ...]]:
    for first, second in pairs:
        for start in range(0, games, batch):
            yield (source, first, second, start, min(start + batch, games), seed, keep_inputs)


def arena(source: str, kinds: Sequence[str], games: int, seed: int = 0, *,
          workers: int = 1, cluster: str | None = None, keep_inputs: bool = False,
          progress: Callable[[Batch], None] | None = None) -> Tournament:
    """Play ``games`` games of each pairing of the bots ``kinds`` on the
    scenario ``source``, sides swapped, in batches on ``workers`` local
    processes or the Dask cluster at ``cluster``.

    :raises UnknownBot: for a kind the ruleset does not offer (before any game)."""
    if games < 1:
        raise ValueError("games must be at least 1")
    ruleset, _ = load_scenario(source)
    for kind in kinds:
        check_kind(ruleset, kind)
    pairs = pairings_of(list(kinds))
    tasks = list(tasks_of(source, pairs, games, seed, keep_inputs))

    def finished(_: int, batch: Batch) -> None:
        if progress is not None:
            progress(batch)

    batches = run_tasks(play_batch, tasks, workers=workers, cluster=cluster, done=finished)
    found = {pair: Pairing(*pair) for pair in pairs}
    cooperative = ruleset.game_type.cooperative
    for batch in batches:
        found[batch.pairing].add(batch, cooperative)
    return Tournament(source, ruleset.name, games, seed, [found[pair] for pair in pairs])
