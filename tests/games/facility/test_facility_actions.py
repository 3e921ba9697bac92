"""Actions other than movement, visibility, targets, tags and awareness."""

from __future__ import annotations

from fractions import Fraction

import pytest

from referee.core.game import Game
from tests.games.facility.helpers import RULESET, camera, resolve, scenario, text, void


@pytest.mark.rule("CHAT-TRN-1", "CHAT-TAG-3")
def test_many_actions_in_one_turn_and_repeatable_take() -> None:
    result = resolve({"ann": {"hands": ["pistol"]}, "bob": {}},
                     {"ann": {"take": [{"item": "key"}, {"item": "map"}],
                              "drop": [{"item": "pistol"}], "move": {"route": ["east"]}}},
                     floor={1: ["key", "map"]})
    ann = result.world.characters["ann"]
    assert sorted(ann.items()) == ["key", "map"]
    assert result.world.floor[1] == ["pistol"] and ann.room == 2


@pytest.mark.rule("CHAT-TRN-2", "CHAT-TAK-4")
def test_each_item_ability_once_and_identical_items_each() -> None:
    once = resolve({"ann": {"hands": ["pistol"]}, "bob": {"health": 3}},
                   {"ann": {"use": [{"item": "pistol", "target": "bob"},
                                    {"item": "pistol", "target": "bob"}]}})
    assert once.world.characters["bob"].health == 2
    two = resolve({"ann": {"hands": ["pistol"]}, "bob": {"health": 3}},
                  {"ann": {"take": [{"item": "pistol2"}],
                           "use": [{"target": "bob"}, {"target": "bob"}]}},
                  floor={1: ["pistol2"]})
    assert two.world.characters["bob"].health == 1


@pytest.mark.rule("CHAT-TRN-3", "CHAT-VIS-1", "CHAT-TAG-1", "CHAT-VIS-2")
def test_explicit_declarations_seen_in_room_not_by_cameras_secret_not_at_all() -> None:
    chars = {"ann": {"room": 2}, "bob": {"room": 2}, "cat": {"room": 1}}
    result = resolve(chars, {"ann": {"take": [{"item": "key"}],
                                     "drop": [{"item": "map", "secret": True}],
                                     "move": {"route": ["pause"]}}},
                     floor={2: ["key"]}, settings={"secret_declarations": True})
    assert "ann declares: take the key." in text(result, "bob")
    assert "declares" not in text(result, "cat")
    assert not any("declares" in line for line in camera(result, 2))
    assert "drop map" not in text(result, "bob") and "pause" not in text(result, "bob")


@pytest.mark.rule("CHAT-VIS-3")
def test_secret_declaration_visible_result() -> None:
    # equip is declared secretly by the book; what comes into the hands is seen
    result = resolve({"ann": {"room": 2, "inventory": ["pistol"]}, "bob": {"room": 2}},
                     {"ann": {"equip": {"hands": ["pistol"]}}})
    assert "declares" not in text(result, "bob")
    assert "ann rearranges their things. No longer to be seen: nothing. Now to be seen: pistol." \
        in text(result, "bob")


@pytest.mark.rule("CHAT-TRN-3")
def test_explicit_action_made_secret_only_where_the_scenario_allows() -> None:
    """House rule: ``secret = true`` on an explicit action is void unless
    ``settings.secret_declarations``; then it is declared to no one."""
    chars = {"ann": {"room": 2, "hands": ["map"]}, "bob": {"room": 2}}
    orders = {"ann": {"drop": [{"item": "map", "secret": True}]}}
    refused = resolve(chars, orders)
    assert void(refused) == {"ann.drop[0]"}
    assert refused.world.characters["ann"].hands == ["map"]
    assert "drop" not in text(refused, "bob")
    allowed = resolve(chars, orders, settings={"secret_declarations": True})
    assert void(allowed) == set()
    assert "declares" not in text(allowed, "bob")
    assert "ann drops the map." in text(allowed, "bob")


@pytest.mark.rule("CHAT-TRN-4")
def test_actions_before_movement() -> None:
    # bob walks away, but ann's melee happens first, in the room where both stand
    result = resolve({"ann": {}, "bob": {"health": 3}},
                     {"ann": {"melee": {"target": "bob"}}, "bob": {"move": {"route": ["east"]}}})
    assert result.world.characters["bob"].health == 2
    assert result.world.characters["bob"].room == 2


@pytest.mark.rule("CHAT-TRN-5", "CHAT-TGT-1")
def test_shots_cross_and_target_must_be_in_room() -> None:
    result = resolve({"ann": {"hands": ["pistol"], "health": 1},
                      "bob": {"hands": ["pistol2"], "health": 1}, "cat": {"room": 3}},
                     {"ann": {"use": [{"target": "bob"}]}, "bob": {"use": [{"target": "ann"}]}})
    assert result.world.characters["ann"].health == 0
    assert result.world.characters["bob"].health == 0
    far = resolve({"ann": {"hands": ["pistol"]}, "cat": {"room": 3}},
                  {"ann": {"use": [{"target": "cat"}]}})
    assert "ann.use[0]" not in void(far) and far.world.characters["cat"].health == 3
    assert "cannot happen: cat is not in your room" in text(far, "ann")


