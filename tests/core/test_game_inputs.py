"""A game is its setup plus its inputs: replay, undo, fork, and inputs the game refuses."""

from __future__ import annotations

import json
from random import Random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core.drivers import Ask, RandomBot
from referee.core.errors import IllegalAnswer, NotWaitingForThat, RefereeError
from referee.core.events import REFEREE
from referee.core.game import Game
from referee.core.i18n import msg
from referee.core.ruleset import Verdict
from referee.core.scenario import load_scenario
from referee.core.waits import Chance, Decision
from tests.core.toy import Solo, SoloScenario, SoloState, Toy, ToyScenario


def toy(**fields: Any) -> Game:
    return Game(Toy(), ToyScenario(**fields))


def solo(**fields: Any) -> Game:
    return Game(Solo(), SoloScenario(**fields))


def finished_toy() -> Game:
    game = toy()
    game.feed("A", "B", "C", "A")  # north A, C; south B, A
    game.answer("north", "C")
    game.answer("south", "B")
    return game


def snapshot(game: Game) -> tuple[str, list[Any], list[str], list[list[str]]]:
    """Everything a user could compare: checksum, inputs, every view and text log."""
    views = [json.dumps(game.view(seat), sort_keys=True) for seat in (*game.seats, REFEREE)]
    logs = [game.text_log(seat) for seat in (*game.seats, REFEREE)]
    return game.checksum(), json.loads(json.dumps(game.inputs)), views, logs


# -- replay ------------------------------------------------------------------------


def test_a_finished_game_rebuilt_from_its_inputs_is_the_same_game() -> None:
    game = finished_toy()
    assert game.is_over
    inputs = json.loads(json.dumps(game.inputs))  # as a file would hold them
    rebuilt = Game(Toy(), ToyScenario(), inputs)
    assert snapshot(rebuilt) == snapshot(game)
    assert rebuilt.outcome() == game.outcome()


def test_every_prefix_of_the_inputs_replays_to_the_state_it_had() -> None:
    game = toy()
    seen = [game.checksum()]
    for value in ("A", "B", "C", "A"):
        game.feed(value)
        seen.append(game.checksum())
    for count, checksum in enumerate(seen):
        assert Game(Toy(), ToyScenario(), game.inputs[:count]).checksum() == checksum


def test_different_inputs_give_different_checksums() -> None:
    one, two = toy(), toy()
    one.feed("A", "B")
    two.feed("B", "A")
    assert one.checksum() != two.checksum()


def test_the_outcome_follows_the_bids() -> None:
    game = finished_toy()
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.winners == ("north",)  # "C" beats "B"
    assert game.state.bids == {"north": "C", "south": "B"}


# -- undo and fork -----------------------------------------------------------------


def test_undo_drops_the_last_inputs_and_returns_to_the_earlier_state() -> None:
    game = toy()
    game.feed("A", "B")
    before = snapshot(game)
    game.feed("C", "A")
    game.undo(2)
    assert snapshot(game) == before
    assert game.inputs == [{"chance": "A"}, {"chance": "B"}]


def test_undo_past_the_start_gives_a_fresh_game() -> None:
    game = toy()
    game.feed("A", "B")
    game.undo(10)
    assert game.inputs == []
    assert game.checksum() == toy().checksum()


def test_undo_after_the_end_reopens_the_last_decision() -> None:
    game = finished_toy()
    game.undo()
    assert not game.is_over
    assert game.seats_to_answer() == ("south",)
    assert game.pending_answer("north") == "C"


def test_a_fork_is_independent_of_its_original() -> None:
    game = toy()
    game.feed("A", "B")
    before = snapshot(game)
    fork = game.fork()
    assert snapshot(fork) == before
    fork.feed("C", "A")
    assert snapshot(game) == before
    game.feed("A", "C")
    assert fork.inputs[2:] == [{"chance": "C"}, {"chance": "A"}]
    assert fork.state.hands == {"north": ["A", "C"], "south": ["B", "A"]}


def test_a_view_is_a_copy_changing_it_does_not_change_the_game() -> None:
    game = toy()
    game.feed("A", "B")
    checksum = game.checksum()
    view = game.view("north")
    view["state"]["hand"].append("Z")
    view["state"]["hand_sizes"]["north"] = 99
    assert game.checksum() == checksum
    assert game.state.hands["north"] == ["A"]


# -- refused inputs leave the game unchanged ---------------------------------------


def assert_refused(game: Game, error: type[RefereeError], action: Any) -> str:
    """Run ``action``; it must raise ``error`` and change nothing. Returns the message."""
    before = snapshot(game)
    waiting = game.waiting
    with pytest.raises(error) as caught:
        action()
    assert snapshot(game) == before
    assert game.waiting == waiting
    return str(caught.value)


