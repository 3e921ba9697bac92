"""Scenario files (TOML): read, check against the ruleset's schema and the
ruleset's own checks, and report every problem at once, in plain words, with
the file and the field.

Both kinds of problem come in one run: when the schema refuses some parts,
the ruleset's checks still run on a best-effort model built from the parts
that did parse (bad values left to their defaults, entries that cannot stand
left out). Every problem is a catalogue message, so ``referee validate --lang
ru`` reads in Russian; a ruleset's check that returns plain text is shown as
it is.
"""

from __future__ import annotations

import copy
import difflib
import json
import re
import tomllib
import types
import typing
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo

from referee.core.errors import ScenarioError, UnknownRuleset
from referee.core.i18n import Msg, Param, msg
from referee.core.ruleset import AnyRuleset, find_ruleset, ruleset_names

Loc = tuple[int | str, ...]
_ROUNDS = 8
_SHOWN = 60
_ID_KEYS = ("id", "name", "number")


def field_path(loc: Sequence[int | str]) -> str:
    """``("others", 2, "initiative")`` -> ``others[2].initiative``."""
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "(top level)"


def describe_validation(exc: ValidationError) -> list[str]:
    """One English line per problem pydantic found (kept for callers that
    want plain text; scenario files use :func:`validation_problems`)."""
    lines = []
    for err in exc.errors(include_url=False):
        where = field_path(err["loc"])
        given = err.get("input")
        shown = "" if err["type"] == "missing" or isinstance(given, Mapping) else (
            f" (got {json.dumps(given, ensure_ascii=False, default=str)})")
        lines.append(f"{where}: {err['msg']}{shown}")
    return lines


def did_you_mean(name: str, valid: Iterable[str]) -> Msg | str:
    """``; did you mean `x`?`` for the closest valid name, or nothing."""
    close = difflib.get_close_matches(name, list(valid), n=1, cutoff=0.6)
    return msg("core.did-you-mean", name=close[0]) if close else ""


# -- where a problem is ---------------------------------------------------------------


def _entry_id(entry: object) -> str | None:
    """How an entry of a list is known: its id, name or number."""
    if not isinstance(entry, Mapping):
        return None
    for key in _ID_KEYS:
        value = entry.get(key)
        if isinstance(value, Mapping):
            value = value.get("en")
        if (isinstance(value, str) and value) or (isinstance(value, int)
                                                  and not isinstance(value, bool)):
            return str(value)
    return None


def _resolve(data: object, loc: Loc) -> tuple[Loc, bool]:
    """The parts of ``loc`` that name places in ``data`` (pydantic adds the
    names of union members, which are no place), and whether the whole
    path exists."""
    parts: list[int | str] = []
    node: object = data
    exists = True
    for part in loc:
        if isinstance(node, Mapping) and isinstance(part, str):
            parts.append(part)
            if part in node:
                node = node[part]
            else:
                exists = False
                node = None
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            parts.append(part)
            node = node[part]
        elif isinstance(part, int) and node is None and not exists:
            parts.append(part)
        # else: a union member's tag, no place in the file
    return tuple(parts), exists


def named_path(loc: Loc, data: object) -> str:
    """Like :func:`field_path`, naming list entries by their id too:
    ``others[1] (olga).initiative``."""
    text = ""
    node: object = data
    for part in loc:
        if isinstance(part, int):
            text += f"[{part}]"
            node = node[part] if isinstance(node, list) and 0 <= part < len(node) else None
            ident = _entry_id(node)
            if ident is not None:
                text += f" ({ident})"
        else:
            text += f".{part}" if text else part
            node = node.get(part) if isinstance(node, Mapping) else None
    return text or "(top level)"


# -- the model's own names ---------------------------------------------------------------


def _unwrap(annotation: object) -> list[object]:
    """The alternatives of a union (and the type inside Annotated/Optional)."""
    origin = get_origin(annotation)
    if origin is Union or origin is types.UnionType:
        return [alt for arg in get_args(annotation) for alt in _unwrap(arg)]
    if origin is typing.Annotated:
        return _unwrap(get_args(annotation)[0])
    return [annotation]


def _step(annotation: object, part: int | str) -> list[object]:
    found: list[object] = []
    for alt in _unwrap(annotation):
        origin = get_origin(alt)
        if isinstance(alt, type) and issubclass(alt, BaseModel):
            if isinstance(part, str) and part in alt.model_fields:
                found.append(alt.model_fields[part].annotation)
        elif origin in (list, set, frozenset, Sequence) and isinstance(part, int):
            found.extend(get_args(alt)[:1])
        elif origin is tuple and isinstance(part, int):
            args = get_args(alt)
            if len(args) == 2 and args[1] is Ellipsis:
                found.append(args[0])
            elif part < len(args):
                found.append(args[part])
        elif origin in (dict, Mapping) and isinstance(part, str):
            found.extend(get_args(alt)[1:2])
    return found