@pytest.mark.rule("CHAT-TRN-6")
def test_bluffed_shot_without_pistol_does_not_happen() -> None:
    result = resolve({"ann": {}, "bob": {}}, {"ann": {"use": [{"target": "bob"}]}})
    assert result.world.characters["bob"].health == 3
    assert "ann declares: a shot at you." in text(result, "bob")
    assert void(result) == set()


@pytest.mark.rule("CHAT-TRN-7")
def test_last_version_of_orders_counts() -> None:
    game = Game(RULESET, scenario({"ann": {}, "bob": {}}))
    game.answer("ann", {"move": {"to": 2}})
    game.answer("ann", {"move": {"to": 4}})
    game.close()
    assert game.state.world.characters["ann"].room == 4


@pytest.mark.rule("CHAT-TGT-2")
def test_into_the_air() -> None:
    result = resolve({"ann": {"hands": ["pistol"]}, "bob": {}}, {"ann": {"use": [{}]}})
    assert "ann shoots into the air with the pistol." in text(result, "bob")
    assert result.world.characters["bob"].health == 3


@pytest.mark.rule("CHAT-TAG-2", "CHAT-MEL-1", "CHAT-MEL-2")
def test_melee_costs_1_does_1_damage_seen_and_recorded() -> None:
    result = resolve({"ann": {"room": 2, "concentration": 2}, "bob": {"room": 2}},
                     {"ann": {"melee": {"target": "bob"}}})
    assert result.world.characters["ann"].concentration == 1
    assert result.world.characters["bob"].health == 2
    assert "(actions) ann attacks bob in melee." in camera(result, 2)
    poor = resolve({"ann": {"concentration": Fraction(1, 2)}, "bob": {}},
                   {"ann": {"melee": {"target": "bob"}}})
    assert poor.world.characters["bob"].health == 3


@pytest.mark.rule("CHAT-TAK-1", "CHAT-TAK-5")
def test_take_with_placement_seen_and_recorded() -> None:
    result = resolve({"ann": {"room": 2}, "bob": {"room": 2}},
                     {"ann": {"take": [{"item": "key", "place": "inventory"}]}},
                     floor={2: ["key"]})
    assert result.world.characters["ann"].inventory == ["key"]
    assert "(actions) ann takes the key from the floor of room 2." in camera(result, 2)
    default = resolve({"ann": {}}, {"ann": {"take": [{"item": "key"}]}}, floor={1: ["key"]})
    assert default.world.characters["ann"].hands == ["key"]


@pytest.mark.rule("CHAT-TAK-2")
def test_contested_item_goes_to_no_one() -> None:
    result = resolve({"ann": {}, "bob": {}}, {"ann": {"take": [{"item": "key"}]},
                                              "bob": {"take": [{"item": "key"}]}},
                     floor={1: ["key"]})
    assert result.world.floor[1] == ["key"]


@pytest.mark.rule("CHAT-TAK-3")
def test_list_order_decides_what_fits() -> None:
    result = resolve({"ann": {"hand_slots": 1, "inventory_slots": 0, "worn_places": {}}},
                     {"ann": {"take": [{"item": "map"}, {"item": "key"}]}},
                     floor={1: ["key", "map"]})
    assert result.world.characters["ann"].hands == ["map"]
    assert result.world.floor[1] == ["key"]


@pytest.mark.rule("CHAT-GIV-1", "CHAT-GIV-6")
def test_give_seen_by_room_camera_without_items() -> None:
    result = resolve({"ann": {"room": 2, "hands": ["key"]}, "bob": {"room": 2},
                      "cat": {"room": 2}},
                     {"ann": {"give": [{"item": "key", "to": "bob"}]}})
    assert result.world.characters["bob"].hands == ["key"]
    assert "ann gives the key to bob." in text(result, "cat")
    assert camera(result, 2) == ["(actions) ann gives something to bob."]


@pytest.mark.rule("CHAT-GIV-2")
def test_receiver_places_and_order() -> None:
    chars = {"ann": {"hands": ["key", "map"]},
             "bob": {"hand_slots": 1, "inventory_slots": 0, "worn_places": {}}}
    result = resolve(chars, {"ann": {"give": [{"item": "key", "to": "bob"},
                                              {"item": "map", "to": "bob"}]},
                             "bob": {"accept": [{"item": "map"}]}})
    assert result.world.characters["bob"].hands == ["map"]
    assert result.world.characters["ann"].hands == ["key"]
    placed = resolve({"ann": {"hands": ["key"]}, "bob": {}},
                     {"ann": {"give": [{"item": "key", "to": "bob"}]},
                      "bob": {"accept": [{"item": "key", "place": "inventory"}]}})
    assert placed.world.characters["bob"].inventory == ["key"]


