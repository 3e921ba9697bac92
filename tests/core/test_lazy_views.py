"""A seat's view is built when its player reads it: games are the same
whether the bots read their views or not (same seeds, same inputs, same
checksum), and a view is never read stale."""

from __future__ import annotations

from random import Random

import pytest

from referee.bots import random_bot
from referee.core.drivers import Ask, Player, RandomBot, RandomChance, play_out
from referee.core.game import Game
from referee.core.ruleset import ruleset_names
from referee.core.scenario import load_scenario
from referee.core.waits import JSON, Chance


class Reading:
    """A bot that reads its whole view before the bot it wraps chooses."""

    def __init__(self, inner: RandomBot) -> None:
        self.inner = inner
        self.read = 0

    def choose(self, ask: Ask) -> JSON:
        assert ask.view["seat"] == ask.seat
        self.read += 1
        return self.inner.choose(ask)


@pytest.mark.parametrize("name", ruleset_names())
def test_games_are_the_same_whether_the_bots_read_their_views_or_not(name: str) -> None:
    ruleset, scenario = load_scenario(name)
    for seed in (3, 28):
        games = []
        for reading in (False, True):
            game = Game(ruleset, scenario)
            bot = random_bot(Random(seed))
            reader = Reading(bot)
            player: Player = reader if reading else bot
            play_out(game, dict.fromkeys(game.seats, player), RandomChance(Random(seed + 1)))
            games.append(game)
            assert (reader.read > 0) == reading
        assert games[0].inputs == games[1].inputs
        assert games[0].checksum() == games[1].checksum()


def test_a_view_read_after_the_game_moved_on_is_refused() -> None:
    ruleset, scenario = load_scenario("night-watch")
    game = Game(ruleset, scenario)
    while isinstance(game.waiting, Chance):
        game.roll_random(Random(1))
    seat = game.seats_to_answer()[0]
    unread, read = Ask.of(game, seat), Ask.of(game, seat)
    before = read.view
    game.answer(seat, random_bot(Random(1)).choose(read))
    assert read.view is before  # read before the game moved on: kept as it was
    with pytest.raises(RuntimeError, match="moved on"):
        _ = unread.view