def _annotations_at(model: type[BaseModel], loc: Loc) -> list[object]:
    current: list[object] = [model]
    for part in loc:
        current = [child for annotation in current for child in _step(annotation, part)]
    return current


def _fields_at(model: type[BaseModel], loc: Loc) -> list[str]:
    names: list[str] = []
    for annotation in _annotations_at(model, loc):
        for alt in _unwrap(annotation):
            if isinstance(alt, type) and issubclass(alt, BaseModel):
                names += [n for n in alt.model_fields if n not in names]
    return names


def _literals_at(model: type[BaseModel], loc: Loc) -> list[str]:
    values: list[str] = []
    for annotation in _annotations_at(model, loc):
        for alt in _unwrap(annotation):
            if get_origin(alt) is Literal:
                values += [str(v) for v in get_args(alt) if str(v) not in values]
    return values


# -- pydantic's errors in plain words ------------------------------------------------------

_KINDS = {
    "int_type": "int", "int_parsing": "int", "int_from_float": "int",
    "float_type": "float", "float_parsing": "float",
    "bool_type": "bool", "bool_parsing": "bool",
    "string_type": "str",
    "list_type": "list", "tuple_type": "tuple", "set_type": "list",
    "dict_type": "table", "model_type": "table", "model_attributes_type": "table",
    "none_required": "null",
}
_LIMITS = {
    "greater_than_equal": ("core.scenario.at-least", "ge"),
    "less_than_equal": ("core.scenario.at-most", "le"),
    "greater_than": ("core.scenario.more-than", "gt"),
    "less_than": ("core.scenario.less-than", "lt"),
}


