"""Places where the engine once read the book differently: each test quotes the
Russian seed (``002_bb73b2fcad741c27.txt``) its expected result comes from."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.games.facility.helpers import report, resolve, text, void


@pytest.mark.rule("CHAT-TRN-4", "CHAT-TAK-4", "CHAT-GIV-5", "CHAT-DRP-2")
def test_actions_at_once_a_key_taken_is_not_passed_on_in_the_same_turn() -> None:
    """«В конце хода одновременно резолвятся сначала действия, не связанные с
    перемещением, а затем действия с перемещением» and «Способность предмета
    можно использовать в ту же фазу, в которую он был получен» (disputed case
    15): every action reads the start of the turn. ann takes the key from the
    floor, but her give of it to bob finds nothing to give (she did not carry
    it at the start), and bob's drop of it nothing to drop. cat's take of the
    pistol and her shot with it is the one chain the book allows."""
    result = resolve({"ann": {}, "bob": {}, "cat": {}, "dan": {"health": 3}},
                     {"ann": {"take": [{"item": "key"}], "give": [{"item": "key", "to": "bob"}]},
                      "bob": {"drop": [{"item": "key"}]},
                      "cat": {"take": [{"item": "pistol"}], "use": [{"target": "dan"}]}},
                     floor={1: ["key", "pistol"]})
    world = result.world
    assert world.characters["ann"].hands == ["key"]
    assert world.characters["bob"].items() == []
    assert world.floor[1] == []
    assert world.characters["dan"].health == 2


@pytest.mark.rule("CHAT-TRN-4", "CHAT-GIV-1", "CHAT-TAK-3")
def test_actions_at_once_places_emptied_this_turn_take_what_arrives() -> None:
    """«одновременно резолвятся» (disputed case 15): what leaves (a drop, a give)
    leaves first, so its place takes what arrives. ann has one hand, holding
    the key: she drops it and takes the map, which goes to that hand."""
    result = resolve({"ann": {"hands": ["key"], "hand_slots": 1, "inventory_slots": 0,
                              "worn_places": {}}},
                     {"ann": {"drop": [{"item": "key"}], "take": [{"item": "map"}]}},
                     floor={1: ["map"]})
    assert result.world.characters["ann"].hands == ["map"]
    assert result.world.floor[1] == ["key"]


@pytest.mark.rule("CHAT-GIV-3")
def test_a_transfer_with_no_room_leaves_the_item_where_it_was() -> None:
    """«Если передача невозможна, ничего не происходит»: ann (one hand, the key)
    gives the key to zed, who has no room, so it stays in her hand; bob's map
    then has no room with ann either, and stays with bob. Worked out at once,
    the hand ann would have emptied is never filled twice."""
    result = resolve({"ann": {"hands": ["key"], "hand_slots": 1, "inventory_slots": 0,
                              "worn_places": {}},
                      "bob": {"hands": ["map"]},
                      "zed": {"hand_slots": 0, "inventory_slots": 0, "worn_places": {}}},
                     {"ann": {"give": [{"item": "key", "to": "zed"}]},
                      "bob": {"give": [{"item": "map", "to": "ann"}]}})
    world = result.world
    assert world.characters["ann"].hands == ["key"]
    assert world.characters["bob"].hands == ["map"]
    assert world.characters["zed"].items() == []
    assert world.characters["ann"].concentration == Fraction(2)


@pytest.mark.rule("CHAT-VIS-4", "CHAT-FOL-5")
def test_entering_a_room_one_sees_the_follower_who_turned_back_in_the_doorway() -> None:
    """«Кто вошел вместе с ним в дверь, и кто прошел через эту дверь навстречу»,
    «Кто и через какую дверь вошёл в комнату»; «Персонаж может начать следование
    либо в комнате, либо в дверях при движении навстречу друг другу». fol, on
    her way east, meets tgt in the doorway and turns back to follow him: she did
    not come through the door, she stands in room 1, which tgt enters (house
    rule 12: entering, one sees who is there). Her side: he came through the
    door the other way, once."""
    result = resolve({"fol": {"room": 1}, "tgt": {"room": 2}},
                     {"fol": {"move": {"route": ["east"]}, "follow": ["tgt"]},
                      "tgt": {"move": {"route": ["west"]}}})
    assert result.world.characters["fol"].room == 1
    assert "(step 1) In room 1 you see fol." in report(result, "tgt")
    assert "fol comes through" not in text(result, "tgt")
    seen = [line for line in report(result, "fol") if "tgt" in line and "(step 1)" in line]
    assert sorted(seen) == ["(step 1) You start following tgt.",
                            "(step 1) tgt comes through the east door towards you."]


@pytest.mark.rule("CHAT-CHS-3", "CHAT-TAG-2")
def test_a_chase_of_a_target_that_stays_needs_only_half_a_point() -> None:
    """«Погоня (заявляется тайно, цена 1)… Если цель не перемещалась, расходует
    на 0.5 концентрации меньше»: ann, with 0.5, chases bob, who stays; the chase
    costs her 0.5 and happens. cat, with 0.5, chases dan, who walks east: a full
    chase is beyond her, so when dan sets off she stays where she is (house
    rule 4), having paid her 0.5."""
    result = resolve({"ann": {"concentration": 0.5}, "bob": {},
                      "cat": {"room": 4, "concentration": 0.5}, "dan": {"room": 4}},
                     {"ann": {"chase": "bob"}, "cat": {"chase": "dan"},
                      "dan": {"move": {"route": ["east"]}}})
    world = result.world
    assert world.characters["ann"].concentration == 0
    assert "(step 1) You set off after bob." in report(result, "ann")
    assert "lack the concentration" not in text(result, "ann")
    assert world.characters["cat"].room == 4
    assert world.characters["dan"].room == 5
    assert world.characters["cat"].concentration == 0


@pytest.mark.rule("CHAT-TRN-6", "CHAT-VIS-1")
def test_an_impossible_explicit_declaration_is_heard_and_does_not_happen() -> None:
    """«Разрешается давать заявки на действия, которые ваш персонаж не может
    совершить (например, блефовать, дав заявку на выстрел, не имея пистолета)»;
    «Явные заявки на действия видны другим персонажам». ann, in room 2,
    declares a shot at bob with no pistol, a melee attack on cat (in room 3)
    and a take of the map (in her own hands, not on the floor): bob hears all
    three, none happens, and only ann is told why."""
    result = resolve({"ann": {"room": 2, "hands": ["map"]}, "bob": {"room": 2},
                      "cat": {"room": 3}},
                     {"ann": {"use": [{"target": "bob"}], "melee": {"target": "cat"},
                              "take": [{"item": "map"}]}})
    heard = text(result, "bob")
    for declared in ("ann declares: a shot at you.", "ann declares: a melee attack on cat.",
                     "ann declares: take the map."):
        assert declared in heard
    world = result.world
    assert world.characters["bob"].health == 3 and world.characters["cat"].health == 3
    assert world.characters["ann"].hands == ["map"]
    assert world.characters["ann"].concentration == 2
    assert void(result) == set()
    told = text(result, "ann")
    assert "cat is not in your room" in told and "map is not lying in your room" in told
    assert "not in your room" not in heard and "not lying" not in heard
    assert "declares" not in text(result, "cat")


@pytest.mark.rule("CHAT-DET-5", "CHAT-DET-1", "CHAT-FOL-5")
def test_one_detained_in_the_step_it_would_start_following_is_not_told_it_follows() -> None:
    """«Задержание имеет более высокий приоритет, чем следование»; «Встретив цель
    из списка, персонаж останавливается и останавливает вместе с собой цель».
    fol meets tgt in the doorway and turns back to follow him; in the same step
    det comes into her room and detains her. She is stopped: she follows no one,
    and her report does not say she starts to."""
    result = resolve({"fol": {"room": 1}, "tgt": {"room": 2}, "det": {"room": 4}},
                     {"fol": {"move": {"route": ["east"]}, "follow": ["tgt"]},
                      "tgt": {"move": {"route": ["west", "north"]}},
                      "det": {"move": {"route": ["south"]}, "detain": ["fol"]}})
    assert "det detains you." in text(result, "fol")
    assert "following" not in text(result, "fol")
    world = result.world
    assert world.characters["fol"].room == 1
    assert world.characters["tgt"].room == 4
