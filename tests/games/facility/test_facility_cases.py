"""The case corpus (in the style of the Diplomacy Adjudicator Test Cases): each
file in ``cases/`` is a state on the test building, everyone's orders and the
expected result, worked out by hand from the rulebook and the house rules.

A case file holds:

- ``title`` (one line) and ``clauses`` (the CHAT clauses it tests);
- ``[characters.NAME]`` as in a scenario (room defaults to 1), ``[floor]``
  (room -> items lying there), ``[settings]`` and ``[items.ID]`` on top of
  the test building (``building.toml``); ``[camera_readers]`` (camera room ->
  characters who read its record);
- ``[orders.NAME]`` as in an orders file;
- ``[expect.characters.NAME]``: any of ``room``, ``concentration``, ``health``,
  ``hands``, ``inventory``, ``worn.PLACE``, ``report`` (lines the English report
  must contain), ``report_ru`` (the same in Russian), ``not_in_report`` (text no
  line may contain);
- ``[expect]``: ``void`` (every void order, ``NAME.ORDER``), ``cameras.ROOM``
  (the whole record), ``floor.ROOM``, ``gm_clauses`` (clauses the game master's
  log must cite).
"""

from __future__ import annotations

import json
import tomllib
from fractions import Fraction
from pathlib import Path
from typing import Any, get_args

import pytest

from referee.core.events import REFEREE
from referee.core.game import Game
from referee.core.readonly import ReadOnlyDict, ReadOnlyList
from referee.core.views import view_model_of
from referee.games.facility import view
from tests.games.facility.helpers import RULESET, Resolved, camera, report, resolve, void

CASES = sorted((Path(__file__).parent / "cases").glob("*.toml"))
KINDS_SEEN: set[str] = set()
"""The kinds of facts the corpus's logs carry, gathered as the cases run."""


def load(path: Path) -> dict[str, Any]:
    return tomllib.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_case(path: Path) -> None:
    case = load(path)
    check_views(resolve_case(case).game)
    assert case["title"] and case["clauses"], f"{path.name}: a title and clauses are required"
    result = resolve_case(case)
    expect = case.get("expect", {})
    for name, wanted in expect.get("characters", {}).items():
        who = result.world.characters[name]
        if "room" in wanted:
            assert who.room == wanted["room"], f"{name}.room"
        if "concentration" in wanted:
            assert who.concentration == Fraction(wanted["concentration"]), f"{name}.concentration"
        if "health" in wanted:
            assert who.health == wanted["health"], f"{name}.health"
        for place in ("hands", "inventory"):
            if place in wanted:
                assert getattr(who, place) == wanted[place], f"{name}.{place}"
        for place, items in wanted.get("worn", {}).items():
            assert who.worn.get(place, []) == items, f"{name}.worn.{place}"
        lines = report(result, name)
        for line in wanted.get("report", []):
            assert line in lines, f"{name}'s report lacks {line!r}: {lines}"
        russian = report(result, name, "ru")
        for line in wanted.get("report_ru", []):
            assert line in russian, f"{name}'s Russian report lacks {line!r}: {russian}"
        for part in wanted.get("not_in_report", []):
            assert not any(part in line for line in lines), f"{name} saw {part!r}"
    for room, lines in expect.get("cameras", {}).items():
        assert camera(result, int(room)) == lines, f"camera {room}"
    if "floor" in expect:
        for room, items in expect["floor"].items():
            assert result.world.floor[int(room)] == items, f"floor of room {room}"
    assert void(result) == set(expect.get("void", [])), "void orders"
    cited = result.clauses()
    for clause in expect.get("gm_clauses", []):
        assert clause in cited, f"the game master's log cites no {clause}"


def resolve_case(case: dict[str, Any]) -> Resolved:
    floor = {int(room): items for room, items in case.get("floor", {}).items()}
    return resolve(case["characters"], case.get("orders", {}), floor=floor,
                   settings=case.get("settings"), items=case.get("items"),
                   camera_readers={int(room): names for room, names
                                   in case.get("camera_readers", {}).items()})


def check_views(game: Game) -> None:
    """Every seat's view after the case, and the game master's, reads as the
    typed view (:mod:`referee.games.facility.view`), its log lines' facts
    included."""
    model = view_model_of(RULESET)
    for event in game.log_for(REFEREE):
        assert read_only_throughout(event.facts), event.facts
    for seat in (*game.seats, REFEREE):
        seen = json.loads(json.dumps(game.view(seat)))
        assert model.model_validate(seen).model_dump(mode="json", exclude_unset=True) == seen
        KINDS_SEEN.update(line["facts"]["kind"] for line in seen["log"])


def read_only_throughout(value: Any) -> bool:
    """Facts are shared by every view that shows them: no part may change."""
    if isinstance(value, dict):
        return type(value) is ReadOnlyDict and all(map(read_only_throughout, value.values()))
    if isinstance(value, list):
        return type(value) is ReadOnlyList and all(map(read_only_throughout, value))
    return True


def test_corpus_size() -> None:
    assert len(CASES) >= 80


def test_the_corpus_shows_every_kind_of_fact() -> None:
    """Every kind the view declares is in some case's log, or in one of the
    two turns below: a show of an item not carried at the start of the turn,
    and a chase paid at 0.5 whose target sets off (house rule 4)."""
    for path in CASES:
        check_views(resolve_case(load(path)).game)
    check_views(resolve({"ann": {}}, {"ann": {"show": [{"item": "key"}]}},
                        floor={1: ["key"]}).game)
    check_views(resolve({"ann": {"concentration": 0.5}, "bob": {}},
                        {"ann": {"chase": "bob"}, "bob": {"move": {"to": 2}}}).game)
    declared = {get_args(model.model_fields["kind"].annotation)[0]
                for model in get_args(view.FacilityFacts)}
    assert declared - KINDS_SEEN == set()
