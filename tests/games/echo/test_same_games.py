"""The same seeds play the same games: random games of the example, pinned
by a digest of every input, every seat's view at each question put to it,
and the game's checksum (the referee's view of the state and the whole log),
each worked out before the rules were made faster. A change meant only to
make the rules faster must leave every digest as it is; a change of the
rules, the views, the random bot or the dice changes them on purpose (then
compute them again)."""

from __future__ import annotations

import pytest

from tests.same_games import game_read_throughout, many_games

READ_THROUGHOUT = {
    0: "dcdbf43f8885", 1: "f954e146f3d0", 2: "f2f21e0d8fac", 3: "a18167e81533",
    4: "ad5a722cfe14", 5: "d5314a0778f3", 6: "7f08de19a2ea", 7: "a567d8ca7211",
}

MANY = 100
MANY_GAMES = "6221ba853702"
"""The digest of the digests of games 0 to MANY - 1, played without reading views."""


@pytest.mark.parametrize("seed", sorted(READ_THROUGHOUT))
def test_a_seeded_game_read_throughout_is_the_same_game(seed: int) -> None:
    assert game_read_throughout("echo", seed) == READ_THROUGHOUT[seed]


def test_many_seeded_games_of_the_example_are_the_same_games() -> None:
    assert many_games("echo", MANY) == MANY_GAMES
