"""The typed view contract (referee.core.views): every view of every seat in
random playouts of every ruleset fits that ruleset's published JSON Schema;
every log line carries its facts as data, every option its meaning, every
chance its label; and no part of a view is JSON written inside a string."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from random import Random
from typing import Any

import jsonschema  # type: ignore[import-untyped]
import pytest

from referee.bots import random_bot
from referee.core.drivers import RandomChance, play_out
from referee.core.events import REFEREE
from referee.core.game import Game
from referee.core.ruleset import AnyRuleset, all_rulesets, find_ruleset
from referee.core.scenario import load_scenario
from referee.core.views import view_model_of, view_schema

EXAMPLES = [pytest.param(path, id=f"{ruleset.name}/{path.stem}")
            for ruleset in all_rulesets() for path in ruleset.examples()]
RULESETS = [pytest.param(ruleset.name, id=ruleset.name) for ruleset in all_rulesets()]
POSITIONS = 40


def views_of_a_playout(path: Path, seed: int) -> Iterator[tuple[AnyRuleset, dict[str, Any]]]:
    """Every seat's and the referee's view at some moments of a random game."""
    ruleset, scenario = load_scenario(path)
    played = Game(ruleset, scenario)
    bot = random_bot(Random(seed))
    play_out(played, dict.fromkeys(played.seats, bot), RandomChance(Random(-seed)),
             max_inputs=5_000)
    count = len(played.inputs)
    moments = sorted({0, count, *Random(seed).sample(range(count), min(POSITIONS, count))})
    game = Game(ruleset, scenario)
    for index in moments:
        while len(game.inputs) < index:
            game.apply(played.inputs[len(game.inputs)])
        for seat in (*game.seats, REFEREE):
            yield ruleset, json.loads(json.dumps(game.view(seat)))


def strings_holding_json(value: Any, path: str = "") -> Iterator[str]:
    if isinstance(value, str) and value[:1] in "{[" and value[-1:] in "}]":
        try:
            json.loads(value)
        except ValueError:
            return
        yield path
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from strings_holding_json(item, f"{path}/{key}")
    elif isinstance(value, list):
        for n, item in enumerate(value):
            yield from strings_holding_json(item, f"{path}/{n}")


class ViewChecker:
    """A ruleset's published schema, checking a view's envelope and state
    each time and each distinct log line once (a seat's later views repeat
    its earlier lines)."""

    def __init__(self, ruleset: AnyRuleset) -> None:
        schema = view_schema(ruleset)
        jsonschema.Draft202012Validator.check_schema(schema)
        self.view = jsonschema.Draft202012Validator(schema)
        line = {"$defs": schema.get("$defs", {}), **schema["properties"]["log"]["items"]}
        self.line = jsonschema.Draft202012Validator(line)
        self.lines_seen: set[str] = set()

    def problems(self, view: dict[str, Any]) -> list[str]:
        found = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
                 for e in self.view.iter_errors({**view, "log": []})]
        for n, line in enumerate(view["log"]):
            text = json.dumps(line, sort_keys=True)
            if text not in self.lines_seen:
                self.lines_seen.add(text)
                found += [f"log/{n}/{'/'.join(map(str, e.absolute_path))}: {e.message}"
                          for e in self.line.iter_errors(line)]
        return found


@pytest.mark.parametrize("path", EXAMPLES)
def test_every_view_fits_the_published_view_schema(path: Path):
    checkers: dict[str, ViewChecker] = {}
    for ruleset, view in views_of_a_playout(path, 41):
        checker = checkers.get(ruleset.name) or checkers.setdefault(ruleset.name,
                                                                  ViewChecker(ruleset))
        problems = checker.problems(view)
        assert problems == [], f"{view['seat']}: {problems[:5]}"


def test_a_log_line_that_breaks_the_schema_is_caught():
    """The checker is not blind: a fact with a wrong type, or none, fails."""
    first = all_rulesets()[0].examples()[0]
    ruleset, view = next(views_of_a_playout(first, 41))
    game_line = {"key": "x", "params": {}, "public": True, "facts": {"kind": "no-such-kind"}}
    assert ViewChecker(ruleset).problems({**view, "log": [game_line]})
    assert ViewChecker(ruleset).problems({**view, "state": {}})


@pytest.mark.parametrize("name", RULESETS)
def test_every_ruleset_declares_its_typed_view(name: str):
    ruleset = find_ruleset(name)
    assert ruleset.view_model is not None, "no view_model: the state part is untyped"
    assert ruleset.facts_model is not None, "no facts_model: log lines carry no data"
    assert ruleset.meaning_model is not None, "no meaning_model: options say nothing as data"
    assert ruleset.chance_model is not None, "no chance_model: chances say nothing as data"


@pytest.mark.parametrize("path", EXAMPLES)
def test_every_log_line_option_and_chance_says_what_it_is_as_data(path: Path):
    seen_chance = False
    ruleset, _ = load_scenario(path)
    for _, view in views_of_a_playout(path, 43):
        for line in view["log"]:
            assert isinstance(line.get("facts"), dict) and line["facts"].get("kind"), \
                f"{line['key']} carries no facts"
        waiting = view["waiting"] or {}
        for option in waiting.get("options") or ():
            assert isinstance(option.get("meaning"), dict), \
                f"{waiting['decision']['key']}: option {option['value']!r} has no meaning"
        if "chance" in waiting:
            seen_chance = True
            assert isinstance(waiting.get("label"), dict), \
                f"{waiting['chance']['key']} has no label"
        assert list(strings_holding_json(view["state"])) == []
    assert seen_chance or not ruleset.has_chance


@pytest.mark.parametrize("path", EXAMPLES)
def test_a_view_reads_back_as_the_typed_model(path: Path):
    """A reader that wants typed access gets it: the view validates as the
    ruleset's pydantic model and writes back to the same JSON."""
    for ruleset, view in views_of_a_playout(path, 47):
        model = view_model_of(ruleset).model_validate(view)
        again = model.model_dump(mode="json", exclude_unset=True)
        assert again == view


def test_a_void_part_says_why_as_data_where_the_ruleset_gives_it():
    """A part of an answer that will not be carried out carries, beside its
    words, why as data (``code`` and ``about``), in the seat's view as it
    answers and in the facts of the line that tells it; a line that gives
    none, as the core's void facts always were, still fits the schema."""
    ruleset, scenario = load_scenario("facility")
    game = Game(ruleset, scenario)
    checker = ViewChecker(ruleset)
    game.answer("anna", {"bogus": 1, "move": {"route": ["west"]}})
    view = json.loads(json.dumps(game.view("anna")))
    assert checker.problems(view) == []
    assert [(part["part"], part["code"], part["about"])
            for part in view["waiting"]["your_void_parts"]] == [
        ("bogus", "no-order", {"order": "bogus"}),
        ("move", "no-door", {"door": "west", "room": 1})]
    game.close()
    view = json.loads(json.dumps(game.view("anna")))
    assert checker.problems(view) == []
    voids = [line["facts"] for line in view["log"] if line["facts"]["kind"] == "void"]
    assert sorted((f["part"], f["code"], f["about"]) for f in voids) == [
        ("bogus", "no-order", {"order": "bogus"}),
        ("move", "no-door", {"door": "west", "room": 1})]
    facts: dict[str, Any] = {"kind": "void", "seat": "anna", "part": "move"}
    bare = {"key": "x", "params": {}, "public": False, "facts": facts}
    assert checker.problems({**view, "log": [bare]}) == []
    wrong = {**bare, "facts": {**facts, "code": 3}}
    assert checker.problems({**view, "log": [wrong]})
