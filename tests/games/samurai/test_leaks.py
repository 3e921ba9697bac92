"""The leak test: a side's secret token allocation (SAM-FGT-2) never reaches
the other side before both are revealed (SAM-FGT-3)."""

from __future__ import annotations

import pytest

from referee.core.game import Game
from tests.games.samurai.sam import RETAINERS_FIRST, fighter, new_game, tokens
from tests.leaks import assert_no_leak, readable_by


def allocated(attack: int, defence: int, boost: bool = False) -> Game:
    game = new_game([fighter("kenji", (10, 10), cp=3)], [fighter("oni", (11, 10), cp=2)])
    game.feed(*RETAINERS_FIRST)
    game.answer("retainers", tokens(kenji=(attack, defence, boost)))
    return game


@pytest.mark.rule("SAM-FGT-2", "SAM-FGT-3")
def test_the_bandits_cannot_tell_how_the_retainers_took_their_tokens():
    all_out, guarded = allocated(3, 0, True), allocated(0, 3)
    assert readable_by(all_out, "retainers") != readable_by(guarded, "retainers")
    assert_no_leak(all_out, guarded, "bandits")


@pytest.mark.rule("SAM-FGT-3")
def test_a_replaced_allocation_is_still_secret():
    first = allocated(3, 0)
    first.answer("retainers", tokens(kenji=(1, 2)))
    assert_no_leak(first, allocated(2, 1), "bandits")


@pytest.mark.rule("SAM-FGT-3")
def test_once_both_are_in_the_tokens_are_shown_to_both():
    all_out, guarded = allocated(3, 0), allocated(0, 3)
    for game in (all_out, guarded):
        game.answer("bandits", tokens(oni=(1, 1)))
    assert readable_by(all_out, "bandits") != readable_by(guarded, "bandits")
