"""The questions Investigators in Echo's odds answer (``referee odds echo
...``): a skill check and a table of them. The counting,
:mod:`referee.odds.echo`, reads the ruleset's own checks, so it is loaded
only when a question is answered; a setting left out is the scenario
format's default, which the ruleset's tables hold, as they hold its least
value (a test keeps both equal to the scenario format's)."""

from __future__ import annotations

from referee.core.i18n import msg
from referee.games.echo import tables
from referee.odds.query import Param, Query, RulesetQueries
from referee.odds.result import Odds, OddsTable


def _setting(name: str, default: int) -> Param:
    """A house rule of checks; left out (None), the scenario format's ``default``."""
    return Param(name, int, msg("odds.p.echo." + name.replace("_", "-"), default=default), None,
                 low=tables.CHECK_LEAST[name], high=100, setting=name)


SETTINGS = (_setting("die_sides", tables.DIE_SIDES),
            _setting("success_face", tables.SUCCESS_FACE),
            _setting("successes_needed", tables.SUCCESSES_NEEDED))


def _settings(die_sides: int | None, success_face: int | None,
              successes_needed: int | None) -> tuple[int, int, int]:
    return (tables.DIE_SIDES if die_sides is None else die_sides,
            tables.SUCCESS_FACE if success_face is None else success_face,
            tables.SUCCESSES_NEEDED if successes_needed is None else successes_needed)


def check(skill: int, penalty: int, die_sides: int | None, success_face: int | None,
          successes_needed: int | None) -> Odds:
    from referee.odds import echo

    return echo.check(skill, penalty, *_settings(die_sides, success_face, successes_needed))


def check_table(max_skill: int, max_penalty: int, die_sides: int | None,
                success_face: int | None, successes_needed: int | None) -> OddsTable:
    from referee.odds import echo

    return echo.check_table(max_skill, max_penalty,
                            *_settings(die_sides, success_face, successes_needed))


QUERIES = RulesetQueries("echo", msg("odds.q.echo"), (
    Query("check", msg("odds.q.echo.check"), (
        Param("skill", int, msg("odds.p.echo.skill"), low=0, high=100),
        Param("penalty", int, msg("odds.p.echo.penalty"), 0, low=0, high=100),
        *SETTINGS,
    ), check),
    Query("check-table", msg("odds.q.echo.check-table"), (
        Param("max_skill", int, None, 8, low=0, high=20),
        Param("max_penalty", int, None, 5, low=0, high=20),
        *SETTINGS,
    ), check_table),
))
