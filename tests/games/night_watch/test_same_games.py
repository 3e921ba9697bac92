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
    0: "017a87c35dab", 1: "ef717731577b", 2: "5f07728b1c3b", 3: "7e983824bd25",
    4: "1bc772c1a37b", 5: "90596fbf1434", 6: "1fa50d93bf99", 7: "d441ca0d152c",
}

MANY = 300
MANY_GAMES = "757fdec0d1c9"
"""The digest of the digests of games 0 to MANY - 1, played without reading views."""


@pytest.mark.parametrize("seed", sorted(READ_THROUGHOUT))
def test_a_seeded_game_read_throughout_is_the_same_game(seed: int) -> None:
    assert game_read_throughout("night-watch", seed) == READ_THROUGHOUT[seed]


def test_many_seeded_games_of_the_example_are_the_same_games() -> None:
    assert many_games("night-watch", MANY) == MANY_GAMES
