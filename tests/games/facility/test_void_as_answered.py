"""An order that does not fit the building is void as soon as it is given:
the seat learns it while it can still write its orders again, and the turn
says it once, in its actions, at the deadline (CHAT-TRN-7)."""

from __future__ import annotations

import pytest

from referee.boards.tablemap import message_from_json
from referee.core.events import REFEREE
from referee.core.game import Game
from referee.core.i18n import render
from tests.games.facility.helpers import RULESET, scenario


def game() -> Game:
    return Game(RULESET, scenario({"ann": {}, "bob": {}}, floor={1: ["key"]}))


def void_parts(played: Game, seat: str) -> dict[str, str]:
    parts = played.view(seat)["waiting"]["your_void_parts"]
    return {part["part"]: render(message_from_json(part["reason"])) for part in parts}


@pytest.mark.rule("CHAT-TRN-7")
def test_a_door_the_room_has_not_is_void_as_the_orders_are_given() -> None:
    played = game()
    # the test building: room 1 has an east and a north door, no south one
    played.answer("ann", {"move": {"route": ["south"]}, "take": [{"item": "key"}]})
    assert void_parts(played, "ann") == {"move": "there is no door `south` in room 1"}
    played.close()
    assert played.state.world.characters["ann"].hands == ["key"]  # the rest stands
    told = [line for line in played.text_log("ann") if "south" in line]
    assert len(told) == 1  # said once, at the deadline, not again when the orders closed
    assert "is void" in told[0]
    assert not any("south" in line for line in played.text_log("bob"))


@pytest.mark.rule("CHAT-TRN-7")
def test_an_item_or_character_that_does_not_exist_is_void_as_given() -> None:
    played = game()
    played.answer("ann", {"take": [{"item": "lamp"}], "refuse": ["nobody"]})
    parts = void_parts(played, "ann")
    assert parts["take[0]"] == "you neither carry nor see an item `lamp`"
    assert set(parts) == {"take[0]", "refuse[0]"}
    assert "void_parts" not in str(played.view("bob")["waiting"])  # told to the seat alone


def test_orders_that_fit_the_building_have_no_void_parts() -> None:
    played = game()
    played.answer("ann", {"move": {"route": ["east"]}, "take": [{"item": "key"}]})
    assert void_parts(played, "ann") == {}
    played.close()
    assert played.state.world.characters["ann"].room == 2
    assert not any("void" in line for line in played.text_log(REFEREE))
