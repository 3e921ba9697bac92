"""The state of a Facility game: the building and everyone in it, and the one log."""

from __future__ import annotations

from collections.abc import Mapping

from referee.core.events import REFEREE, Event, Log
from referee.core.ruleset import GameState
from referee.games.facility.orders import Orders, Plan, VoidOrder, plan_orders
from referee.games.facility.scenario import FacilityScenario
from referee.games.facility.view import may_name_items, told_items
from referee.games.facility.world import World, build_world


class Told:
    """The items each reader's part of the log names, worked out as the log
    grows, for its views: each line that may name items (most name none) is
    looked at once, when it is new; a line told to some observers adds what
    it names to each one's own items, and each reader looks, beside those,
    at the lines every reader reads that are new to it. History, not
    position: a position's key leaves it out, and a copy of the state
    starts afresh."""

    def __init__(self) -> None:
        self._scanned = 0
        self._naming: list[Event] = []
        """The lines of the log, in order, that may name items."""
        self._public: list[Event] = []
        """Those of them every reader reads."""
        self._own: dict[str, set[str]] = {}
        """Observer -> the items named by the lines told to some observers, it among them."""
        self._read: dict[str, tuple[int, int, frozenset[str]]] = {}
        """Reader -> how many public lines it has looked at, how many items
        its own lines named then, and every item named so far (an observer's
        own items only grow: their count tells whether they changed)."""

    def items(self, log: Log, reader: str) -> frozenset[str]:
        self._scan(log)
        if reader == REFEREE:
            return frozenset(told_items(self._naming, reader))
        read, owned, found = self._read.get(reader) or (0, 0, frozenset())
        own = self._own.get(reader, ())
        if read < len(self._public) or owned < len(own):  # something new to it
            found = found.union(told_items(self._public[read:], reader), own)
            self._read[reader] = (len(self._public), len(own), found)
        return found

    def _scan(self, log: Log) -> None:
        events = log.events
        if self._scanned == len(events):
            return
        for event in events[self._scanned:]:
            if not may_name_items(event.facts):
                continue
            self._naming.append(event)
            observers = event.audience.observers
            if observers is None:
                self._public.append(event)
                continue
            for observer in observers:
                named = told_items((event,), observer)
                if named:
                    self._own.setdefault(observer, set()).update(named)
        self._scanned = len(events)

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
