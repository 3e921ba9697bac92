"""A seat's orders are read once when every order fits its shape (the usual
answer): the question asks for :class:`Orders` itself; an answer with an
order that does not fit is read again order by order (:class:`OrdersForm`),
the bad order void and the rest standing (CHAT-TRN-7); an answer that is no
table of orders is refused in the same words as ever. Orders that give no
order at all are planned at once, as every order given empty."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from referee.core.errors import IllegalAnswer
from referee.core.game import Game, answer_schema
from referee.core.scenario import load_scenario
from referee.core.waits import Decision
from referee.games.facility import ruleset as facility_ruleset
from referee.games.facility.orders import (
    TEMPLATE,
    Orders,
    OrdersForm,
    Plan,
    plan_orders,
    read_orders,
)
from tests.games.facility.helpers import world

EXAMPLE = Path(__file__).parents[3] / "src/referee/games/facility/scenarios/research_wing.toml"
"""Anna stands in the lobby (room 1, one door: north, to the corridor, room
3), with the keycard on the floor."""


def game() -> Game:
    return Game(*load_scenario(EXAMPLE))


def test_the_question_asks_for_orders_and_publishes_the_schema_a_person_writes() -> None:
    played = game()
    decision = played.waiting
    assert isinstance(decision, Decision) and decision.shape_for("anna") is Orders
    schema = played.view("anna")["waiting"]["answer_schema"]
    assert schema == answer_schema(Orders) == OrdersForm.model_json_schema()
    assert schema["title"] == "Orders"
    assert schema["properties"]["move"]["x-label"] == "facility.order.move"
    assert schema["description"].startswith("One character's orders for a turn")


def test_orders_that_all_fit_are_read_once_straight_into_orders(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def read_again(form: OrdersForm) -> Any:
        raise AssertionError(f"read order by order: {form}")

    monkeypatch.setattr(facility_ruleset, "read_orders", read_again)
    played = game()
    played.answer("anna", {"move": {"route": ["north"]}, "take": [{"item": "keycard"}]})
    assert played.view("anna")["waiting"]["your_void_parts"] == []


def test_an_answer_with_an_order_that_does_not_fit_is_read_order_by_order() -> None:
    played = game()
    answer = {"take": [{}], "move": {"route": ["north"]}, "bogus": 1}
    played.answer("anna", answer)
    parts = played.view("anna")["waiting"]["your_void_parts"]
    assert [(part["part"], part["code"]) for part in parts] == [("bogus", "no-order"),
                                                                ("take", "shape")]
    expected = read_orders(OrdersForm.model_validate(answer))
    assert expected.answer == Orders(move={"route": ["north"]})
    played.close()
    assert played.state.world.characters["anna"].room == 3  # the move stood: the corridor


@pytest.mark.parametrize("answer", [["move"], "go north", 3, None])
def test_an_answer_that_is_no_table_of_orders_is_refused_whole(answer: Any) -> None:
    played = game()
    with pytest.raises(IllegalAnswer) as refused:
        played.answer("anna", answer)
    assert refused.value.render("en") == ("The answer of Anna does not fit its form: "
                                          "(top level): Value error, expected a table of orders.")
    assert played.inputs == [] and played.seats_to_answer() == played.waiting.seats  # type: ignore[union-attr]


@pytest.mark.parametrize("health", [3, 0])
def test_no_order_given_plans_as_every_order_given_empty(health: int) -> None:
    """A seat that sends ``{}`` (or nothing, at the deadline) is planned at
    once; the same plan as every order written out empty, standing or down."""
    characters = {"ann": {"health": health}, "bob": {}}
    building = world(characters)
    spelled_out = Orders.model_validate(TEMPLATE)
    assert spelled_out.model_fields_set and spelled_out == Orders()
    assert plan_orders(building, "ann", Orders()) == plan_orders(building, "ann", spelled_out)
    assert plan_orders(building, "ann", Orders()) == (Plan("ann"), [])


def test_the_parts_of_a_plan_no_order_fills_cannot_be_changed() -> None:
    """Plans of no order, and the parts no order fills of any plan (a
    bluffed order fills none), are empty tuples and frozensets: no reader of
    one plan can change another."""
    building = world({"ann": {}, "bob": {}})
    idle, _ = plan_orders(building, "ann", Orders())
    moving, _ = plan_orders(building, "ann", Orders(move={"to": 2}))
    bluffing, _ = plan_orders(building, "ann", Orders(refuse=["bob"], bluff=["refuse[0]"]))
    assert bluffing.bluffed == {"refuse[0]"} and bluffing.explicit
    for plan in (idle, moving, bluffing):
        for part in fields(plan):
            value = getattr(plan, part.name)
            if isinstance(value, Collection) and not isinstance(value, str) and not value:
                assert isinstance(value, tuple | frozenset), part.name
    assert moving.route and not moving.take
    assert plan_orders(building, "ann", Orders())[0] is not idle


def test_the_template_every_turn_shares_cannot_be_changed_and_each_view_has_its_own() -> None:
    played = game()
    decision = played.waiting
    assert isinstance(decision, Decision) and decision.templates["anna"] is TEMPLATE
    with pytest.raises(TypeError):
        TEMPLATE["take"].append({"item": "keycard"})
    with pytest.raises(TypeError):
        TEMPLATE["move"] = {"to": 3}
    shown = played.view("anna")["waiting"]["template"]
    assert shown == TEMPLATE and type(shown) is dict
    shown["take"].append({"item": "keycard"})
    assert played.view("anna")["waiting"]["template"] == TEMPLATE == Orders().model_dump()
