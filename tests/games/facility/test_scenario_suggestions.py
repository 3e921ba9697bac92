"""A scenario that names a character, room, item, ability or place no entry
has is refused with the closest name the file has and the names it could have
meant, in English and Russian."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from referee.core.errors import ScenarioError
from referee.core.i18n import render
from referee.core.ruleset import find_ruleset
from referee.core.scenario import read_toml, validate_scenario

RULESET = find_ruleset("facility")
EXAMPLE = read_toml(RULESET.examples()[0])
Edit = Callable[[dict[str, Any]], None]


def refused(edit: Edit) -> tuple[list[str], list[str]]:
    data = copy.deepcopy(EXAMPLE)
    edit(data)
    with pytest.raises(ScenarioError) as caught:
        validate_scenario(RULESET, data, "research_wing.toml")
    return ([render(p, "en") for p in caught.value.messages],
            [render(p, "ru") for p in caught.value.messages])


def reader(data: dict[str, Any]) -> None:
    data["rooms"][0]["camera_readers"] = ["borris"]


def item_in_room(data: dict[str, Any]) -> None:
    data["rooms"][3]["items"] = ["crowbr"]


def character_room(data: dict[str, Any]) -> None:
    data["characters"]["gleb"]["room"] = 55


def door_room(data: dict[str, Any]) -> None:
    data["doors"][0]["rooms"] = [1, 33]


def ability(data: dict[str, Any]) -> None:
    data["items"]["pistol"]["abilities"] = ["shoot"]


def carry_place(data: dict[str, Any]) -> None:
    data["items"]["folder"]["carry"] = ["hands", "inventory", "bodyy"]


def worn_place(data: dict[str, Any]) -> None:
    data["characters"]["boris"]["worn"] = {"belt": ["pistol"], "bdy": ["badge"]}


@pytest.mark.parametrize(("edit", "english", "russian"), [
    (reader, "rooms[0].camera_readers[0]: no character “borris” (did you mean `boris`?); "
             "known: anna, boris, vera, gleb",
     "rooms[0].camera_readers[0]: нет персонажа «borris» (может быть, `boris`?); "
     "известные: anna, boris, vera, gleb"),
    (item_in_room, "rooms[3].items[0]: no item “crowbr” (did you mean `crowbar`?); "
                   "known: pistol, keycard, sample, crowbar, folder, badge",
     "rooms[3].items[0]: нет предмета «crowbr» (может быть, `crowbar`?); "
     "известные: pistol, keycard, sample, crowbar, folder, badge"),
    (character_room, "characters.gleb.room: no room 55 (did you mean `5`?); "
                     "known: 1, 2, 3, 4, 5, 6",
     "characters.gleb.room: нет комнаты 55 (может быть, `5`?); известные: 1, 2, 3, 4, 5, 6"),
    (door_room, "doors[0].rooms[1]: no room 33 (did you mean `3`?); known: 1, 2, 3, 4, 5, 6",
     "doors[0].rooms[1]: нет комнаты 33 (может быть, `3`?); известные: 1, 2, 3, 4, 5, 6"),
    (ability, "items.pistol.abilities[0]: unknown ability “shoot” (did you mean `shot`?); "
              "known: shot",
     "items.pistol.abilities[0]: неизвестная способность «shoot» (может быть, `shot`?); "
     "известные: shot"),
    (carry_place, "items.folder.carry[2]: unknown place “bodyy” (did you mean `body`?); "
                  "known: belt, body, hands, inventory",
     "items.folder.carry[2]: неизвестное место «bodyy» (может быть, `body`?); "
     "известные: belt, body, hands, inventory"),
    (worn_place, "characters.boris.worn.bdy: no worn place “bdy” (did you mean `body`?); "
                 "known: belt, body",
     "characters.boris.worn.bdy: нет места на теле «bdy» (может быть, `body`?); "
     "известные: belt, body"),
])
def test_a_misspelt_reference_gets_the_closest_name_and_the_list_in_both_languages(
        edit: Edit, english: str, russian: str) -> None:
    assert refused(edit) == ([english], [russian])


def test_a_name_like_none_of_them_gets_only_the_list():
    def nobody(data: dict[str, Any]) -> None:
        data["rooms"][0]["camera_readers"] = ["zed"]
    assert refused(nobody)[0] == [
        "rooms[0].camera_readers[0]: no character “zed”; known: anna, boris, vera, gleb"]


def test_a_long_list_shows_a_dozen_names_and_counts_the_rest():
    def many(data: dict[str, Any]) -> None:
        data["items"].update({f"note-{n}": {"kind": "note"} for n in range(1, 10)})
        data["rooms"][3]["items"] = ["note-100"]
    english, russian = refused(many)
    first = ("pistol, keycard, sample, crowbar, folder, badge, "
             "note-1, note-2, note-3, note-4, note-5, note-6")
    assert english == ["rooms[3].items[0]: no item “note-100” (did you mean `note-1`?); "
                       f"known: {first}, and 3 more"]
    assert russian == ["rooms[3].items[0]: нет предмета «note-100» (может быть, `note-1`?); "
                       f"известные: {first}, и ещё 3"]
