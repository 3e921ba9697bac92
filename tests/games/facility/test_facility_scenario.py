"""Facility scenarios that cannot be played are refused with every problem
named by field, and the game is never built from them."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from referee.core.errors import ScenarioError
from referee.core.scenario import validate_scenario
from tests.games.facility.helpers import BASE, RULESET


def problems(change: dict[str, Any]) -> str:
    data = copy.deepcopy(BASE)
    data["characters"] = {"ann": {"room": 1}}
    for index, fields in change.get("rooms", {}).items():
        data["rooms"][index].update(fields)
    with pytest.raises(ScenarioError) as refused:
        validate_scenario(RULESET, data, "block.toml")
    return str(refused.value)


def test_camera_readers_must_be_characters_of_a_room_with_a_camera() -> None:
    text = problems({"rooms": {0: {"camera_readers": ["ann"]},
                               1: {"camera_readers": ["ann", "zed"]}}})
    assert "rooms[0].camera_readers: room 1 has no camera" in text
    assert "rooms[1].camera_readers[1]: no character “zed”" in text
    assert "rooms[1].camera_readers[0]" not in text


def test_problems_read_in_russian_with_the_fields_named() -> None:
    data = copy.deepcopy(BASE)
    data["characters"] = {"ann": {"room": 9}}
    data["rooms"][0]["camera_readers"] = ["zed"]
    with pytest.raises(ScenarioError) as refused:
        validate_scenario(RULESET, data, "block.toml")
    text = refused.value.render("ru")
    assert "characters.ann.room: нет комнаты 9" in text
    assert "rooms[0].camera_readers: в комнате 1 нет камеры" in text
    assert "rooms[0].camera_readers[0]: нет персонажа «zed»" in text
