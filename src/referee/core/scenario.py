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
import math
import re
import types
import typing
from collections.abc import Iterable, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin

import rtoml
import tomli
from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo

from referee.core.errors import ScenarioError, UnknownRuleset
from referee.core.i18n import Lang, Msg, Name, Param, msg
from referee.core.limits import SCENARIO, Limits, over_limit, plainly_within, too_large
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
    """`` (did you mean `x`?)`` for the closest valid name, or nothing."""
    close = difflib.get_close_matches(name, list(valid), n=1, cutoff=0.6)
    return msg("core.did-you-mean", name=close[0]) if close else ""


LISTED_NAMES = 12
"""How many valid names a problem lists before saying how many more there are."""


def unknown_name(value: str | int, valid: Iterable[str | int]) -> dict[str, Param]:
    """For a name (an id, a room number) no entry has, a message's parameters:
    the closest valid one (``suggestion``, :func:`did_you_mean`) and the
    valid ones (``known``), the first dozen and how many more."""
    names = [str(name) for name in valid]
    known: tuple[Param, ...] = tuple(names[:LISTED_NAMES]) or ("—",)
    if len(names) > LISTED_NAMES:
        known += (msg("core.and-more", count=len(names) - LISTED_NAMES),)
    return {"suggestion": did_you_mean(str(value), names), "known": known}


# -- where a problem is ---------------------------------------------------------------


def _entry_id(entry: object, lang: Lang = "en") -> str | None:
    """How an entry of a list is known: its id, name or number; a name in
    ``lang`` where the file gives it (``name = { en, ru }`` or ``name_ru``)."""
    if not isinstance(entry, Mapping):
        return None
    for key in _ID_KEYS:
        value = entry.get(key)
        if isinstance(value, Mapping):
            value = value.get(lang) if isinstance(value.get(lang), str) and value.get(lang) \
                else value.get("en")
        elif lang != "en" and isinstance(value, str) and isinstance(entry.get(f"{key}_{lang}"),
                                                                    str):
            value = entry.get(f"{key}_{lang}") or value
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


def named_path(loc: Loc, data: object, lang: Lang = "en") -> str:
    """Like :func:`field_path`, naming list entries by their id too:
    ``others[1] (olga).initiative``; a name in ``lang`` where the file has one."""
    text = ""
    node: object = data
    for part in loc:
        if isinstance(part, int):
            text += f"[{part}]"
            node = node[part] if isinstance(node, list) and 0 <= part < len(node) else None
            ident = _entry_id(node, lang)
            if ident is not None:
                text += f" ({ident})"
        else:
            text += f".{part}" if text else part
            node = node.get(part) if isinstance(node, Mapping) else None
    return text or "(top level)"


def where_named(loc: Loc, data: object) -> Msg | Name:
    """The place ``loc`` in each language: the entries' names as the reader's
    language writes them (``posses[0] (Законники).leader``)."""
    if not loc:
        return msg("core.scenario.top")
    english = named_path(loc, data)
    russian = named_path(loc, data, "ru")
    return Name(english, russian if russian != english else None)


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


def _fixed_tuple(model: type[BaseModel], loc: Loc) -> tuple[object, ...] | None:
    """The item types of the fixed-length list (``tuple[float, float]``) at ``loc``."""
    for annotation in _annotations_at(model, loc):
        for alt in _unwrap(annotation):
            args = get_args(alt)
            if get_origin(alt) is tuple and args and Ellipsis not in args:
                return args
    return None


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
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)  # inf, -inf, nan: as TOML writes them
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= _SHOWN else text[:_SHOWN - 1] + "…"


def _param(value: object) -> Param:
    if isinstance(value, int | str) and not isinstance(value, bool):
        return value
    if isinstance(value, float) and math.isfinite(value):
        return Fraction(str(value))  # 0.0 reads 0; 0.5 reads 0,5 in Russian
    return _shown(value)


def _value_at(data: object, loc: Loc) -> object:
    """What the file has at ``loc`` (None: nothing)."""
    return _parent(data, (*loc, ""))


def follow_on(err: Mapping[str, Any], data: object) -> bool:
    """A list said to be too short or too long only because some of its items
    failed (pydantic counts the items that parsed): the file's list has a
    right length, and the items' own problems say what is wrong."""
    if err["type"] not in ("too_short", "too_long"):
        return False
    ctx: Mapping[str, Any] = err.get("ctx") or {}
    loc, exists = _resolve(data, tuple(err["loc"]))
    given = _value_at(data, loc) if exists else None
    if not isinstance(given, list):
        return False
    low, high = ctx.get("min_length"), ctx.get("max_length")
    return (low is None or len(given) >= low) and (high is None or len(given) <= high)


