"""The book's numbers once: what Samurai's tables hold is copied nowhere, the
odds of a fight start from the scenario format's own fighter, and a shot the
odds count is the shot the rules roll, outcome by outcome."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from pydantic.fields import FieldInfo

from referee.core.events import REFEREE
from referee.core.game import Game
from referee.games.samurai.scenario import FighterSpec
from referee.games.samurai.tables import DIE_FACES
from referee.odds import samurai as sam
from referee.odds import samurai_fight as samf
from tests.games.samurai.sam import RETAINERS_FIRST, fighter, hedge, new_game, option_values
from tests.games.samurai.sam import stay_all as everyone_stays
from tests.tables_once import copies_of_the_tables


def test_no_module_keeps_a_copy_of_what_the_tables_hold():
    """``SHOT_DICE = 2`` beside ``tables.SHOT_DICE`` in the odds, say."""
    assert copies_of_the_tables("samurai") == []


def _bound(field: FieldInfo, name: str) -> Any:
    return next(getattr(m, name) for m in field.metadata if getattr(m, name, None) is not None)


def _allowed(field: FieldInfo) -> range:
    return range(_bound(field, "ge"), _bound(field, "le") + 1)


def test_the_odds_of_a_fight_take_a_scenario_fighter_as_the_format_gives_one():
    """A side left unsaid in a fight's odds is a scenario's fighter left
    unsaid, its Combat Potential all in Attack tokens; the odds take the
    profiles the scenario format takes."""
    fields = FighterSpec.model_fields
    plain = samf.Duelist()
    assert (plain.attack, plain.defence) == (fields["cp"].default, 0)
    assert (plain.initiative, plain.melee, plain.weapon_bonus) == (
        fields["initiative"].default, fields["melee"].default, fields["weapon_bonus"].default)
    assert samf.STAT_RANGE == _allowed(fields["initiative"]) == _allowed(fields["melee"])
    assert _allowed(fields["weapon_bonus"]) == samf.WEAPON_RANGE
    assert samf.TOKENS_RANGE[-1] == _bound(fields["cp"], "le")


def _shot_margins(game: Game) -> tuple[dict[str, Fraction], dict[str, Any]]:
    """Every pair of dice of the shot the game asks for next, rolled in a
    copy of the game: the margin each gives as the log's facts say it (0 for
    a miss), with its chance, and the facts of the last roll."""
    margins: Counter[int] = Counter()
    facts: dict[str, Any] = {}
    for first in DIE_FACES:
        for second in DIE_FACES:
            shot = game.fork()
            shot.feed(first, second)
            facts = next(dict(f) for event in reversed(shot.log_for(REFEREE))
                         if (f := event.facts_for(REFEREE)) and f.get("kind") == "shot-roll")
            margins[max(facts["attack"] - facts["defence"], 0)] += 1
    whole = len(DIE_FACES) ** 2
    return {str(m): Fraction(n, whole) for m, n in sorted(margins.items())}, facts


@pytest.mark.rule("SAM-RNG-2", "SAM-RNG-4")
@pytest.mark.parametrize(("archer", "oso", "terrain", "advance"), [
    (fighter("archer", (2, 10), missile="yumi", shooting=2), fighter("oso", (14, 10)), [], False),
    (fighter("archer", (2, 10), missile="teppo", shooting=3),
     fighter("oso", (33, 10), armour="heavy"), [], False),
    (fighter("archer", (2, 10), missile="yumi"), fighter("oso", (9, 10), armour="medium"),
     [hedge(5, 8, 6.5, 12)], False),
    (fighter("archer", (10, 10), missile="yumi", move=4.5), fighter("oso", (10, 16)), [], True),
    (fighter("archer", (10, 10), missile="shuriken", move=4.5), fighter("oso", (10, 16)), [],
     True),
], ids=["bow", "teppo-at-heavy-armour", "bow-through-a-hedge", "bow-after-moving",
        "shuriken-after-moving"])
def test_a_shot_the_odds_count_is_the_shot_the_rules_roll(archer: dict[str, Any],
                                                          oso: dict[str, Any],
                                                          terrain: list[dict[str, Any]],
                                                          advance: bool):
    """Each of the 36 rolls of a shot played through the rules gives the
    margin the odds give it the chance of, from the weapon, the distance,
    the cover and the target's armour as the rules see them."""
    game = new_game([archer], [oso], terrain)
    game.feed(*RETAINERS_FIRST)
    if advance:
        game.feed(next(v for v in option_values(game) if v["do"] == "advance"))
    everyone_stays(game)
    game.answer("retainers", {"act": "shoot", "target": "oso"})
    distance = game.state.table().distance("archer", "oso")
    counted, facts = _shot_margins(game)
    odds = sam.shot(archer.get("shooting", 0), archer["missile"], distance, advance,
                    facts["cover"], oso.get("armour", "none"))
    assert dict(odds.distribution) == counted
