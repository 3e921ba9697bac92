"""A scenario that names a Location, item, investigator or enemy no entry has
is refused with the closest id the file has and the ids it could have meant,
in English and Russian; a long list shows a dozen and counts the rest."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from referee.core.errors import ScenarioError
from referee.core.i18n import render
from referee.core.ruleset import find_ruleset
from referee.core.scenario import read_toml, validate_scenario

RULESET = find_ruleset("echo")
EXAMPLE = read_toml(RULESET.examples()[0])
Edit = Callable[[dict[str, Any]], None]
PLACES = ("house_by_bridge, glutton, echo_ridge, left_bank, old_city, old_coins, new_city, rulh, "
          "kholomi, port, market, khmiro")


def refused(edit: Edit) -> tuple[list[str], list[str]]:
    data = copy.deepcopy(EXAMPLE)
    edit(data)
    with pytest.raises(ScenarioError) as caught:
        validate_scenario(RULESET, data, "one_day_in_echo.toml")
    return ([render(p, "en") for p in caught.value.messages],
            [render(p, "ru") for p in caught.value.messages])


def location(data: dict[str, Any]) -> None:
    data["investigators"][2]["location"] = "gluton"


def item(data: dict[str, Any]) -> None:
    data["investigators"][0]["items"] = ["amobiler", "spit", "spere"]


def investigator(data: dict[str, Any]) -> None:
    data["settings"]["melifaro"] = "melifar"


def enemy(data: dict[str, Any]) -> None:
    data["settings"]["targets"] = ["ghost", "magistr"]


@pytest.mark.parametrize(("edit", "english", "russian"), [
    (location, "investigators[2].location: no Location `gluton` (did you mean `glutton`?); "
               f"Locations: {PLACES}, and 2 more",
     "investigators[2].location: нет локации `gluton` (может быть, `glutton`?); "
     f"локации: {PLACES}, и ещё 2"),
    (item, "investigators[0].items[2]: no item `spere` (did you mean `sphere`?); "
           "items: amobiler, spit, sphere, dark_path, balm",
     "investigators[0].items[2]: нет предмета `spere` (может быть, `sphere`?); "
     "предметы: amobiler, spit, sphere, dark_path, balm"),
    (investigator, "settings.melifaro: no investigator `melifar` (did you mean `melifaro`?); "
                   "investigators: max, melifaro, juffin, kofa",
     "settings.melifaro: нет Сыщика `melifar` (может быть, `melifaro`?); "
     "Сыщики: max, melifaro, juffin, kofa"),
    (enemy, "settings.targets[1]: no enemy `magistr` (did you mean `magister`?); "
            "enemies: ghost, smuggler, magister, dead, mirror, thief",
     "settings.targets[1]: нет врага `magistr` (может быть, `magister`?); "
     "враги: ghost, smuggler, magister, dead, mirror, thief"),
])
def test_a_misspelt_reference_gets_the_closest_id_and_the_list_in_both_languages(
        edit: Edit, english: str, russian: str) -> None:
    assert refused(edit) == ([english], [russian])


def test_a_gate_to_a_misspelt_world_location_is_told_the_one_meant():
    def gate(data: dict[str, Any]) -> None:
        data["gates"][0]["to"] = "khmro"
    english, _ = refused(gate)
    assert english == ["gates[0].to: no Location `khmro` (did you mean `khmiro`?); "
                       f"Locations: {PLACES}, and 2 more"]


def test_an_id_like_none_of_them_gets_only_the_list():
    def nobody(data: dict[str, Any]) -> None:
        data["settings"]["first_player"] = "lonli"
    english, _ = refused(nobody)
    assert english == ["settings.first_player: no investigator `lonli`; "
                       "investigators: max, melifaro, juffin, kofa"]