def problem_message(err: Mapping[str, Any], model: type[BaseModel], data: object) -> Msg:
    """One of pydantic's errors as a catalogue message naming the field."""
    loc, _ = _resolve(data, tuple(err["loc"]))
    where = where_named(loc, data)
    kind = str(err["type"])
    given = _shown(err.get("input"))
    ctx: Mapping[str, Any] = err.get("ctx") or {}
    items = _fixed_tuple(model, loc) if kind in ("missing", "too_long", "too_short") else None
    if items is not None and (kind != "missing" or isinstance(err["loc"][-1], int)):
        numbers = all(_unwrap(item)[0] in (int, float) for item in items)
        return msg("core.scenario.numbers" if numbers else "core.scenario.items", where=where,
                   limit=len(items), given=_shown(_value_at(data, loc)))
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
    if kind == "finite_number":
        return msg("core.scenario.finite", where=where, given=given)
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
        if loc in seen or follow_on(err, data):
            continue
        seen.add(loc)
        problems.append(problem_message(err, model, data))
    return problems


# -- a best-effort model for the ruleset's checks -----------------------------------------


def _prune_targets(data: object, errors: Iterable[Mapping[str, Any]]) -> list[Loc]:
    targets: set[Loc] = set()
    for err in errors:
        if follow_on(err, data):
            continue
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
        items = [_unwrap(item)[0] for item in get_args(alt)]
        if get_origin(alt) is tuple and items and all(item in (int, float) for item in items):
            return True, tuple(typing.cast(type, item)() for item in items)
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


@dataclass(frozen=True)
class Refused:
    """The parts of a best-effort model that stand in for what the schema
    refused (a default, a plain placeholder), as places in that model; a
    ruleset's check that depends on one of them skips, so a bad value gives
    its own problem and no follow-on. Empty for a scenario that parsed whole.

    ``refused("table", "width")``: that place, or one holding it, was refused;
    ``refused.within("posses", 0, "objective")``: something at or under it was;
    ``refused.lost("posses", 0, "models")``: the list or table lost entries
    that could not stand."""

    paths: frozenset[Loc] = frozenset()
    shortened: frozenset[Loc] = frozenset()

    def __call__(self, *loc: int | str) -> bool:
        return any(loc[:len(path)] == path for path in self.paths)

    def within(self, *loc: int | str) -> bool:
        return any(path[:len(loc)] == loc for path in self.paths | self.shortened)

    def lost(self, *loc: int | str) -> bool:
        return loc in self.shortened

    def __bool__(self) -> bool:
        return bool(self.paths or self.shortened)


NOTHING_REFUSED = Refused()
_CHECKED: ContextVar[tuple[object, Refused] | None] = ContextVar("_CHECKED", default=None)


def refused(scenario: object) -> Refused:
    """What the schema refused in ``scenario``, the best-effort model whose
    checks are running; nothing for any other scenario."""
    checked = _CHECKED.get()
    return checked[1] if checked is not None and checked[0] is scenario else NOTHING_REFUSED


@dataclass
class _Pruning:
    """Places refused while a best-effort model is made, kept as places in the
    file, and the list entries left out on the way, which move the later ones."""

    removed: list[Loc] = field(default_factory=list)
    paths: set[Loc] = field(default_factory=set)
    shortened: set[Loc] = field(default_factory=set)

    def to_file(self, loc: Loc) -> Loc:
        """A place in the body as it is now, as a place in the file."""
        parts = list(loc)
        for gone in reversed(self.removed):
            depth = len(gone) - 1
            if len(parts) > depth and tuple(parts[:depth]) == gone[:depth]:
                index = parts[depth]
                if isinstance(index, int) and index >= typing.cast(int, gone[depth]):
                    parts[depth] = index + 1
        return tuple(parts)

    def to_model(self, loc: Loc) -> Loc | None:
        """A place in the file as a place in the best-effort model (None: left out)."""
        parts = list(loc)
        for gone in self.removed:
            depth = len(gone) - 1
            if len(parts) > depth and tuple(parts[:depth]) == gone[:depth]:
                index = parts[depth]
                if index == gone[depth]:
                    return None
                if isinstance(index, int) and index > typing.cast(int, gone[depth]):
                    parts[depth] = index - 1
        return tuple(parts)

    def refuse(self, loc: Loc) -> None:
        self.paths.add(self.to_file(loc))

    def remove(self, body: Any, loc: Loc) -> None:
        node = _parent(body, loc)
        if isinstance(node, list | dict):
            self.shortened.add(self.to_file(loc[:-1]))
        if isinstance(node, list) and isinstance(loc[-1], int):
            self.removed.append(loc)
        else:
            self.refuse(loc)
        _delete(body, loc)

    def result(self) -> Refused:
        def placed(locs: set[Loc]) -> frozenset[Loc]:
            return frozenset(p for p in map(self.to_model, locs) if p is not None)
        return Refused(placed(self.paths), placed(self.shortened))


