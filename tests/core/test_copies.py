"""Copies, keys, undo and rollback (engine contract, second edition): a copy
costs the state, not the game's length; equal positions share a key; a rule
that fails puts the game back and says which input it failed on."""

from __future__ import annotations

import json
from random import Random
from typing import Any

import pytest

from referee.bots import random_playout, random_playouts
from referee.core.errors import IllegalAnswer, InternalError
from referee.core.events import REFEREE
from referee.core.game import SNAPSHOT_EVERY, Game
from referee.core.scenario import load_scenario
from referee.core.waits import Chance
from tests.core.walk import CALLS, Pairs, PairsScenario, Walk, WalkScenario


def walk(rounds: int = 10, **fields: Any) -> Game:
    return Game(Walk(), WalkScenario(rounds=rounds, **fields))


def play(game: Game, inputs: int, seed: int = 1) -> Game:
    rng = Random(seed)
    for _ in range(inputs):
        if isinstance(game.waiting, Chance):
            game.roll_random(rng)
        else:
            game.feed(rng.choice([1, 2]))
    return game


def rules_run(action: Any) -> int:
    before = CALLS["rules"]
    action()
    return CALLS["rules"] - before


def everything(game: Game) -> tuple[str, str, list[Any], list[str]]:
    return (game.checksum(), json.dumps(game.view("walker"), sort_keys=True),
            json.loads(json.dumps(game.inputs)), game.text_log(REFEREE))


def test_a_copy_reads_exactly_as_a_replay_of_the_same_inputs() -> None:
    game = play(walk(300), 401)
    copy = game.fork()
    assert everything(copy) == everything(Game(Walk(), game.scenario, game.inputs))
    assert copy.key() == game.key()


def test_a_copy_runs_no_rule_however_long_the_game() -> None:
    short, long = play(walk(600), 10), play(walk(600), 1000)
    assert rules_run(short.fork) == 0
    assert rules_run(long.fork) == 0


def test_a_copy_goes_its_own_way() -> None:
    game = play(walk(50), 21)
    before = everything(game)
    copy = game.fork()
    play(copy, 30, seed=9)
    assert everything(game) == before
    assert copy.state.round > game.state.round


def test_undo_replays_at_most_a_snapshot_interval() -> None:
    game = play(walk(600), 1000)
    again = Game(Walk(), game.scenario, game.inputs[:997])
    ran = rules_run(lambda: game.undo(3))
    assert ran <= SNAPSHOT_EVERY * 2  # a frame method per input, at most
    assert everything(game) == everything(again)


def test_a_game_without_snapshots_undoes_and_rolls_back_by_replaying_its_setup() -> None:
    game = play(Game(Walk(), WalkScenario(rounds=600), snapshots=False), 200)
    again = Game(Walk(), game.scenario, game.inputs[:197])
    ran = rules_run(lambda: game.undo(3))
    assert ran > SNAPSHOT_EVERY * 2  # replayed from the setup, no snapshot kept
    assert everything(game) == everything(again)
    twin = game.fork()
    play(twin, 40, seed=5)
    twin.undo(40)
    assert everything(twin) == everything(game)
    failing = Game(Walk(), WalkScenario(rounds=5, crash_at=4), snapshots=False)
    failing.feed(2, 1, 1)
    before = everything(failing)
    with pytest.raises(InternalError):
        failing.roll(0)
    assert everything(failing) == before


def test_a_copy_keeps_snapshots_as_asked_and_plays_and_undoes_alike() -> None:
    game = play(walk(600), 300)
    straight, kept = game.fork(snapshots=False), game.fork()
    play(straight, 100, seed=7), play(kept, 100, seed=7)
    assert everything(straight) == everything(kept)
    assert rules_run(lambda: kept.undo(3)) <= SNAPSHOT_EVERY * 2
    assert rules_run(lambda: straight.undo(3)) > SNAPSHOT_EVERY * 2  # from the setup
    assert everything(straight) == everything(kept)
    again = Game(Walk(), game.scenario, game.inputs, snapshots=False).fork(snapshots=True)
    play(again, 100, seed=7)
    assert rules_run(lambda: again.undo(3)) <= SNAPSHOT_EVERY * 2


def test_random_playouts_keep_no_snapshots_and_play_the_games_a_game_with_them_plays() -> None:
    ruleset, scenario = load_scenario("old-west")
    for seed, game in zip((3, 4), random_playouts(ruleset, scenario, (3, 4)), strict=True):
        kept = random_playout(Game(ruleset, scenario), seed)
        assert game.inputs == kept.inputs and game.checksum() == kept.checksum()


def test_equal_positions_reached_by_different_inputs_have_equal_keys() -> None:
    one, two = walk(), walk()
    one.feed(1, 1)  # stride 1, die 1: at 2
    two.feed(2, 0)  # stride 2, die 0: at 2
    assert one.state.at == two.state.at == 2
    assert one.key() == two.key()
    assert one.inputs != two.inputs
    three = walk()
    three.feed(1, 0)
    assert three.key() != one.key()


