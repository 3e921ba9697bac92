"""Who hears a character talk to its room (the server's table talk to the
room): the characters that hear its explicit declarations (CHAT-VIS-1),
wherever it stands when it speaks; house rule 19 for those who are down."""

from __future__ import annotations

import pytest

from referee.core.game import Game
from tests.games.facility.helpers import RULESET, resolve, scenario, text

CHARACTERS = {"ann": {"room": 2}, "bob": {"room": 2}, "cat": {"room": 1},
              "dan": {"room": 2, "health": 0}, "eve": {"room": 5}}
"""Dan lies in lab 2, down; Cat reads the camera of room 2 from room 1."""


@pytest.mark.rule("CHAT-VIS-1")
def test_a_room_hears_what_its_explicit_declarations_reach() -> None:
    declared = resolve(CHARACTERS, {"ann": {"melee": {"target": "bob"}}},
                       camera_readers={2: ["cat"]})
    heard = {name for name in CHARACTERS if "ann declares" in text(declared, name)}
    game = Game(RULESET, scenario(CHARACTERS, camera_readers={2: ["cat"]}))
    assert RULESET.within_earshot(game.state, "ann") == heard == {"bob", "dan"}


@pytest.mark.rule("CHAT-VIS-1")
def test_the_room_is_the_one_a_character_stands_in_when_it_speaks() -> None:
    game = Game(RULESET, scenario(CHARACTERS))
    assert RULESET.within_earshot(game.state, "cat") == frozenset()
    game.answer("ann", {"move": {"to": 1}})
    assert RULESET.within_earshot(game.state, "ann") == {"bob", "dan"}  # orders move no one
    game.close()
    assert game.state.world.characters["ann"].room == 1
    assert RULESET.within_earshot(game.state, "ann") == {"cat"}
    assert RULESET.within_earshot(game.state, "cat") == {"ann"}
    assert RULESET.within_earshot(game.state, "bob") == {"dan"}
