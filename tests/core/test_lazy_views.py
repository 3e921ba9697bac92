"""A seat's view is built when its player reads it: games are the same
whether the bots read their views or not (same seeds, same inputs, same
checksum), and a view is never read stale."""

from __future__ import annotations

import copy
import json
from random import Random

import pytest

from referee.bots import random_bot
from referee.core.drivers import Ask, Player, RandomBot, RandomChance, play_out
from referee.core.game import Game
from referee.core.ruleset import ruleset_names
from referee.core.scenario import load_scenario
from referee.core.waits import JSON, Chance
from referee.games.samurai.fight import Allocation


class Reading:
    """A bot that reads its whole view before the bot it wraps chooses."""

    def __init__(self, inner: RandomBot) -> None:
        self.inner = inner
        self.read = 0

    def choose(self, ask: Ask) -> JSON:
        assert ask.view["seat"] == ask.seat
        self.read += 1
        return self.inner.choose(ask)


@pytest.mark.parametrize("name", ruleset_names())
def test_games_are_the_same_whether_the_bots_read_their_views_or_not(name: str) -> None:
    ruleset, scenario = load_scenario(name)
    for seed in (3, 28):
        games = []
        for reading in (False, True):
            game = Game(ruleset, scenario)
            bot = random_bot(Random(seed))
            reader = Reading(bot)
            player: Player = reader if reading else bot
            play_out(game, dict.fromkeys(game.seats, player), RandomChance(Random(seed + 1)))
            games.append(game)
            assert (reader.read > 0) == reading
        assert games[0].inputs == games[1].inputs
        assert games[0].checksum() == games[1].checksum()


def test_a_view_read_after_the_game_moved_on_is_refused() -> None:
    ruleset, scenario = load_scenario("night-watch")
    game = Game(ruleset, scenario)
    while isinstance(game.waiting, Chance):
        game.roll_random(Random(1))
    seat = game.seats_to_answer()[0]
    unread, read = Ask.of(game, seat), Ask.of(game, seat)
    before = read.view
    game.answer(seat, random_bot(Random(1)).choose(read))
    assert read.view is before  # read before the game moved on: kept as it was
    with pytest.raises(RuntimeError, match="moved on"):
        _ = unread.view


def _step(game: Game, rng: Random) -> None:
    """One input: a roll, a random bot's answer, or a close."""
    if isinstance(game.waiting, Chance):
        game.roll_random(rng)
    elif game.seats_to_answer():
        seat = game.seats_to_answer()[0]
        game.answer(seat, random_bot(rng).choose(Ask.of(game, seat)))
    else:
        game.close()


def _asked_after(name: str, inputs: int) -> tuple[Game, str]:
    """A game of ``name``'s example some ``inputs`` in, at a seat's question."""
    ruleset, scenario = load_scenario(name)
    game, rng = Game(ruleset, scenario), Random(7)
    while len(game.inputs) < inputs or not game.seats_to_answer():
        _step(game, rng)
    return game, game.seats_to_answer()[0]


@pytest.mark.parametrize("name", ruleset_names())
def test_a_players_view_reads_as_the_games_view_of_its_seat(name: str) -> None:
    game, seat = _asked_after(name, 40)
    whole = game.view(seat)
    for read in (lambda v: v["state"], lambda v: v.get("log"), lambda v: v.get("waiting")):
        view = Ask.of(game, seat).view
        read(view)
        assert json.dumps(view) == json.dumps(whole)
        assert view == whole and list(view) == list(whole)
        assert copy.deepcopy(view) == whole


def test_a_views_log_and_question_read_after_the_game_moved_on_are_as_they_were_shown() -> None:
    game, seat = _asked_after("samurai", 30)
    then = copy.deepcopy(game.view(seat))
    view, rng = Ask.of(game, seat).view, Random(3)
    assert view["state"] == then["state"]
    while len(game.log_for(seat)) == len(then["log"]):
        _step(game, rng)
    assert view["log"] == then["log"]
    assert view.get("waiting") == then["waiting"]
    assert len(game.view(seat)["log"]) > len(then["log"])


@pytest.mark.parametrize("name", ruleset_names())
def test_the_view_a_random_answer_reads_is_the_players_view(name: str) -> None:
    game, seat = _asked_after(name, 40)
    whole = game.view(seat)
    for read in (lambda v: v["state"], lambda v: v.get("log"), lambda v: v.get("waiting"),
                 lambda v: list(v)):
        view = Ask.of(game, seat).view_when_read()
        read(view)
        assert json.dumps(view) == json.dumps(whole)
        assert view == whole and list(view) == list(whole)


def test_a_random_answer_that_reads_no_view_builds_none() -> None:
    """Samurai's allocation of tokens is made from its question's template
    alone: no view of the state is built for it."""
    ruleset, scenario = load_scenario("samurai")
    game, rng = Game(ruleset, scenario), Random(5)
    built = 0
    view = ruleset.view

    def counted(state: object, seat: str) -> dict[str, JSON]:
        nonlocal built
        built += 1
        return view(state, seat)

    while not game.is_over:
        wait = game.waiting
        if not (isinstance(wait, Chance) or wait is None) and wait.schema is not None \
                and game.seats_to_answer():
            seat = game.seats_to_answer()[0]
            ask = Ask.of(game, seat)
            ruleset.view = counted  # type: ignore[method-assign]
            try:
                answer = RandomBot(rng).choose(ask)
            finally:
                del ruleset.view
            if issubclass(wait.shape_for(seat) or object, Allocation):
                assert built == 0
                return
            game.answer(seat, answer)
            built = 0
        else:
            _step(game, rng)
    pytest.fail("no allocation was asked")


def test_a_random_answers_view_read_after_the_game_moved_on_shows_then_or_refuses() -> None:
    """Its log and question read as they were when it was made; its state,
    not built before the game moved on, is refused (as is the whole view of
    an ask the game has moved on from)."""
    game, seat = _asked_after("facility", 30)
    then = copy.deepcopy(game.view(seat))
    ask = Ask.of(game, seat)
    view = ask.view_when_read()
    _step(game, Random(3))
    assert view["log"] == then["log"]
    assert view.get("waiting") == then["waiting"] != game.view(seat)["waiting"]
    with pytest.raises(RuntimeError, match="moved on"):
        _ = view["state"]
    with pytest.raises(RuntimeError, match="moved on"):
        ask.view_when_read()
