"""Scenario files: every problem reported at once, with the file and the field."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pydantic import BaseModel, ConfigDict, Field

from referee.core.errors import ScenarioError
from referee.core.i18n import msg
from referee.core.ruleset import Flow, GameState, Ruleset, ruleset_names
from referee.core.scenario import field_path, load_scenario, validate_scenario
from referee.core.waits import JSON
from tests.core.toy import registered


class Other(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    initiative: int = Field(ge=1, le=6)


class MusterScenario(BaseModel):
    model_config = ConfigDict(extra="forbid")
    title: str
    turns: int
    others: list[Other] = []


class Muster(Ruleset[MusterScenario, GameState]):
    """A ruleset that only has a scenario: a muster of Others."""

    name = "muster"
    aliases = ("roll-call",)
    title = msg("muster.title")
    scenario_model = MusterScenario

    def seats(self, scenario: MusterScenario) -> tuple[str, ...]:
        return tuple(other.name for other in scenario.others)

    def check_scenario(self, scenario: MusterScenario) -> list[str]:
        names = [other.name for other in scenario.others]
        return [f"others[{i}].name: {name!r} is used twice; each Other needs its own name"
                for i, name in enumerate(names) if name in names[:i]]

    def new_state(self, scenario: MusterScenario) -> GameState:
        return GameState()

    def play(self, state: GameState) -> Flow:
        yield from ()

    def view(self, state: GameState, seat: str) -> dict[str, JSON]:
        return {}


@pytest.fixture(autouse=True)
def muster_registered() -> Iterator[None]:
    with registered(Muster):
        yield


def scenario_file(tmp_path: Path, text: str, name: str = "muster.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


GOOD = """\
ruleset = "muster"
title = "Night patrol"
turns = 3

[[others]]
name = "anton"
initiative = 2

[[others]]
name = "olga"
initiative = 5
"""

FIVE_MISTAKES = """\
ruleset = "muster"
turns = "ten"
colour = "red"

[[others]]
initiative = 2

[[others]]
name = "olga"
initiative = 5