@pytest.mark.rule("CHAT-GIV-3")
def test_impossible_transfer_changes_nothing() -> None:
    result = resolve({"ann": {"hands": ["key"]},
                      "bob": {"hand_slots": 0, "inventory_slots": 0, "worn_places": {}},
                      "cat": {}},
                     {"ann": {"give": [{"item": "key", "to": "bob"}]}})
    assert result.world.characters["ann"].hands == ["key"]
    assert "gives" not in text(result, "cat")
    assert "Your transfer of the key to bob does not happen." in text(result, "ann")


@pytest.mark.rule("CHAT-GIV-4")
def test_item_used_this_turn_cannot_be_given() -> None:
    result = resolve({"ann": {"hands": ["pistol"]}, "bob": {}},
                     {"ann": {"use": [{}], "give": [{"item": "pistol", "to": "bob"}]}})
    assert result.world.characters["ann"].hands == ["pistol"]


@pytest.mark.rule("CHAT-GIV-5")
def test_received_item_usable_next_turn_only() -> None:
    result = resolve({"ann": {"hands": ["pistol"]}, "bob": {}, "cat": {}},
                     {"ann": {"give": [{"item": "pistol", "to": "bob"}]},
                      "bob": {"use": [{"target": "cat"}]}})
    assert result.world.characters["bob"].hands == ["pistol"]
    assert result.world.characters["cat"].health == 3


@pytest.mark.rule("CHAT-REF-1", "CHAT-REF-2")
def test_refuse() -> None:
    result = resolve({"ann": {"hands": ["key"]}, "bob": {}, "cat": {"room": 1}},
                     {"ann": {"give": [{"item": "key", "to": "bob"}]},
                      "bob": {"refuse": ["ann"]}})
    assert result.world.characters["ann"].hands == ["key"]
    assert "refus" not in text(result, "cat").replace("declares: refuse", "")


@pytest.mark.rule("CHAT-DRP-1", "CHAT-DRP-2", "CHAT-DRP-3")
def test_drop_usable_this_turn_not_takeable() -> None:
    result = resolve({"ann": {"room": 2, "hands": ["pistol"]}, "bob": {"room": 2}},
                     {"ann": {"drop": [{"item": "pistol"}], "use": [{"target": "bob"}]},
                      "bob": {"take": [{"item": "pistol"}]}})
    assert result.world.floor[2] == ["pistol"]
    assert result.world.characters["bob"].health == 2
    assert "bob.take[0]" not in void(result)
    assert "bob declares: take the pistol." in text(result, "ann")
    assert "(actions) ann drops the pistol." in camera(result, 2)


@pytest.mark.rule("CHAT-SHW-1", "CHAT-SHW-2", "CHAT-TAG-2")
def test_show_as_at_start_costs_half() -> None:
    result = resolve({"ann": {"room": 2, "inventory": ["key"]}, "bob": {"room": 2}},
                     {"ann": {"show": [{"item": "key"}],
                              "equip": {"hands": ["key"]}}})
    line = ("ann shows the key from the inventory: a brass key. "
            "At the start of the turn it was not in hand.")
    assert any(line in entry for entry in camera(result, 2))
    assert line in text(result, "bob")
    assert result.world.characters["ann"].concentration == Fraction(3, 2)


@pytest.mark.rule("CHAT-EQP-1", "CHAT-EQP-2")
def test_equip_shows_only_visibility_changes() -> None:
    result = resolve({"ann": {"room": 2, "inventory": ["pistol"], "hands": ["key"]},
                      "bob": {"room": 2}},
                     {"ann": {"equip": {"hands": ["pistol"]}}})
    assert result.world.characters["ann"].hands == ["pistol"]
    assert result.world.characters["ann"].inventory == ["key"]
    assert ("ann rearranges their things. No longer to be seen: key. Now to be seen: pistol."
            in text(result, "bob"))
    same = resolve({"ann": {"room": 2, "inventory": ["key"]}, "bob": {"room": 2}},
                   {"ann": {"equip": {"hands": []}}})
    assert "rearranges" not in text(same, "bob")


@pytest.mark.rule("CHAT-BLF-1", "CHAT-BLF-2")
def test_bluff_cancels_explicit_declarations_silently() -> None:
    result = resolve({"ann": {"room": 2}, "bob": {"room": 2}},
                     {"ann": {"melee": {"target": "bob"}, "bluff": ["melee"]}})
    assert result.world.characters["bob"].health == 3
    assert "ann declares: a melee attack on you." in text(result, "bob")
    assert "bluff" not in text(result, "bob") and not camera(result, 2)


@pytest.mark.rule("CHAT-AWR-1")
def test_every_report_ends_with_own_state() -> None:
    result = resolve({"ann": {"hands": ["key"], "concentration": 2}, "bob": {}}, {})
    for name in ("ann", "bob"):
        assert text(result, name).splitlines()[-1].startswith("(end of turn) You are in room 1.")
    assert "You carry: key (in hand)." in text(result, "ann")
    assert "key" not in text(result, "bob")