def test_an_illegal_bid_names_the_legal_ones() -> None:
    game = toy()
    game.feed("A", "B", "C", "A")  # north holds A and C
    text = assert_refused(game, IllegalAnswer, lambda: game.answer("north", "B"))
    assert '"B"' in text.split("legal:")[0]
    legal = text.split("legal:")[1]
    assert '"A"' in legal and '"C"' in legal and '"B"' not in legal


def test_an_illegal_answer_after_a_valid_pending_one_keeps_the_pending_one() -> None:
    game = toy()
    game.feed("A", "B", "C", "A")
    game.answer("north", "A")
    assert_refused(game, IllegalAnswer, lambda: game.answer("north", "B"))
    assert game.pending_answer("north") == "A"


def test_a_long_list_of_legal_answers_is_shortened() -> None:
    game = solo(options=20)
    text = assert_refused(game, IllegalAnswer, lambda: game.answer("solo", 21))
    legal = text.split("legal:")[1]
    assert "1, 2," in legal and "and 8 more" in legal  # twelve shown of twenty


@pytest.mark.parametrize("value", [True, 1.0, "1", [1], None])
def test_an_answer_must_equal_an_option_as_json_not_just_compare_equal(value: Any) -> None:
    game = solo(options=3)
    assert_refused(game, IllegalAnswer, lambda: game.answer("solo", value))


class Strict(Solo):
    """Solo whose rules refuse every answer by shape."""

    def check_answer(self, state: SoloState, seat: str, decision: Decision,
                     answer: Any) -> Verdict:
        return Verdict(answer, refusals=(msg("solo.too-far", n=0),))


def test_an_option_is_legal_as_the_rules_listed_it_and_only_a_shaped_answer_is_judged() -> None:
    game = Game(Strict(), SoloScenario())
    game.feed(3, 2, [1, "x"])  # the number picked, chosen among options, taken
    assert game.state.pick == 3
    assert_refused(game, IllegalAnswer, lambda: game.answer("solo", {"steps": 1}))


@pytest.mark.parametrize("name", ["samurai", "old-west"])
def test_an_options_own_value_and_a_copy_of_it_are_the_same_answer(name: str) -> None:
    """A bot hands back the value of the option it picked; a person's page
    sends a copy of it read from JSON: the game is the same either way, and
    what it records is its own copy, never the option's value."""
    ruleset, scenario = load_scenario(name)
    games = []
    for copied in (False, True):
        game, rng = Game(ruleset, scenario), Random(12)
        while not game.is_over and len(game.inputs) < 300:
            wait = game.waiting
            if isinstance(wait, Chance):
                game.roll_random(rng)
                continue
            assert isinstance(wait, Decision)
            seat = game.seats_to_answer()[0]
            answer = RandomBot(rng).choose(Ask.of(game, seat))
            game.answer(seat, json.loads(json.dumps(answer)) if copied else answer)
            if not copied:
                given = game.inputs[-1]["answer"]
                assert type(given) in (str, int, bool) or all(
                    given is not option.value for option in wait.options_for(seat))
        games.append(game)
    assert games[0].inputs == games[1].inputs
    assert games[0].checksum() == games[1].checksum()


def test_answering_while_dice_are_due_is_refused() -> None:
    game = toy()
    text = assert_refused(game, NotWaitingForThat, lambda: game.answer("north", "A"))
    assert "draw" in text


def test_answering_for_a_seat_not_asked_is_refused_naming_the_asked_seats() -> None:
    game = solo()
    text = assert_refused(game, NotWaitingForThat, lambda: game.answer("north", 1))
    assert "north" in text and "solo" in text.split("asked:")[1]
    game = toy()
    game.feed("A", "B", "C", "A")
    assert_refused(game, NotWaitingForThat, lambda: game.answer(REFEREE, "A"))
    assert_refused(game, NotWaitingForThat, lambda: game.answer("east", "A"))


def test_rolling_an_impossible_outcome_is_refused_naming_the_possible_ones() -> None:
    game = toy(deck=["A", "B", "B"], draws=1)
    game.feed("A")  # only B is left
    text = assert_refused(game, IllegalAnswer, lambda: game.roll("A"))
    assert '"B"' in text.split("possible:")[1]
    assert '"A"' not in text.split("possible:")[1]
    assert_refused(game, IllegalAnswer, lambda: game.roll("Z"))


@pytest.mark.parametrize("value", [0, 7, True, 1.5, "3", None])
def test_a_die_refuses_what_is_not_a_face(value: Any) -> None:
    game = solo()
    game.answer("solo", 5)
    assert_refused(game, IllegalAnswer, lambda: game.roll(value))


