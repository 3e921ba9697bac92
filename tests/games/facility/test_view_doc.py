"""The ruleset page's "The seat's view" runs: its state excerpt is a real view
of the example game, and its table gives every kind of fact the view
declares, each with an example that reads as that kind."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any, get_args

from pydantic import TypeAdapter

from referee.core.game import Game
from referee.core.scenario import load_scenario
from referee.games.facility import view

ROOT = Path(__file__).resolve().parents[3]
PAGE = (ROOT / "docs" / "rulesets" / "facility.md").read_text(encoding="utf-8")
SECTION = PAGE.split("## The seat's view")[1].split("\n## ")[0]
ORDERS = ROOT / "src/referee/games/facility/scenarios/research_wing_orders/turn1.toml"
ROW = re.compile(r"^\| `([a-z-]+)` \| .* \| `(\{.*\})` \|$", re.M)


def within(part: Any, whole: Any) -> bool:
    """Every key and value of ``part`` is in ``whole`` (lists and values equal)."""
    if isinstance(part, dict):
        return isinstance(whole, dict) and all(
            key in whole and within(value, whole[key]) for key, value in part.items())
    return bool(part == whole)


def test_the_state_excerpt_is_boriss_view_after_the_first_turn() -> None:
    ruleset, scenario = load_scenario("facility")
    game = Game(ruleset, scenario)
    orders = tomllib.loads(ORDERS.read_text(encoding="utf-8"))
    for seat in game.seats:
        game.answer(seat, orders.get(seat, {}))
    game.close()
    excerpt = json.loads(SECTION.split("```json\n")[1].split("```")[0])
    assert within(excerpt, json.loads(json.dumps(game.view("boris")["state"])))


def test_every_kind_of_fact_is_in_the_table_with_an_example_of_its_kind() -> None:
    rows = {kind: json.loads(example) for kind, example in ROW.findall(SECTION)}
    declared = {get_args(model.model_fields["kind"].annotation)[0]
                for model in get_args(view.FacilityFacts)}
    assert set(rows) == declared | {"void"}
    facts: TypeAdapter[Any] = TypeAdapter(view.FacilityFacts)
    for kind, example in rows.items():
        assert example["kind"] == kind
        if kind != "void":
            assert facts.validate_python(example).model_dump(
                mode="json", exclude_unset=True) == example, kind
