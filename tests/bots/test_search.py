"""The search bot and the positions it searches: each drawn position fits
everything its seat has read and is asked, and nothing else; the draw is
the same in games that differ only in what the seat may not know."""

from __future__ import annotations

import time
from itertools import count
from random import Random

import pytest

from referee.bots.history import History, question
from referee.bots.kinds import make_bot, ruleset_bots
from referee.bots.search import SECONDS_SETTING
from referee.bots.seating import bot_game
from referee.core.drivers import Ask, RandomChance
from referee.core.events import REFEREE
from referee.core.game import Game
from referee.core.scenario import load_scenario
from referee.core.waits import Chance
from tests.games.echo.test_gates import leading_to
from tests.games.night_watch.test_leaks import game_where_larisa_draws
from tests.games.old_west.test_heroes import two_heroes
from tests.games.samurai.test_leaks import allocated


def history_for(game: Game, seed: int = 0) -> History:
    offered = ruleset_bots(game.ruleset)
    return History(game.ruleset, game.scenario, Random(seed), draws=offered.draws,
                   lean=offered.lean, shaped=offered.shaped, setups=offered.setup,
                   kept=offered.kept)


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


@pytest.mark.parametrize(("name", "inputs"), [("samurai", 90), ("old-west", 90)])
def test_drawn_positions_on_the_table_read_as_the_game_does(name: str, inputs: int) -> None:
    """Samurai and Old West, rules bots playing: at each question put to the
    first seat over the first turns (Samurai: token allocations among them,
    replayed from the tokens shown), every drawn position gives the seat the
    view the game gives it."""
    ruleset, scenario = load_scenario(name)
    game = Game(ruleset, scenario)
    seat = game.seats[0]
    bots = {each: make_bot(ruleset, "rules", Random(each)) for each in game.seats}
    dice, history = RandomChance(Random(4)), history_for(game)
    history.seconds, history.steps = 60.0, 100_000  # the test asks what is drawn, not how fast
    checked, shaped = 0, 0
    while not game.is_over and len(game.inputs) < inputs:
        wait = game.waiting
        if isinstance(wait, Chance):
            game.roll(dice.outcome(game, wait))
            continue
        for each in game.seats_to_answer():
            ask = Ask.of(game, each)
            if each == seat and len(ask.options) != 1:
                view = game.view(seat)
                drawn = history.draw(seat, view["log"], view["waiting"])
                assert drawn
                for position in drawn:
                    seen = position.view(seat)
                    assert (seen["state"], seen["log"]) == (view["state"], view["log"])
                    assert question(seen["waiting"]) == question(view["waiting"])
                checked += 1
                shaped += not ask.options
            game.answer(each, bots[each].choose(ask))
    assert checked >= 10
    assert shaped >= 1 or name != "samurai"


def test_a_samurai_draw_holds_no_allocation_the_band_has_not_seen() -> None:
    """The retainers allocated all to Attack in one game, all to Defence in
    the other: the bandits' draws are the same, and in each the retainers
    are still to allocate."""
    all_out, guarded = allocated(3, 0, True), allocated(0, 3)
    draws = []
    for game in (all_out, guarded):
        view = game.view("bandits")
        drawn = history_for(game, seed=5).draw("bandits", view["log"], view["waiting"])
        assert drawn and all("retainers" in position.seats_to_answer() for position in drawn)
        draws.append([position.checksum() for position in drawn])
    assert draws[0] == draws[1]


def test_an_old_west_draw_holds_no_bid_the_posse_has_not_seen() -> None:
    low, high = two_heroes(), two_heroes()
    low.answer("lawmen", {"marshal": 1})
    high.answer("lawmen", {"marshal": 3})
    draws = []
    for game in (low, high):
        view = game.view("outlaws")
        drawn = history_for(game, seed=5).draw("outlaws", view["log"], view["waiting"])
        assert drawn and all("lawmen" in position.seats_to_answer() for position in drawn)
        draws.append([position.checksum() for position in drawn])
    assert draws[0] == draws[1]


