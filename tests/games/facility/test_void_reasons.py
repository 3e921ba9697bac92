"""Why an order is void, or declared but impossible, is data: the seat's view
as it answers and the log's facts at the deadline carry the reason's code and
the ids and numbers it names, which the orders desk reads, as the ruleset's
view documents them (:data:`referee.games.facility.view.VOID_CODES`); the
words stay for the reader. A follow or detain list may name any kind of item,
so the answer tells a seat nothing of the kinds the building holds."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from referee.core.events import REFEREE
from referee.core.game import Game
from referee.core.scenario import validate_scenario
from referee.display.orders import IMPOSSIBLE, VOID, desk_for
from referee.games.facility.view import VOID_CODES
from tests.games.facility.helpers import RULESET
from tests.leaks import assert_no_leak

EXAMPLE = Path(__file__).parents[3] / "src/referee/games/facility/scenarios/research_wing.toml"
"""Anna stands in the lobby (room 1, one door: north, to the corridor), with
the keycard on the floor; Boris is in the corridor, the sample case in lab A."""

Change = Callable[[dict[str, Any]], None]


def game(change: Change | None = None) -> Game:
    data = tomllib.loads(EXAMPLE.read_text(encoding="utf-8"))
    if change is not None:
        change(data)
    return Game(RULESET, validate_scenario(RULESET, data, "test"))


def anna_is_down(data: dict[str, Any]) -> None:
    data["characters"]["anna"]["health"] = 0


def a_walled_up_room(data: dict[str, Any]) -> None:
    data["rooms"].append({"number": 7, "name": {"en": "the vault", "ru": "хранилище"}})


def anna_holds_the_keycard(data: dict[str, Any]) -> None:
    data["rooms"][0]["items"] = []
    data["characters"]["anna"]["hands"] = ["keycard"]


PAUSES = ["pause"] * 4
CASES: list[tuple[dict[str, Any], str, str, str, dict[str, Any], Change | None]] = [
    ({"bogus": 1}, "bogus", VOID, "no-order", {"order": "bogus"}, None),
    ({"take": [{}]}, "take", VOID, "shape",
     {"problems": [{"field": ["take", 0, "item"], "problem": "missing"}]}, None),
    ({"move": {"to": 3}}, "move", VOID, "down", {}, anna_is_down),
    ({"move": {"route": ["west"]}}, "move", VOID, "no-door", {"door": "west", "room": 1}, None),
    ({"move": {"route": [2]}}, "move", VOID, "not-adjacent", {"room": 2, "from": 1}, None),
    ({"move": {"route": [9]}}, "move", VOID, "no-room", {"room": 9}, None),
    ({"move": {"route": ["pause"] * 6}}, "move", VOID, "too-long", {"doors": 6, "most": 5}, None),
    ({"move": {"route": PAUSES, "to": 4}}, "move", VOID, "too-far", {"room": 4, "most": 5},
     None),
    ({"move": {"to": 7}}, "move", VOID, "no-way", {"room": 7}, a_walled_up_room),
    ({"chase": "boris", "move": {"to": 3}}, "chase", VOID, "chase-and-move", {}, None),
    ({"chase": "nobody"}, "chase", VOID, "no-character", {"character": "nobody"}, None),
    ({"chase": "anna"}, "chase", VOID, "self", {"character": "anna"}, None),
    ({"chase": "boris"}, "chase", VOID, "other-room", {"character": "boris"}, None),
    ({"follow": ["uniform:pirate"]}, "follow", VOID, "bad-entry", {"entry": "uniform:pirate"},
     None),
    ({"melee": {"secret": True}}, "melee", VOID, "secret-not-allowed", {}, None),
    ({"take": [{"item": "unicorn"}]}, "take[0]", VOID, "no-item", {"item": "unicorn"}, None),
    ({"take": [{"item": "sample"}]}, "take[0]", VOID, "no-item", {"item": "sample"}, None),
    ({"take": [{"item": "keycard"}, {"item": "keycard"}]}, "take[1]", VOID, "twice",
     {"item": "keycard"}, None),
    ({"take": [{"item": "keycard", "place": "belt"}]}, "take[0].place", VOID, "bad-place",
     {"item": "keycard", "place": "belt"}, None),
    ({"use": [{"ability": "fly"}]}, "use[0]", VOID, "no-ability", {"ability": "fly"}, None),
    ({"bluff": ["melee"]}, "bluff[0]", VOID, "not-explicit", {"order": "melee"}, None),
    ({"melee": {"target": "boris"}}, "melee", IMPOSSIBLE, "other-room",
     {"character": "boris"}, None),
    ({"melee": {"target": "anna"}}, "melee", IMPOSSIBLE, "self", {"character": "anna"}, None),
    ({"take": [{"item": "keycard"}]}, "take[0]", IMPOSSIBLE, "not-here", {"item": "keycard"},
     anna_holds_the_keycard),
    ({"use": [{"item": "keycard"}]}, "use[0]", IMPOSSIBLE, "item-cannot",
     {"item": "keycard", "ability": "shot"}, None),
]


@pytest.mark.parametrize(("orders", "part", "kind", "code", "about", "change"), CASES,
                         ids=[f"{case[2]}-{case[3]}" for case in CASES])
def test_why_an_order_is_void_or_impossible_is_data_the_desk_reads(
        orders: dict[str, Any], part: str, kind: str, code: str, about: dict[str, Any],
        change: Change | None) -> None:
    played = game(change)
    played.answer("anna", orders)
    if kind == VOID:
        parts = played.view("anna")["waiting"]["your_void_parts"]
        assert {"code": code, "about": about} == {
            key: value for key, value in next(p for p in parts if p["part"] == part).items()
            if key in ("code", "about")}
    start = len(played.log_for(REFEREE))
    played.close()
    found = [(void.part, void.kind, void.code, dict(void.about))
             for void in desk_for(RULESET).void_orders(played.log_for(REFEREE)[start:])]
    assert (part, kind, code, about) in found
    told = [line["facts"] for line in played.view("anna")["log"]
            if line["facts"].get("part") == part and line["facts"]["kind"] == kind]
    assert told and all(facts.get("about") == about for facts in told)


def test_the_view_documents_every_reason_a_void_order_has_and_what_it_names() -> None:
    voids = {case[3]: set(case[4]) for case in CASES if case[2] == VOID}
    assert voids == {code: set(names) for code, names in VOID_CODES.items()}


def a_lamp_in_the_storeroom(data: dict[str, Any]) -> None:
    """The storeroom's crowbar, which Anna has not seen, is an oil lamp."""
    data["items"]["crowbar"].update(kind="lamp", name={"en": "oil lamp", "ru": "лампа"})


