"""The state of a Facility game: the building and everyone in it, and the one log."""

from __future__ import annotations

from collections.abc import Mapping

from referee.core.events import Event, Log
from referee.core.ruleset import GameState
from referee.games.facility.orders import Orders, Plan, VoidOrder, plan_orders
from referee.games.facility.scenario import FacilityScenario
from referee.games.facility.view import may_name_items, seen_among, told_items
from referee.games.facility.world import World, build_world


class Told:
    """The items each reader's part of the log names, worked out as the log
    grows, for its views: the lines that name items are picked out of the
    log once for every reader (most lines name none), and each reader looks
    only at those. History, not position: a position's key leaves it out,
    and a copy of the state starts afresh."""

    def __init__(self) -> None:
        self._scanned = 0
        self._naming: list[Event] = []
        """The lines of the log, in order, that may name items."""
        self._read: dict[str, tuple[int, frozenset[str]]] = {}

    def items(self, log: Log, reader: str) -> frozenset[str]:
        naming = self._lines_naming_items(log)
        read, found = self._read.get(reader) or (0, frozenset())
        if read < len(naming):
            found = found | told_items(seen_among(naming[read:], reader), reader)
            self._read[reader] = (len(naming), found)
        return found

    def _lines_naming_items(self, log: Log) -> list[Event]:
        events = log.events
        if self._scanned < len(events):
            self._naming += [event for event in events[self._scanned:]
                             if may_name_items(event.facts)]
            self._scanned = len(events)
        return self._naming

    def position_key(self) -> None:
        return None

    def __deepcopy__(self, memo: dict[int, object]) -> Told:
        return Told()


class Planned:
    """Each seat's orders as checked when it answered, planned against the
    world of the turn being ordered (which nothing changes before the
    deadline), kept for the turn's resolution to use rather than plan them
    again. Not part of a position: a copy of the state starts afresh and
    plans again."""

    def __init__(self) -> None:
        self._plans: dict[str, tuple[Orders, Plan, list[VoidOrder]]] = {}

    def plan(self, world: World, seat: str, orders: Orders) -> tuple[Plan, list[VoidOrder]]:
        """:func:`.orders.plan_orders` of ``seat``'s ``orders``, kept."""
        plan, found = plan_orders(world, seat, orders)
        self._plans[seat] = (orders, plan, found)
        return plan, found

    def of(self, answers: Mapping[str, Orders]) -> dict[str, tuple[Plan, list[VoidOrder]]]:
        """The kept plans of exactly these ``answers`` (the same objects);
        every plan is forgotten (the next turn's orders are planned afresh)."""
        kept = {seat: (plan, found) for seat, (orders, plan, found) in self._plans.items()
                if answers.get(seat) is orders}
        self._plans = {}
        return kept

    def position_key(self) -> None:
        return None

    def __deepcopy__(self, memo: dict[int, object]) -> Planned:
        return Planned()


class FacilityState(GameState):
    """The world at the start of the turn being ordered; the log holds every
    turn resolved so far, each line with its audience."""

    def __init__(self, scenario: FacilityScenario) -> None:
        super().__init__()
        self.world: World = build_world(scenario)
        self.told = Told()
        self.planned = Planned()

    def shared(self) -> tuple[object, ...]:
        """The building, never changed in play: a copy of the game shares it
        (and the routes and names worked out from it)."""
        return self.world.static()
