"""Odds, Referee against icepool composing the same mechanics.

The query set: every cell of the Old West Wound Table (100), the 6×6 fight
roll-off tables for side A's Fighting higher, equal and lower (108), Pluck 0-6
(7); the Samurai attack for modifiers -6..6 in the four Boost cases (52) and
Initiative for -5..5 in the four Boost cases (44). Further, beyond the issue's
set: Echo skill checks and whole Old West melee rounds, beside icepool too.
Printed: per query, Referee's first computation in a process (its caches
emptied), Referee warm (cached), icepool warm (its own caches filled by a
first pass); and the whole set cold, each in a fresh interpreter, imports
included (best of five).

    .venv/bin/python bench/bench_odds.py
"""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIGHTING_CASES = ((4, 3), (3, 3), (3, 4))

REFEREE_SET = """
from referee.odds import old_west as ow
from referee.odds import samurai as sam
def run():
    out = []
    out += [ow.wound(s, t).probability for s in range(1, 11) for t in range(1, 11)]
    out += [ow.fight(a, b, fa, fb).probability for fa, fb in ((4, 3), (3, 3), (3, 4))
            for a in range(1, 7) for b in range(1, 7)]
    out += [ow.pluck(p).probability for p in range(0, 7)]
    boosts = ((False, False), (True, False), (False, True), (True, True))
    out += [sam.attack(m, a, d).probability for m in range(-6, 7) for a, d in boosts]
    out += [sam.initiative(m, a, b).probability for m in range(-5, 6) for a, b in boosts]
    return out
"""

ICEPOOL_SET = """
from fractions import Fraction
import icepool
from referee.games.old_west.tables import WOUND_TABLE
d6 = icepool.d6
def wound(s, t):
    need = WOUND_TABLE[(s, t)]
    if need is None:
        return Fraction(0)
    hit = d6 >= need.first
    if need.second is not None:
        hit = hit & (d6 >= need.second)
    return Fraction(hit.probability(True))
def fight(a, b, fa, fb):
    compared = icepool.map(lambda x, y: "a" if x > y else ("b" if x < y else "tie"),
                           d6.highest(a), d6.highest(b))
    tie = Fraction(1) if fa > fb else (Fraction(0) if fa < fb else Fraction(1, 2))
    return Fraction(compared.probability("a")) + Fraction(compared.probability("tie")) * tie
def pluck(p):
    return Fraction((2 @ d6 + p >= 10).probability(True))
def attack(m, boost_attack, boost_defence):
    rolled = d6.highest(3, 2) if boost_attack else 2 @ d6
    against = 2 @ d6 if boost_defence else d6
    return Fraction((rolled - against + m > 0).probability(True))
def initiative(m, boost_a, boost_b):
    a = (d6.highest(2, 1) if boost_a else d6) + m
    b = d6.highest(2, 1) if boost_b else d6
    return Fraction((a > b).probability(True)) + Fraction((a == b).probability(True)) / 2
def run():
    out = []
    out += [wound(s, t) for s in range(1, 11) for t in range(1, 11)]
    out += [fight(a, b, fa, fb) for fa, fb in ((4, 3), (3, 3), (3, 4))
            for a in range(1, 7) for b in range(1, 7)]
    out += [pluck(p) for p in range(0, 7)]
    boosts = ((False, False), (True, False), (False, True), (True, True))
    out += [attack(m, a, d) for m in range(-6, 7) for a, d in boosts]
    out += [initiative(m, a, b) for m in range(-5, 6) for a, b in boosts]
    return out
"""

EXTRA_REFEREE = """
from referee.odds import echo
from referee.odds.old_west_round import Fighter, melee_round
ROUNDS = [(a, s, t, w, sur) for a in (1, 2, 3) for s, t in ((3, 3), (4, 3), (3, 5))
          for w in (1, 2) for sur in (False, True)]
def run():
    out = [echo.check(s, p).probability for s in range(9) for p in range(6)]
    out += [melee_round(Fighter(attacks=a, strength=s, wounds=w),
                        Fighter(toughness=t, wounds=w, surrounded=sur)).probability
            for a, s, t, w, sur in ROUNDS]
    return out
"""

