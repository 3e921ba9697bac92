"""A move to any point the fighter can reach (house rule, docs/rulesets/samurai.md):
typed as x and y or taken from the named moves; refused, with the reason,
where the fighter cannot go."""

from __future__ import annotations

import math
from random import Random

import pytest

from referee.bots import random_bot
from referee.core.drivers import Ask
from referee.core.errors import IllegalAnswer
from referee.core.waits import Decision
from tests.games.samurai.sam import RETAINERS_FIRST, fighter, hedge, new_game, wall


def to_point(*retainers, bandits=None, terrain=None):
    game = new_game(list(retainers) or [fighter("kenji", (10, 10))],
                    bandits or [fighter("oni", (10, 40))], terrain)
    game.feed(*RETAINERS_FIRST)
    wait = game.waiting
    assert isinstance(wait, Decision) and wait.question.key == "sam.ask.move"
    values = [o.value for o in wait.options_for("retainers")]
    assert values[-1] == {"do": "point"}
    game.answer("retainers", {"do": "point"})
    assert isinstance(game.waiting, Decision) and game.waiting.question.key == "sam.ask.point"
    return game


def refusal(game, x, y, lang="en") -> str:
    before = len(game.inputs)
    with pytest.raises(IllegalAnswer) as caught:
        game.answer("retainers", {"x": x, "y": y})
    assert len(game.inputs) == before
    return caught.value.render(lang)


def at(game, fid):
    f = game.state.fighters[fid]
    return (f.x, f.y)


def test_a_reachable_point_is_where_the_fighter_goes():
    game = to_point()
    game.answer("retainers", {"x": 13, "y": 14})
    assert at(game, "kenji") == (13, 14)
    assert game.state.fighters["kenji"].moved


def test_the_view_says_who_moves_and_how_far_and_the_template_is_where_it_stands():
    game = to_point()
    view = game.view("bandits")
    assert view["state"]["moving"]["fighter"] == "kenji"
    assert view["state"]["moving"]["what"] == "point"
    assert game.view("retainers")["waiting"]["template"] == {"x": 10, "y": 10}


def test_beyond_the_move_is_refused():
    game = to_point()
    # 5 across and 5 up: 7.07 inches, more than the 6 of the house rule's move
    assert "7.1\", and the fighter moves 6\"" in refusal(game, 15, 15)


def test_a_wall_in_the_way_is_named_but_light_cover_is_crossed():
    game = to_point(terrain=[wall((6, 12), (14, 12), "stone wall"), hedge(14, 8, 20, 12)])
    assert "the stone wall is in the way" in refusal(game, 10, 14)
    game.answer("retainers", {"x": 15, "y": 11})
    assert at(game, "kenji") == (15, 11)


def test_only_a_charge_brings_a_fighter_into_contact():
    game = to_point(bandits=[fighter("oni", (10, 14))])
    text = refusal(game, 10, 13)
    assert "touching Oni" in text and "charge" in text


def test_off_the_table_is_refused():
    game = to_point(fighter("kenji", (1, 10)))
    assert "off the table" in refusal(game, 0.2, 10)


def test_a_fighter_whose_id_is_edge_in_the_way_is_named():
    # "edge" is also the word the table gives for a way off it: a fighter so
    # called is still named as the one touched, on the table
    game = to_point(bandits=[fighter("edge", (10, 14))])
    text = refusal(game, 10, 13)
    assert "touching" in text and "off the table" not in text


def test_every_named_move_and_every_bot_answer_is_accepted():
    game = to_point(fighter("kenji", (20, 20)), fighter("goro", (24, 18)),
                    bandits=[fighter("oni", (20, 30)), fighter("kiku", (8, 26))])
    spots = game.view("retainers")["state"]["moving"]["spots"]
    assert {"toward:oni", "away:oni"} <= {spot["value"] for spot in spots}
    for x, y in (spot["at"] for spot in spots):
        fork = game.fork()
        fork.answer("retainers", {"x": x, "y": y})
        assert math.dist(at(fork, "kenji"), (20, 20)) <= 6 + 1e-6
    bot = random_bot(Random(3))
    for _ in range(6):
        game.fork().answer("retainers", bot.choose(Ask.of(game, "retainers")))
