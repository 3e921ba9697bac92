"""The search bot and the positions it searches: each drawn position fits
everything its seat has read and is asked, and nothing else; the draw is
the same in games that differ only in what the seat may not know."""

from __future__ import annotations

from random import Random

from referee.bots.history import History, question
from referee.bots.kinds import make_bot, ruleset_bots
from referee.bots.seating import bot_game
from referee.core.drivers import Ask, RandomChance
from referee.core.events import REFEREE
from referee.core.game import Game
from referee.core.scenario import load_scenario
from referee.core.waits import Chance
from tests.games.night_watch.test_leaks import game_where_larisa_draws


def history_for(game: Game, seed: int = 0) -> History:
    return History(game.ruleset, game.scenario, Random(seed), lean=ruleset_bots(game.ruleset).lean)


def test_every_drawn_position_reads_to_the_seat_as_the_game_does() -> None:
    """Played out by rules bots, at each question of the Night Watch's with
    a choice, the positions drawn give it the same view, state, log and
    question; and where the Day Watch holds cards the Night Watch has not
    seen, the draws do not all agree with the game on them."""
    ruleset, scenario = load_scenario("night-watch")
    game = Game(ruleset, scenario)
    bots = {seat: make_bot(ruleset, "rules", Random(seat)) for seat in game.seats}
    dice, history = RandomChance(Random(3)), history_for(game)
    checked, guessed = 0, False
    while not game.is_over:
        wait = game.waiting
        if isinstance(wait, Chance):
            game.roll(dice.outcome(game, wait))
            continue
        for seat in game.seats_to_answer():
            ask = Ask.of(game, seat)
            if seat == "night" and len(ask.options) > 1:
                view = game.view("night")
                drawn = history.draw("night", view["log"], view["waiting"])
                assert drawn
                for position in drawn:
                    seen = position.view("night")
                    assert (seen["state"], seen["log"]) == (view["state"], view["log"])
                    assert question(seen["waiting"]) == question(view["waiting"])
                    guessed |= hands(position) != hands(game)
                checked += 1
            game.answer(seat, bots[seat].choose(ask))
    assert checked >= 5 and guessed


def hands(game: Game) -> dict[str, list[str]]:
    others = game.view(REFEREE)["state"]["others"]
    return {key: sorted(other["hand"]) for key, other in others.items() if other["watch"] == "day"}


def test_the_draw_uses_nothing_the_seat_cannot_know() -> None:
    attack, defence = game_where_larisa_draws("attack-4"), game_where_larisa_draws("defence-3")
    for game in (attack, defence):
        game.feed("stay")
    draws = []
    for game in (attack, defence):
        view = game.view("night")
        draws.append([position.checksum() for position in
                      history_for(game, seed=5).draw("night", view["log"], view["waiting"])])
    assert draws[0] == draws[1] and draws[0]
    larisa = {tuple(hands(position)["larisa"]) for position in history_for(attack).draw(
        "night", attack.view("night")["log"], attack.view("night")["waiting"])}
    assert larisa <= {("attack-4",), ("defence-3",)}  # the two cards her deck holds


def test_the_search_bot_plays_a_whole_game_against_the_rules_bot() -> None:
    ruleset, scenario = load_scenario("night-watch")
    game = bot_game(ruleset, scenario, {"night": "search", "day": "rules"}, seed=8)
    assert game.is_over and game.outcome() is not None