EXTRA_ICEPOOL = """
from fractions import Fraction
import icepool
from referee.games.old_west.tables import WOUND_TABLE
d6 = icepool.d6
ROUNDS = [(a, s, t, w, sur) for a in (1, 2, 3) for s, t in ((3, 3), (4, 3), (3, 5))
          for w in (1, 2) for sur in (False, True)]
def check(skill, penalty):
    dice = max(skill - penalty, 0)
    return Fraction((dice @ (d6 >= 5) >= 1).probability(True)) if dice else Fraction(0)
def melee_round(a, s, t, w, sur):
    won = Fraction((d6.highest(a) > d6).probability(True)) + \\
        Fraction((d6.highest(a) == d6).probability(True)) / 2
    need = WOUND_TABLE[(s, t)]
    hit = d6 >= need.first
    if need.second is not None:
        hit = hit & (d6 >= need.second)
    blows = a * (2 if sur else 1)
    return won * Fraction((blows @ hit.map(lambda x: int(x)) >= w).probability(True))
def run():
    out = [check(s, p) for s in range(9) for p in range(6)]
    out += [melee_round(*case) for case in ROUNDS]
    return out
"""


def load(source: str) -> Callable[[], list[Fraction]]:
    space: dict[str, object] = {}
    exec(source, space)
    run = space["run"]
    assert callable(run)
    return run


def per_query(run: Callable[[], list[Fraction]], repeats: int) -> float:
    """Seconds per query, best of ``repeats`` passes over the whole set."""
    best = float("inf")
    count = 0
    for _ in range(repeats):
        start = time.perf_counter()
        count = len(run())
        best = min(best, time.perf_counter() - start)
    return best / count


def referee_uncached(run: Callable[[], list[Fraction]]) -> float:
    from referee.odds import dice
    from referee.odds import old_west as ow
    from referee.odds import samurai as sam

    best = float("inf")
    count = 0
    for _ in range(5):
        for cached in (ow.wound, ow.fight, ow.fight_outcomes, ow.pluck, dice.best_counts,
                       dice.sum_counts, dice.sum_of, sam.attack, sam.initiative,
                       sam.kept_counts, sam.attack_differences, sam.initiative_differences):
            cached.cache_clear()
        start = time.perf_counter()
        count = len(run())
        best = min(best, time.perf_counter() - start)
    return best / count


def cold(source: str) -> float:
    """Seconds for a fresh interpreter to import and answer the whole set."""
    program = source + "\nrun()\n"
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", program], check=True, cwd=ROOT)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    referee, icepool = load(REFEREE_SET), load(ICEPOOL_SET)
    first = referee()
    if first != icepool():
        raise SystemExit("Referee and icepool disagree")
    count = len(first)
    uncached = referee_uncached(referee)
    warm_referee = per_query(referee, 50)
    icepool()
    warm_icepool = per_query(icepool, 5)
    cold_referee, cold_icepool = cold(REFEREE_SET), cold(ICEPOOL_SET)
    empty = cold("def run():\n    return []\n")
    tables = cold("import referee.games.old_west.tables\ndef run():\n    return []\n")
    print(f"Odds, {count} queries (Old West: 100 wound, 108 fight, 7 Pluck; Samurai: "
          "52 attack, 44 Initiative), answers equal")
    print(f"{'':34}{'Referee':>12}{'icepool':>12}{'ratio':>9}")
    print(f"{'per query, first in process':34}{uncached * 1e6:>10.1f}µs{'':>12}")
    print(f"{'per query, warm':34}{warm_referee * 1e6:>10.2f}µs{warm_icepool * 1e6:>10.1f}µs"
          f"{warm_icepool / warm_referee:>8.0f}×")
    print(f"{'whole set cold (fresh process)':34}{cold_referee * 1e3:>10.0f}ms"
          f"{cold_icepool * 1e3:>10.0f}ms{cold_icepool / cold_referee:>8.2f}×")
    print(f"{'  (a bare interpreter starting)':34}{empty * 1e3:>10.0f}ms")
    print(f"{'  (importing the Old West tables)':34}{tables * 1e3:>10.0f}ms"
          "   both sides pay it: referee's core (catalogue, models) loads first")
    further()
    fights()
    monte_carlo()


