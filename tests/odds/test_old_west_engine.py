"""Old West odds against brute-force enumeration through the engine: the
ruleset's own chance outcomes walked by referee.core.enumerate on a tiny
scenario (two models in base contact), Heroes' choices made by a fixed
policy."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from referee.boards.table import mm_to_inches
from referee.core.enumerate import distribution
from referee.core.game import Game
from referee.core.i18n import render
from referee.core.ruleset import find_ruleset
from referee.core.waits import JSON, Decision
from referee.games.old_west.scenario import OldWestScenario
from referee.odds import old_west as ow

rule = pytest.mark.rule
CONTACT = mm_to_inches(25)
"""Centre to centre of two 25 mm bases in contact."""
FAME_QUESTIONS = {"ow.ask.fame-fight", "ow.ask.fame-bid"}


def duel(law: dict[str, Any], outlaw: dict[str, Any]) -> Game:
    """A Lawman and an Outlaw in base contact, the Lawmen with Advantage."""
    data = {"table": {"width": 24, "depth": 24}, "posses": [
        {"seat": "lawmen", "name": "Lawmen",
         "models": [{"id": "law", "name": "Law", "at": [12, 12], **law}]},
        {"seat": "outlaws", "name": "Outlaws",
         "models": [{"id": "out", "name": "Out", "at": [12, 12 + CONTACT], **outlaw}]}]}
    game = Game(find_ruleset("old-west"), OldWestScenario.model_validate(data))
    game.feed(6, 1)
    return game


def keys(game: Game) -> list[str]:
    return [event.text.key for event in game.state.log.events]


def fight_winner(game: Game) -> str | None:
    won = [e for e in game.state.log.events if e.text.key == "ow.fight-won"]
    return render(won[0].text.params["posse"]) if won else None


def policy(spend_in_fight: bool, spend_on_wounds: bool):
    """No Heroic Actions; Fame in the fight and on wound rolls all or none."""
    def answer(game: Game, decision: Decision) -> dict[str, JSON]:
        answers: dict[str, JSON] = {}
        for seat in decision.seats:
            options = decision.options_for(seat)
            key = decision.question.key
            spend = (key in FAME_QUESTIONS and spend_in_fight) or \
                (key == "ow.ask.fame" and spend_on_wounds)
            answers[seat] = options[-1 if spend else 0].value
        return answers
    return answer


@rule("OW-FGT-1", "OW-FGT-2", "OW-FGT-3", "OW-ATT-1", "OW-FAM-2", "OW-FAM-3")
@pytest.mark.parametrize(("law", "outlaw"), [
    ({}, {}),
    ({"attacks": 2, "fighting": 4}, {}),
    ({"fighting": 2}, {"attacks": 3}),
    ({"hero": True, "fame": 1}, {}),
    ({"attacks": 2, "fighting": 4, "hero": True, "fame": 1}, {"hero": True, "fame": 2}),
    ({"fighting": 5}, {"hero": True, "fame": 3, "attacks": 2}),
])
def test_fight_odds_match_the_engine(law: dict[str, Any], outlaw: dict[str, Any]):
    """Heroes bid all they may: the win chance is the same as spending the
    fewest points that win (what referee.odds assumes)."""
    game = duel(law, outlaw)
    counted = distribution(game, fight_winner, lambda g: "ow.fight-won" in keys(g),
                           policy(spend_in_fight=True, spend_on_wounds=False))
    odds = ow.fight(law.get("attacks", 1), outlaw.get("attacks", 1),
                    law.get("fighting", 3), outlaw.get("fighting", 3),
                    fame_a=law.get("fame", 0), fame_b=outlaw.get("fame", 0))
    assert counted == {"Lawmen": odds.probability, "Outlaws": 1 - odds.probability}


def outlaw_down(game: Game) -> bool:
    return not game.state.fighters["out"].active


@rule("OW-WND-1", "OW-WND-2", "OW-FAM-6", "OW-FAM-7")
@pytest.mark.parametrize(("strength", "toughness", "fame"), [(3, 8, 0), (3, 8, 2), (4, 4, 1),
                                                             (1, 7, 3)])
def test_wound_odds_match_the_engine(strength: int, toughness: int, fame: int):
    """The Lawman (Fighting 6, so he wins every tied fight) strikes once if he
    wins; the Outlaw is down with P(win) × P(wound)."""
    law = {"fighting": 6, "strength": strength, "hero": fame > 0, "fame": fame}
    game = duel(law, {"toughness": toughness})
    counted = distribution(game, outlaw_down, lambda g: "ow.phase.melee-ended" in keys(g),
                           policy(spend_in_fight=False, spend_on_wounds=True))
    expected = ow.fight(1, 1, 6, 3).probability * ow.wound(strength, toughness, fame).probability
    assert counted.get(True, Fraction(0)) == expected
