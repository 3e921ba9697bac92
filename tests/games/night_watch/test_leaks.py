"""The leak test: what one Watch may not know never reaches it."""

from __future__ import annotations

from referee.core.game import Game
from tests.games.night_watch.nw import new_game, other
from tests.leaks import assert_no_leak, readable_by


def game_where_larisa_draws(card: str) -> Game:
    game = new_game([other("larisa", "day", 1, "metro"), other("andrey", "night", 2, "metro")],
                    day=["attack-4", "defence-3"], night=["attack-2"], hand_size=1)
    game.feed(card, "attack-2")
    return game


def test_the_night_watch_cannot_tell_which_spell_larisa_drew():
    attack, defence = game_where_larisa_draws("attack-4"), game_where_larisa_draws("defence-3")
    assert readable_by(attack, "day") != readable_by(defence, "day")
    assert_no_leak(attack, defence, "night")


def test_after_moving_the_night_watch_still_cannot_tell():
    attack, defence = game_where_larisa_draws("attack-4"), game_where_larisa_draws("defence-3")
    for game in (attack, defence):
        game.feed("stay", "stay")
    assert_no_leak(attack, defence, "night")


def test_a_played_spell_is_public():
    attack, defence = game_where_larisa_draws("attack-4"), game_where_larisa_draws("defence-3")
    attack.feed("stay", "stay", "cast:attack-4:andrey")
    defence.feed("stay", "stay", "cast:defence-3:larisa")
    assert readable_by(attack, "night") != readable_by(defence, "night")