def test_a_rule_that_fails_rolls_the_game_back_and_names_the_input() -> None:
    game = walk(5, crash_at=4)
    game.feed(2, 1)  # at 3
    game.feed(1)
    before = everything(game)
    with pytest.raises(InternalError) as failed:
        game.roll(0)  # at 4: the planted defect
    assert failed.value.index == 3 and failed.value.item == {"chance": 0}
    assert "ZeroDivisionError" in str(failed.value) and "input 3" in str(failed.value)
    assert everything(game) == before
    game.roll(1)  # any other outcome plays on
    assert game.state.at == 5


def test_a_co_operative_game_ends_with_one_return_for_every_seat() -> None:
    won = play(walk(3), 6)
    outcome = won.outcome()
    assert outcome is not None and outcome.cooperative
    assert outcome.returns == {"walker": 1.0} and outcome.kind == "won-together"


# -- answers by shape: refusals, void parts, templates -----------------------------------------


def pairs() -> Game:
    return Game(Pairs(), PairsScenario())


def test_the_seat_view_carries_the_answer_shape_and_its_template() -> None:
    waiting = pairs().view("east")["waiting"]
    assert waiting["template"] == {"steps": []}
    assert waiting["answer_schema"]["properties"]["steps"]["type"] == "array"
    assert "options" not in waiting


def test_a_views_template_is_a_plain_copy_its_reader_may_change() -> None:
    """The rules share one read-only template; each view carries a plain
    copy of it, and changing one changes no later view's."""
    game = pairs()
    template = game.view("east")["waiting"]["template"]
    assert type(template) is dict and type(template["steps"]) is list
    template["steps"].append(3)
    template["run"] = True
    assert game.view("east")["waiting"]["template"] == {"steps": []}
    assert game.view("west")["waiting"]["template"] == {"steps": []}


def test_a_refused_answer_names_the_reason_and_changes_nothing() -> None:
    game = pairs()
    before = game.checksum()
    with pytest.raises(IllegalAnswer, match="at most 3 steps, not 4"):
        game.answer("east", {"steps": [1, 1, 1, 1]})
    assert game.checksum() == before and game.inputs == []


def test_void_parts_are_told_to_their_seat_alone_and_left_out() -> None:
    game = pairs()
    game.answer("east", {"steps": [3, "run", 2]})
    assert game.view("east")["waiting"]["your_void_parts"][0]["part"] == "steps[1]"
    assert "your_void_parts" not in game.view("west")["waiting"]
    game.answer("west", {"steps": [1, 1]})
    assert game.state.plans == {"east": [3, 2], "west": [1, 1]}
    told = [line for line in game.text_log("east") if "Not carried out" in line]
    assert told == ["Not carried out: steps[1]: a step is 1, 2 or 3, not run"]
    assert not [line for line in game.text_log("west") if "Not carried out" in line]
    assert [line for line in game.text_log(REFEREE) if "Not carried out" in line] == [
        "Not carried out for east: steps[1]: a step is 1, 2 or 3, not run"]
    assert game.text_log("east", lang="ru")[0].startswith("Не исполнено: steps[1]")
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == ("east",)
    assert outcome.returns == {"east": 1.0, "west": -1.0}


def test_a_rule_that_fails_at_setup_is_an_internal_error_not_a_traceback() -> None:
    with pytest.raises(InternalError, match="setting up the game: ZeroDivisionError"):
        walk(5, crash_at=0)


def test_two_games_of_one_scenario_share_keys_though_each_prepared_its_own_fixed_parts() -> None:
    one, two = walk(), walk()
    one.feed(1, 1)
    two.feed(2, 0)
    assert one.state.board is not two.state.board
    assert one.key() == two.key()


def test_a_state_may_give_its_own_compact_position_key() -> None:
    from referee.core.keys import freeze

    class Counter:
        def __init__(self, seen: list[int]) -> None:
            self.seen = seen

        def position_key(self) -> tuple[int, ...]:
            return (sum(self.seen),)  # only the total plays on

    assert freeze(Counter([1, 2])) == freeze(Counter([3]))
    assert freeze(Counter([1, 2])) != freeze(Counter([4]))


def test_a_question_option_or_chance_keys_alike_however_often_it_was_shown_or_drawn() -> None:
    from referee.core.i18n import msg
    from referee.core.keys import freeze
    from referee.core.waits import Decision, Option, die

    def parts() -> tuple[Option, Decision, Chance]:
        option = Option(1, msg("t.one"))
        return option, Decision.single("walker", msg("t.ask"), [option]), die()

    fresh, used = parts(), parts()
    for _ in range(3):
        used[1].view_json("walker")
        used[2].pick(Random(1))
    assert freeze(fresh) == freeze(used)


def test_json_sameness_tells_types_apart() -> None:
    from referee.core.waits import same_json

    assert same_json("a", "a") and same_json(1, 1) and same_json([1, "x"], (1, "x"))
    assert not same_json(True, 1) and not same_json(1, 1.0) and not same_json("1", 1)
    assert not same_json(None, "null") and not same_json([1], 1)
