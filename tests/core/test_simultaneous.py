"""Simultaneous decisions: secret until all are in, replaceable, closed at a deadline."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import BaseModel

from referee.core.errors import IllegalAnswer, NotWaitingForThat
from referee.core.events import REFEREE
from referee.core.game import Game
from referee.core.i18n import msg
from referee.core.ruleset import Flow, GameState, Ruleset
from referee.core.waits import JSON, Decision, Option
from tests.core.toy import Toy, ToyScenario

DEAL = ("A", "B", "C", "A")
"""North draws A and C, south B and A."""
NORTH_HAND = ["A", "C"]
SOUTH_HAND = ["B", "A"]


def at_the_bid(**fields: Any) -> Game:
    game = Game(Toy(), ToyScenario(**fields))
    game.feed(*DEAL)
    assert isinstance(game.waiting, Decision)
    return game


def frozen(game: Game) -> tuple[str, str, list[Any], dict[str, Any]]:
    return (game.checksum(), json.dumps(game.view(REFEREE)), json.loads(json.dumps(game.inputs)),
            {seat: game.pending_answer(seat) for seat in game.seats})


def test_the_deal_gives_the_hands_the_tests_assume() -> None:
    game = at_the_bid()
    assert game.state.hands == {"north": NORTH_HAND, "south": SOUTH_HAND}


@pytest.mark.parametrize("seen_by", ["south", "east"])
def test_no_seat_sees_another_answer_before_all_are_in(seen_by: str) -> None:
    histories = [["A"], ["C"], ["A", "C"], ["C", "A"]]
    views, logs = set(), set()
    for history in histories:
        game = at_the_bid()
        for bid in history:
            game.answer("north", bid)
        assert game.pending_answer("north") == history[-1]
        assert game.view("north")["waiting"]["your_answer"] == history[-1]
        assert "your_answer" not in game.view(seen_by)["waiting"]
        assert game.pending_answer("south") is None
        assert game.state.bids == {}
        views.add(json.dumps(game.view(seen_by)))
        logs.add(json.dumps(game.text_log(seen_by)))
    assert len(views) == 1
    assert len(logs) == 1


def test_views_say_who_has_answered_but_not_what() -> None:
    game = at_the_bid()
    game.answer("north", "C")
    waiting = game.view("south")["waiting"]
    assert waiting["answered"] == ["north"]
    assert game.seats_to_answer() == ("south",)
    assert '"C"' not in json.dumps(game.view("south"))


def test_each_seat_is_offered_only_its_own_options() -> None:
    game = at_the_bid()
    for seat, hand in (("north", NORTH_HAND), ("south", SOUTH_HAND)):
        offered = [option["value"] for option in game.view(seat)["waiting"]["options"]]
        assert offered == sorted(set(hand))
    assert "options" not in game.view("east")["waiting"]


def test_an_answer_can_be_replaced_until_all_are_in() -> None:
    game = at_the_bid()
    game.answer("north", "A")
    game.answer("north", "C")
    game.answer("north", "A")
    assert game.pending_answer("north") == "A"
    game.answer("south", "B")
    assert game.is_over
    assert game.state.bids == {"north": "A", "south": "B"}
    assert len(game.inputs) == len(DEAL) + 4
    assert Game(Toy(), ToyScenario(), game.inputs).checksum() == game.checksum()


def test_once_all_are_in_the_answers_are_revealed_to_everyone() -> None:
    game = at_the_bid()
    game.answer("north", "C")
    game.answer("south", "B")
    for seat in ("north", "south", "east"):
        assert game.view(seat)["state"]["bids"] == {"north": "C", "south": "B"}


def test_undo_in_a_simultaneous_decision_restores_the_earlier_answer() -> None:
    game = at_the_bid()
    game.answer("north", "A")
    game.answer("north", "C")
    game.undo()
    assert game.pending_answer("north") == "A"


def test_a_pending_answer_changes_the_checksum() -> None:
    game = at_the_bid()
    first, second = game.fork(), game.fork()
    first.answer("north", "A")
    second.answer("north", "C")
    assert len({game.checksum(), first.checksum(), second.checksum()}) == 3


# -- decisions closed at a deadline -------------------------------------------------


def test_an_until_closed_decision_waits_for_close_even_when_all_answered() -> None:
    game = at_the_bid(until_closed=True)
    game.answer("north", "C")
    game.answer("south", "B")
    assert not game.is_over
    assert game.seats_to_answer() == ()
    game.answer("south", "A")  # still open, so still replaceable
    game.close()
    assert game.is_over
    assert game.state.bids == {"north": "C", "south": "A"}
    assert game.inputs[-1] == {"close": True}
    assert Game(Toy(), ToyScenario(until_closed=True), game.inputs).checksum() == game.checksum()


def test_close_gives_silent_seats_their_defaults() -> None:
    game = at_the_bid(until_closed=True, defaults=True)
    game.answer("north", "C")
    game.close()
    assert game.state.bids == {"north": "C", "south": min(SOUTH_HAND)}


def test_close_with_every_seat_silent_gives_every_default() -> None:
    game = at_the_bid(until_closed=True, defaults=True)
    game.close()
    assert game.state.bids == {"north": min(NORTH_HAND), "south": min(SOUTH_HAND)}


def test_a_deadline_may_close_an_ordinary_simultaneous_decision_with_defaults() -> None:
    game = at_the_bid(defaults=True)
    game.answer("south", "B")
    game.close()
    assert game.state.bids == {"north": min(NORTH_HAND), "south": "B"}


def test_close_without_defaults_for_a_silent_seat_is_refused() -> None:
    game = at_the_bid(until_closed=True)
    game.answer("north", "C")
    before = frozen(game)
    with pytest.raises(NotWaitingForThat, match="south"):
        game.close()
    assert frozen(game) == before
    assert not game.is_over


def test_close_when_no_simultaneous_decision_is_open_is_refused() -> None:
    game = Game(Toy(), ToyScenario(until_closed=True, defaults=True))
    before = frozen(game)
    with pytest.raises(NotWaitingForThat):
        game.close()
    assert frozen(game) == before


class Pair(GameState):
    def __init__(self) -> None:
        super().__init__()
        self.answers: dict[str, JSON] = {}


class NoScenario(BaseModel):
    pass


class BadDefault(Ruleset[NoScenario, Pair]):
    """A ruleset whose deadline default is not among the options."""

    name = "bad-default"
    title = msg("bad.title")
    scenario_model = NoScenario

    def seats(self, scenario: NoScenario) -> tuple[str, ...]:
        return ("a", "b")

    def new_state(self, scenario: NoScenario) -> Pair:
        return Pair()

    def play(self, state: Pair) -> Flow:
        options = {seat: (Option(1, msg("bad.one")),) for seat in ("a", "b")}
        state.answers = yield Decision(("a", "b"), msg("bad.q"), options,
                                       defaults={"a": 1, "b": 99}, until_closed=True)

    def view(self, state: Pair, seat: str) -> dict[str, JSON]:
        return {"answers": state.answers}


def test_an_illegal_default_is_refused_at_close_and_changes_nothing() -> None:
    game = Game(BadDefault(), NoScenario())
    game.answer("a", 1)
    before = frozen(game)
    with pytest.raises(IllegalAnswer, match="99"):
        game.close()
    assert frozen(game) == before
    game.answer("b", 1)
    game.close()
    assert game.state.answers == {"a": 1, "b": 1}
