"""Echo's rules bot and the free step: a step to a touching Location costs
no unit (ECHO-MOV-3), so it never shortens the way counted in units; the
bot still takes one where it helps — onto the target's Location, or to join
an investigator standing there (ECHO-ORD-3) — and never for nothing."""

from __future__ import annotations

from random import Random

import pytest

from referee.bots.kinds import make_bot
from referee.core.drivers import Ask
from referee.core.game import Game
from tests.games.echo.echo import RULESET, enemy, inv, new_game, options


def rules_answer(game: Game) -> object:
    (seat,) = game.seats_to_answer()
    return make_bot(RULESET, "rules", Random(0)).choose(Ask.of(game, seat))


def started(game: Game) -> Game:
    """``game`` rolled on to its first question (the turn's opening rolls)."""
    dice = Random(0)
    while not game.seats_to_answer():
        game.roll_random(dice)
    return game


@pytest.mark.rule("ECHO-MOV-3")
def test_an_investigator_beside_the_target_steps_onto_it_for_free() -> None:
    """The target stands in the Glutton Bunba, touching the House by the
    Bridge where Max stands: no unit nearer, but a step on the way."""
    game = started(new_game([inv("max", "a")], enemies=[enemy("ghost", "b")],
                            targets=["ghost"]))
    assert {"move:b", "done"} <= set(options(game))
    assert rules_answer(game) == "move:b"


@pytest.mark.rule("ECHO-ORD-3")
def test_an_investigator_with_no_unit_steps_aside_to_join_another() -> None:
    """Max has no unit to spend (Speed 0) and no way to the target; Kofa
    stands in the touching Glutton Bunba: Max joins him rather than stand."""
    game = started(new_game([inv("max", "a", speed=0), inv("kofa", "b")]))
    assert game.seats_to_answer() == ("max",)
    assert set(options(game)) == {"move:b", "done"}
    assert rules_answer(game) == "move:b"


def test_a_step_that_helps_nothing_is_not_taken() -> None:
    """Alone, with no unit and no way to the target, Max ends his turn."""
    game = started(new_game([inv("max", "a", speed=0)]))
    assert set(options(game)) == {"move:b", "done"}
    assert rules_answer(game) == "done"
