"""What the rules cannot play is refused when the scenario is checked, each
problem naming the entry, in English and Russian."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from referee.core.i18n import Msg, render
from referee.core.ruleset import find_ruleset
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
