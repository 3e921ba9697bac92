"""Skill checks (house rule 1: the book does not say how a check is rolled).

A check rolls one die per point of skill, less the penalty; each die
showing ``success_face`` or more is a success; the check passes with
``successes_needed`` successes. The game asks for the number of successes
as one chance event with its exact binomial odds, so scripts feed a count
and the enumerator counts every outcome.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb

from referee.core.i18n import Msg
from referee.core.waits import Chance, Meaning
from referee.games.echo.scenario import Settings


def dice_for(skill: int, penalty: int) -> int:
    """Dice rolled: the skill less the penalty, never below none."""
    return max(0, skill - penalty)


def successes(what: Msg, dice: int, settings: Settings, label: Meaning | None = None) -> Chance:
    """The number of successes among ``dice`` dice, each outcome with its
    odds; ``label`` says as data whose roll it is and what for."""
    return Chance(what, binomial(dice, settings.die_sides, settings.success_face), label)


@lru_cache(maxsize=256)
def binomial(dice: int, sides: int, success_face: int) -> tuple[tuple[int, Fraction], ...]:
    """Each number of successes among ``dice`` dice of ``sides`` sides, each
    a success from ``success_face`` up (1/3 with the defaults: a 5 or a 6),
    with its odds (worked out once for each)."""
    p = Fraction(sides - success_face + 1, sides)
    return tuple((k, comb(dice, k) * p**k * (1 - p) ** (dice - k)) for k in range(dice + 1))


def passed(count: int, settings: Settings) -> bool:
    return count >= settings.successes_needed
