"""The test every registered ruleset passes: random playouts of its example
scenarios end without error, every legal answer offered is accepted, views
are JSON for every seat, and a saved game replays to the same state and log."""

from __future__ import annotations

import io
import json
from dataclasses import replace
from pathlib import Path
from random import Random

import pytest
from rich.console import Console

from referee.bots import random_bot
from referee.cli.terminal import TerminalPlayer
from referee.core.drivers import Ask, RandomChance, play_out
from referee.core.events import REFEREE, SecretFacts
from referee.core.game import Game
from referee.core.i18n import render
from referee.core.readonly import ReadOnlyDict, ReadOnlyList
from referee.core.ruleset import all_rulesets, broken_rulesets
from referee.core.savefile import game_from_json, game_to_json
from referee.core.scenario import load_scenario
from referee.core.waits import Decision, same_json
from referee.odds.at_the_table import odds_at_the_table
from tests.leaks import assert_no_leak

EXAMPLES = [pytest.param(path, id=f"{ruleset.name}/{path.stem}")
            for ruleset in all_rulesets() for path in ruleset.examples()]
SEEDS = (1, 2, 3)
MAX_INPUTS = 20_000
CHECKED_DECISIONS = 12


def playout(path: Path, seed: int) -> Game:
    ruleset, scenario = load_scenario(path)
    game = Game(ruleset, scenario)
    bot = random_bot(Random(seed))
    play_out(game, dict.fromkeys(game.seats, bot), RandomChance(Random(-seed)),
             max_inputs=MAX_INPUTS)
    return game


def test_every_builtin_ruleset_package_loads():
    assert broken_rulesets() == {}


def test_every_ruleset_ships_an_example():
    assert all(ruleset.examples() for ruleset in all_rulesets())


@pytest.mark.parametrize("path", EXAMPLES)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_playouts_reach_the_end(path: Path, seed: int):
    game = playout(path, seed)
    assert game.is_over, f"not over after {MAX_INPUTS} inputs"
    assert game.outcome() is not None
    for seat in (*game.seats, REFEREE):
        json.dumps(game.view(seat))


@pytest.mark.parametrize("path", EXAMPLES)
def test_a_saved_game_replays_to_the_same_state_and_log(path: Path):
    game = playout(path, 7)
    saved = json.loads(json.dumps(game_to_json(game)))
    again = game_from_json(saved, "saved game")
    assert again.checksum() == game.checksum()
    assert again.text_log() == game.text_log()
    assert again.text_log(lang="ru") == game.text_log(lang="ru")


@pytest.mark.parametrize("path", EXAMPLES)
def test_every_legal_answer_offered_is_accepted(path: Path):
    played = playout(path, 11)
    decision_points = [i for i in range(len(played.inputs)) if "seat" in played.inputs[i]]
    rng = Random(5)
    for index in sorted(rng.sample(decision_points, min(CHECKED_DECISIONS,
                                                        len(decision_points)))):
        game = Game(played.ruleset, played.scenario, played.inputs[:index])
        wait = game.waiting
        assert isinstance(wait, Decision)
        for seat in game.seats_to_answer():
            options = wait.options_for(seat)
            answers = [o.value for o in options] or [
                game.ruleset.random_answer(game.view(seat), seat, wait, Random(n))
                for n in range(5)]
            for answer in answers:
                game.fork().answer(seat, answer)


def readable(game: Game) -> list[str]:
    """Everything every seat and the referee can read, as text."""
    return [json.dumps(game.view(seat), sort_keys=True, ensure_ascii=False)
            for seat in (*game.seats, REFEREE)]


@pytest.mark.parametrize("path", EXAMPLES)
def test_a_copy_equals_a_replay_of_the_same_inputs_and_shares_its_key(path: Path):
    played = playout(path, 13)
    rng = Random(3)
    for index in sorted(rng.sample(range(len(played.inputs)), min(6, len(played.inputs)))):
        game = Game(played.ruleset, played.scenario, played.inputs[:index])
        copy = game.fork()
        replay = Game(played.ruleset, played.scenario, played.inputs[:index])
        assert copy.checksum() == replay.checksum() == game.checksum()
        assert copy.key() == replay.key() == game.key()
        assert readable(copy) == readable(replay)
        copy.apply(played.inputs[index])
        replay.apply(played.inputs[index])
        assert copy.checksum() == replay.checksum()
        assert readable(game) == readable(Game(played.ruleset, played.scenario,
                                               played.inputs[:index]))


@pytest.mark.parametrize("path", EXAMPLES)
def test_every_finished_game_gives_every_seat_a_return(path: Path):
    game = playout(path, 17)
    outcome = game.outcome()
    assert outcome is not None
    assert set(outcome.returns) == set(game.seats)
    assert all(isinstance(value, float) for value in outcome.returns.values())
    if outcome.kind == "draw":
        assert set(outcome.returns.values()) == {0.0}


