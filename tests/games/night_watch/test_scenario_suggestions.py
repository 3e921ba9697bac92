"""A scenario that names a Location or an Other no entry has is refused with
the closest id the file has and the ids it could have meant, in English and
Russian."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from referee.core.errors import ScenarioError
from referee.core.i18n import render
from referee.core.scenario import read_toml, validate_scenario
from tests.games.night_watch.nw import RULESET

EXAMPLE = read_toml(RULESET.examples()[0])
PLACES = ("metro, entrance, flat, roof, barbershop, night-office, day-office, power-station, "
          "zoo")
OTHERS = "larisa, andrey, anton, zavulon"


def refused(edit: Callable[[dict[str, Any]], None]) -> ScenarioError:
    data = copy.deepcopy(EXAMPLE)
    edit(data)
    with pytest.raises(ScenarioError) as caught:
        validate_scenario(RULESET, data, "moscow.toml")
    return caught.value


def set_at(*path: str | int, value: str) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        node: Any = data
        for part in path[:-1]:
            node = node[part]
        node[path[-1]] = value
    return edit


def test_a_misspelt_location_gets_the_closest_one_and_the_list_in_both_languages():
    error = refused(set_at("others", 0, "location", value="barbrshop"))
    assert [render(p, "en") for p in error.messages] == [
        "others[0].location: unknown Location 'barbrshop' (did you mean `barbershop`?); "
        f"expected one of {PLACES}"]
    assert [render(p, "ru") for p in error.messages] == [
        "others[0].location: неизвестная Локация 'barbrshop' (может быть, `barbershop`?); "
        f"возможны: {PLACES}"]


@pytest.mark.parametrize(("path", "value", "meant", "known"), [
    (("locations", 2, "via"), "entrnce", "entrance", PLACES),
    (("settings", "egor_start"), "metor", "metro", PLACES),
    (("settings", "egor_goal"), "flta", "flat", PLACES),
    (("settings", "egor_round", 1), "rooff", "roof", PLACES),
    (("items", 0, "location"), "power-statoin", "power-station", PLACES),
    (("items", 1, "holder"), "zavulpn", "zavulon", OTHERS),
])
def test_every_reference_gets_the_closest_name_and_the_list(
        path: tuple[str | int, ...], value: str, meant: str, known: str) -> None:
    error = refused(set_at(*path, value=value))
    field = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")
    english, = [render(p, "en") for p in error.messages]
    russian, = [render(p, "ru") for p in error.messages]
    assert english.startswith(f"{field}: unknown ")
    assert english.endswith(f" '{value}' (did you mean `{meant}`?); expected one of {known}")
    assert russian.endswith(f" '{value}' (может быть, `{meant}`?); возможны: {known}")


def test_a_name_like_none_of_them_gets_only_the_list():
    error = refused(set_at("settings", "egor_goal", value="mars"))
    assert error.problems == [f"settings.egor_goal: unknown Location 'mars'; expected one of "
                              f"{PLACES}"]


def test_a_long_list_shows_a_dozen_and_counts_the_rest():
    def many(data: dict[str, Any]) -> None:
        data["locations"] += [{"id": f"street-{n}", "name": {"en": f"Street {n}"}}
                              for n in range(1, 11)]
        data["others"][0]["location"] = "street-99"
    error = refused(many)
    first = ("metro, entrance, flat, roof, barbershop, night-office, day-office, power-station, "
             "zoo, street-1, street-2, street-3")
    assert [render(p, "en") for p in error.messages] == [
        "others[0].location: unknown Location 'street-99' (did you mean `street-9`?); "
        f"expected one of {first}, and 7 more"]
    assert [render(p, "ru") for p in error.messages] == [
        "others[0].location: неизвестная Локация 'street-99' (может быть, `street-9`?); "
        f"возможны: {first}, и ещё 7"]
