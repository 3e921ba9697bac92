"""Parts prepared once per scenario are shared, and never confused between scenarios."""

from __future__ import annotations

from referee.core import prepared as module
from referee.core.prepared import PREPARED, Prepared, clear_prepared, prepared


class Scenario:
    def __init__(self, size: int) -> None:
        self.size = size


def board(scenario: Scenario) -> list[int]:
    return list(range(scenario.size))


def test_the_same_scenario_gets_the_same_parts_another_gets_its_own() -> None:
    one, two = Scenario(3), Scenario(3)
    assert prepared(one, board) is prepared(one, board)
    assert prepared(two, board) is not prepared(one, board)
    assert prepared(two, board) == [0, 1, 2]


def test_only_the_last_few_scenarios_are_kept_per_kind() -> None:
    scenarios = [Scenario(n) for n in range(module.KEPT + 1)]
    first = prepared(scenarios[0], board)
    for scenario in scenarios[1:]:
        prepared(scenario, board)
    assert prepared(scenarios[0], board) is not first  # made again
    assert prepared(scenarios[-1], board) is prepared(scenarios[-1], board)


def test_clearing_forgets_every_part_and_lets_go_of_the_scenarios() -> None:
    one = Scenario(2)
    first = prepared(one, board)
    clear_prepared()
    assert len(PREPARED) == 0
    assert prepared(one, board) is not first and prepared(one, board) == first


def test_a_cache_of_its_own_keeps_as_many_as_it_is_told() -> None:
    cache = Prepared(kept=2)
    scenarios = [Scenario(n) for n in range(3)]
    parts = [cache.get(scenario, board) for scenario in scenarios]
    assert len(cache) == 2
    assert cache.get(scenarios[2], board) is parts[2]
    assert cache.get(scenarios[0], board) is not parts[0]
