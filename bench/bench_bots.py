"""Bot benchmarks (run on demand: python bench/bench_bots.py [GAMES]).

Usage: python bench/bench_bots.py [GAMES [SEARCH [RULESET ...]]]. Prints,
for each ruleset's example (or those named; GAMES 0 leaves out all but the
search bot's figures):

- bot decisions a second, for the random bot and the rules bot, timed over
  games where every seat is played by that kind (only the bots' own time);
- how the rules bot does against the random bot (``referee arena``: sides
  swapped, GAMES games, 200 by default), wins, draws and losses with the 95%
  Wilson interval of the share won; for Echo, each kind's investigators'
  share won together;
- for the rulesets with a search bot, its decisions a second and how it
  does against the random bot and the rules bot, SEARCH games each (40 by
  default: ten seconds to a minute a game on this machine); its budget is
  its playouts alone (no time limit: ``REFEREE_SEARCH_SECONDS=none``), so
  the games and the figures do not depend on how busy the machine is;
- the speed of ``referee arena`` in one process, on a local pool of two
  processes and on a local Dask cluster of two worker processes, and that
  all three played the same games (the same digest).
"""

from __future__ import annotations

import os
import platform
import sys
import time
from random import Random

from referee.bots.arena import Tournament, arena
from referee.bots.kinds import kinds_for, make_bot, ruleset_bots
from referee.bots.search import PLAYOUTS, SECONDS_SETTING
from referee.core.drivers import Ask, Player, RandomChance, play_out
from referee.core.game import Game
from referee.core.ruleset import all_rulesets
from referee.core.scenario import load_scenario
from referee.runtime import frozen_heap

DECISION_SECONDS = 3.0
SPEED_GAMES = 120
SPEED_RULESET = "old-west"


class Timed:
    """A bot whose time answering is counted."""

    def __init__(self, bot: Player) -> None:
        self.bot, self.decisions, self.seconds = bot, 0, 0.0

    def choose(self, ask: Ask) -> object:
        start = time.perf_counter()
        answer = self.bot.choose(ask)
        self.seconds += time.perf_counter() - start
        self.decisions += 1
        return answer


def decisions_a_second(name: str, kind: str) -> float:
    """The bots' decisions a second over games of ``kind`` at every seat
    (one seat searching, the other the rules bot, for the search bot)."""
    ruleset, scenario = load_scenario(name)
    started, seed = time.perf_counter(), 0
    decisions, seconds = 0, 0.0
    while time.perf_counter() - started < DECISION_SECONDS:
        game = Game(ruleset, scenario)
        timed = Timed(make_bot(ruleset, kind, Random(seed), scenario))
        players: dict[str, Player] = dict.fromkeys(game.seats, timed)
        if kind == "search":
            players[game.seats[1]] = make_bot(ruleset, "rules", Random(seed))
        play_out(game, players, RandomChance(Random(seed)))
        decisions, seconds = decisions + timed.decisions, seconds + timed.seconds
        seed += 1
    return decisions / seconds


def strength_lines(name: str, games: int, first: str = "rules",
                   second: str = "random") -> list[str]:
    result = arena(name, [first, second], games, seed=10_000, workers=2)
    (pairing,) = result.pairings
    lines = []
    for kind in (first, second):
        record = pairing.records[kind]
        low, high = record.interval
        lines.append(f"  {kind:>6}: {record.wins:4d} won, {record.draws:4d} drawn, "
                     f"{record.losses:4d} lost of {record.games} "
                     f"({100 * record.wins / record.games:.1f}% won, 95% interval "
                     f"{100 * low:.1f}–{100 * high:.1f}%), {record.mean_length:.0f} inputs a game")
    return lines


def timed_arena(**where: object) -> tuple[float, Tournament]:
    start = time.perf_counter()
    result = arena(SPEED_RULESET, ["rules", "random"], SPEED_GAMES, seed=0,
                   **where)  # type: ignore[arg-type]
    return time.perf_counter() - start, result


def arena_speed_lines() -> list[str]:
    from distributed import LocalCluster

    lines = []
    took, one = timed_arena()
    lines.append(f"  one process:            {SPEED_GAMES / took:6.1f} games/s")
    took, pool = timed_arena(workers=2)
    lines.append(f"  local pool of 2:        {SPEED_GAMES / took:6.1f} games/s")
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster:
        timed_arena(cluster=cluster.scheduler_address)  # the workers load Referee first
        took, dask = timed_arena(cluster=cluster.scheduler_address)
    lines.append(f"  Dask cluster of 2:      {SPEED_GAMES / took:6.1f} games/s "
                 "(workers warmed up)")
    same = one.to_json() == pool.to_json() == dask.to_json()
    lines.append(f"  the same games everywhere (equal digests): {same}")
    return lines


def search_budget(name: str) -> str:
    """The search bot's budget a question in ``name``, in words."""
    offered = ruleset_bots(load_scenario(name)[0])
    if offered.width is None:
        return f"up to {PLAYOUTS} playouts to the end by UCB1 over every option"
    reach = "to the end" if offered.horizon is None else f"of {offered.horizon} inputs"
    return (f"{offered.playouts} playouts {reach} in paired rounds over the rules bot's "
            f"{offered.width} best options")


def main(games: int, search_games: int, only: list[str]) -> None:
    os.environ[SECONDS_SETTING] = "none"  # an iteration budget: the same games on any machine
    print(f"Bots: Python {platform.python_version()} on {platform.machine()}, "
          f"{os.cpu_count()} cores")
    names = sorted(ruleset.name for ruleset in all_rulesets())
    if only:
        names = [name for name in names if name in only]
    if not games:
        search_strength(names, search_games)
        return
    with frozen_heap():
        print("Bot decisions a second (the bots' own time):")
        for name in names:
            rates = {kind: decisions_a_second(name, kind) for kind in ("random", "rules")}
            print(f"  {name:12} random {rates['random']:9.0f}/s   rules {rates['rules']:9.0f}/s")
        print(f"The rules bot against the random bot, {games} games, sides swapped:")
        for name in names:
            if name == "facility":
                continue  # every game of the example is a draw: nothing to win
            print(f" {name}:")
            for line in strength_lines(name, games):
                print(line)
        search_strength(names, search_games)
    print(f"Arena speed ({SPEED_RULESET}, rules against random, {SPEED_GAMES} games):")
    for line in arena_speed_lines():
        print(line)


def search_strength(names: list[str], games: int) -> None:
    print(f"The search bot, {games} games against each, sides swapped:", flush=True)
    for name in names:
        ruleset, _ = load_scenario(name)
        if "search" not in kinds_for(ruleset):
            continue
        print(f" {name}: {decisions_a_second(name, 'search'):.2f} decisions a second; "
              f"budget: {search_budget(name)}", flush=True)
        for other in ("random", "rules"):
            for line in strength_lines(name, games, "search", other):
                print(line, flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200,
         int(sys.argv[2]) if len(sys.argv) > 2 else 40, sys.argv[3:])
