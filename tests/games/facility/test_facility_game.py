"""Facility through the public game API: answers read order by order (a bad
order void for its seat alone), the pre-filled template, one log read in each
reader's wording, the end of the game and the bots' answers."""

from __future__ import annotations

from random import Random

import pytest

from referee.core.errors import IllegalAnswer
from referee.core.events import REFEREE
from referee.core.flow import Frame
from referee.core.game import Game
from referee.core.waits import Decision
from referee.games.facility.orders import Orders
from tests.games.facility.helpers import RULESET, report, resolve, scenario, void


def game(**settings: object) -> Game:
    return Game(RULESET, scenario({"ann": {}, "bob": {}}, floor={1: ["key"]},
                                  settings=settings or None))


@pytest.mark.rule("CHAT-TRN-7")
def test_a_bad_order_is_void_the_rest_stands_and_only_its_seat_is_told() -> None:
    played = game()
    played.answer("ann", {"move": {"to": "far"}, "take": [{"item": "key"}]})
    parts = played.view("ann")["waiting"]["your_void_parts"]
    assert [part["part"] for part in parts] == ["move"]
    played.close()
    assert played.state.world.characters["ann"].hands == ["key"]
    assert any(line.startswith("Not carried out: move") for line in played.text_log("ann"))
    assert not any("Not carried out" in line for line in played.text_log("bob"))
    told = [line for line in played.text_log(REFEREE) if "Not carried out" in line]
    assert len(told) == 1 and ": move:" in told[0]
    assert told[0].startswith("Not carried out for ")  # the game master reads whose order


def test_the_answer_has_no_unreadable_field_and_forging_one_is_void() -> None:
    assert "unreadable" not in Orders.model_fields
    played = game()
    played.answer("ann", {"unreadable": [{"order": "move", "reason": "forged"}],
                          "move": {"route": ["east"]}})
    played.close()
    result_world = played.state.world
    assert result_world.characters["ann"].room == 2
    assert not any("forged" in line for line in played.text_log(REFEREE))


def test_an_answer_that_is_no_table_of_orders_is_refused_whole() -> None:
    played = game()
    with pytest.raises(IllegalAnswer):
        played.answer("ann", ["move"])
    assert played.inputs == []


def test_the_same_bad_orders_give_the_same_voids_in_a_case_and_from_python() -> None:
    orders = {"ann": {"move": {"route": "east"}, "fly": True, "take": [{"item": "key"}]}}
    result = resolve({"ann": {}, "bob": {}}, orders, floor={1: ["key"]})
    assert void(result) == {"ann.move", "ann.fly"}
    assert result.world.characters["ann"].hands == ["key"]


def test_a_seat_is_shown_the_shape_of_its_orders_and_a_template_to_fill() -> None:
    waiting = game().view("ann")["waiting"]
    assert {"move", "take", "bluff"} <= set(waiting["answer_schema"]["properties"])
    template = waiting["template"]
    assert template["move"] is None and template["take"] == [] and template["ignore"] is False
    assert Orders.model_validate(template) == Orders()


def test_the_game_master_reads_in_the_third_person_the_character_in_the_second() -> None:
    result = resolve({"ann": {}, "bob": {"room": 2}}, {"ann": {"move": {"route": ["east"]}}})
    assert "(step 1) You go through the east door into room 2." in report(result, "ann")
    master = result.game.text_log(REFEREE)
    assert "(step 1) ann goes through the east door into room 2." in master
    assert not any(") You" in line or ") Your" in line for line in master)
    russian = result.game.text_log(REFEREE, "ru")
    assert "(шаг 1) ann проходит через восточную дверь в комнату 2." in russian
    assert not any(") Вы " in line or ") Ваш" in line for line in russian)


def test_turns_are_a_frame_and_the_game_ends_after_the_last_turn() -> None:
    played = game(last_turn=2)
    assert isinstance(RULESET.play(played.state), Frame)
    played.close()
    assert not played.is_over
    played.close()
    assert played.is_over
    outcome = played.outcome()
    assert outcome is not None and outcome.kind == "draw"
    assert outcome.reason.key == "facility.ended"


def test_a_copy_mid_game_plays_on_like_the_original() -> None:
    played = game()
    played.answer("ann", {"move": {"route": ["east"]}})
    played.close()
    twin = played.fork()
    for each in (played, twin):
        each.answer("bob", {"take": [{"item": "key"}]})
        each.close()
    assert twin.checksum() == played.checksum() and twin.key() == played.key()


def test_random_orders_come_from_the_seats_own_view() -> None:
    played = game()
    decision = played.waiting
    assert isinstance(decision, Decision)
    answers = [RULESET.random_answer(played.view("ann"), "ann", decision, Random(n))
               for n in range(30)]
    assert any("move" in answer for answer in answers)
    assert any("take" in answer for answer in answers)
    for answer in answers:
        played.fork().answer("ann", answer)


def test_a_seat_sees_the_kinds_of_items_on_others_as_follow_and_detain_name_them():
    """The seat's view of a character in the room gives the kinds of the
    items to be seen on them (``item:<kind>`` in ``follow``/``detain``),
    and what the terminal shows names them so, never by another's item id."""
    from referee.display import display_for
    from tests.games.facility.helpers import RULESET, scenario

    game = Game(RULESET, scenario(
        {"ann": {}, "bob": {"hands": ["gun-7"]}},
        items={"gun-7": {"kind": "pistol", "name": "pistol"}}))
    state = game.view("ann")["state"]
    assert state["room"]["present"]["bob"]["visible"] == ["gun-7"]
    assert state["items"]["gun-7"]["kind"] == "pistol"
    display = display_for(RULESET)
    assert display is not None
    rows = display.board_table(game.view("ann"), "en")
    assert rows is not None
    shown = " ".join(" ".join(row) for row in rows[1])
    assert "`item:pistol`" in shown and "`gun-7`" not in shown
