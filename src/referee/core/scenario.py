"""Scenario files (TOML): read, check against the ruleset's schema, and report
every problem at once with the file, the field and what was expected."""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from referee.core.errors import ScenarioError, UnknownRuleset
from referee.core.ruleset import AnyRuleset, find_ruleset


def field_path(loc: Sequence[int | str]) -> str:
    """``("others", 2, "initiative")`` -> ``others[2].initiative``."""
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "(top level)"


def describe_validation(exc: ValidationError) -> list[str]:
    """One line per problem pydantic found: where, what was expected, what was there."""
    lines = []
    for err in exc.errors(include_url=False):
        where = field_path(err["loc"])
        given = err.get("input")
        shown = "" if err["type"] == "missing" or isinstance(given, Mapping) else (
            f" (got {json.dumps(given, ensure_ascii=False, default=str)})")
        lines.append(f"{where}: {err['msg']}{shown}")
    return lines


def validate_scenario(ruleset: AnyRuleset, data: Mapping[str, Any], source: str) -> BaseModel:
    """The scenario model for ``data``.

    :raises ScenarioError: listing every problem of the schema; when the schema
        is met, every problem of the ruleset's own checks.
    """
    body = {k: v for k, v in data.items() if k != "ruleset"}
    try:
        scenario = ruleset.scenario_model.model_validate(body)
    except ValidationError as exc:
        raise ScenarioError(source, describe_validation(exc)) from None
    problems = ruleset.check_scenario(scenario)
    if problems:
        raise ScenarioError(source, problems)
    return scenario


def read_toml(path: Path) -> dict[str, Any]:
    """The TOML table in ``path``. :raises ScenarioError: unreadable or not TOML."""
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ScenarioError(str(path), ["no such file"]) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioError(str(path), [f"cannot read: {exc}"]) from None
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(str(path), [f"not valid TOML: {exc}"]) from None


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
            raise ScenarioError(str(path), ["no such file, nor a ruleset of that name"]) from None
        examples = ruleset.examples()
        if not examples:
            raise ScenarioError(str(path), [f"the {ruleset.name} ruleset ships no example "
                                            "scenario; give a scenario file"])
        path = examples[0]
    data = read_toml(path)
    name = data.get("ruleset")
    if not isinstance(name, str):
        raise ScenarioError(str(path), ["ruleset: expected the name of a ruleset, e.g. "
                                        "ruleset = \"night-watch\""])
    try:
        ruleset = find_ruleset(name)
    except UnknownRuleset as exc:
        raise ScenarioError(str(path), [f"ruleset: {exc}"]) from None
    return ruleset, validate_scenario(ruleset, data, str(path))