def _shown(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= _SHOWN else text[:_SHOWN - 1] + "…"


def _param(value: object) -> Param:
    if isinstance(value, int | str) and not isinstance(value, bool):
        return value
    return _shown(value)


def problem_message(err: Mapping[str, Any], model: type[BaseModel], data: object) -> Msg:
    """One of pydantic's errors as a catalogue message naming the field."""
    loc, _ = _resolve(data, tuple(err["loc"]))
    where = named_path(loc, data)
    kind = str(err["type"])
    given = _shown(err.get("input"))
    ctx: Mapping[str, Any] = err.get("ctx") or {}
    if kind == "missing":
        return msg("core.scenario.missing", where=where, field=str(loc[-1]) if loc else "?")
    if kind == "extra_forbidden":
        name = str(loc[-1]) if loc else "?"
        valid = _fields_at(model, loc[:-1])
        return msg("core.scenario.extra", where=where, field=name,
                   suggestion=did_you_mean(name, valid), valid=tuple(valid) or ("—",))
    if kind in _KINDS:
        return msg("core.scenario.expected", where=where,
                   kind=msg(f"core.scenario.kind.{_KINDS[kind]}"), given=given)
    if kind in _LIMITS:
        key, bound = _LIMITS[kind]
        return msg(key, where=where, limit=_param(ctx.get(bound)), given=given)
    if kind in ("literal_error", "enum"):
        valid = _literals_at(model, loc) or re.findall(r"'([^']*)'", str(ctx.get("expected", "")))
        value = err.get("input")
        return msg("core.scenario.one-of", where=where, valid=tuple(valid) or ("—",),
                   given=given, suggestion=did_you_mean(str(value), valid)
                   if isinstance(value, str) else "")
    if kind == "too_short" or kind == "too_long":
        count = ctx.get("actual_length", len(err.get("input") or ()))
        limit: Any = ctx.get("min_length" if kind == "too_short" else "max_length")
        return msg(f"core.scenario.{kind.replace('_', '-')}", where=where,
                   limit=_param(limit), count=_param(count))
    if kind in ("string_too_short", "string_too_long"):
        key = "text-too-short" if kind == "string_too_short" else "text-too-long"
        limit = ctx.get("min_length" if kind == "string_too_short" else "max_length")
        return msg(f"core.scenario.{key}", where=where, limit=_param(limit), given=given)
    if kind == "string_pattern_mismatch":
        return msg("core.scenario.pattern", where=where, given=given,
                   pattern=str(ctx.get("pattern", "")))
    if kind == "int_from_float":  # pragma: no cover - listed above
        return msg("core.scenario.whole", where=where, given=given)
    detail = str(err.get("msg", kind))
    if isinstance(err.get("input"), Mapping | list) or kind.startswith("value_error"):
        return msg("core.scenario.other", where=where, detail=detail)
    return msg("core.scenario.other-given", where=where, detail=detail, given=given)


def validation_problems(exc: ValidationError, model: type[BaseModel],
                        data: object) -> list[Msg]:
    """Every problem of ``exc``, once per place (a value that fits no member
    of a union is one problem, not one per member)."""
    problems: list[Msg] = []
    seen: set[Loc] = set()
    for err in exc.errors(include_url=False):
        loc, _ = _resolve(data, tuple(err["loc"]))
        if loc in seen:
            continue
        seen.add(loc)
        problems.append(problem_message(err, model, data))
    return problems


# -- a best-effort model for the ruleset's checks -----------------------------------------


def _prune_targets(data: object, errors: Iterable[Mapping[str, Any]]) -> list[Loc]:
    targets: set[Loc] = set()
    for err in errors:
        loc, exists = _resolve(data, tuple(err["loc"]))
        target = loc if exists else loc[:-1]
        if err["type"] == "missing" and loc:
            target = loc
        if target:
            targets.add(target)
    kept = [t for t in targets if not any(t[:n] in targets for n in range(1, len(t)))]
    return sorted(kept, key=lambda t: [(0, p, "") if isinstance(p, int) else (1, 0, p)
                                       for p in t], reverse=True)


def _field_at(model: type[BaseModel], loc: Loc) -> FieldInfo | None:
    if not loc or not isinstance(loc[-1], str):
        return None
    for annotation in _annotations_at(model, loc[:-1]):
        for alt in _unwrap(annotation):
            if isinstance(alt, type) and issubclass(alt, BaseModel) \
                    and loc[-1] in alt.model_fields:
                return alt.model_fields[loc[-1]]
    return None


def _placeholder(field: FieldInfo) -> tuple[bool, object]:
    """A plain value of a required field's type that its constraints allow,
    standing in for a refused one so the entry's other parts are still checked."""
    low: float | None = None
    high: float | None = None
    for item in field.metadata:
        low = getattr(item, "ge", None) if getattr(item, "ge", None) is not None else low
        if getattr(item, "gt", None) is not None:
            low = item.gt + 1
        high = getattr(item, "le", None) if getattr(item, "le", None) is not None else high
        if getattr(item, "min_length", None) or getattr(item, "pattern", None):
            return False, None
    for alt in _unwrap(field.annotation):
        if alt is type(None):
            return True, None
        if get_origin(alt) is Literal:
            return True, get_args(alt)[0]
        if alt is bool:
            return True, False
        if alt in (int, float):
            value = low if low is not None else (min(0, high) if high is not None else 0)
            return True, int(value) if alt is int else float(value)
        if alt is str:
            return True, ""
        if get_origin(alt) is list or alt is list:
            return True, []
        if get_origin(alt) is dict or alt is dict:
            return True, {}
    return False, None


def _parent(data: Any, target: Loc) -> Any:
    """The container holding ``target``'s last part, or None if it is gone."""
    node = data
    for part in target[:-1]:
        found = (isinstance(node, dict) and part in node) or (
            isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node))
        if not found:
            return None
        node = node[part]
    return node


def _delete(data: Any, target: Loc) -> None:
    node = _parent(data, target)
    last = target[-1]
    if isinstance(node, dict):
        node.pop(last, None)
    elif isinstance(node, list) and isinstance(last, int) and 0 <= last < len(node):
        del node[last]


def _set(data: Any, target: Loc, value: object) -> None:
    node = _parent(data, target)
    if isinstance(node, dict):
        node[target[-1]] = value


