"""Exact dice arithmetic, small and cached: distributions as mappings from an
outcome to a :class:`~fractions.Fraction`."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from fractions import Fraction
from functools import cache
from typing import TypeVar

K = TypeVar("K", bound=Hashable)

Dist = Mapping[int, Fraction]
"""Outcome -> exact probability; the probabilities add up to 1."""

SIDES = 6
FACES = tuple(range(1, SIDES + 1))


def fraction_text(value: Fraction) -> str:
    """A probability as an exact ``"p/q"`` string (``"0/1"``, ``"1/1"`` at the ends)."""
    return f"{value.numerator}/{value.denominator}"


@cache
def best_counts(dice: int, sides: int = SIDES) -> dict[int, int]:
    """How many of the sides^n rolls of ``dice`` dice have each highest die
    (v^n - (v-1)^n); no dice: one way to have 0."""
    if dice <= 0:
        return {0: 1}
    return {v: v**dice - (v - 1) ** dice for v in range(1, sides + 1)}


@cache
def sum_counts(dice: int, sides: int = SIDES) -> dict[int, int]:
    """How many of the sides^n rolls of ``dice`` dice give each total, by
    convolution (whole numbers: fast)."""
    counts: dict[int, int] = {0: 1}
    for _ in range(dice):
        following: dict[int, int] = {}
        for total, n in counts.items():
            for face in range(1, sides + 1):
                following[total + face] = following.get(total + face, 0) + n
        counts = following
    return dict(sorted(counts.items()))


@cache
def sum_of(dice: int, sides: int = SIDES) -> Dist:
    """The total of ``dice`` dice."""
    whole = sides**dice
    return {total: Fraction(n, whole) for total, n in sum_counts(dice, sides).items()}


def difference_counts(first: Mapping[int, int], second: Mapping[int, int]) -> dict[int, int]:
    """How many pairs of rolls give each ``first − second``, from how many
    rolls give each value of either."""
    return tally((a - b, na * nb) for a, na in first.items() for b, nb in second.items())


def tally(outcomes: Iterable[tuple[K, int]]) -> dict[K, int]:
    """Add up the counts of equal outcomes (whole numbers: fast)."""
    totals: dict[K, int] = {}
    for key, n in outcomes:
        totals[key] = totals.get(key, 0) + n
    return totals


def collect(outcomes: Iterable[tuple[K, Fraction]]) -> dict[K, Fraction]:
    """Add up the probabilities of equal outcomes."""
    totals: dict[K, Fraction] = {}
    for key, share in outcomes:
        totals[key] = totals.get(key, Fraction(0)) + share
    return totals
