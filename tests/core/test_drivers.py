"""Drivers: seeded random play, scripted players and dice."""

from __future__ import annotations

import json
from random import Random

import pytest

from referee.core.drivers import (
    Ask,
    RandomBot,
    RandomChance,
    ScriptedChance,
    ScriptedPlayer,
    play_out,
    random_playout,
    random_playouts,
)
from referee.core.events import Event
from referee.core.game import Game
from referee.core.waits import Chance
from tests.core.toy import Solo, SoloScenario, Toy, ToyScenario


def toy(**fields: bool) -> Game:
    return Game(Toy(), ToyScenario(**fields))


@pytest.mark.parametrize("fields", [{}, {"until_closed": True}, {"defaults": True}])
@pytest.mark.parametrize("seed", range(20))
def test_a_random_playout_of_the_toy_reaches_a_legal_end(
        seed: int, fields: dict[str, bool]) -> None:
    game = random_playout(toy(**fields), seed)
    assert game.is_over
    outcome = game.outcome()
    assert outcome is not None
    bids = game.state.bids
    for seat in game.seats:
        assert bids[seat] in game.state.hands[seat]
    best = max(bids.values())
    top = {seat for seat, bid in bids.items() if bid == best}
    assert set(outcome.winners) == (set() if len(top) == 2 else top)  # a tie is a draw
    assert sum(outcome.returns.values()) == 0
    assert Game(Toy(), game.scenario, game.inputs).checksum() == game.checksum()


@pytest.mark.parametrize("seed", range(10))
def test_a_random_playout_answers_shaped_decisions_through_the_ruleset(seed: int) -> None:
    game = random_playout(Game(Solo(), SoloScenario()), seed)
    assert game.is_over
    assert game.state.steps is not None and 0 <= game.state.steps <= game.state.pick


def test_the_same_seed_gives_the_same_inputs_and_other_seeds_vary() -> None:
    runs = {seed: random_playout(toy(), seed).inputs for seed in range(12)}
    assert all(random_playout(toy(), seed).inputs == inputs for seed, inputs in runs.items())
    assert len({str(inputs) for inputs in runs.values()}) > 1


def test_many_random_playouts_are_the_single_playouts_of_their_seeds_in_order() -> None:
    many = list(random_playouts(Toy(), ToyScenario(), [3, 1, 4]))
    assert [game.inputs for game in many] == \
        [random_playout(toy(), seed).inputs for seed in (3, 1, 4)]
    assert all(game.is_over for game in many)


def test_scripted_players_and_dice_play_exactly_what_is_written() -> None:
    game = toy()
    events: list[Event] = []
    play_out(game, {"north": ScriptedPlayer(["C"]), "south": ScriptedPlayer(["B"])},
             ScriptedChance(["A", "B", "C", "A"]), on_event=events.append)
    assert game.inputs == [{"chance": "A"}, {"chance": "B"}, {"chance": "C"}, {"chance": "A"},
                           {"seat": "north", "answer": "C"}, {"seat": "south", "answer": "B"}]
    assert game.state.bids == {"north": "C", "south": "B"}
    assert events == game.state.log.events


def test_play_out_closes_a_deadline_decision_after_every_seat_answered() -> None:
    game = toy(until_closed=True)
    play_out(game, {"north": ScriptedPlayer(["C"]), "south": ScriptedPlayer(["A"])},
             ScriptedChance(["A", "B", "C", "A"]))
    assert game.is_over
    assert game.inputs[-1] == {"close": True}


def test_play_out_stops_after_the_given_number_of_inputs() -> None:
    game = toy()
    play_out(game, {}, ScriptedChance(["A", "B", "C", "A"]), max_inputs=3)
    assert len(game.inputs) == 3
    assert not game.is_over


def test_a_scripted_player_whose_answer_is_illegal_raises() -> None:
    game = toy()
    with pytest.raises(ValueError, match="legal"):
        play_out(game, {"north": ScriptedPlayer(["B"]), "south": ScriptedPlayer(["B"])},
                 ScriptedChance(["A", "B", "C", "A"]))


def test_seeded_dice_follow_the_probabilities() -> None:
    game = Game(Solo(), SoloScenario(sides=4))
    game.answer("solo", 1)
    chance = game.waiting
    assert isinstance(chance, Chance)
    dice = RandomChance(Random(7))
    rolls = [dice.outcome(game, chance) for _ in range(4000)]
    for face in range(1, 5):
        assert 850 < rolls.count(face) < 1150  # 1000 expected, 27 the standard deviation


def test_a_random_bot_picks_among_the_legal_options_only() -> None:
    game = toy()
    game.feed("A", "B", "C", "A")
    bot = RandomBot(Random(3))
    picks = {bot.choose(Ask.of(game, "north")) for _ in range(50)}
    assert picks == {"A", "C"}


def test_a_player_is_shown_only_its_own_options_and_view() -> None:
    game = toy()
    game.feed("A", "B", "C", "A")
    north = Ask.of(game, "north")
    assert north.decision.seats == ("north",)
    assert north.decision.options is not None and set(north.decision.options) == {"north"}
    assert north.view == game.view("north")
    assert "B" not in json.dumps(north.view["state"])



def test_a_seat_finds_what_it_hung_on_its_memo_at_its_later_questions_alone() -> None:
    game = toy()
    game.feed("A", "B", "C", "A")
    north = Ask.of(game, "north")
    north.memo["hand"] = north.view["state"]["hand"]
    game.answer("north", "A")
    assert Ask.of(game, "south").memo == {}  # no seat reads another's
    game.undo()
    assert Ask.of(game, "north").memo == {"hand": ["A", "C"]}  # asked again: still there
    assert game.memo("north") == {"hand": ["A", "C"]}


def test_a_fork_starts_with_a_copy_of_each_seats_memo() -> None:
    game = toy()
    game.memo("north")["seen"] = 1
    fork = game.fork()
    fork.memo("north")["seen"] = 2
    fork.memo("south")["seen"] = 3
    assert game.memo("north") == {"seen": 1} and game.memo("south") == {}
    assert fork.memo("north") == {"seen": 2}


def test_an_ask_made_by_hand_keeps_a_memo_of_its_own() -> None:
    game = toy()
    game.feed("A", "B", "C", "A")
    made = Ask.of(game, "north")
    by_hand = Ask(made.seat, made.decision, {"state": {}}, made.ruleset, made.seat_name)
    by_hand.memo["x"] = 1
    assert by_hand.memo == {"x": 1} and game.memo("north") == {}
