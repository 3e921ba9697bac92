"""A board of Locations joined by passages, with movement costs and routing.

Shared by the games played on a map of places: Night Watch's Locations,
Echo's districts, Facility's rooms. Passages may be one-way; each has a cost
(1 by default). Routing finds the cheapest route and breaks ties by a key
the game chooses (Facility prefers rooms with lower numbers, CHAT-MOV-2).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import pairwise
from typing import Generic, TypeVar

Node = TypeVar("Node", bound=Hashable)
Cost = int | Fraction


@dataclass(frozen=True)
class Passage(Generic[Node]):
    """A way from ``origin`` to ``destination`` and what it costs to take."""

    origin: Node
    destination: Node
    cost: Cost = 1
    name: str | None = None


@dataclass
class LocationGraph(Generic[Node]):
    """Locations and the passages between them."""

    _out: dict[Node, dict[Node, Passage[Node]]] = field(default_factory=dict)

    def add(self, location: Node) -> None:
        self._out.setdefault(location, {})

    def join(self, a: Node, b: Node, cost: Cost = 1, both_ways: bool = True) -> None:
        """Add a passage a -> b (and b -> a unless ``both_ways`` is False)."""
        self.add(a)
        self.add(b)
        self._out[a][b] = Passage(a, b, cost)
        if both_ways:
            self._out[b][a] = Passage(b, a, cost)

    def __contains__(self, location: object) -> bool:
        return location in self._out

    def __iter__(self) -> Iterator[Node]:
        return iter(self._out)

    def __len__(self) -> int:
        return len(self._out)

    def neighbours(self, location: Node) -> list[Node]:
        """Where one passage from ``location`` leads, in insertion order."""
        return list(self._out.get(location, {}))

    def passage(self, origin: Node, destination: Node) -> Passage[Node] | None:
        return self._out.get(origin, {}).get(destination)

    def is_adjacent(self, origin: Node, destination: Node) -> bool:
        return self.passage(origin, destination) is not None

    def route(self, origin: Node, destination: Node,
              tie_key: Callable[[Node], object] | None = None) -> list[Node] | None:
        """The cheapest route from ``origin`` to ``destination``, both included;
        None when there is none. Among equally cheap routes, the one whose
        sequence of ``tie_key`` values is smallest (lexicographically); this
        holds when ``tie_key`` gives distinct locations distinct keys."""
        key = tie_key or (lambda node: 0)
        best: dict[Node, tuple[Cost, tuple[object, ...]]] = {}
        counter = 0
        heap: list[tuple[Cost, tuple[object, ...], int, list[Node]]] = [(0, (), counter, [origin])]
        while heap:
            cost, keys, _, path = heapq.heappop(heap)
            here = path[-1]
            if here == destination:
                return path
            if here in best and best[here] <= (cost, keys):
                continue
            best[here] = (cost, keys)
            for passage in self._out.get(here, {}).values():
                counter += 1
                step = (cost + passage.cost, (*keys, key(passage.destination)),
                        counter, [*path, passage.destination])
                heapq.heappush(heap, step)
        return None

    def distance(self, origin: Node, destination: Node) -> Cost | None:
        path = self.route(origin, destination)
        if path is None:
            return None
        return sum((self._out[a][b].cost for a, b in pairwise(path)), 0)

    @classmethod
    def from_passages(cls, passages: Iterable[tuple[Node, Node]]) -> LocationGraph[Node]:
        graph: LocationGraph[Node] = cls()
        for a, b in passages:
            graph.join(a, b)
        return graph
