"""What a player notices of the rules bots: they beat the random bot clearly,
sides swapped, over a modest number of seeded games (the large counts are in
bench/bench_bots.py), and Echo's investigators win together where random
ones mostly lose."""

from __future__ import annotations

import pytest

from referee.bots.arena import arena

TWO_SIDED = [("night-watch", 24), ("old-west", 16), ("samurai", 12)]
"""Each two-sided ruleset, and how many games (half with each side) the test plays."""


@pytest.mark.parametrize(("ruleset", "games"), TWO_SIDED)
def test_the_rules_bot_beats_the_random_bot_on_both_sides(ruleset: str, games: int) -> None:
    (pairing,) = arena(ruleset, ["rules", "random"], games, seed=100).pairings
    rules, random = pairing.records["rules"], pairing.records["random"]
    assert rules.games == random.games == games
    assert rules.wins == random.losses and rules.losses == random.wins
    low, _ = rules.interval
    assert low > 0.5, (rules.wins, rules.draws, rules.losses)


def test_rules_investigators_win_echo_where_random_ones_mostly_lose() -> None:
    """The example is a challenge: investigators who join up and head for the
    targets win most games, careless ones few; clearly apart over a dozen each."""
    (pairing,) = arena("echo", ["rules", "random"], 24, seed=100).pairings
    rules, random = pairing.records["rules"], pairing.records["random"]
    assert rules.games == random.games == 12
    assert rules.interval[0] > random.interval[1], (rules.wins, random.wins)
    assert 2 * rules.wins > rules.games and 4 * random.wins < random.games
