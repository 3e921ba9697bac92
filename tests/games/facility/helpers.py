"""Building worlds for Facility tests: the test building (``building.toml``)
with the characters, items on the floor and settings a test gives."""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from referee.core.i18n import render
from referee.core.scenario import validate_scenario
from referee.games.facility import Facility
from referee.games.facility.model import FacilityScenario, Orders
from referee.games.facility.orders_file import read_orders
from referee.games.facility.resolve import TurnResult, resolve_turn
from referee.games.facility.world import World, build_world

HERE = Path(__file__).parent
BASE: dict[str, Any] = tomllib.loads((HERE / "building.toml").read_text(encoding="utf-8"))
RULESET = Facility()


def scenario(characters: Mapping[str, Any], floor: Mapping[int, list[str]] | None = None,
             settings: Mapping[str, Any] | None = None,
             items: Mapping[str, Any] | None = None,
             camera_readers: Mapping[int, list[str]] | None = None) -> FacilityScenario:
    data = copy.deepcopy(BASE)
    data["characters"] = {name: {"room": 1, **spec} for name, spec in characters.items()}
    for room in data["rooms"]:
        room["items"] = list((floor or {}).get(room["number"], []))
        room["camera_readers"] = list((camera_readers or {}).get(room["number"], []))
    data["settings"].update(settings or {})
    data["items"].update(items or {})
    model = validate_scenario(RULESET, data, "test")
    assert isinstance(model, FacilityScenario)
    return model


def world(characters: Mapping[str, Any], **kwargs: Any) -> World:
    return build_world(scenario(characters, **kwargs))


def resolve(characters: Mapping[str, Any], orders: Mapping[str, Any],
            **kwargs: Any) -> TurnResult:
    parsed = {name: Orders.model_validate(table)
              for name, table in read_orders(orders).items()}
    return resolve_turn(world(characters, **kwargs), parsed)


def report(result: TurnResult, name: str, lang: Any = "en") -> list[str]:
    return [render(line.stamped(), lang) for line in result.report(name)]


def camera(result: TurnResult, room: int) -> list[str]:
    return [render(line.stamped(), "en") for line in result.camera_record(room)]


def text(result: TurnResult, name: str) -> str:
    return "\n".join(report(result, name))


def void(result: TurnResult) -> set[str]:
    return {f"{v.character}.{v.order}" for v in result.void}
