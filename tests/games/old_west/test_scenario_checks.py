"""What the rules cannot play is refused when the scenario is checked, each
problem naming the entry, in English and Russian."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from referee.core.i18n import Msg, render
from referee.core.ruleset import find_ruleset
from referee.core.scenario import validation_problems
from referee.games.old_west.scenario import OldWestScenario
from tests.games.old_west.ow import R, m

HOUSE = {"name": "stone house", "points": [[10, 10], [14, 10], [14, 14], [10, 14]],
         "closed": True, "height": 3}


def problems(law: list[dict[str, Any]], out: list[dict[str, Any]], leader: str | None = None,
             **extra: Any) -> list[str]:
    data = {"table": {"width": 24, "depth": 24},
            "posses": [{"seat": "lawmen", "name": "Lawmen", "models": law},
                       {"seat": "outlaws", "name": "Outlaws", "models": out,
                        "leader": leader}], **extra}
    found = find_ruleset("old-west").check_scenario(OldWestScenario.model_validate(data))
    assert all(isinstance(p, Msg) for p in found)
    return [f"{p.key} | {render(p, 'en')} | {render(p, 'ru')}" for p in found
            if isinstance(p, Msg)]


def test_a_good_scenario_has_no_problem():
    assert problems([m("law", 2, 2)], [m("out", 20, 20)], obstacles=[HOUSE]) == []


def test_a_model_inside_a_building_is_refused_naming_both():
    found = problems([m("law", 12, 12)], [m("out", 20, 20)], obstacles=[HOUSE])
    assert len(found) == 1
    assert found[0].startswith("ow.check.in-obstacle | model law:")
    assert "stone house" in found[0] and "фигурка law" in found[0]


def test_a_base_against_a_building_wall_is_fine():
    assert problems([m("law", 10 - R, 12)], [m("out", 20, 20)], obstacles=[HOUSE]) == []


def test_overlapping_bases_and_a_model_off_the_table():
    found = problems([m("law", 5, 5), m("deputy", 5.5, 5)], [m("out", 23.9, 20)])
    keys = [f.split(" | ")[0] for f in found]
    assert keys == ["ow.check.off-table", "ow.check.overlap"]
    assert "model deputy: its base overlaps the base of law" in found[1]


def test_duplicate_ids_unknown_leader_and_terrain_off_the_table():
    found = problems([m("law", 2, 2)], [m("law", 20, 20)],
                     leader="boss",
                     covers=[{"name": "scrub", "points": [[1, 1], [30, 1], [1, 5]]}])
    keys = sorted(f.split(" | ")[0] for f in found)
    assert keys == ["ow.check.id-twice", "ow.check.leader", "ow.check.point-off-table"]


def test_a_posse_with_no_models_is_refused_by_the_schema():
    with pytest.raises(ValidationError):
        OldWestScenario.model_validate({"posses": [
            {"seat": "lawmen", "name": "Lawmen", "models": []},
            {"seat": "outlaws", "name": "Outlaws", "models": [m("out", 20, 20)]}]})


# -- scenario objectives -------------------------------------------------------------


def objective_problems(objective: dict[str, Any] | None, exit_edge: str | None = None,
                       models: int = 2) -> list[str]:
    outlaws = {"objective": objective, "exit_edge": exit_edge}
    data = {"table": {"width": 24, "depth": 24},
            "posses": [{"seat": "lawmen", "name": "Lawmen", "models": [m("law", 2, 2)]},
                       {"seat": "outlaws", "name": "Outlaws", **outlaws,
                        "models": [m(f"out{i}", 4 + 2 * i, 20) for i in range(models)]}]}
    found = find_ruleset("old-west").check_scenario(OldWestScenario.model_validate(data))
    return [f"{p.key} | {render(p, 'en')} | {render(p, 'ru')}" for p in found
            if isinstance(p, Msg)]


def test_good_objectives_have_no_problem():
    assert objective_problems({"kind": "escape", "models": 2}, "south") == []
    assert objective_problems({"kind": "hold"}) == []
    assert objective_problems(None) == []


def test_an_escape_with_no_exit_edge_is_refused_naming_the_posse_and_the_field():
    found = objective_problems({"kind": "escape", "models": 1})
    assert len(found) == 1
    assert found[0].startswith("ow.check.escape-edge | posse outlaws: objective “escape” "
                               "needs the posse's exit_edge")
    assert "команда outlaws" in found[0] and "exit_edge" in found[0].split(" | ")[2]


def test_an_escape_needs_a_number_of_models_the_posse_has():
    assert [f.split(" | ")[0] for f in objective_problems({"kind": "escape"}, "south")] == [
        "ow.check.escape-models"]
    found = objective_problems({"kind": "escape", "models": 3}, "south", models=2)
    assert len(found) == 1
    assert "objective.models is 3, but the posse has only 2 models" in found[0]


def test_a_hold_counts_no_models():
    found = objective_problems({"kind": "hold", "models": 2})
    assert [f.split(" | ")[0] for f in found] == ["ow.check.hold-models"]
    assert "objective.models" in found[0]


@pytest.mark.parametrize("objective, where, expected", [
    ({"kind": "escpe", "models": 1}, "posses[1] (Outlaws).objective.kind", "escape"),
    ({"kind": "escape", "models": 0}, "posses[1] (Outlaws).objective.models", "1"),
    ({"kind": "hold", "turns": 3}, "posses[1] (Outlaws).objective.turns", "models"),
])
def test_a_misspelt_objective_is_refused_by_the_schema_naming_the_field(objective, where,
                                                                        expected):
    data = {"posses": [{"seat": "lawmen", "name": "Lawmen", "models": [m("law", 2, 2)]},
                       {"seat": "outlaws", "name": "Outlaws", "exit_edge": "south",
                        "objective": objective, "models": [m("out", 20, 20)]}]}
    with pytest.raises(ValidationError) as caught:
        OldWestScenario.model_validate(data)
    found = [render(p, "en") for p in validation_problems(caught.value, OldWestScenario, data)]
    assert len(found) == 1 and found[0].startswith(where) and expected in found[0], found
