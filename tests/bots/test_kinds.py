"""Bots by name: every ruleset offers the random bot and its rules bot, a
kind it does not offer is refused with the kinds it has, and a game played
by bots is the same game again from the same seed."""

from __future__ import annotations

from random import Random

import pytest

from referee.bots.kinds import KINDS, UnknownBot, kinds_for, make_bot
from referee.bots.seating import bot_game
from referee.core.drivers import Ask
from referee.core.game import Game
from referee.core.i18n import Lang
from referee.core.ruleset import all_rulesets
from referee.core.savefile import PLAYER_KINDS
from referee.core.scenario import load_scenario

RULESETS = sorted(ruleset.name for ruleset in all_rulesets())


def test_there_are_five_rulesets_to_check() -> None:
    assert len(RULESETS) == 5


@pytest.mark.parametrize("name", RULESETS)
def test_every_ruleset_offers_the_random_and_the_rules_bot_and_all_but_facility_the_search_bot(
        name: str) -> None:
    ruleset, scenario = load_scenario(name)
    searched = ("echo", "night_watch", "old-west", "samurai")
    assert kinds_for(ruleset) == (KINDS if name in searched else ("random", "rules"))
    game, dice = Game(ruleset, scenario), Random(0)
    while not game.is_over and not game.seats_to_answer():
        game.roll_random(dice)
    seat = game.seats_to_answer()[0]
    for kind in kinds_for(ruleset):
        answer = make_bot(ruleset, kind, Random(1), scenario).choose(Ask.of(game, seat))
        game.fork().answer(seat, answer)  # a legal answer: the game takes it


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "No bot `rulez` for Night Watch (did you mean `rules`?); "
           "there are: `random`, `rules`, `search`."),
    ("ru", "Для игры «Ночной Дозор» нет бота `rulez` (может быть, `rules`?); "
           "есть: `random`, `rules`, `search`."),
])
def test_a_kind_not_offered_is_refused_naming_those_there_are(lang: Lang, words: str) -> None:
    ruleset, _ = load_scenario("night-watch")
    with pytest.raises(UnknownBot) as refused:
        make_bot(ruleset, "rulez", Random(0))
    assert refused.value.render(lang) == words


@pytest.mark.parametrize("name", RULESETS)
def test_a_game_of_rules_bots_is_the_same_game_from_the_same_seed(name: str) -> None:
    ruleset, scenario = load_scenario(name)
    seats = Game(ruleset, scenario).seats
    kinds = dict.fromkeys(seats, "rules")
    once, again = (bot_game(ruleset, scenario, kinds, 5) for _ in range(2))
    assert once.is_over and once.inputs == again.inputs
    assert once.checksum() == again.checksum()
    assert once.inputs != bot_game(ruleset, scenario, kinds, 6).inputs


def test_a_save_file_records_every_kind_of_bot_so_a_game_resumes_with_it() -> None:
    assert set(KINDS) <= set(PLAYER_KINDS)
