"""The names a Samurai scenario gives that must be one of the game's own (a
fighter's armour and missile weapon, a piece of terrain's cover) are refused,
when misspelt, with the closest one and the list, in English and Russian.
Samurai's own checks name no entry of the file by its id, so these are all
the names a Samurai scenario can get wrong."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from referee.core.errors import ScenarioError
from referee.core.i18n import render
from referee.core.ruleset import find_ruleset
from referee.core.scenario import read_toml, validate_scenario

RULESET = find_ruleset("samurai")
EXAMPLE = read_toml(RULESET.examples()[0])


@pytest.mark.parametrize(("path", "value", "field", "meant", "known"), [
    (("bands", 0, "fighters", 1, "missile"), "tepo",
     "bands[0] (the Retainers).fighters[1] (ashigaru_teppo).missile", "teppo",
     "shuriken, teppo, yumi"),
    (("bands", 0, "fighters", 0, "armour"), "hevy",
     "bands[0] (the Retainers).fighters[0] (hatamoto).armour", "heavy",
     "none, light, medium, heavy"),
    (("terrain", 0, "cover"), "lihgt", "terrain[0]", "light", "light, heavy"),
])
def test_a_misspelt_name_gets_the_closest_one_and_the_list_in_both_languages(
        path: tuple[str | int, ...], value: str, field: str, meant: str, known: str) -> None:
    data = copy.deepcopy(EXAMPLE)
    node: Any = data
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value
    with pytest.raises(ScenarioError) as caught:
        validate_scenario(RULESET, data, "retainers_and_bandits.toml")
    english, = [render(p, "en") for p in caught.value.messages]
    russian, = [render(p, "ru") for p in caught.value.messages]
    assert english.startswith(field)
    assert f"(did you mean `{meant}`?)" in english and known in english
    assert f"(может быть, `{meant}`?)" in russian and known in russian