def best_effort(model: type[BaseModel], data: Mapping[str, Any],
                first: ValidationError) -> tuple[BaseModel | None, list[Mapping[str, Any]]]:
    """A model of the parts of ``data`` that parse: each refused value is left
    out (its default applies) or, for a required field, stands in as a plain
    value of its type; an entry that still cannot stand is left out whole.
    Also the problems found only once others are out of the way (the model's
    own validators), which the first pass could not see."""
    body: Any = copy.deepcopy(dict(data))
    errors: list[Mapping[str, Any]] = list(first.errors(include_url=False))
    pruned: list[Loc] = []
    stood_in: set[Loc] = set()
    later: list[Mapping[str, Any]] = []
    for round_number in range(_ROUNDS):
        if round_number:
            try:
                return model.model_validate(body), later
            except ValidationError as exc:
                errors = list(exc.errors(include_url=False))
            shifted = any(isinstance(p[-1], int) for p in pruned)
            for err in errors:
                loc, _ = _resolve(body, tuple(err["loc"]))
                if err["type"] != "missing" and not shifted \
                        and not any(loc[:len(p)] == p for p in pruned):
                    later.append(err)
        kinds = {_resolve(body, tuple(e["loc"]))[0]: e["type"] for e in errors}
        targets = _prune_targets(body, errors)
        if not targets:
            return None, later
        for target in targets:
            field = _field_at(model, target)
            if field is not None and field.is_required() and target not in stood_in \
                    and kinds.get(target) != "extra_forbidden":
                fits, value = _placeholder(field)
                if fits:
                    stood_in.add(target)
                    _set(body, target, value)
                    continue
                if target[:-1]:
                    target = target[:-1]
            _delete(body, target)
        pruned += targets
    return None, later


def _ruleset_checks(ruleset: AnyRuleset, scenario: BaseModel) -> list[Msg | str]:
    try:
        return list(ruleset.check_scenario(scenario))
    except Exception as exc:  # a defect in a ruleset's check must not hide the others
        return [msg("core.scenario.checks-failed", ruleset=ruleset.name,
                    cause=f"{type(exc).__name__}: {exc}")]


def validate_scenario(ruleset: AnyRuleset, data: Mapping[str, Any], source: str) -> BaseModel:
    """The scenario model for ``data``.

    :raises ScenarioError: listing every problem: the schema's, and the
        ruleset's own checks run on the parts that parsed.
    """
    body = {k: v for k, v in data.items() if k != "ruleset"}
    model = ruleset.scenario_model
    try:
        scenario = model.model_validate(body)
    except ValidationError as exc:
        problems: list[Msg | str] = list(validation_problems(exc, model, body))
        partial, later = best_effort(model, body, exc)
        seen = {render_key(p) for p in problems}
        for err in later:
            extra = problem_message(err, model, body)
            if render_key(extra) not in seen:
                problems.append(extra)
        if partial is not None:
            problems += [p for p in _ruleset_checks(ruleset, partial)
                         if not (isinstance(p, Msg) and p.key == "core.scenario.checks-failed")]
        raise ScenarioError(source, problems) from None
    problems = _ruleset_checks(ruleset, scenario)
    if problems:
        raise ScenarioError(source, problems)
    return scenario


def render_key(problem: Msg | str) -> str:
    return problem if isinstance(problem, str) else json.dumps(problem.to_json(), sort_keys=True)


# -- files --------------------------------------------------------------------------------


def read_toml(path: Path) -> dict[str, Any]:
    """The TOML table in ``path``. :raises ScenarioError: unreadable or not TOML."""
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ScenarioError(str(path), [msg("core.scenario.no-file")]) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioError(str(path), [msg("core.scenario.cannot-read", cause=str(exc))]) \
            from None
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(str(path), [msg("core.scenario.not-toml", cause=str(exc))]) \
            from None


def ruleset_of(data: Mapping[str, Any], source: str) -> AnyRuleset:
    """The ruleset a scenario's ``ruleset`` key names. :raises ScenarioError:"""
    name = data.get("ruleset")
    if not isinstance(name, str):
        raise ScenarioError(source, [msg("core.scenario.no-ruleset")])
    try:
        return find_ruleset(name)
    except UnknownRuleset:
        known = ruleset_names()
        raise ScenarioError(source, [msg("core.scenario.unknown-ruleset", name=name,
                                         suggestion=did_you_mean(name, known),
                                         known=tuple(known))]) from None


def load_scenario(path: Path | str) -> tuple[AnyRuleset, BaseModel]:
    """Read a scenario file; its ``ruleset`` key names the ruleset.

    A ruleset name instead of a path gives that ruleset's default example.
    :raises ScenarioError: with every problem found.
    """
    path = Path(path)
    if not path.exists() and path.suffix == "":
        try:
            ruleset = find_ruleset(str(path))
        except UnknownRuleset:
            raise ScenarioError(str(path), [msg("core.scenario.no-file-nor-ruleset")]) from None
        examples = ruleset.examples()
        if not examples:
            raise ScenarioError(str(path), [msg("core.scenario.no-example",
                                                ruleset=ruleset.name)])
        path = examples[0]
    data = read_toml(path)
    ruleset = ruleset_of(data, str(path))
    return ruleset, validate_scenario(ruleset, data, str(path))
