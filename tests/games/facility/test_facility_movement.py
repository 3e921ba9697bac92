"""Movement, chase, follow, detain and ignore (CHAT-MOV, CHS, FOL, DET, IGN)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.games.facility.helpers import camera, resolve, text, void


@pytest.mark.rule("CHAT-MOV-6", "CHAT-MOV-7")
def test_book_example_pauses_move_in_steps_4_and_5_and_cost_1() -> None:
    """The book: "to room 4: pause, pause, pause, north door, west door"."""
    result = resolve({"ann": {"room": 2, "concentration": 2}},
                     {"ann": {"move": {"to": 4, "route": ["pause", "pause", "pause", "north",
                                                          "west"]}}})
    ann = result.world.characters["ann"]
    assert ann.room == 4
    assert ann.concentration == 1  # 5 doors with pauses: 1, not 0.5
    lines = text(result, "ann")
    assert "(step 4) You go through the north door into room 5." in lines
    assert "(step 5) You go through the west door into room 4." in lines
    assert "(step 3) You wait where you are." in lines
    assert camera(result, 5) == ["(step 4) ann comes into room 5 through the south door.",
                                 "(step 5) ann leaves room 5 through the west door."]


@pytest.mark.rule("CHAT-MOV-1")
def test_at_most_five_doors() -> None:
    route = ["east", "north", "west", "south", "east", "north"]
    result = resolve({"ann": {"concentration": 3}}, {"ann": {"move": {"route": route}}})
    assert "ann.move" in void(result)
    assert result.world.characters["ann"].room == 1
    five = resolve({"ann": {"concentration": 3}}, {"ann": {"move": {"route": route[:5]}}})
    assert five.world.characters["ann"].room == 2


@pytest.mark.rule("CHAT-MOV-2")
def test_shortest_route_prefers_lower_rooms() -> None:
    # 3 -> 4: three equally short routes; through 2 and 1 is the lowest.
    result = resolve({"ann": {"room": 3}}, {"ann": {"move": {"to": 4}}})
    lines = text(result, "ann")
    assert "into room 2" in lines and "(step 2) You go through the west door into room 1" in lines
    assert result.world.characters["ann"].room == 4
    # 1 -> 5: via 2 rather than via 4.
    result = resolve({"ann": {"room": 1}}, {"ann": {"move": {"to": 5}}})
    assert "(step 1) You go through the east door into room 2." in text(result, "ann")


@pytest.mark.rule("CHAT-MOV-3")
@pytest.mark.parametrize(("doors", "cost"), [(1, Fraction(0)), (2, Fraction(1, 2)),
                                            (3, Fraction(1, 2)), (4, Fraction(1)),
                                            (5, Fraction(1))])
def test_concentration_by_doors(doors: int, cost: Fraction) -> None:
    route = ["east", "east", "north", "west", "west"][:doors]
    result = resolve({"ann": {"concentration": 2}}, {"ann": {"move": {"route": route}}})
    assert result.world.characters["ann"].concentration == 2 - cost


@pytest.mark.rule("CHAT-MOV-3")
def test_stops_without_concentration_for_next_door() -> None:
    result = resolve({"ann": {"concentration": 0}},
                     {"ann": {"move": {"route": ["east", "east", "north"]}}})
    assert result.world.characters["ann"].room == 2  # the first door is free, the second not
    assert "You lack the concentration for the next door and stop." in text(result, "ann")


@pytest.mark.rule("CHAT-MOV-4", "CHAT-VIS-4")
def test_who_sees_movement() -> None:
    result = resolve({"ann": {"room": 1}, "bob": {"room": 1}, "cat": {"room": 2}},
                     {"ann": {"move": {"route": ["east"]}}})
    assert "(step 1) ann leaves through the east door." in text(result, "bob")
    assert "(step 1) ann comes in through the west door." in text(result, "cat")
    assert camera(result, 2) == ["(step 1) ann comes into room 2 through the west door."]


@pytest.mark.rule("CHAT-VIS-4")
def test_moving_observer_sees_heading_not_success_and_doorway_crossing() -> None:
    result = resolve({"ann": {"room": 1}, "bob": {"room": 1}, "cat": {"room": 2}},
                     {"ann": {"move": {"route": ["east"]}}, "bob": {"move": {"route": ["north"]}},
                      "cat": {"move": {"route": ["west"]}}})
    bob = text(result, "bob")
    assert "ann heads for the east door." in bob and "ann leaves" not in bob
    assert "cat comes through the east door towards you." in text(result, "ann")


@pytest.mark.rule("CHAT-MOV-5")
def test_five_simultaneous_steps() -> None:
    result = resolve({"ann": {"room": 1}, "bob": {"room": 3}},
                     {"ann": {"move": {"route": ["east", "east"]}},
                      "bob": {"move": {"route": ["west", "west"]}}})
    # they swap through the 1-2 / 2-3 doors step by step and never stand in one room
    assert result.world.characters["ann"].room == 3
    assert result.world.characters["bob"].room == 1
    assert "(step 1) You go through the east door into room 2." in text(result, "ann")
    assert "(step 2) You go through the east door into room 3." in text(result, "ann")


@pytest.mark.rule("CHAT-CHS-1", "CHAT-CHS-4", "CHAT-CHS-5")
def test_chase_goes_after_target_free_of_door_costs() -> None:
    result = resolve({"ann": {"concentration": 2}, "bob": {"concentration": 2}, "cat": {"room": 3}},
                     {"ann": {"chase": "bob"}, "bob": {"move": {"to": 3}}})
    assert result.world.characters["ann"].room == 3
    assert result.world.characters["ann"].concentration == 1  # chase cost only
    assert "ann comes in through the west door." in text(result, "cat")


@pytest.mark.rule("CHAT-CHS-2")
def test_chase_with_movement_is_void() -> None:
    result = resolve({"ann": {}, "bob": {}}, {"ann": {"chase": "bob", "move": {"to": 2}}})
    assert {"ann.chase", "ann.move"} <= void(result)
    assert result.world.characters["ann"].room == 1


@pytest.mark.rule("CHAT-CHS-3")
def test_chase_of_still_target_costs_half() -> None:
    result = resolve({"ann": {"concentration": 2}, "bob": {}}, {"ann": {"chase": "bob"}})
    assert result.world.characters["ann"].concentration == Fraction(3, 2)


@pytest.mark.rule("CHAT-FOL-1", "CHAT-FOL-7")
def test_follow_leaves_route_on_meeting() -> None:
    result = resolve({"ann": {"room": 1, "concentration": 2}, "bob": {"room": 3},
                      "cat": {"room": 2}},
                     {"ann": {"move": {"route": ["east", "east"]}, "follow": ["bob"]},
                      "bob": {"move": {"route": ["west", "north", "west"]}}})
    # step 1 both enter room 2: ann follows bob north then west
    assert result.world.characters["ann"].room == 4
    assert "You start following bob." in text(result, "ann")
    assert "follow" not in text(result, "cat") and "follow" not in text(result, "bob")


@pytest.mark.rule("CHAT-FOL-2", "CHAT-DET-2")
def test_same_room_at_start_is_no_meeting() -> None:
    result = resolve({"ann": {}, "bob": {}, "cat": {}},
                     {"ann": {"follow": ["bob"]}, "cat": {"detain": ["bob"]},
                      "bob": {"move": {"route": ["east"]}}})
    assert result.world.characters["ann"].room == 1
    assert result.world.characters["bob"].room == 2


@pytest.mark.rule("CHAT-FOL-3", "CHAT-FOL-4")
def test_follows_the_one_higher_in_the_list_and_only_one() -> None:
    result = resolve({"ann": {"room": 2}, "bob": {"room": 1}, "cat": {"room": 3}},
                     {"ann": {"follow": ["cat", "bob"]},
                      "bob": {"move": {"route": ["east", "north"]}},
                      "cat": {"move": {"route": ["west", "north", "west"]}}})
    assert "You start following cat." in text(result, "ann")
    assert "following bob" not in text(result, "ann")
    assert result.world.characters["ann"].room == 4


@pytest.mark.rule("CHAT-FOL-5", "CHAT-DET-4")
def test_meeting_in_a_doorway() -> None:
    follow = resolve({"ann": {"room": 1}, "bob": {"room": 2}},
                     {"ann": {"move": {"route": ["east"]}, "follow": ["bob"]},
                      "bob": {"move": {"route": ["west", "north"]}}})
    assert follow.world.characters["ann"].room == 4  # turned back with bob, then north
    detain = resolve({"ann": {"room": 1}, "bob": {"room": 2}},
                     {"ann": {"move": {"route": ["east"]}, "detain": ["bob"]},
                      "bob": {"move": {"route": ["west", "north"]}}})
    assert detain.world.characters["bob"].room == 1
    assert detain.world.characters["ann"].room == 1


@pytest.mark.rule("CHAT-FOL-6")
def test_follow_doors_add_to_movement_cost() -> None:
    result = resolve({"ann": {"room": 1, "concentration": Fraction(1, 2)}, "bob": {"room": 2},
                      "cat": {"room": 3}},
                     {"ann": {"move": {"route": ["east"]}, "follow": ["cat"]},
                      "cat": {"move": {"route": ["west", "west", "north", "east"]}}})
    # ann: east (1 door, free), meets cat in room 2, follows west (2 doors: 0.5), then
    # lacks concentration for a fourth door.
    ann = result.world.characters["ann"]
    assert ann.concentration == 0
    assert "lose them" in text(result, "ann")
    assert ann.room == 4


@pytest.mark.rule("CHAT-DET-1", "CHAT-DET-6")
def test_detain_in_room_stops_both_and_camera_sees() -> None:
    result = resolve({"ann": {"room": 2}, "bob": {"room": 1}},
                     {"ann": {"detain": ["bob"]}, "bob": {"move": {"route": ["east", "east"]}}})
    assert result.world.characters["bob"].room == 2
    assert result.world.characters["ann"].concentration == Fraction(3, 2)
    assert "(step 1) ann detains bob." in camera(result, 2)


@pytest.mark.rule("CHAT-DET-6")
def test_doorway_detention_not_recorded() -> None:
    result = resolve({"ann": {"room": 2}, "bob": {"room": 1}, "cat": {"room": 2}},
                     {"ann": {"detain": ["bob"], "move": {"route": ["west"]}},
                      "bob": {"move": {"route": ["east"]}}})
    assert not any("detains" in line for line in camera(result, 2))
    assert "detains" not in text(result, "cat")
    assert "In the doorway ann detains you." in text(result, "bob")


@pytest.mark.rule("CHAT-DET-3")
def test_detain_several() -> None:
    result = resolve({"ann": {"room": 2}, "bob": {"room": 1}, "cat": {"room": 3}},
                     {"ann": {"detain": ["bob", "cat"]},
                      "bob": {"move": {"route": ["east", "east"]}},
                      "cat": {"move": {"route": ["west", "west"]}}})
    assert result.world.characters["bob"].room == 2
    assert result.world.characters["cat"].room == 2


@pytest.mark.rule("CHAT-DET-5")
def test_detain_before_follow() -> None:
    result = resolve({"ann": {"room": 2}, "bob": {"room": 1}},
                     {"ann": {"detain": ["bob"]},
                      "bob": {"move": {"route": ["east", "east"]}, "follow": ["ann"]}})
    assert "following" not in text(result, "bob")
    assert result.world.characters["bob"].room == 2


@pytest.mark.rule("CHAT-IGN-1", "CHAT-IGN-2")
def test_danger_stops_unless_ignored() -> None:
    chars = {"ann": {"room": 1}, "bob": {"room": 2, "hands": ["pistol"]}, "cat": {"room": 1}}
    stopped = resolve(chars, {"ann": {"move": {"route": ["east"]}}})
    assert stopped.world.characters["ann"].room == 1
    assert "ann heads for the east door but does not leave." in text(stopped, "cat")
    ignoring = resolve(chars, {"ann": {"move": {"route": ["east"]}, "ignore": True}})
    assert ignoring.world.characters["ann"].room == 2
    assert "ignor" not in text(ignoring, "cat") + "\n".join(camera(ignoring, 2))