def test_rolling_while_a_decision_is_open_is_refused() -> None:
    game = solo()
    assert_refused(game, NotWaitingForThat, lambda: game.roll(1))
    assert_refused(game, NotWaitingForThat, lambda: game.roll_random(Random(1)))


def test_after_the_end_every_input_is_refused() -> None:
    game = finished_toy()
    for action in (lambda: game.answer("north", "A"), lambda: game.roll("A"), game.close):
        text = assert_refused(game, NotWaitingForThat, action)
        assert text


@pytest.mark.parametrize("item", [{"dice": 3}, {"seat": "north"}, ["chance", "A"], "A"])
def test_an_input_of_unknown_shape_is_refused(item: Any) -> None:
    game = toy()
    assert_refused(game, NotWaitingForThat, lambda: game.apply(item))


def test_an_answer_that_does_not_fit_the_shape_names_the_field() -> None:
    game = solo()
    game.feed(3, 2, [1, "x"])
    text = assert_refused(game, IllegalAnswer, lambda: game.answer("solo", {"steps": "far"}))
    assert "steps" in text
    assert_refused(game, IllegalAnswer, lambda: game.answer("solo", {"stride": 1}))


def test_an_answer_the_rules_refuse_after_the_shape_passed_leaves_the_game_unchanged() -> None:
    game = solo()
    game.feed(3, 2, [1, "x"])
    text = assert_refused(game, IllegalAnswer, lambda: game.answer("solo", {"steps": 4}))
    assert "at most 3" in text
    game.answer("solo", {"steps": 3})
    assert game.is_over and game.state.steps == 3


def test_chance_outcomes_given_as_tuples_can_be_rolled_and_replayed() -> None:
    game = solo()
    game.feed(3, 2)
    game.roll((2, "y"))
    assert game.state.pair == [2, "y"]
    rolled = solo()
    rolled.feed(3, 2)
    rolled.roll_random(Random(4))
    for played in (game, rolled):
        replayed = Game(Solo(), SoloScenario(), json.loads(json.dumps(played.inputs)))
        assert replayed.checksum() == played.checksum()


# -- any input at all --------------------------------------------------------------

VALUES = st.sampled_from(["A", "B", "C", "Z", 1, None, True, ["A"]])
ACTIONS = st.lists(st.one_of(
    st.tuples(st.just("answer"), st.sampled_from(["north", "south", REFEREE, "east"]), VALUES),
    st.tuples(st.just("roll"), st.none(), VALUES),
    st.tuples(st.just("close"), st.none(), st.none()),
    st.tuples(st.just("undo"), st.none(), st.none()),
), max_size=25)


@settings(max_examples=150, deadline=None)
@given(ACTIONS, st.booleans(), st.booleans())
def test_any_input_is_accepted_or_leaves_the_game_as_it_was(
        actions: list[tuple[str, Any, Any]], until_closed: bool, defaults: bool) -> None:
    scenario = ToyScenario(until_closed=until_closed, defaults=defaults)
    game = Game(Toy(), scenario)
    for kind, seat, value in actions:
        before = snapshot(game)
        count = len(game.inputs)
        try:
            if kind == "answer":
                game.answer(seat, value)
            elif kind == "roll":
                game.roll(value)
            elif kind == "close":
                game.close()
            else:
                game.undo()
        except RefereeError:
            assert snapshot(game) == before
        else:
            expected = max(0, count - 1) if kind == "undo" else count + 1
            assert len(game.inputs) == expected
        assert Game(Toy(), scenario, game.inputs).checksum() == game.checksum()


def test_feed_refuses_when_several_seats_are_asked() -> None:
    game = toy()
    game.feed("A", "B", "C", "A")
    assert isinstance(game.waiting, Decision)
    assert_refused(game, NotWaitingForThat, lambda: game.feed("A"))


def test_the_game_waits_for_draws_weighted_by_the_cards_left() -> None:
    game = toy()
    game.feed("A")
    wait = game.waiting
    assert isinstance(wait, Chance)
    assert sorted(value for value, _ in wait.outcomes) == ["A", "B", "C"]
    assert [wait.probability(card) * 3 for card in "ABC"] == [1, 1, 1]


def test_a_refused_answer_names_the_seat_as_players_call_it_in_each_language() -> None:
    from referee.core.scenario import load_scenario

    ruleset, scenario = load_scenario("night-watch")
    game = Game(ruleset, scenario)
    while isinstance(game.waiting, Chance):
        game.roll(game.waiting.outcomes[0][0])
    with pytest.raises(IllegalAnswer) as refused:
        game.answer("day", "move:nowhere")
    assert "the Day Watch" in refused.value.render("en")
    assert "недопустимый ответ Дневного Дозора" in refused.value.render("ru")
    assert " day " not in refused.value.render("en")
