"""The limits of what a request's JSON body may hold (:mod:`referee.core.limits`):
the nesting, the length of a list or table, of a text, and its numbers.

Every JSON body under ``/api/`` is read here before a route or the rules
see it: a body past a limit is refused (422 ``request/limit``) with a
message naming the place and the limit, and nothing of it is done. The
body but its ``scenario`` is held to :data:`BODY` (an answer's limits,
:data:`referee.core.limits.ANSWER`, one level down); an uploaded scenario,
a table or TOML text (bounded by the body's size, and its table once read,
:mod:`.checks`), to :data:`referee.core.limits.SCENARIO`, as a scenario
file is. Whole numbers longer than :data:`DIGITS` digits are
refused as they are read.

A body that is not JSON, or past a limit, is told after the token is
known (so in its language): reading gives the refusal, and the caller
raises it once it has authenticated
(:mod:`.checked_bodies`, :mod:`.fast_answers`).
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from referee.core.i18n import Msg, msg
from referee.core.limits import ANSWER, SCENARIO, Limits, over_limit
from referee.server.errors import ApiError
from referee.server.form_errors import invalid_request

BODY = Limits("request", depth=ANSWER.depth + 1, entries=ANSWER.entries, text=ANSWER.text)
"""A request body but its scenario: an answer's limits, counted from the body."""
SCENARIO_IN_BODY = replace(SCENARIO, depth=SCENARIO.depth + 1)
"""An uploaded scenario, counted from the body (``scenario`` is one level down)."""
DIGITS = 20
"""The most digits of a whole number read (a 64-bit number has at most 19)."""
LIMIT_CODE = "request/limit"


class _LongNumber(Exception):
    def __init__(self, digits: int) -> None:
        super().__init__(digits)
        self.digits = digits


def _whole_number(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > DIGITS:
        raise _LongNumber(digits)
    return int(text)


def read(raw: bytes | str) -> tuple[Any, ApiError | None]:
    """The body's JSON, or why it is refused (to be raised once the caller
    knows the token's language): not JSON, or past a limit as the module says."""
    try:
        data = json.loads(raw, parse_int=_whole_number)
    except json.JSONDecodeError as exc:
        return None, invalid_request([{"type": "json_invalid", "loc": (exc.pos,)}])
    except UnicodeDecodeError as exc:
        return None, invalid_request([{"type": "json_invalid", "loc": (exc.start,)}])
    except RecursionError:
        return None, past_limit(msg("core.limits.depth", where=msg("core.scenario.top"),
                                    limit=BODY.depth))
    except _LongNumber as exc:
        return None, past_limit(msg("server.limits.digits", count=exc.digits, limit=DIGITS))
    return data, checked(data)


def checked(data: Any) -> ApiError | None:
    """The first limit ``data``, a request's body, goes past; None within them."""
    if isinstance(data, dict) and "scenario" in data:
        rest = {key: value for key, value in data.items() if key != "scenario"}
        scenario = data["scenario"]
        beyond = over_limit(rest, BODY) or (None if isinstance(scenario, str) else
                                            over_limit({"scenario": scenario}, SCENARIO_IN_BODY))
    else:
        beyond = over_limit(data, BODY)
    return None if beyond is None else past_limit(beyond)


def scenario_past_limit(table: Any) -> ApiError | None:
    """The first limit an uploaded scenario (its TOML read) goes past, its
    place named from the body's ``scenario``."""
    beyond = over_limit({"scenario": table}, SCENARIO_IN_BODY)
    return None if beyond is None else past_limit(beyond)


def past_limit(problem: Msg) -> ApiError:
    """The refusal of a request past a limit: ``problem`` names the place and the limit."""
    place = problem.params.get("where")
    field = place if isinstance(place, str) else None
    return ApiError(422, LIMIT_CODE, msg("server.error.limit", problem=problem),
                    [{"field": field, "message": problem}])

