"""The state of a Facility game: the building and everyone in it, and the one log."""

from __future__ import annotations

from collections.abc import Mapping

from referee.core.events import REFEREE, Event, Log, SecretFacts
from referee.core.ruleset import GameState
from referee.games.facility.orders import Orders, Plan, VoidOrder, plan_orders
from referee.games.facility.scenario import FacilityScenario
from referee.games.facility.view import named_items, told_items
from referee.games.facility.world import World, build_world

_NONE: frozenset[str] = frozenset()


class Told:
    """The items each reader's part of the log names, worked out as the log
    grows, for its views: each new line is looked at once, by its kind
    (most kinds name no item); what one names goes to every reader's items
    when every reader reads it alike, else to the items of each of its
    readers; a reader's items are put together again only when those grew.
    The game master's are read from the whole log when asked (its view
    lists none). History, not position: a position's key leaves it out,
    and a copy of the state starts afresh."""

    def __init__(self) -> None:
        self._scanned = 0
        self._everyone: set[str] = set()
        """Items named by the lines every reader reads alike."""
        self._own: dict[str, set[str]] = {}
        """Reader -> the items named by the lines told to some readers, it among them."""
        self._secret: list[Event] = []
        """The lines every reader reads, each in its own way (secret facts)."""
        self._read: dict[str, tuple[tuple[int, int, int], frozenset[str]]] = {}
        """Reader -> how many items the three kinds of line above had
        named (or held) when its items were last put together, and those
        items (each kind only grows: their sizes tell whether it changed)."""

    def items(self, log: Log, reader: str, until: int | None = None) -> frozenset[str]:
        """Every item named by the lines of ``log`` that ``reader`` reads (of
        its first ``until`` lines, if given: a view made earlier, read now)."""
        events = log.events
        if until is not None and until != len(events):
            return frozenset(told_items(log.seen_since(reader, 0, until), reader))
        if reader == REFEREE:
            return frozenset(told_items(events, reader))
        if self._scanned != len(events):
            self._scan(events)
        own = self._own.get(reader, _NONE)
        sizes = (len(self._everyone), len(own), len(self._secret))
        kept = self._read.get(reader)
        if kept is not None and kept[0] == sizes:
            return kept[1]
        found = frozenset(self._everyone.union(own, told_items(self._secret, reader)))
        self._read[reader] = (sizes, found)
        return found

    def _scan(self, events: list[Event]) -> None:
        """Read the lines new since the last scan (most name no item)."""
        own = self._own
        for event in events[self._scanned:]:
            facts = event.facts
            if facts is None:
                continue
            if isinstance(facts, SecretFacts):
                self._scan_secret(event, facts)
                continue
            named = named_items(facts)
            if not named:  # most lines name no item
                continue
            observers = event.audience.observers
            if observers is None:
                self._everyone.update(named)
                continue
            for reader in observers:
                found = own.get(reader)
                if found is None:
                    found = own[reader] = set()
                found.update(named)
        self._scanned = len(events)

    def _scan_secret(self, event: Event, facts: SecretFacts) -> None:
        """A line whose readers read it each in its own way."""
        observers = event.audience.observers
        if observers is None:
            self._secret.append(event)  # read by each reader as it asks
            return
        for reader in observers:
            named = named_items(facts.for_reader(reader))
            if named:
                self._own.setdefault(reader, set()).update(named)

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