def best_effort(model: type[BaseModel], data: Mapping[str, Any], first: ValidationError
                ) -> tuple[BaseModel | None, list[Mapping[str, Any]], _Pruning]:
    """A model of the parts of ``data`` that parse: each refused value is left
    out (its default applies) or, for a required field, stands in as a plain
    value of its type; an entry that still cannot stand is left out whole.
    Also the problems found only once others are out of the way (the model's
    own validators), which the first pass could not see, and what was refused."""
    body: Any = copy.deepcopy(dict(data))
    errors: list[Mapping[str, Any]] = list(first.errors(include_url=False))
    pruned: list[Loc] = []
    stood_in: set[Loc] = set()
    later: list[Mapping[str, Any]] = []
    pruning = _Pruning()
    for round_number in range(_ROUNDS):
        if round_number:
            try:
                return model.model_validate(body), later, pruning
            except ValidationError as exc:
                errors = list(exc.errors(include_url=False))
            shifted = bool(pruning.removed)
            for err in errors:
                loc, _ = _resolve(body, tuple(err["loc"]))
                if err["type"] != "missing" and not shifted and not follow_on(err, body) \
                        and not any(loc[:len(p)] == p for p in pruned):
                    later.append(err)
        kinds = {_resolve(body, tuple(e["loc"]))[0]: e["type"] for e in errors}
        targets = _prune_targets(body, errors)
        if not targets:
            return None, later, pruning
        for target in targets:
            field_info = _field_at(model, target)
            if field_info is not None and field_info.is_required() and target not in stood_in \
                    and kinds.get(target) != "extra_forbidden":
                fits, value = _placeholder(field_info)
                if fits:
                    stood_in.add(target)
                    pruning.refuse(target)
                    _set(body, target, value)
                    continue
                if target[:-1]:
                    target = target[:-1]
            pruning.remove(body, target)
        pruned += targets
    return None, later, pruning


def _ruleset_checks(ruleset: AnyRuleset, scenario: BaseModel,
                    gone: Refused = NOTHING_REFUSED) -> list[Msg | str]:
    token = _CHECKED.set((scenario, gone))
    try:
        return list(ruleset.check_scenario(scenario))
    except Exception as exc:  # a defect in a ruleset's check must not hide the others
        return [msg("core.scenario.checks-failed", ruleset=ruleset.name,
                    cause=f"{type(exc).__name__}: {exc}")]
    finally:
        _CHECKED.reset(token)


_PATH_PART = re.compile(r"\[(\d+)\]|\.?([^.\[\]]+)")


def parse_path(text: str) -> Loc | None:
    """``bands[1].fighters[0].at`` -> ``("bands", 1, "fighters", 0, "at")``;
    None for text that is no path."""
    parts: list[int | str] = []
    at = 0
    while at < len(text):
        found = _PATH_PART.match(text, at)
        if found is None:
            return None
        parts.append(int(found[1]) if found[1] is not None else found[2])
        at = found.end()
    return tuple(parts) or None


def _as_filed(problem: Msg | str, gone: Refused, pruning: _Pruning) -> Msg | str | None:
    """A ruleset's problem found on the best-effort model: None when the field
    it names was refused by the schema (a follow-on of that problem); else the
    problem naming the field's place in the file (entries left out move the
    model's later ones)."""
    if not isinstance(problem, Msg):
        return problem
    text = problem.params.get("field")
    loc = parse_path(text) if isinstance(text, str) else None
    if loc is None:
        return problem
    if gone(*loc):
        return None
    filed = pruning.to_file(loc)
    if filed == loc:
        return problem
    return Msg(problem.key, {**problem.params, "field": field_path(filed)})


