"""A move to any point the model can reach (house rule, docs/rulesets/old_west.md):
picked as "move to a point", then typed as x and y or taken from the named
moves; refused, with the reason, where the model cannot go."""

from __future__ import annotations

import math

import pytest

from referee.core.errors import IllegalAnswer
from referee.core.events import REFEREE
from tests.games.old_west.ow import LAW_FIRST, R, asked, at, build, keys, m, options

FENCE = {"name": "rail fence", "name_ru": "изгородь", "points": [[0, 12], [24, 12]],
         "height": 1.0}
HOUSE = {"name": "stone house", "name_ru": "каменный дом",
         "points": [[10, 8], [14, 8], [14, 10], [10, 10]], "closed": True, "height": 3.0}


def moving(*law, out=None, **extra):
    """A game where the Lawmen's first model is asked how it moves."""
    game = build(list(law) or [m("deputy", 12, 4)], out or [m("outlaw", 12, 22)], **extra)
    game.feed(*LAW_FIRST)
    while asked(game) == "ow.ask.heroics":
        for seat in game.seats_to_answer():
            game.answer(seat, [])
    assert asked(game) == "ow.ask.move"
    return game


def to_point(game):
    game.answer("lawmen", "point")
    assert asked(game) == "ow.ask.point"
    return game


def refusal(game, x, y, lang="en") -> str:
    before = len(game.inputs)
    with pytest.raises(IllegalAnswer) as caught:
        game.answer("lawmen", {"x": x, "y": y})
    assert len(game.inputs) == before
    return caught.value.render(lang)


def test_a_point_is_the_last_of_the_moves_offered():
    game = moving()
    assert options(game)[0] == "hold" and options(game)[-1] == "point"


def test_the_view_shows_whose_move_it_is_how_far_it_goes_and_where_each_move_ends():
    game = moving()
    view = game.view("lawmen")
    meanings = {o["value"]: o["meaning"] for o in view["waiting"]["options"]}
    assert {m["model"] for m in meanings.values()} == {"deputy"}
    assert view["state"]["models"]["deputy"]["move"] == 6
    spots = {value: m["to"] for value, m in meanings.items() if "to" in m}
    assert set(spots) == {"advance"}  # hold stays, point is chosen later
    assert spots["advance"][0] == pytest.approx(12) and spots["advance"][1] > 4


def test_the_point_asked_for_starts_where_the_model_stands():
    game = to_point(moving())
    view = game.view("lawmen")
    assert view["waiting"]["template"] == {"x": 12.0, "y": 4.0}
    assert view["state"]["point"]["model"] == "deputy"
    assert "answer_schema" in view["waiting"]


def test_a_reachable_point_is_where_the_model_goes():
    game = to_point(moving())
    game.answer("lawmen", {"x": 15, "y": 7.5})
    assert at(game, "deputy") == pytest.approx((15, 7.5))
    assert "ow.moves" in keys(game)
    assert game.view("lawmen")["state"]["point"] is None


def test_staying_where_it_stands_is_said():
    game = to_point(moving())
    game.answer("lawmen", {"x": 12, "y": 4})
    assert at(game, "deputy") == pytest.approx((12, 4)) and "ow.point.stays" in keys(game)


def test_a_point_beyond_the_move_is_refused_with_the_way_and_the_move():
    game = to_point(moving())
    # 5 across and 5 up: 7.07 inches, more than the 6 of a man on foot
    assert "7.1\" of a move of 6\"" in refusal(game, 17, 9)
    assert "7,1\" из 6\"" in refusal(game, 17, 9, "ru")


def test_jumping_a_fence_costs_two_inches_of_the_move():
    game = to_point(moving(m("deputy", 12, 8), FENCE and m("x", 2, 2), obstacles=[FENCE]))
    # 5 inches straight up over the fence, plus 2 for the jump: 7
    assert "7\" of a move of 6\"" in refusal(game, 12, 13)
    game.answer("lawmen", {"x": 12, "y": 11.5})  # 3.5 + 0 (short of the fence)
    assert at(game, "deputy") == pytest.approx((12, 11.5))


def test_a_building_in_the_way_is_named():
    game = to_point(moving(m("deputy", 12, 6), obstacles=[HOUSE]))
    assert "the stone house is in the way" in refusal(game, 12, 11.5)
    assert "путь преграждает каменный дом" in refusal(game, 12, 11.5, "ru")


def test_off_the_table_is_refused():
    game = to_point(moving(m("deputy", 1, 4)))
    assert "off the table" in refusal(game, 0.2, 4)
    assert "off the table" in refusal(game, -3, 4)


def test_into_an_enemys_reach_only_a_charge_goes():
    game = to_point(moving(out=[m("outlaw", 12, 9)]))
    touching_spot = 9 - 2 * R
    text = refusal(game, 12, touching_spot)
    assert "Outlaw could fight the model there" in text and "charge" in text


def test_another_model_in_the_way_is_named():
    game = to_point(moving(m("deputy", 12, 4), m("friend", 12, 6.5)))
    assert "Friend stands in the way" in refusal(game, 12, 9)


def test_a_model_whose_id_is_edge_in_the_way_is_named():
    game = to_point(moving(m("deputy", 12, 4), m("edge", 12, 6.5)))
    assert "Edge stands in the way" in refusal(game, 12, 9)


def test_every_named_move_is_a_point_the_rules_accept():
    game = to_point(moving(m("deputy", 12, 6), m("friend", 6, 10), obstacles=[HOUSE],
                           out=[m("outlaw", 20, 7), m("other", 5, 18)]))
    spots = game.view("lawmen")["state"]["point"]["spots"]
    names = [(spot["way"], spot["model"]) for spot in spots]
    assert ("toward", "outlaw") in names and ("away", "outlaw") in names
    for value, (x, y) in zip(names, [spot["to"] for spot in spots], strict=True):
        fork = game.fork()
        fork.answer("lawmen", {"x": x, "y": y})
        moved = at(fork, "deputy")
        assert moved == pytest.approx((x, y)), value
        assert math.dist(moved, (12, 6)) <= 6 + 1e-6


def test_a_yee_haw_friend_must_end_near_the_hero():
    game = build([m("hero", 12, 4, hero=True, fame=2), m("friend", 14, 4)],
                 [m("outlaw", 12, 22)])
    game.feed(*LAW_FIRST)
    assert asked(game) == "ow.ask.heroics"
    game.answer("lawmen", ["hero"])
    assert asked(game) == "ow.ask.yee-haw"
    game.answer("lawmen", True)
    game.answer("lawmen", "hold")  # the Hero stays
    assert asked(game) == "ow.ask.move" and "point" in options(game)
    to_point(game)
    assert "must end within 6\" of Hero" in refusal(game, 14, 4 + 6 + 2 * R + 0.3)


def test_a_bot_asked_for_a_point_answers_one_the_rules_accept():
    from random import Random

    from referee.bots import random_bot
    from referee.core.drivers import Ask

    game = to_point(moving(m("deputy", 12, 6), m("friend", 9, 5)))
    bot = random_bot(Random(1))
    for _ in range(8):
        answer = bot.choose(Ask.of(game, "lawmen"))
        game.fork().answer("lawmen", answer)
    assert game.view(REFEREE)["state"]["point"]["model"] == "deputy"
