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

import tomllib
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from tests.games.facility.helpers import camera, report, resolve, void

CASES = sorted((Path(__file__).parent / "cases").glob("*.toml"))


def load(path: Path) -> dict[str, Any]:
    return tomllib.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_case(path: Path) -> None:
    case = load(path)
    assert case["title"] and case["clauses"], f"{path.name}: a title and clauses are required"
    floor = {int(room): items for room, items in case.get("floor", {}).items()}
    result = resolve(case["characters"], case.get("orders", {}), floor=floor,
                     settings=case.get("settings"), items=case.get("items"),
                     camera_readers={int(room): names for room, names
                                     in case.get("camera_readers", {}).items()})
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


def test_corpus_size() -> None:
    assert len(CASES) >= 80