@pytest.mark.parametrize("name", ["samurai", "old-west"])
def test_the_search_bot_plays_legal_answers_on_the_table(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Its first turns against the rules bot: every answer is taken (a
    refused one would stop the game with an error)."""
    monkeypatch.setenv(SECONDS_SETTING, "0.2")
    ruleset, scenario = load_scenario(name)
    seats = Game(ruleset, scenario).seats
    game = bot_game(ruleset, scenario, {seats[0]: "search", seats[1]: "rules"}, seed=3,
                    max_inputs=80)
    assert len(game.inputs) == 80 or game.outcome() is not None


def gates_of(game: Game) -> dict[str, str]:
    """Where each Gate of an Echo game leads (the referee's knowledge)."""
    return {gate: facts["to"] for gate, facts in game.view(REFEREE)["state"]["gates"].items()}


@pytest.mark.rule("ECHO-GATE-4")
def test_every_drawn_echo_position_reads_to_the_investigator_as_the_game_does() -> None:
    """Echo's example, rules bots playing: at each question put to Max with
    a choice over the first turns, every drawn position gives him the view
    the game gives him; the Gates he has seen passed lead where they do in
    the game, and some Gate not yet passed leads elsewhere in some draw."""
    ruleset, scenario = load_scenario("echo")
    game = Game(ruleset, scenario)
    bots = {seat: make_bot(ruleset, "rules", Random(seat)) for seat in game.seats}
    dice, history = RandomChance(Random(4)), history_for(game)
    history.seconds, history.steps = 60.0, 100_000  # the test asks what is drawn, not how fast
    checked, guessed, revealed = 0, False, False
    while not game.is_over and len(game.inputs) < 120:
        wait = game.waiting
        if isinstance(wait, Chance):
            game.roll(dice.outcome(game, wait))
            continue
        for seat in game.seats_to_answer():
            ask = Ask.of(game, seat)
            if seat == "max" and len(ask.options) > 1:
                view = game.view("max")
                drawn = history.draw("max", view["log"], view["waiting"])
                assert drawn
                for position in drawn:
                    seen = position.view("max")
                    assert (seen["state"], seen["log"]) == (view["state"], view["log"])
                    assert question(seen["waiting"]) == question(view["waiting"])
                    for gate, facts in view["state"]["gates"].items():
                        if facts["revealed"]:
                            revealed = True
                            assert gates_of(position)[gate] == gates_of(game)[gate]
                        else:
                            guessed |= gates_of(position)[gate] != gates_of(game)[gate]
                checked += 1
            game.answer(seat, bots[seat].choose(ask))
    assert checked >= 10 and guessed and revealed


@pytest.mark.rule("ECHO-GATE-4")
def test_an_echo_draw_does_not_know_where_a_gate_not_yet_passed_leads() -> None:
    """The Market's Gate leads to Khmiro in one game, to Vook in the other:
    Max's draws are the same in both, and over a few seeds they send it to
    either."""
    khmiro, vook = leading_to("w"), leading_to("v")
    for game in (khmiro, vook):
        game.feed("move:e")               # Max stands at the Gate
    drawn: dict[int, list[list[str]]] = {}
    for seed in range(4):
        for game in (khmiro, vook):
            view = game.view("max")
            positions = history_for(game, seed).draw("max", view["log"], view["waiting"])
            assert positions
            drawn.setdefault(seed, []).append([position.checksum() for position in positions])
            destinations = {gates_of(position)["g2"] for position in positions}
        assert drawn[seed][0] == drawn[seed][1]
    everywhere = {gates_of(position)["g2"] for seed in range(4)
                  for position in history_for(khmiro, seed).draw(
                      "max", khmiro.view("max")["log"], khmiro.view("max")["waiting"])}
    assert destinations <= everywhere == {"w", "v"}


def test_a_seeded_echo_game_of_search_bots_is_the_same_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With no time limit (the playouts alone count), the search bots play
    the same first turns of the example again from the same seed."""
    monkeypatch.setenv(SECONDS_SETTING, "none")
    ruleset, scenario = load_scenario("echo")
    kinds = dict.fromkeys(Game(ruleset, scenario).seats, "search")
    once, again = (bot_game(ruleset, scenario, kinds, seed=6, max_inputs=20) for _ in range(2))
    assert len(once.inputs) == 20 and once.inputs == again.inputs
    assert once.checksum() == again.checksum()


def test_with_no_time_limit_a_search_game_does_not_depend_on_the_clock(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With no time limit, neither the playouts nor the drawing of positions
    stop on the clock: a machine so slow that every look at the clock finds
    ten seconds gone plays the same game from the same seed."""
    monkeypatch.setenv(SECONDS_SETTING, "none")
    ruleset, scenario = load_scenario("echo")
    kinds = dict.fromkeys(Game(ruleset, scenario).seats, "search")
    quick = bot_game(ruleset, scenario, kinds, seed=6, max_inputs=20)
    clock = count(0.0, 10.0)
    monkeypatch.setattr(time, "perf_counter", lambda: next(clock))
    slow = bot_game(ruleset, scenario, kinds, seed=6, max_inputs=20)
    assert len(quick.inputs) == 20 and quick.inputs == slow.inputs
    assert quick.checksum() == slow.checksum()
