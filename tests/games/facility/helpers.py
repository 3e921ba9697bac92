"""Building worlds for Facility tests: the test building (``building.toml``)
with the characters, items on the floor and settings a test gives."""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from referee.core.errors import RefereeError
from referee.core.events import REFEREE
from referee.core.game import Game
from referee.core.scenario import validate_scenario
from referee.display.orders import OrdersDesk
from referee.games.facility.report import camera as camera_token
from referee.games.facility.ruleset import Facility
from referee.games.facility.scenario import FacilityScenario
from referee.games.facility.world import World, build_world

HERE = Path(__file__).parent
BASE: dict[str, Any] = tomllib.loads((HERE / "building.toml").read_text(encoding="utf-8"))
RULESET = Facility()
DESK = OrdersDesk()
"""Reports and records read as ``referee resolve`` reads them."""


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


@dataclass
class Resolved:
    """One turn played through the game: everyone's orders answered, then closed."""

    game: Game
    refused: list[str]
    """Names whose orders were refused whole: no such seat, or not a table."""

    @property
    def world(self) -> World:
        world: World = self.game.state.world
        return world

    def clauses(self) -> set[str | None]:
        """The clauses the game master's log cites."""
        return {event.clause for event in self.game.log_for(REFEREE)}


def resolve(characters: Mapping[str, Any], orders: Mapping[str, Any],
            **kwargs: Any) -> Resolved:
    game = Game(RULESET, scenario(characters, **kwargs))
    refused = []
    for name, table in orders.items():
        try:
            game.answer(name, table)
        except RefereeError:
            refused.append(name)
    game.close()
    return Resolved(game, refused)


def report(result: Resolved, name: str, lang: Any = "en") -> list[str]:
    """``name``'s report, in its own wording."""
    return DESK.report(result.game.log_for(name), name, lang)


def camera(result: Resolved, room: int) -> list[str]:
    return DESK.record(result.game.log_for(REFEREE), camera_token(room), "en")


def text(result: Resolved, name: str) -> str:
    return "\n".join(report(result, name))


def void(result: Resolved) -> set[str]:
    """Every void order as ``NAME.ORDER``: refused whole (``(all)``), void by
    its shape when answered, or void against the world at the deadline, as
    the facts of the game master's log say."""
    found = {f"{name}.(all)" for name in result.refused}
    for event in result.game.log_for(REFEREE):
        facts = event.facts_for(REFEREE)
        if facts is not None and facts["kind"] == "void":
            found.add(f"{facts['seat']}.{facts['part']}")
    return found