[[others]]
name = "semyon"
initiative = 9
"""


def test_a_good_scenario_loads_into_its_ruleset_model(tmp_path: Path) -> None:
    ruleset, scenario = load_scenario(scenario_file(tmp_path, GOOD))
    assert ruleset.name == "muster"
    assert isinstance(scenario, MusterScenario)
    assert [(o.name, o.initiative) for o in scenario.others] == [("anton", 2), ("olga", 5)]


def test_five_mistakes_give_five_messages_each_with_the_file_and_the_field(
        tmp_path: Path) -> None:
    path = scenario_file(tmp_path, FIVE_MISTAKES)
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    error = caught.value
    assert error.source == str(path)
    assert len(error.problems) == 5
    fields = {"title", "turns", "colour", "others[0].name", "others[2] (semyon).initiative"}
    assert {problem.split(":")[0] for problem in error.problems} == fields
    lines = str(error).splitlines()
    assert "5 problems" in lines[0]
    for line, problem in zip(lines[1:], error.problems, strict=True):
        assert line.strip() == f"{path}: {problem}"
    initiative = next(p for p in error.problems if p.startswith("others[2] (semyon).initiative"))
    assert "at most 6, got 9" in initiative
    turns = next(p for p in error.problems if p.startswith("turns"))
    assert '"ten"' in turns


def test_schema_problems_and_the_rulesets_checks_come_in_one_run(tmp_path: Path) -> None:
    text = GOOD.replace('name = "olga"', 'name = "anton"').replace("turns = 3", "turns = \"x\"")
    text = text.replace("initiative = 2", "initiative = 2\nspeed = 4")
    with pytest.raises(ScenarioError) as caught:
        load_scenario(scenario_file(tmp_path, text))
    assert caught.value.problems == [
        'turns: expected a whole number, got "x"',
        "others[0] (anton).speed: unknown field `speed`; valid fields: name, initiative",
        "others[1].name: 'anton' is used twice; each Other needs its own name"]


def test_a_misspelt_field_gets_the_close_match_and_the_valid_names(tmp_path: Path) -> None:
    text = GOOD.replace("turns = 3", "turnz = 3")
    with pytest.raises(ScenarioError) as caught:
        load_scenario(scenario_file(tmp_path, text))
    assert caught.value.problems == [
        "turns: required field `turns` is missing",
        "turnz: unknown field `turnz` (did you mean `turns`?); valid fields: title, turns, others"]
    russian = caught.value.render("ru")
    assert "нет обязательного поля `turns`" in russian
    assert "неизвестное поле `turnz` (может быть, `turns`?)" in russian


def test_the_rulesets_own_checks_run_once_the_schema_is_met(tmp_path: Path) -> None:
    text = GOOD.replace('name = "olga"', 'name = "anton"')
    with pytest.raises(ScenarioError) as caught:
        load_scenario(scenario_file(tmp_path, text))
    assert caught.value.problems == [
        "others[1].name: 'anton' is used twice; each Other needs its own name"]


def test_bad_toml_names_the_file(tmp_path: Path) -> None:
    path = scenario_file(tmp_path, 'ruleset = "muster"\ntitle = \n', name="broken.toml")
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    assert caught.value.source == str(path)
    assert "not valid TOML" in caught.value.problems[0]
    assert str(path) in str(caught.value)


def test_bad_toml_says_where_in_the_readers_language(tmp_path: Path) -> None:
    path = scenario_file(tmp_path, 'ruleset = "muster"\ntitle = \n', name="broken.toml")
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    assert caught.value.render("en").endswith("not valid TOML: a mistake at line 2, column 9")
    assert caught.value.render("ru").endswith("это не TOML: ошибка в строке 2, позиция 9")


def test_a_missing_ruleset_key_is_reported(tmp_path: Path) -> None:
    path = scenario_file(tmp_path, GOOD.replace('ruleset = "muster"\n', ""))
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    assert caught.value.problems[0].startswith("ruleset:")
    assert str(path) in str(caught.value)


def test_an_unknown_ruleset_lists_the_known_ones(tmp_path: Path) -> None:
    path = scenario_file(tmp_path, GOOD.replace('"muster"', '"musterr"'))
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    problem = caught.value.problems[0]
    assert "musterr" in problem and "did you mean `muster`?" in problem
    known = problem.split("known:")[1]
    for name in ruleset_names():
        assert name in known
    assert "muster" in known


def test_a_ruleset_is_found_by_an_alias_and_with_either_separator(tmp_path: Path) -> None:
    ruleset, _ = load_scenario(scenario_file(tmp_path, GOOD.replace('"muster"', '"Roll_Call"')))
    assert ruleset.name == "muster"


def test_a_missing_file_is_reported(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="no such file"):
        load_scenario(tmp_path / "absent.toml")
    with pytest.raises(ScenarioError, match="nor a ruleset"):
        load_scenario("no-such-thing")


def test_a_ruleset_name_without_example_scenarios_is_reported() -> None:
    with pytest.raises(ScenarioError, match="no example"):
        load_scenario("muster")


def test_validate_scenario_reports_every_schema_problem_with_the_given_source() -> None:
    data = {"ruleset": "muster", "title": 7, "others": [{"name": "a", "initiative": 0}]}
    with pytest.raises(ScenarioError) as caught:
        validate_scenario(Muster(), data, "inline")
    assert caught.value.source == "inline"
    assert {p.split(":")[0] for p in caught.value.problems} == {
        "title", "turns", "others[0] (a).initiative"}


@pytest.mark.parametrize(("loc", "text"), [
    (("others", 2, "initiative"), "others[2].initiative"),
    (("title",), "title"),
    ((0, "name"), "[0].name"),
    (("grid", 1, 2), "grid[1][2]"),
    ((), "(top level)"),
])
def test_field_path_reads_like_the_file(loc: tuple[int | str, ...], text: str) -> None:
    assert field_path(loc) == text
