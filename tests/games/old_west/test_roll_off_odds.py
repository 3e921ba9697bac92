"""Exact odds of a roll-off through the engine: the enumerator walks every
die, and positions reached by different dice merge (each model keeps only its
best die and how many dice it has left)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from referee.core.enumerate import distribution
from referee.core.game import Game
from tests.games.old_west.ow import LAW_FIRST, asked, build, m, touching

rule = pytest.mark.rule


def two_against_three(law_fighting: int = 3, out_fighting: int = 3) -> Game:
    """One Lawman with 2 Attacks touching one Outlaw with 3; the Lawmen win
    the Drop, so they have Advantage."""
    game = build([m("law", 12, 12, attacks=2, fighting=law_fighting)],
                 [m("out", *touching(12, 12, 90), attacks=3, fighting=out_fighting)])
    game.feed(*LAW_FIRST)
    assert asked(game) == "ow.roll.fight"
    return game


def fight_decided(game: Game) -> bool:
    return any(e.text.key == "ow.fight-won" for e in game.state.log.events[-4:])


def fight_winner(game: Game) -> str:
    won = next(e for e in reversed(game.state.log.events) if e.text.key == "ow.fight-won")
    names = game.state.posse_names
    return next(seat for seat in names if names[seat] == won.text.params["posse"])


def by_the_book(law_dice: int, out_dice: int, law_fighting: int, out_fighting: int) -> Fraction:
    """The Lawmen's chance, straight from the book over every throw: the
    higher best die wins (OW-FGT-1, OW-ATT-1); on equal dice the higher
    Fighting wins (OW-FGT-2); still equal, a die: 1–3 the side with
    Advantage — the Lawmen here — wins, 4–6 the other (OW-FGT-3)."""
    faces = range(1, 7)
    won = Fraction(0)
    throws = 0
    for law in product(faces, repeat=law_dice):
        for out in product(faces, repeat=out_dice):
            throws += 1
            if max(law) != max(out):
                won += max(law) > max(out)
            elif law_fighting != out_fighting:
                won += law_fighting > out_fighting
            else:
                won += Fraction(sum(1 for tie in faces if tie <= 3), 6)
    return won / throws


def test_the_book_count_agrees_with_a_closed_form():
    """P(best of 2 < best of 3) summed over the best of 3, plus half the ties."""
    def at_most(k: int, n: int) -> Fraction:
        return Fraction(k, 6) ** n

    beats = sum(((at_most(k, 2) - at_most(k - 1, 2)) * at_most(k - 1, 3)
                 for k in range(1, 7)), Fraction(0))
    ties = sum(((at_most(k, 2) - at_most(k - 1, 2)) * (at_most(k, 3) - at_most(k - 1, 3))
                for k in range(1, 7)), Fraction(0))
    assert by_the_book(2, 3, 3, 3) == beats + ties / 2


@rule("OW-FGT-1", "OW-ATT-1", "OW-FGT-3")
def test_two_dice_against_three_equal_fighting_exact_odds():
    odds = distribution(two_against_three(), fight_winner, fight_decided)
    assert sum(odds.values()) == 1
    assert odds["lawmen"] == by_the_book(2, 3, 3, 3)
    assert odds["outlaws"] == 1 - by_the_book(2, 3, 3, 3)


@rule("OW-FGT-1", "OW-ATT-1", "OW-FGT-2")
def test_two_dice_against_three_better_fighting_takes_the_ties():
    odds = distribution(two_against_three(law_fighting=3, out_fighting=5), fight_winner,
                        fight_decided)
    assert odds["lawmen"] == by_the_book(2, 3, 3, 5)
    assert odds["outlaws"] == 1 - by_the_book(2, 3, 3, 5)