@pytest.mark.parametrize("path", EXAMPLES)
def test_every_decision_of_a_playout_can_be_answered_at_the_terminal(path: Path):
    """What a bot answered, a person can type: the option's number, or the
    answer as JSON on one line for a decision answered by shape."""
    played = playout(path, 19)
    game = Game(played.ruleset, played.scenario)
    checked = 0
    for item in played.inputs:
        wait = game.waiting
        if "seat" in item and isinstance(wait, Decision) and checked < 40:
            seat, answer = str(item["seat"]), item["answer"]
            ask = Ask.of(game, seat)
            if ask.options:
                number = next(n for n, o in enumerate(ask.options, 1) if same_json(o.value, answer))
                typed = f"{number}\n"
            else:
                typed = "j\n" + json.dumps(answer, ensure_ascii=False) + "\n"
            console = Console(file=io.StringIO(), width=100, color_system=None)
            person = TerminalPlayer(console, "en", stream=io.StringIO(typed))
            assert same_json(person.choose(ask), answer)
            checked += 1
        game.apply(item)
    assert checked > 0


def scribble(value: object) -> None:
    """Change every list and mapping in ``value``, as a careless bot might;
    the read-only parts a view shares must refuse."""
    if isinstance(value, ReadOnlyList | ReadOnlyDict):
        with pytest.raises(TypeError, match="cannot be changed"):
            value.clear()
    if isinstance(value, list):
        for item in value:
            scribble(item)
        if not isinstance(value, ReadOnlyList):
            value.append("scribbled")
    elif isinstance(value, dict):
        for item in list(value.values()):
            scribble(item)
        if not isinstance(value, ReadOnlyDict):
            value["scribbled"] = True


@pytest.mark.parametrize("path", EXAMPLES)
def test_changing_a_view_changes_nothing_in_the_game_nor_in_another_seats_view(path: Path):
    """A bot that scribbles on its view confuses only itself: the game and
    what every other seat reads stay as they were."""
    played = playout(path, 23)
    for index in (0, len(played.inputs) // 2, len(played.inputs) - 1):
        game = Game(played.ruleset, played.scenario, played.inputs[:index])
        checksum, before = game.checksum(), readable(game)
        readers = (*game.seats, REFEREE)
        for n, seat in enumerate(readers):
            scribble(game.view(seat))
            after = readable(game)
            assert game.checksum() == checksum
            assert [a for i, a in enumerate(after) if i != n] == \
                [b for i, b in enumerate(before) if i != n]
            before = after


def assert_read_only_throughout(value: object, where: str) -> None:
    """Every list and mapping in ``value``, at any depth, is read-only."""
    if isinstance(value, dict):
        assert isinstance(value, ReadOnlyDict), f"{where}: a mapping that can be changed"
        for key, item in value.items():
            assert_read_only_throughout(item, f"{where}.{key}")
    elif isinstance(value, list):
        assert isinstance(value, ReadOnlyList), f"{where}: a list that can be changed"
        for index, item in enumerate(value):
            assert_read_only_throughout(item, f"{where}[{index}]")


@pytest.mark.parametrize("path", EXAMPLES)
def test_every_line_keeps_its_facts_read_only_at_every_depth(path: Path):
    """A line's facts never change once logged, whether the log made them
    read-only or the rules built them so (a ruleset that builds its facts
    read-only for speed must not leave a part of them open to change)."""
    game = playout(path, 31)
    lines = [event for event in game.log_for(REFEREE) if event.facts is not None]
    assert lines
    for number, event in enumerate(lines):
        facts = event.facts
        if isinstance(facts, SecretFacts):
            facts = facts.for_reader(REFEREE)
        assert_read_only_throughout(facts, f"line {number} ({event.clause})")


@pytest.mark.parametrize("path", EXAMPLES)
def test_option_odds_are_read_from_the_view_alone(path: Path):
    """The odds at the table: a copy of the view through JSON gives the same
    odds as the view itself, each for an option the seat is offered, each
    reading in both languages."""
    played = playout(path, 29)
    game = Game(played.ruleset, played.scenario)
    for item in played.inputs[:400]:
        wait = game.waiting
        if "seat" in item and isinstance(wait, Decision):
            seat = str(item["seat"])
            ask = Ask.of(game, seat)
            odds = odds_at_the_table(ask) or {}
            copied = replace(ask, view=json.loads(json.dumps(ask.view)))
            assert (odds_at_the_table(copied) or {}) == odds
            assert set(odds) <= set(range(len(ask.options)))
            for line in odds.values():
                assert all(render(line, lang) for lang in ("en", "ru"))
        game.apply(item)


@pytest.mark.parametrize("path", EXAMPLES)
def test_a_secret_answer_changes_nothing_another_asked_seat_reads(path: Path):
    """Two games that differ only in one seat's answer to a decision put to
    several seats at once, not yet revealed: each other seat still to answer
    reads the same (its view, its screen, the odds at its options)."""
    played = playout(path, 31)
    game = Game(played.ruleset, played.scenario)
    checked = 0
    for item in played.inputs:
        wait = game.waiting
        if checked < 3 and "seat" in item and isinstance(wait, Decision) and \
                len(game.seats_to_answer()) > 1:
            seat = str(item["seat"])
            others = [s for s in game.seats_to_answer() if s != seat]
            answers = [o.value for o in wait.options_for(seat)] or [
                game.ruleset.random_answer(game.view(seat), seat, wait, Random(n))
                for n in range(3)]
            other = next((a for a in answers if not same_json(a, item["answer"])), None)
            if other is not None:
                answered, twin = game.fork(), game.fork()
                answered.apply(item)
                twin.answer(seat, other)
                for reader in others:
                    assert_no_leak(answered, twin, reader)
                checked += 1
        game.apply(item)
