"""The exact enumerator against a count by hand over every order of the deck."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest

from referee.core.enumerate import distribution, leaves
from referee.core.errors import NotWaitingForThat
from referee.core.game import Game
from referee.core.waits import JSON, Decision
from tests.core.toy import Toy, ToyScenario

Hands = tuple[tuple[str, ...], tuple[str, ...]]


def deal(order: tuple[str, ...], draws: int) -> Hands:
    """North takes the 1st, 3rd, ... card of the order, south the 2nd, 4th, ..."""
    return order[0:2 * draws:2], order[1:2 * draws:2]


def by_hand(deck: list[str], draws: int, drawn: tuple[str, ...] = ()) -> dict[Hands, Fraction]:
    """Every order of the (physically distinct) cards left is equally likely."""
    left = list(deck)
    for card in drawn:
        left.remove(card)
    orders = list(permutations(left))
    counts = Counter(deal(drawn + order, draws) for order in orders)
    return {hands: Fraction(n, len(orders)) for hands, n in counts.items()}


def hands(game: Game) -> Hands:
    return tuple(game.state.hands["north"]), tuple(game.state.hands["south"])


def at_decision(game: Game) -> bool:
    return isinstance(game.waiting, Decision)


CASES = [
    (["A", "A", "B", "C"], 2),
    (["A", "A", "B", "C"], 1),
    (["A", "A", "A", "B", "B", "C"], 2),
    (["A", "B", "C", "D", "E"], 2),
    (["A", "A", "A", "A"], 2),
]


@pytest.mark.parametrize(("deck", "draws"), CASES)
def test_every_deal_has_the_probability_counted_by_hand(deck: list[str], draws: int) -> None:
    game = Game(Toy(), ToyScenario(deck=deck, draws=draws))
    found = distribution(game, hands, stop=at_decision)
    expected = by_hand(deck, draws)
    assert found == expected
    assert sum(found.values()) == 1


def test_each_leaf_is_a_distinct_deal_and_their_probabilities_sum_to_one() -> None:
    game = Game(Toy(), ToyScenario())
    found = leaves(game, stop=at_decision)
    assert sum(p for _, p in found) == 1
    draw_sequences = [tuple(item["chance"] for item in leaf.inputs) for leaf, _ in found]
    assert len(set(draw_sequences)) == len(draw_sequences)
    # Sequences of labels of the deck A, A, B, C: 4!/2! of them.
    assert len(draw_sequences) == len(set(permutations(["A", "A", "B", "C"])))
    for leaf, probability in found:
        assert at_decision(leaf)
        assert probability > 0


def test_enumeration_from_the_middle_of_a_game_is_conditioned_on_what_was_drawn() -> None:
    deck = ["A", "A", "B", "C"]
    game = Game(Toy(), ToyScenario(deck=deck))
    game.feed("B")
    found = distribution(game, hands, stop=at_decision)
    assert found == by_hand(deck, 2, drawn=("B",))


def test_enumeration_does_not_change_the_game() -> None:
    game = Game(Toy(), ToyScenario())
    game.feed("A")
    checksum, inputs = game.checksum(), list(game.inputs)
    distribution(game, hands, stop=at_decision)
    assert (game.checksum(), game.inputs) == (checksum, inputs)


def highest_card(game: Game, decision: Decision) -> dict[str, JSON]:
    return {seat: max(game.state.hands[seat]) for seat in decision.seats}


def winners(game: Game) -> tuple[str, ...]:
    outcome = game.outcome()
    assert outcome is not None
    return outcome.winners


def winners_by_hand(deck: list[str], draws: int) -> dict[tuple[str, ...], Fraction]:
    totals: dict[tuple[str, ...], Fraction] = {}
    for (north, south), probability in by_hand(deck, draws).items():
        best = {"north": max(north), "south": max(south)}
        top = max(best.values())
        key = tuple(seat for seat in ("north", "south") if best[seat] == top)
        key = () if len(key) == 2 else key  # equal best cards: a draw
        totals[key] = totals.get(key, Fraction(0)) + probability
    return totals


@pytest.mark.parametrize(("deck", "draws"), CASES)
def test_through_the_bid_with_a_policy_the_winner_odds_match_the_count(
        deck: list[str], draws: int) -> None:
    game = Game(Toy(), ToyScenario(deck=deck, draws=draws))
    found = distribution(game, winners, stop=lambda g: False, policy=highest_card)
    assert found == winners_by_hand(deck, draws)


def test_a_policy_answering_only_some_seats_lets_the_deadline_close_with_defaults() -> None:
    deck = ["A", "A", "B", "C"]
    game = Game(Toy(), ToyScenario(deck=deck, until_closed=True, defaults=True))

    def north_bids_high(game: Game, decision: Decision) -> dict[str, JSON]:
        return {"north": max(game.state.hands["north"])}

    found = distribution(game, winners, stop=lambda g: False, policy=north_bids_high)
    expected: dict[tuple[str, ...], Fraction] = {}
    for (north, south), probability in by_hand(deck, 2).items():
        bids = {"north": max(north), "south": min(south)}
        top = max(bids.values())
        key = tuple(seat for seat in ("north", "south") if bids[seat] == top)
        expected[key] = expected.get(key, Fraction(0)) + probability
    assert found == expected


def test_a_decision_without_a_policy_is_an_error() -> None:
    game = Game(Toy(), ToyScenario())
    with pytest.raises(NotWaitingForThat, match="policy"):
        leaves(game, stop=lambda g: False)
