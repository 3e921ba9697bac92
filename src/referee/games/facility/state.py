"""The state of a Facility game: the building and everyone in it, and the one log."""

from __future__ import annotations

from referee.core.events import Log
from referee.core.ruleset import GameState
from referee.games.facility.scenario import FacilityScenario
from referee.games.facility.view import told_items
from referee.games.facility.world import World, build_world


class Told:
    """The items each reader's part of the log names, worked out as the log
    grows, for its views. History, not position: a position's key leaves it
    out, and a copy of the state starts afresh."""

    def __init__(self) -> None:
        self._read: dict[str, tuple[int, frozenset[str]]] = {}

    def items(self, log: Log, reader: str) -> frozenset[str]:
        events = log.seen_by(reader)
        read, found = self._read.get(reader) or (0, frozenset())
        if read < len(events):
            found = found | told_items(events[read:], reader)
            self._read[reader] = (len(events), found)
        return found

    def position_key(self) -> None:
        return None

    def __deepcopy__(self, memo: dict[int, object]) -> Told:
        return Told()


class FacilityState(GameState):
    """The world at the start of the turn being ordered; the log holds every
    turn resolved so far, each line with its audience."""

    def __init__(self, scenario: FacilityScenario) -> None:
        super().__init__()
        self.world: World = build_world(scenario)
        self.told = Told()

    def shared(self) -> tuple[object, ...]:
        """The building, never changed in play: a copy of the game shares it
        (and the routes and names worked out from it)."""
        return self.world.static()
