"""Location graphs: passages, costs, routing and its tie-break, checked by brute force."""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.boards.graph import Cost, LocationGraph


def ring() -> LocationGraph[str]:
    """a - b - d and a - c - d: two routes of two steps from a to d."""
    return LocationGraph.from_passages([("a", "b"), ("b", "d"), ("a", "c"), ("c", "d")])


def test_locations_and_passages() -> None:
    graph = ring()
    assert len(graph) == 4
    assert set(graph) == {"a", "b", "c", "d"}
    assert "a" in graph and "z" not in graph
    assert graph.neighbours("a") == ["b", "c"]
    assert graph.is_adjacent("a", "b") and graph.is_adjacent("b", "a")
    assert not graph.is_adjacent("a", "d")
    passage = graph.passage("b", "d")
    assert passage is not None and (passage.origin, passage.destination, passage.cost) == (
        "b", "d", 1)
    assert graph.neighbours("z") == []


def test_a_lone_location_has_no_passages() -> None:
    graph: LocationGraph[str] = LocationGraph()
    graph.add("island")
    graph.add("island")
    assert len(graph) == 1
    assert graph.neighbours("island") == []
    assert graph.route("island", "island") == ["island"]
    assert graph.distance("island", "island") == 0


def test_a_route_runs_from_origin_to_destination_both_included() -> None:
    graph = LocationGraph.from_passages([(1, 2), (2, 3), (3, 4)])
    assert graph.route(1, 4) == [1, 2, 3, 4]
    assert graph.route(4, 1) == [4, 3, 2, 1]
    assert graph.distance(1, 4) == 3


def test_a_one_way_passage_is_taken_one_way_only() -> None:
    graph: LocationGraph[str] = LocationGraph()
    graph.join("hall", "cellar", both_ways=False)
    graph.join("cellar", "yard")
    assert graph.is_adjacent("hall", "cellar")
    assert not graph.is_adjacent("cellar", "hall")
    assert graph.route("hall", "yard") == ["hall", "cellar", "yard"]
    assert graph.route("yard", "hall") is None
    assert graph.distance("yard", "hall") is None


def test_the_cheapest_route_wins_over_the_shortest() -> None:
    graph: LocationGraph[str] = LocationGraph()
    graph.join("a", "d", cost=5)
    graph.join("a", "b", cost=1)
    graph.join("b", "c", cost=1)
    graph.join("c", "d", cost=2)
    assert graph.route("a", "d") == ["a", "b", "c", "d"]
    assert graph.distance("a", "d") == 4


def test_fractional_costs_add_up_exactly() -> None:
    graph: LocationGraph[str] = LocationGraph()
    graph.join("a", "b", cost=Fraction(1, 3))
    graph.join("b", "c", cost=Fraction(1, 6))
    graph.join("a", "c", cost=Fraction(2, 3))
    assert graph.route("a", "c") == ["a", "b", "c"]
    assert graph.distance("a", "c") == Fraction(1, 2)


def test_joining_again_replaces_the_cost() -> None:
    graph: LocationGraph[str] = LocationGraph()
    graph.join("a", "b", cost=3)
    graph.join("a", "b", cost=1)
    assert graph.distance("a", "b") == 1
    assert graph.neighbours("a") == ["b"]


def test_ties_are_broken_by_the_key_of_the_locations_along_the_route() -> None:
    graph = ring()
    assert graph.route("a", "d", tie_key=lambda node: node) == ["a", "b", "d"]
    assert graph.route("a", "d", tie_key=lambda node: -ord(node)) == ["a", "c", "d"]


def test_the_tie_break_looks_past_an_equal_first_step() -> None:
    # start -> 5 -> {2, 3} -> end, and start -> 4 -> 9 -> end, every step cost 1.
    graph = LocationGraph.from_passages(
        [(0, 5), (5, 3), (5, 2), (3, 100), (2, 100), (0, 4), (4, 9), (9, 100)])
    assert graph.route(0, 100, tie_key=lambda room: room) == [0, 4, 9, 100]
    graph = LocationGraph.from_passages(
        [(0, 5), (5, 3), (5, 2), (3, 100), (2, 100), (0, 6), (6, 1), (1, 100)])
    assert graph.route(0, 100, tie_key=lambda room: room) == [0, 5, 2, 100]


def test_rooms_with_lower_numbers_are_preferred() -> None:
    # A 3 x 3 grid of rooms numbered 1..9 row by row: every shortest route
    # from 1 to 9 has four steps; the lowest numbers go right along the top row first.
    passages = []
    for room in range(1, 10):
        if room % 3:
            passages.append((room, room + 1))
        if room <= 6:
            passages.append((room, room + 3))
    graph = LocationGraph.from_passages(passages)
    assert graph.route(1, 9, tie_key=lambda room: room) == [1, 2, 3, 6, 9]
    assert graph.route(9, 1, tie_key=lambda room: room) == [9, 6, 3, 2, 1]
    assert graph.route(1, 9, tie_key=lambda room: -room) == [1, 4, 7, 8, 9]


def test_an_unreachable_or_unknown_location_has_no_route() -> None:
    graph = ring()
    graph.add("island")
    assert graph.route("a", "island") is None
    assert graph.distance("a", "island") is None
    assert graph.route("a", "atlantis") is None
    assert graph.route("atlantis", "a") is None


# -- against brute force ------------------------------------------------------------

NODES = 6
EDGES = st.lists(
    st.tuples(st.integers(0, NODES - 1), st.integers(0, NODES - 1), st.integers(1, 4),
              st.booleans()),
    max_size=14)


def simple_paths(graph: LocationGraph[int], origin: int, destination: int) -> list[list[int]]:
    found: list[list[int]] = []

    def walk(path: list[int]) -> None:
        if path[-1] == destination:
            found.append(path)
            return
        for nxt in graph.neighbours(path[-1]):
            if nxt not in path:
                walk([*path, nxt])

    walk([origin])
    return found


def cost_of(graph: LocationGraph[int], path: list[int]) -> Cost:
    total: Cost = 0
    for a, b in pairwise(path):
        passage = graph.passage(a, b)
        assert passage is not None
        total += passage.cost
    return total


@settings(max_examples=300, deadline=None)
@given(EDGES, st.integers(0, NODES - 1), st.integers(0, NODES - 1), st.booleans())
def test_routing_matches_a_search_of_every_simple_path(
        edges: list[tuple[int, int, int, bool]], origin: int, destination: int,
        reverse: bool) -> None:
    graph: LocationGraph[int] = LocationGraph()
    for node in range(NODES):
        graph.add(node)
    for a, b, cost, both in edges:
        if a != b:
            graph.join(a, b, cost=cost, both_ways=both)

    def key(node: int) -> int:
        return -node if reverse else node

    paths = simple_paths(graph, origin, destination)
    route = graph.route(origin, destination, tie_key=key)
    if not paths:
        assert route is None
        assert graph.distance(origin, destination) is None
        return
    best = min(paths, key=lambda p: (cost_of(graph, p), [key(n) for n in p[1:]]))
    assert route == best
    assert graph.distance(origin, destination) == min(cost_of(graph, p) for p in paths)