@pytest.mark.rule("CHAT-FOL-1", "CHAT-DET-1")
def test_a_follow_list_may_name_any_kind_of_item_and_tells_nothing_of_the_building() -> None:
    """Anna follows ``item:lamp`` and detains ``item:lamp``: whether an oil
    lamp lies in the storeroom or not, her orders stand and everything she
    reads is the same; a kind no item is of is visible on no one, and never
    matches."""
    orders = {"follow": ["item:lamp"], "detain": ["item:lamp"], "move": {"to": 3}}
    without, with_lamp = game(), game(a_lamp_in_the_storeroom)
    for played in (without, with_lamp):
        played.answer("anna", orders)
        assert played.view("anna")["waiting"]["your_void_parts"] == []
    assert_no_leak(without, with_lamp, "anna")
    for played in (without, with_lamp):
        played.close()
    assert_no_leak(without, with_lamp, "anna")
    assert without.state.world.characters["anna"].room == 3


def a_flask_in_the_storeroom(data: dict[str, Any]) -> None:
    """A flask lies in the storeroom, which Anna has not seen."""
    data["items"]["flask"] = {"kind": "flask", "name": {"en": "flask", "ru": "фляга"}}
    data["rooms"][3]["items"].append("flask")


@pytest.mark.rule("CHAT-TRN-7")
def test_orders_naming_an_item_elsewhere_read_as_if_there_were_none() -> None:
    """Anna names ``flask`` in every order that names an item: whether a
    flask lies in the storeroom or nowhere, she reads the same voids (house
    rule 20: of an item she neither carries nor sees, an order knows
    nothing), before the deadline and after it."""
    orders = {"take": [{"item": "flask"}], "give": [{"item": "flask", "to": "boris"}],
              "accept": [{"item": "flask", "place": "belt"}], "drop": [{"item": "flask"}],
              "show": [{"item": "flask"}], "equip": {"hands": ["flask"]},
              "use": [{"item": "flask"}]}
    nowhere, elsewhere = game(), game(a_flask_in_the_storeroom)
    for played in (nowhere, elsewhere):
        played.answer("anna", orders)
        voids = {part["part"]: part["code"]
                 for part in played.view("anna")["waiting"]["your_void_parts"]}
        assert voids == {"take[0]": "no-item", "give[0]": "no-item", "drop[0]": "no-item",
                         "show[0]": "no-item", "equip": "no-item", "use[0]": "no-item"}
    assert_no_leak(nowhere, elsewhere, "anna")
    for played in (nowhere, elsewhere):
        played.close()
    assert_no_leak(nowhere, elsewhere, "anna")
    assert elsewhere.state.world.floor[4] == ["crowbar", "flask"]
