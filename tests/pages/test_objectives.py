"""A seat's page states its objectives and where the game stands, as its
view gives them, for every ruleset and in both languages; and the end of a
game reads as a person says it. The numbers expected are the scenario
files' own (the points that win, the last turn, the Combat Potential of a
band), read from the files, not from the code."""

from __future__ import annotations

import html
import re
import tomllib
from random import Random
from typing import Any

import pytest

from referee.core.drivers import RandomBot, RandomChance, play_out
from referee.core.game import Game
from referee.core.ruleset import all_rulesets, find_ruleset
from referee.core.scenario import load_scenario
from referee.server.pages.question import knowledge_html
from referee.server.pages.render import Words
from referee.server.pages.seat import SeatPage, seat_parts


def words_of(markup: str) -> str:
    """A part of the page as a person reads it: one line per item."""
    raw = re.sub(r"<(li|tr|h2|h3|p|th|td|br)\b", "\n<\\1", markup)
    return html.unescape(re.sub(r"<[^>]+>", "", raw))


def knowledge(game: Game, seat: str, lang: str) -> str:
    return words_of(str(knowledge_html(game.ruleset, game.view(seat), lang)))  # type: ignore[arg-type]


def example(name: str) -> dict[str, Any]:
    return tomllib.loads(find_ruleset(name).examples()[0].read_text(encoding="utf-8"))


def new_game(name: str) -> Game:
    return Game(*load_scenario(name))


@pytest.mark.parametrize("ruleset", all_rulesets(), ids=lambda r: r.name)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_seat_reads_its_objectives_and_where_the_game_stands(ruleset: Any, lang: str):
    game = Game(ruleset, load_scenario(ruleset.examples()[0])[1])
    heads = {"en": ("Objectives", "Where the game stands"), "ru": ("Цели", "Положение в игре")}
    for seat in game.seats:
        words = knowledge(game, seat, lang)
        for head in heads[lang]:
            assert f"\n{head}" in words, f"{seat}: no {head!r}"
        assert re.search(r"(Turn|Ход) 1 (of|из) \d+", words), seat


def test_night_watch_names_the_points_that_win_and_the_last_turn():
    settings = example("night-watch")["settings"]
    game = new_game("night-watch")
    english, russian = knowledge(game, "night", "en"), knowledge(game, "night", "ru")
    assert "You play the Night Watch." in english
    assert f"{settings['points_to_win']} points win." in english
    assert f"After turn {settings['max_turns']}, the last" in english
    assert f"The Night Watch: 0 of {settings['points_to_win']} points of favour." in english
    assert f"Turn 1 of {settings['max_turns']}." in english
    assert "Вы играете за Ночной Дозор." in russian
    assert f"побеждает набравший {settings['points_to_win']} очка" in russian
    assert f"Дневной Дозор: 0 из {settings['points_to_win']} очков расположения." in russian
    assert f"Ход 1 из {settings['max_turns']}." in russian


def test_samurai_names_the_last_turn_and_the_tokens_in_each_pool():
    data = example("samurai")
    turns = data.get("house_rules", {}).get("max_turns", 8)
    pools = {band["seat"]: sum(f.get("cp", 2) for f in band["fighters"])
             for band in data["bands"]}
    game = new_game("samurai")
    english, russian = knowledge(game, "bandits", "en"), knowledge(game, "bandits", "ru")
    assert "You play the Bandits." in english
    assert f"After turn {turns}, the last, the game is a draw." in english
    assert f"Turn 1 of {turns}." in english
    assert f"The Retainers: 4 of 4 fighters standing; {pools['retainers']} tokens in the pool" \
        in english
    assert f"The Bandits: 4 of 4 fighters standing; {pools['bandits']} tokens in the pool" \
        in english
    assert "Вы играете за Разбойников." in russian
    assert f"Разбойники: в строю 4 из 4 бойцов; в запасе {pools['bandits']} жетонов" in russian


def test_echo_names_the_targets_and_the_turns_left():
    game = new_game("echo")
    english, russian = knowledge(game, "max", "en"), knowledge(game, "max", "ru")
    # The example's three targets (scenarios/*.toml, settings.targets).
    assert ("Together, detain, kill or destroy the Ghost of Kholomi, the Smuggler, and the Mad "
            "Magister") in english
    assert "Still at large: the Ghost of Kholomi, the Smuggler, and the Mad Magister." in english
    assert "8 turns left" in english
    assert "Вы играете за сэра Макса." in russian
    assert "Ещё на свободе: Призрак Холоми, Контрабандист и Безумный магистр." in russian
    assert "осталось 8 ходов" in russian


def test_a_facility_character_reads_its_own_aim_and_no_one_elses():
    characters = example("facility")["characters"]
    game = new_game("facility")
    anna, boris = characters["anna"]["aim"], characters["boris"]["aim"]
    english, russian = knowledge(game, "anna", "en"), knowledge(game, "anna", "ru")
    assert f"Your aim: {anna['en']}" in english and f"Ваша цель: {anna['ru']}" in russian
    assert boris["en"] not in english and boris["ru"] not in russian
    assert "the game ends after turn 12, the last" in english
    assert "aim" not in characters["vera"]
    vera = knowledge(game, "vera", "en")
    assert "The scenario gives your character no aim" in vera
    assert anna["en"] not in vera and boris["en"] not in vera


def finished(name: str, wanted: str, seeds: range = range(60)) -> Game:
    """An example game played by random bots to an end of the kind wanted."""
    for seed in seeds:
        game = new_game(name)
        bot = RandomBot(Random(seed))
        play_out(game, dict.fromkeys(game.seats, bot), RandomChance(Random(-seed)),
                 max_inputs=20_000)
        outcome = game.outcome()
        if outcome is not None and outcome.kind == wanted:
            return game
    raise AssertionError(f"no {name} game ended as {wanted}")


def end_part(game: Game, seat: str, lang: str) -> str:
    doc = {"view": game.view(seat), "you": {"seat": seat},
           "turn": {"number": 1, "asked": [], "ready": [], "you_are_asked": False}}
    page = SeatPage(doc, game.ruleset, Words(lang), "/play/x", "token")  # type: ignore[arg-type]
    return words_of(str(seat_parts(page)["turn"].html))


def test_the_end_of_a_co_operative_loss_names_the_investigators():
    game = finished("echo", "lost-together")
    english, russian = end_part(game, "max", "en"), end_part(game, "max", "ru")
    assert "The investigators lost: " in english and "You all lost, together." in english
    assert "Сыщики проиграли: " in russian and "Вы все вместе проиграли." in russian
    assert "Every seat" not in english and "Все проиграли" not in russian


def test_the_end_of_a_win_names_the_winner_to_both_sides():
    game = finished("night-watch", "win")
    (winner,) = game.outcome().winners  # type: ignore[union-attr]
    loser = next(seat for seat in game.seats if seat != winner)
    name = {"night": ("The Night Watch", "Ночной Дозор"), "day": ("The Day Watch",
                                                                  "Дневной Дозор")}[winner]
    for seat, result in ((winner, ("You won.", "Вы победили.")),
                         (loser, ("You lost.", "Вы проиграли."))):
        english, russian = end_part(game, seat, "en"), end_part(game, seat, "ru")
        assert f"{name[0]} won: " in english and result[0] in english
        assert f"{name[1]} победил: " in russian and result[1] in russian
