"""The state of a Facility game: the building and everyone in it, and the one log."""

from __future__ import annotations

from referee.core.ruleset import GameState
from referee.games.facility.scenario import FacilityScenario
from referee.games.facility.world import World, build_world


class FacilityState(GameState):
    """The world at the start of the turn being ordered; the log holds every
    turn resolved so far, each line with its audience."""

    def __init__(self, scenario: FacilityScenario) -> None:
        super().__init__()
        self.world: World = build_world(scenario)

    def shared(self) -> tuple[object, ...]:
        """The building, never changed in play: a copy of the game shares it
        (and the routes and names worked out from it)."""
        return self.world.static()
