"""A request that does not fit its form (a field missing, of the wrong
kind, not offered; a body that is not JSON), as the API tells it: 422
``request/invalid``, and each problem with its field, a stable code and a
catalogue message naming the field, in the token's language.

The problems come from pydantic (the framework's validation, and the
answer route's own, :mod:`.fast_answers`). A union's member (``str``,
``SeatChoice``) is named in pydantic's place of a problem; it is left out,
so the field is the body's own path, and a value that fits none of the
members is one problem saying every kind that would do.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from referee.core.i18n import Msg, msg
from referee.core.scenario import field_path
from referee.server.errors import ApiError

KINDS = {
    "int_type": "int", "int_parsing": "int", "int_from_float": "int",
    "float_type": "number", "float_parsing": "number",
    "string_type": "text", "bool_type": "bool", "bool_parsing": "bool",
    "dict_type": "table", "model_type": "table", "model_attributes_type": "table",
    "list_type": "list",
}
"""pydantic's error types of a value of the wrong kind -> the kind expected."""
CODES = {"missing": "missing", "extra_forbidden": "unknown", "literal_error": "choice",
         "json_invalid": "not-json"}
"""pydantic's other error types we name -> the problem's code (``field/CODE``)."""
SHOWN = 40
"""Characters of a value shown back in a problem."""
_NO_BODY = object()


def invalid_request(errors: Sequence[Mapping[str, Any]], body: Any = _NO_BODY) -> ApiError:
    """The refusal of a request that does not fit its form, from pydantic's
    ``errors`` on ``body`` (the request's JSON, to tell a union's member
    from a field)."""
    problems: list[dict[str, Any]] = []
    kinds_at: dict[str, dict[str, Any]] = {}
    for error in errors:
        loc = [] if error.get("type") == "json_invalid" else \
            _body_path(error.get("loc", ()), body, error.get("type") == "missing")
        field = field_path(loc) if loc else None
        kind = KINDS.get(str(error.get("type")))
        if kind is not None and field in kinds_at:
            kinds_at[str(field)]["kinds"].append(kind)
            continue
        code = CODES.get(str(error.get("type")), "type" if kind else "invalid")
        problem = {"field": field, "code": f"field/{code}", "error": error,
                   "kinds": [kind] if kind else []}
        if kind is not None:
            kinds_at[str(field)] = problem
        problems.append(problem)
    problems = [p for p in problems if not _whole_of_inner(p, problems)]
    shown = [{"field": p["field"], "code": p["code"], "message": _message(p)} for p in problems]
    return ApiError(422, "request/invalid", msg("server.error.invalid", problems=tuple(
        p["message"] for p in shown)), shown)


def _whole_of_inner(problem: Mapping[str, Any], problems: Sequence[Mapping[str, Any]]) -> bool:
    """``problem`` is a union member's refusal of a whole table or list whose
    insides another member finds problems in (those say more)."""
    field = problem["field"]
    return problem["code"] == "field/type" and field is not None and any(
        str(other["field"] or "").startswith((f"{field}.", f"{field}["))
        for other in problems)


def _body_path(loc: Sequence[Any], body: Any, missing: bool) -> list[int | str]:
    """``loc`` as a path in ``body``: ``body`` (where the framework puts the
    body) and the members of unions (parts the body does not have) left out."""
    parts = list(loc)
    if parts and parts[0] == "body":
        parts = parts[1:]
    if body is _NO_BODY:
        return parts
    path: list[int | str] = []
    node = body
    for index, part in enumerate(parts):
        last = index == len(parts) - 1
        if _has(node, part):
            node = node[part]
        elif not (isinstance(node, dict) and last and missing):
            continue
        path.append(part)
    return path


def _has(node: Any, part: Any) -> bool:
    """``node`` (a part of the body) has ``part``."""
    if isinstance(node, dict):
        return part in node
    return isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)


def _message(problem: Mapping[str, Any]) -> Msg:
    error = problem["error"]
    field = problem["field"] or msg("core.scenario.top")
    code = problem["code"]
    if code == "field/missing":
        return msg("server.field.missing" if problem["field"] else "server.field.no-body",
                   field=field)
    if code == "field/unknown":
        return msg("server.field.unknown", field=field)
    if code == "field/not-json":
        place = next((part for part in reversed(error.get("loc", ())) if isinstance(part, int)),
                     0)
        return msg("server.field.not-json", at=place)
    given = _shown(error.get("input"))
    if code == "field/choice":
        choices = re.findall(r"'([^']*)'", str((error.get("ctx") or {}).get("expected", "")))
        return msg("server.field.choice", field=field, given=given,
                   choices=tuple(f"`{choice}`" for choice in choices))
    if code == "field/type":
        kinds = tuple(msg(f"server.kind.{kind}") for kind in dict.fromkeys(problem["kinds"]))
        return msg("server.field.type", field=field, given=given, kinds=kinds)
    return msg("server.field.invalid", field=field, given=given)


def _shown(value: Any) -> str:
    """``value`` as JSON, cut short."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = str(value)
    return text if len(text) <= SHOWN else text[:SHOWN - 1] + "…"
