"""Fuzzed scenario and save files: whatever is in them, loading ends in a
documented error (ScenarioError, SaveFileError) or a game, never a traceback."""

from __future__ import annotations

import contextlib
import copy
import json
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core.errors import SaveFileError, ScenarioError
from referee.core.game import Game
from referee.core.i18n import render
from referee.core.ruleset import AnyRuleset, all_rulesets
from referee.core.savefile import game_from_json, game_to_json
from referee.core.scenario import validate_scenario
from tests.core.toy import Solo, SoloScenario, Toy, ToyScenario, registered

FUZZ = settings(max_examples=60, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6),
                    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=12))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12)


def examples() -> list[tuple[AnyRuleset, dict[str, Any]]]:
    found = []
    for ruleset in all_rulesets():
        for path in ruleset.examples()[:1]:
            found.append((ruleset, tomllib.loads(path.read_text(encoding="utf-8"))))
    return found


EXAMPLES = examples()


@pytest.fixture(autouse=True)
def toys() -> Iterator[None]:
    with registered(Toy, Solo):
        yield


def only_scenario_errors(ruleset: AnyRuleset, data: dict[str, Any]) -> None:
    try:
        validate_scenario(ruleset, data, "fuzzed.toml")
    except ScenarioError as exc:
        assert exc.problems
        for lang in ("en", "ru"):
            assert exc.render(lang)


@FUZZ
@given(data=st.dictionaries(st.text(max_size=10), values, max_size=6))
def test_random_tables_give_scenario_errors_only(data: dict[str, Any]) -> None:
    rulesets: list[AnyRuleset] = [Toy(), Solo(), *(r for r, _ in EXAMPLES)]
    for ruleset in rulesets:
        only_scenario_errors(ruleset, data)


def leaves(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path] if path else []
    if isinstance(node, dict):
        for key, value in node.items():
            found += leaves(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += leaves(value, (*path, index))
    return found


def mutate(data: Any, choice: st.DataObject) -> Any:
    data = copy.deepcopy(data)
    for _ in range(choice.draw(st.integers(1, 4))):
        places = leaves(data)
        if not places:
            break
        path = choice.draw(st.sampled_from(places))
        parent = data
        for part in path[:-1]:
            parent = parent[part]
        how = choice.draw(st.sampled_from(["replace", "delete", "add"]))
        if how == "replace":
            parent[path[-1]] = choice.draw(values)
        elif how == "delete":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[choice.draw(st.text(max_size=8))] = choice.draw(values)
        else:
            parent.append(choice.draw(values))
    return data


@pytest.mark.skipif(not EXAMPLES, reason="no ruleset with an example loads")
@FUZZ
@given(choice=st.data())
def test_mutated_example_scenarios_give_scenario_errors_only(choice: st.DataObject) -> None:
    ruleset, data = choice.draw(st.sampled_from(EXAMPLES))
    only_scenario_errors(ruleset, mutate(data, choice))


def saved_games() -> list[dict[str, Any]]:
    toy = Game(Toy(), ToyScenario(deck=["A", "B", "C", "A", "B"]))
    toy.feed("B", "A", "C", "B")
    toy.answer("north", "C")
    solo = Game(Solo(), SoloScenario(options=3))
    solo.feed(2, 4, [1, "x"])
    return [json.loads(json.dumps(game_to_json(game))) for game in (toy, solo)]


SAVED = saved_games()


@FUZZ
@given(choice=st.data())
def test_mutated_save_files_give_save_file_errors_only(choice: st.DataObject) -> None:
    data = mutate(choice.draw(st.sampled_from(SAVED)), choice)
    try:
        game_from_json(data, "fuzzed.json")
    except SaveFileError as exc:
        assert "fuzzed.json" in str(exc)
        assert render(exc.message, "ru")


@FUZZ
@given(data=values)
def test_random_json_gives_save_file_errors_only(data: Any) -> None:
    with contextlib.suppress(SaveFileError):
        game_from_json(data, "fuzzed.json")


def test_a_scenario_file_that_is_not_toml_is_a_scenario_error(tmp_path: Path) -> None:
    from referee.core.scenario import load_scenario

    path = tmp_path / "bad.toml"
    path.write_bytes(b"\xff\xfe ruleset = [")
    with pytest.raises(ScenarioError):
        load_scenario(path)