def further() -> None:
    """Queries beyond the issue's set: Echo skill checks (skill 0-8 against
    penalty 0-5) and whole Old West melee rounds (36 profiles), the chance
    that side B is taken out of action."""
    from referee.odds import echo
    from referee.odds import old_west as ow
    from referee.odds import old_west_round as owr

    referee, icepool = load(EXTRA_REFEREE), load(EXTRA_ICEPOOL)
    first = referee()
    if first != icepool():
        raise SystemExit("Referee and icepool disagree on the further queries")
    best = float("inf")
    for _ in range(5):
        for cached in (echo.check, echo.success_counts, ow.roll_off_spent, ow.wound_outcomes,
                       owr.strikes, owr.round_outcomes, owr.melee_round):
            getattr(cached, "cache_clear", lambda: None)()
        start = time.perf_counter()
        referee()
        best = min(best, time.perf_counter() - start)
    uncached = best / len(first)
    warm_referee = per_query(referee, 50)
    warm_icepool = per_query(icepool, 5)
    print(f"Further, {len(first)} queries (Echo: 54 checks; Old West: 36 whole melee rounds), "
          "answers equal")
    print(f"{'per query, first in process':34}{uncached * 1e6:>10.1f}µs{'':>12}")
    print(f"{'per query, warm':34}{warm_referee * 1e6:>10.2f}µs{warm_icepool * 1e6:>10.1f}µs"
          f"{warm_icepool / warm_referee:>8.0f}×")


def fights() -> None:
    """Whole Samurai fights (no icepool counterpart): each side's Combat
    Potential 2-6 split every way into Attack and Defence tokens against a
    side of CP 4 split evenly, Boosting with tokens to spare."""
    from referee.odds import samurai as sam
    from referee.odds import samurai_fight as samf

    cases = [(samf.Duelist(attack, cp - attack, boost_attack="spare"),
              samf.Duelist(2, 2, boost_attack="spare"))
             for cp in range(2, 7) for attack in range(1, cp + 1)]
    best = float("inf")
    for _ in range(3):
        for cached in (samf.fight, samf.damage_chances, sam.initiative, sam.attack_differences,
                       sam.initiative_differences, sam.kept_counts):
            cached.cache_clear()
        start = time.perf_counter()
        for a, b in cases:
            samf.fight(a, b)
        best = min(best, time.perf_counter() - start)
    print(f"Whole Samurai fights, {len(cases)} token splits (CP 2-6 against CP 4): "
          f"{best / len(cases) * 1e3:.1f} ms a fight the first time, exact")


def plain_attacks(games: int, seed: int) -> dict[int, int]:
    """The plain Python loop: one attack at a time (modifier 0, attack Boosted)."""
    import random

    rng = random.Random(seed)
    counts: dict[int, int] = {}
    for _ in range(games):
        rolled = sorted(rng.randint(1, 6) for _ in range(3))[1:]
        margin = max(sum(rolled) - rng.randint(1, 6), 0)
        counts[margin] = counts.get(margin, 0) + 1
    return counts


def numpy_attacks(games: int, seed: int) -> dict[int, int]:
    """The hand-written numpy loop for the same attack."""
    import numpy as np

    rng = np.random.default_rng(seed)
    rolled = np.sort(rng.integers(1, 7, size=(games, 3)), axis=1)[:, 1:].sum(axis=1)
    margin = np.maximum(rolled - rng.integers(1, 7, size=games), 0)
    values, counts = np.unique(margin, return_counts=True)
    return dict(zip(values.tolist(), counts.tolist(), strict=True))


def rate(sample: Callable[[int, int], dict[int, int]], games: int) -> float:
    """Attacks simulated per second, best of three."""
    best = float("inf")
    for seed in range(3):
        start = time.perf_counter()
        sample(games, seed)
        best = min(best, time.perf_counter() - start)
    return games / best


def monte_carlo() -> None:
    from referee.odds import samurai as sam

    def referee(games: int, seed: int) -> dict[int, int]:
        return sam.sample_attacks(games, 0, True, False, seed)

    plain = rate(plain_attacks, 200_000)
    mine = rate(referee, 2_000_000)
    numpy = rate(numpy_attacks, 2_000_000)
    print("Monte Carlo, Samurai attacks (attack Boosted, modifier 0) simulated per second:")
    print(f"  plain Python loop   {plain:>14,.0f}")
    print(f"  Referee (numpy)     {mine:>14,.0f}   {mine / plain:.0f}× the plain loop")
    print(f"  hand-written numpy  {numpy:>14,.0f}   Referee at {numpy / mine:.2f}× its time")


if __name__ == "__main__":
    main()
