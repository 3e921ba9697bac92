"""House rules (docs/rulesets/samurai.md): priority, damage, the end of the
game, the scenario checks. Not the book's: each test names its house rule."""

from __future__ import annotations

import pytest

from referee.core.errors import ScenarioError
from referee.core.i18n import render
from referee.core.scenario import validate_scenario
from referee.games.samurai.damage import damage_of
from tests.games.samurai.sam import (
    RETAINERS_FIRST,
    RULES,
    fighter,
    last,
    new_game,
    scenario,
    tokens,
)


def test_priority_is_a_d6_roll_off_ties_rolled_again():
    """House rule 1."""
    game = new_game([fighter("kenji", (10, 10))], [fighter("oni", (11, 10))])
    game.feed(4, 4, 2, 5)
    assert game.state.priority == "bandits"
    assert render(last(game, "sam.priority")) == (
        "Turn 1: the Bandits roll 5, the Retainers 2; the Bandits have priority.")


@pytest.mark.parametrize(("margin", "result"), [(1, "stunned"), (2, "light"), (3, "light"),
                                                (4, "grievous"), (5, "grievous"), (6, "killed"),
                                                (9, "killed")])
def test_the_margin_of_an_attack_sets_the_damage(margin: int, result: str):
    """House rule 6."""
    assert damage_of(margin) == result


def test_wounds_add_up_to_death_and_wear_on_every_roll():
    """House rule 6: a light wound is -1 to every result, a grievous -2; at -3 the fighter dies."""
    game = new_game([fighter("kenji", (10, 10), melee=0, cp=3, initiative=5)],
                    [fighter("oni", (11, 10), melee=0, cp=3)])
    game.feed(*RETAINERS_FIRST)
    game.answer("retainers", tokens(kenji=(3, 0)))
    game.answer("bandits", tokens(oni=(0, 3)))
    game.feed(6, 1)
    game.feed({"attack": "kenji", "target": "oni"}, False, False, "none", 3, 1, 1)  # 4 - 1: light
    assert game.state.fighters["oni"].penalty == 1
    # Oni has no Attack token and passes; Kenji again: 7 against 1 + 0 - 1 = 0
    game.feed({"attack": "kenji", "target": "oni"}, False, False, "none", 6, 1, 1)
    assert not game.state.fighters["oni"].alive
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == ("retainers",)


def test_the_game_is_a_draw_after_the_last_turn():
    """House rule 9."""
    game = new_game([fighter("kenji", (10, 10))], [fighter("oni", (30, 30))], max_turns=1)
    game.feed(*RETAINERS_FIRST, {"do": "stay"}, {"do": "stay"})
    outcome = game.outcome()
    assert outcome is not None and outcome.kind == "draw"
    assert render(outcome.reason) == "turn 1, the last, is over"


def test_scenario_problems_name_the_field_in_both_languages():
    bad = scenario([fighter("kenji", (10, 10)), fighter("kenji", (60, 10))],
                   [fighter("oni", (11, 10))])
    problems = RULES.check_scenario(bad)
    assert [render(p) for p in problems] == [
        "bands[0].fighters[1].id: the id `kenji` is used twice "
        "(fighters and seats need different ids)",
        "bands[0].fighters[1].at: `kenji` stands at (60, 10): its base is off the "
        "48\" × 48\" table"]
    assert render(problems[1], "ru") == (
        "bands[0].fighters[1].at: `kenji` стоит в точке (60; 10): подставка выходит за стол "
        "48\" × 48\"")
    with pytest.raises(ScenarioError):
        validate_scenario(RULES, bad.model_dump(), "test")