def validate_scenario(ruleset: AnyRuleset, data: Mapping[str, Any], source: str, *,
                      within_limits: bool = False) -> BaseModel:
    """The scenario model for ``data``; ``within_limits`` when ``data`` was
    read by :func:`read_toml`, which walked it for the limits already.

    :raises ScenarioError: listing every problem: the schema's, and the
        ruleset's own checks run on the parts that parsed; or one, for data
        past :data:`referee.core.limits.SCENARIO`.
    """
    beyond = None if within_limits else over_limit(data, SCENARIO)
    if beyond is not None:
        raise ScenarioError(source, [beyond])
    body = {k: v for k, v in data.items() if k != "ruleset"}
    model = ruleset.scenario_model
    try:
        scenario = model.model_validate(body)
    except ValidationError as exc:
        problems: list[Msg | str] = list(validation_problems(exc, model, body))
        partial, later, pruning = best_effort(model, body, exc)
        seen = {render_key(p) for p in problems}
        for err in later:
            extra = problem_message(err, model, body)
            if render_key(extra) not in seen:
                problems.append(extra)
        if partial is not None:
            gone = pruning.result()
            for problem in _ruleset_checks(ruleset, partial, gone):
                filed = _as_filed(problem, gone, pruning)
                if filed is not None and not (isinstance(filed, Msg)
                                              and filed.key == "core.scenario.checks-failed"):
                    problems.append(filed)
        raise ScenarioError(source, problems) from None
    problems = _ruleset_checks(ruleset, scenario)
    if problems:
        raise ScenarioError(source, problems)
    return scenario


def render_key(problem: Msg | str) -> str:
    return problem if isinstance(problem, str) else json.dumps(problem.to_json(), sort_keys=True)


# -- files --------------------------------------------------------------------------------


def read_toml(path: Path, limits: Limits = SCENARIO) -> dict[str, Any]:
    """The TOML table in ``path``. :raises ScenarioError: unreadable or not TOML,
    each in plain words: a folder, text that is not UTF-8, a saved game; or
    larger than ``limits`` allow (the file, its nesting, a list or a text)."""
    source = str(path)
    if path.is_dir():
        raise ScenarioError(source, [msg("core.scenario.folder")])
    oversized = too_large(path, limits)
    if oversized is not None:
        raise ScenarioError(source, [oversized])
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise ScenarioError(source, [msg("core.scenario.no-file")]) from None
    except PermissionError:
        raise ScenarioError(source, [msg("core.scenario.no-permission")]) from None
    except OSError as exc:
        raise ScenarioError(source, [msg("core.scenario.cannot-read",
                                         cause=exc.strerror or type(exc).__name__)]) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        raise ScenarioError(source, [msg("core.scenario.not-utf8", line=line)]) from None
    table = _plain_table(text, limits)
    if table is not None:
        return table
    try:
        table = tomli.loads(text)  # tomllib's parser, compiled: twice as fast
    except tomli.TOMLDecodeError as exc:
        if _saved_game(text):
            raise ScenarioError(source, [msg("core.scenario.saved-game", path=source)]) \
                from None
        raise ScenarioError(source, [msg("core.scenario.not-toml", cause=_toml_place(exc))]) \
            from None
    except RecursionError:
        raise ScenarioError(source, [msg("core.limits.depth", where=msg("core.scenario.top"),
                                         limit=limits.depth)]) from None
    beyond = over_limit(table, limits)
    if beyond is not None:
        raise ScenarioError(source, [beyond])
    return table


def _plain_table(text: str, limits: Limits) -> dict[str, Any] | None:
    """The TOML ``text`` as rtoml reads it (compiled from Rust: three times
    faster than tomli on a large building) where that is plain data within
    ``limits``, as nearly every file is; None for the rest (a mistake, a date
    or a time, a float past its range, a file past the limits), which tomli
    reads, and whose problems it and :func:`over_limit` word, as always."""
    try:
        table = rtoml.loads(text)
    except rtoml.TomlParsingError:
        return None
    return table if plainly_within(table, limits) else None


def _toml_place(exc: tomli.TOMLDecodeError) -> Msg | str:
    """Where the TOML goes wrong, in the reader's language (the parser's own
    words are English); its message when it names no place."""
    place = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
    if place is None:
        return str(exc)
    return msg("core.scenario.toml-at", line=int(place[1]), column=int(place[2]))


def _saved_game(text: str) -> bool:
    """Text that reads as a game saved by ``referee play --save`` (JSON)."""
    if not text.lstrip().startswith("{"):
        return False
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return False
    return isinstance(data, dict) and "scenario" in data and "inputs" in data


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
    return ruleset, validate_scenario(ruleset, data, str(path), within_limits=True)
