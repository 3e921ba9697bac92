"""Investigators in Echo: exact odds of a skill check, from the ruleset's own
definition of one (:mod:`referee.games.echo.checks`, house rule 1; the book's
fragment names checks but not how they are rolled).

A check of a skill rolls one die per point of the skill less the penalty
(never fewer than none); each die showing ``success_face`` or more is a
success, and the check passes with ``successes_needed`` successes. The
penalty is the enemy's Attentiveness for the order and get-away checks
(ECHO-BAT-5, ECHO-BAT-1; with several enemies the highest, house rule 6),
an item's own penalty for an item's check (ECHO-ITEM-2), none for a blow
(house rule 3, whose successes are the harm it does). No dice: the check
fails.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import comb
from types import MappingProxyType

from referee.core.errors import RefereeError
from referee.core.i18n import Msg, msg
from referee.games.echo.checks import dice_for
from referee.games.echo.scenario import DEFAULTS
from referee.games.echo.tables import CHECK_LEAST
from referee.odds.result import Odds, OddsTable

GAME = "echo"
DIE_SIDES = DEFAULTS.die_sides
SUCCESS_FACE = DEFAULTS.success_face
SUCCESSES_NEEDED = DEFAULTS.successes_needed
"""The house rules of a check, at the scenario format's defaults."""
SKILL_ROWS = range(0, 9)
PENALTIES = range(0, 6)
VERDICT_LABELS = MappingProxyType({"passed": msg("odds.echo.passed"),
                                   "failed": msg("odds.echo.failed")})


def _check_settings(die_sides: int, success_face: int, successes_needed: int) -> None:
    """The scenario's settings as ``referee.games.echo.scenario.Settings`` and
    its check take them: a die of 2 sides or more, a success face on it, at
    least one success needed (:data:`~referee.games.echo.tables.CHECK_LEAST`)."""
    if die_sides < CHECK_LEAST["die_sides"]:
        raise RefereeError(msg("odds.echo.bad-sides", sides=die_sides,
                               least=CHECK_LEAST["die_sides"]))
    if not CHECK_LEAST["success_face"] <= success_face <= die_sides:
        raise RefereeError(msg("odds.echo.bad-face", face=success_face, sides=die_sides,
                               least=CHECK_LEAST["success_face"]))
    if successes_needed < CHECK_LEAST["successes_needed"]:
        raise RefereeError(msg("odds.echo.bad-needed", needed=successes_needed,
                               least=CHECK_LEAST["successes_needed"]))


@cache
def success_counts(dice: int, die_sides: int = DIE_SIDES,
                   success_face: int = SUCCESS_FACE) -> dict[int, int]:
    """How many of the die_sides^dice rolls give each number of successes:
    C(n, k) · s^k · f^(n−k), s the success faces and f the others."""
    hits = die_sides - success_face + 1
    misses = success_face - 1
    return {k: comb(dice, k) * hits**k * misses ** (dice - k) for k in range(dice + 1)}


@cache
def check(skill: int, penalty: int = 0, die_sides: int = DIE_SIDES,
          success_face: int = SUCCESS_FACE, successes_needed: int = SUCCESSES_NEEDED) -> Odds:
    """A check of a skill of ``skill`` with ``penalty``: the number of
    successes and the chance that it passes (house rule 1)."""
    _check_settings(die_sides, success_face, successes_needed)
    if skill < 0 or penalty < 0:
        raise RefereeError(msg("odds.echo.negative", skill=skill, penalty=penalty))
    dice = dice_for(skill, penalty)
    whole = die_sides**dice
    counts = success_counts(dice, die_sides, success_face)
    distribution = {str(k): Fraction(n, whole) for k, n in counts.items()}
    passed = Fraction(sum(n for k, n in counts.items() if k >= successes_needed), whole)
    labels: dict[str, Msg] = {key: msg("odds.echo.successes", n=int(key))
                              for key in distribution}
    return Odds(
        GAME, "check",
        msg("odds.echo.check", skill=skill, penalty=penalty, dice=dice, face=success_face,
            sides=die_sides, needed=successes_needed),
        passed, MappingProxyType(distribution), MappingProxyType(labels),
        MappingProxyType({"skill": skill, "penalty": penalty, "dice": dice,
                          "die_sides": die_sides, "success_face": success_face,
                          "successes_needed": successes_needed}),
        MappingProxyType({"verdict": MappingProxyType({"passed": passed,
                                                       "failed": 1 - passed})}),
        breakdown_labels=MappingProxyType({"verdict": VERDICT_LABELS}),
    )


@cache
def check_table(max_skill: int = SKILL_ROWS[-1], max_penalty: int = PENALTIES[-1],
                die_sides: int = DIE_SIDES, success_face: int = SUCCESS_FACE,
                successes_needed: int = SUCCESSES_NEEDED) -> OddsTable:
    """The chance to pass for skills 0..``max_skill`` (rows) against
    penalties 0..``max_penalty`` (columns)."""
    skills = tuple(range(max_skill + 1))
    penalties = tuple(range(max_penalty + 1))
    cells = {(s, p): check(s, p, die_sides, success_face, successes_needed).probability
             for s in skills for p in penalties}
    return OddsTable(GAME, "check-table",
                     msg("odds.echo.check-table", face=success_face, sides=die_sides,
                         needed=successes_needed),
                     msg("odds.echo.skill"), msg("odds.echo.penalty"), skills, penalties,
                     MappingProxyType(cells),
                     query=MappingProxyType({"die_sides": die_sides,
                                             "success_face": success_face,
                                             "successes_needed": successes_needed}),
                     row_key="skill", column_key="penalty")
